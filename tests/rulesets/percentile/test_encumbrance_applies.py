"""Option ``encumbrance_applies``: which checks encumbrance makes harder.

Chapter 5, "Weapon skills": "Weapon skills are affected by encumbrance (... anything above
that gets an extra Hard modifier per started multiple of STR ...)". By default every check
of the fight (a dodge and first aid too); under ``weapon-skills`` only the weapon-skill
checks: attacks, parries and speed-reloads.
"""

from __future__ import annotations

from typing import Any

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.percentile.events import DefenceRolled, FirstAidRolled
from fracas.scenario import parse_scenario

from .helpers import duel, fighter_spec, scenario

GUNMAN = {"weapons": ["glock 17"], "skills": {"pistols": 60}, "hp": 60, "fatigue": 60}
#: STR 10 carrying 15 kg, 8 kg of boiled leather and a dagger: one started multiple above 20 kg
LADEN: dict[str, Any] = {
    "carried_kg": 15,
    "skills": {"dagger": 50, "dodge": 50},
    "hp": 60,
    "fatigue": 60,
}


def defences(data: dict[str, Any], kind: str) -> set[int]:
    loaded = parse_scenario(data, "<test>")
    chances: set[int] = set()
    for seed in range(1, 6):
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        session.run()
        chances |= {
            e.chance
            for e in session.log
            if isinstance(e, DefenceRolled)
            and e.who == "D"
            and e.kind == kind
            and e.rolls
            and "fatigue" not in e.mods  # before fatigue 0 in long fights
        }
    return chances


@pytest.mark.parametrize(("option", "dodge", "parry"), [(None, 30, 30), ("weapon-skills", 50, 30)])
def test_encumbrance_makes_a_dodge_hard_unless_only_weapon_skills(
    option: str | None, dodge: int, parry: int
) -> None:
    options = {"encumbrance_applies": option} if option else {}
    assert defences(duel(attacker=GUNMAN, defender=LADEN, **options), "dodge") == {dodge}
    sword = {"skills": {"dagger": 60}, "hp": 60, "fatigue": 60}
    assert defences(duel(attacker=sword, defender=LADEN, **options), "parry") == {parry}


@pytest.mark.parametrize(("option", "chance"), [(None, 30), ("weapon-skills", 50)])
def test_first_aid_is_a_weapon_skill_check_only_by_default(option: str | None, chance: int) -> None:
    medic = fighter_spec(
        "M", "a", carried_kg=15, tactics="medic", skills={"dagger": 5, "first aid": 50}
    )
    hurt = fighter_spec("H", "a", hp=1, tactics="all-out-defence")
    foe = fighter_spec("D", "b", skills={"dagger": 90}, tactics="all-out-attack")
    options = {"encumbrance_applies": option} if option else {}
    loaded = parse_scenario(scenario(medic, hurt, foe, **options), "<test>")
    seen: set[int] = set()
    for seed in range(1, 40):
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        session.run()
        seen |= {
            e.chance
            for e in session.log
            if isinstance(e, FirstAidRolled) and "fatigue" not in e.mods
        }
    assert seen == {chance}


def test_the_duel_kernel_dodges_unencumbered_under_weapon_skills() -> None:
    """A laden dodger (dodge 70 against dagger 30: it dodges rather than parries) in the
    batch kernel and the event engine: every figure within the simultaneous 99.9% interval
    of the difference (tests/batch/agreement.py), and the kernel's dodge is at 70%."""
    from tests.batch.agreement import disagreements

    from fracas.rulesets.percentile.fast.spec import MAX_WEAPONS, compile_duel
    from fracas.sim import batch
    from fracas.sim.batch.reference import event_batch

    dodger = {**LADEN, "skills": {"dagger": 30, "dodge": 70}, "hp": 20, "fatigue": 20}
    data = duel(attacker={"skills": {"dagger": 55}}, defender=dodger)
    data["options"] = {"encumbrance_applies": "weapon-skills"}
    loaded = parse_scenario(data, "<test>")
    spec = compile_duel(loaded.scenario, loaded.ruleset)
    assert int(spec.def_chance[1, MAX_WEAPONS, 0]) == 70
    event = event_batch(loaded.ruleset, loaded.scenario, range(1, 601))
    fast = batch.run(loaded.ruleset, loaded.scenario, 60_000, seed=9)
    assert disagreements(event, fast) == []
