"""Attack rolls: kilodie + Skilled or Raw Bonus, capped at the Maximum Roll, beat the DR."""

from __future__ import annotations

import pytest

from fracas.rulesets.exp.actions import Attack
from fracas.rulesets.exp.attack_roll import attack_total, is_hit
from fracas.rulesets.exp.events import AttackRolled

from .helpers import FLING, POINTY, STRIKE, anthro, of_type, session


@pytest.mark.parametrize(
    ("roll", "bonus", "cap", "situational", "total"),
    [
        (500, 35, 790, 0, 535),  # under the cap
        (900, 35, 790, 0, 790),  # capped at the Maximum Roll
        (900, 35, 790, 90, 880),  # a rear attack passes the cap
        (900, 35, 790, 242, 1032),  # the +242 after a fumbled snatch passes it too
        (500, 35, 790, -100, 435),  # a penalty comes off the roll
        (800, 35, 790, -20, 790),  # ... before the cap
    ],
)
def test_attack_total_caps_at_maximum_roll_then_adds_situational_bonuses(
    roll: int, bonus: int, cap: int, situational: int, total: int
) -> None:
    assert attack_total(roll, bonus, cap, situational) == total


def test_a_hit_must_be_higher_than_the_defence_rating() -> None:
    assert is_hit(401, 400)
    assert not is_hit(400, 400)


def test_the_skilled_bonus_needs_hand_to_hand_skill() -> None:
    for skilled, bonus, name in ((True, 100, "Skilled"), (False, 35, "Raw")):
        s = session(
            [300, 1, 10, 90], anthro("Ann", "red", hand_to_hand=skilled), anthro("Bob", "blue")
        )
        events = s.act(Attack(actor="Ann", target="Bob", weapon="fist"))
        (roll,) = of_type(events, AttackRolled)
        assert (roll.bonus, roll.bonus_name, roll.total) == (bonus, name, 300 + bonus)


def test_a_roll_equal_to_the_defence_rating_misses_and_nothing_more_is_rolled() -> None:
    s = session([365], anthro("Ann", "red"), anthro("Bob", "blue"))  # 365 + 35 = 400
    events = s.act(Attack(actor="Ann", target="Bob", weapon="fist"))
    (roll,) = of_type(events, AttackRolled)
    assert (roll.total, roll.hit) == (400, False)
    assert len(events) == 4  # Acted, Rolled, AttackRolled, TurnEnded


def test_a_situational_bonus_given_with_the_attack_can_pass_the_cap() -> None:
    s = session([1000, 1, 10, 90], anthro("Ann", "red"), anthro("Bob", "blue", defence_rating=850))
    events = s.act(Attack(actor="Ann", target="Bob", weapon="fist", situational=90))
    (roll,) = of_type(events, AttackRolled)
    assert (roll.total, roll.hit) == (880, True)


def test_lethal_ranged_attacks_use_the_skilled_bonus_only_with_weapon_proficiency() -> None:
    table = {"strike": dict(STRIKE), "pointy-fling": dict(POINTY)}
    for proficient, bonus in (([], 50), (["dagger"], 120)):
        knifer = anthro(
            "Ann",
            "red",
            weapons=["dagger"],
            combat_table=table,
            proficient_with=proficient,
            tactics="lethal",
        )
        s = session([300, 2], knifer, anthro("Bob", "blue"))
        events = s.act(Attack(actor="Ann", target="Bob", weapon="dagger", lethal=True))
        assert of_type(events, AttackRolled)[0].bonus == bonus


def test_a_non_lethal_fling_uses_the_skilled_bonus_with_weapon_proficiency() -> None:
    table = {"strike": dict(STRIKE), "fling": dict(FLING)}
    for proficient, skilled, bonus in (([], True, 60), (["bottle"], False, 150)):
        thrower = anthro(
            "Ann",
            "red",
            weapons=["bottle"],
            combat_table=table,
            proficient_with=proficient,
            hand_to_hand=skilled,
        )
        s = session([300, 2, 10, 90], thrower, anthro("Bob", "blue"))
        events = s.act(Attack(actor="Ann", target="Bob", weapon="bottle"))
        assert of_type(events, AttackRolled)[0].bonus == bonus


def test_every_non_lethal_attack_needs_hand_to_hand_skill_by_option() -> None:
    table = {"strike": dict(STRIKE), "fling": dict(FLING)}
    thrower = anthro("Ann", "red", weapons=["bottle"], combat_table=table, hand_to_hand=True)
    s = session([300, 2, 10], thrower, anthro("Bob", "blue"), skilled_bonus_rule="all-non-lethal")
    events = s.act(Attack(actor="Ann", target="Bob", weapon="bottle"))
    assert of_type(events, AttackRolled)[0].bonus == 150
