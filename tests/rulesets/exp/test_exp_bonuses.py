"""The Skilled Bonus of a lethal attack with a weapon proficiency, the Force Bonus of Fling
and powered rows: used by option or refused, never silently ignored."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.rulesets.exp.actions import Attack
from fracas.rulesets.exp.events import AttackRolled, DamageRolled
from fracas.scenario import ScenarioError, parse_scenario

from .helpers import SHOOT, anthro, of_type, session

SWORDSMAN = anthro("Ann", "red", weapons=["club", "fist"], proficient_with=["club"])
BOB = anthro("Bob", "blue")


def attack_roll(action: Attack, **opts: Any) -> AttackRolled:
    s = session([300, 5, 50, 90], SWORDSMAN, BOB, **opts)
    (roll,) = of_type(s.act(action), AttackRolled)
    return roll


def test_a_lethal_strike_with_a_proficient_weapon_uses_the_skilled_bonus() -> None:
    roll = attack_roll(Attack(actor="Ann", target="Bob", weapon="club", lethal=True))
    assert (roll.bonus_name, roll.bonus, roll.total) == ("Skilled", 100, 400)


def test_a_non_lethal_strike_still_needs_hand_to_hand_skill_for_the_skilled_bonus() -> None:
    roll = attack_roll(Attack(actor="Ann", target="Bob", weapon="club"))
    assert (roll.bonus_name, roll.total) == ("Raw", 335)


def test_a_lethal_fist_without_proficiency_or_skill_uses_the_raw_bonus() -> None:
    roll = attack_roll(Attack(actor="Ann", target="Bob", weapon="fist", lethal=True))
    assert roll.bonus_name == "Raw"


def test_with_hand_to_hand_only_a_proficient_strike_weapon_is_refused_not_ignored() -> None:
    data = {
        "ruleset": "exp",
        "combatants": [SWORDSMAN, BOB],
        "options": {"lethal_skilled_bonus": "hand-to-hand"},
    }
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.proficient_with\[0\]: club is a"):
        parse_scenario(data, "s.yaml")


def test_a_lethal_proficient_pistol_uses_the_skilled_bonus_under_either_option() -> None:
    gunner = anthro(
        "Ann",
        "red",
        weapons=["pistol"],
        proficient_with=["pistol"],
        combat_table={"shoot": dict(SHOOT)},
        tactics="lethal",
    )
    for rule in ("proficiency", "hand-to-hand"):
        s = session([300, 5, 50], gunner, BOB, lethal_skilled_bonus=rule)
        (roll,) = of_type(
            s.act(Attack(actor="Ann", target="Bob", weapon="pistol", lethal=True)), AttackRolled
        )
        assert roll.bonus_name == "Skilled"


def test_a_powered_row_with_a_force_bonus_is_refused() -> None:
    table = {"strike": {"skilled_bonus": 1, "raw_bonus": 1, "maximum_roll": 900}}
    table["shoot"] = {**SHOOT, "force_bonus": 4}
    data = {
        "ruleset": "exp",
        "combatants": [anthro("Ann", "red", combat_table=table), BOB],
    }
    with pytest.raises(
        ScenarioError, match=r"combatants\[0\]\.combat_table\.shoot\.force_bonus: a shoot attack"
    ):
        parse_scenario(data, "s.yaml")


def test_a_lethal_bottle_adds_its_fling_rows_force_bonus() -> None:
    fling = {"skilled_bonus": 150, "raw_bonus": 60, "maximum_roll": 820, "force_bonus": 3}
    thrower = anthro("Ann", "red", weapons=["bottle"], combat_table={"fling": fling})
    s = session([600, 2], thrower, BOB)
    events = s.act(Attack(actor="Ann", target="Bob", weapon="bottle", lethal=True))
    (rolled,) = of_type(events, DamageRolled)
    assert (rolled.rolled, rolled.force_bonus, rolled.damage) == (2, 3, 5)
