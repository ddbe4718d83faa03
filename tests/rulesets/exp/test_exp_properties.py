"""Properties over many seeded fights and option settings: tactics only choose legal
actions, every fight ends, and the non-lethal steps come in the chapter's order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.dice import SeededRoller
from fracas.engine import EncounterEnded, Session
from fracas.rulesets.exp import RULESET
from fracas.rulesets.exp.events import AttackRolled, Damaged, DamageRolled, StunChecked
from fracas.rulesets.exp.options import ExpOptions
from fracas.scenario import load_scenario

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "exp").glob("*.yaml"))
SCENARIOS = [load_scenario(p).scenario for p in EXAMPLES]

OPTIONS = st.fixed_dictionaries(
    {
        "dss": st.sampled_from(["percentile", "save-d20"]),
        "trip_order": st.sampled_from(["headings", "summary"]),
        "initiative": st.sampled_from(["d20+dex", "dex", "scenario-order"]),
        "competition_ties": st.sampled_from(["defender", "reroll"]),
        "grappler_may_attack": st.booleans(),
        "oops_replaces_actual": st.booleans(),
        "robot_at_zero_hps": st.sampled_from(["broken", "fights-on"]),
        "death_below_zero": st.sampled_from(["minus-con", "zero"]),
        "tripped_loses_actions": st.integers(0, 2),
        "nonlethal_attacks": st.sampled_from(["strike-and-fling", "strike-only"]),
        "maneuver_targets": st.sampled_from(["any-kind", "subduable"]),
        "held_target_may_attack": st.booleans(),
        "allow_weapon_snatching": st.booleans(),
        "competition_adds_level": st.booleans(),
        "actual_damage_rounding": st.sampled_from(["half-up", "down", "up"]),
        "oops_when": st.sampled_from(["at-or-under", "under"]),
        "skilled_bonus_rule": st.sampled_from(["strike", "all-non-lethal"]),
        "force_bonus_on_natural": st.booleans(),
        "initiative_every_unit": st.booleans(),
        "lethal_skilled_bonus": st.sampled_from(["proficiency", "hand-to-hand"]),
        "fling_force_bonus": st.booleans(),
        "thrown_weapons": st.sampled_from(["used-up", "fetched-back"]),
        "grapple_a_grappler": st.sampled_from(["frees-their-hold", "refused"]),
    }
)


@settings(max_examples=60, deadline=None)
@given(index=st.integers(0, len(SCENARIOS) - 1), seed=st.integers(0, 10**6), opts=OPTIONS)
def test_every_fight_ends_with_legal_actions_under_any_options(
    index: int, seed: int, opts: dict[str, Any]
) -> None:
    base = SCENARIOS[index]
    sc = base.model_copy(update={"options": ExpOptions(**opts, max_units=60)})
    s = Session.start(RULESET, sc, SeededRoller(seed))
    s.run()  # raises IllegalAction if a tactic chose an action the rules refuse
    assert s.state.over
    assert isinstance(s.log[-1], EncounterEnded)
    hits = [
        e
        for e in s.log
        if isinstance(e, AttackRolled)
        and e.hit
        and not e.lethal
        and e.attack not in ("grapple", "snatch", "trip")
    ]
    assert len([e for e in s.log if isinstance(e, StunChecked)]) == len(hits)
    for e in s.log:
        if isinstance(e, Damaged):
            assert e.amount >= 0 and e.hps_after == e.hps_before - e.amount
        if isinstance(e, DamageRolled):
            assert e.damage == e.rolled + e.force_bonus
