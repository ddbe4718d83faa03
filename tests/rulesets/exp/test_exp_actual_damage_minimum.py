"""Option ``actual_damage_minimum``. Chapter, 'Actual Damage': "Ten percent of the non-lethal
damage causes actual damage to the target" (10% of 3 HPS rounds to 0) against 'Non-Lethal
Combat': "Non-lethal does not mean benign. Each attack still does some damage." The default
(1) follows the second sentence; 0 reads the ten percent alone, rounded, as the research
notes propose ("round half up, minimum 0")."""

from __future__ import annotations

import pytest

from fracas.rulesets.exp.actions import Attack
from fracas.rulesets.exp.actual_damage import actual_damage
from fracas.rulesets.exp.events import Damaged
from fracas.rulesets.exp.options import ExpOptions

from .helpers import anthro, of_type, session

FLING = {"skilled_bonus": 150, "raw_bonus": 60, "maximum_roll": 820, "force_bonus": 0}


def thrown_bottle(rolls: list[int], **opts: object) -> list[Damaged]:
    thrower = anthro("Ann", "red", weapons=["bottle"], combat_table={"fling": FLING})
    s = session(rolls, thrower, anthro("Bob", "blue"), **opts)
    return of_type(s.act(Attack(actor="Ann", target="Bob", weapon="bottle")), Damaged)


@pytest.mark.parametrize(
    ("rounding", "damage", "least_one", "least_zero"),
    [
        ("half-up", 3, 1, 0),
        ("half-up", 4, 1, 0),
        ("half-up", 5, 1, 1),
        ("down", 9, 1, 0),
        ("up", 1, 1, 1),
        ("half-up", 20, 2, 2),
    ],
)
def test_ten_percent_rounds_to_zero_only_when_the_minimum_is_zero(
    rounding: str, damage: int, least_one: int, least_zero: int
) -> None:
    assert actual_damage(damage, rounding, 1) == least_one
    assert actual_damage(damage, rounding, 0) == least_zero


def test_a_three_hps_blow_takes_no_hps_when_the_minimum_is_zero() -> None:
    # kilodie 500 hits; bottle 1d6 rolls 3 (no Force Bonus); DSS 10 stays up; oops 90 no
    (damage,) = thrown_bottle([500, 3, 10, 90], actual_damage_minimum=0)
    assert (damage.nonlethal, damage.amount, damage.hps_after) == (3, 0, 40)


def test_a_three_hps_blow_takes_one_hps_by_default() -> None:
    (damage,) = thrown_bottle([500, 3, 10, 90])
    assert (damage.nonlethal, damage.amount, damage.hps_after) == (3, 1, 39)


def test_the_minimum_is_zero_or_one() -> None:
    assert ExpOptions().actual_damage_minimum == 1
    with pytest.raises(ValueError, match="actual_damage_minimum"):
        ExpOptions.model_validate({"actual_damage_minimum": 2})
