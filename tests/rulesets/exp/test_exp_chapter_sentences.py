"""Sentences of the chapter no other test held to the letter, each with scripted rolls."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.exp.actions import Attack, BreakFree, Grapple, Snatch, StartUnit, Trip
from fracas.rulesets.exp.events import AttackRolled, Damaged, OopsChecked, StunChecked

from .helpers import SHOOT, STRIKE, anthro, of_type, session, who

ANN = anthro("Ann", "red")
BOB = anthro("Bob", "blue", weapons=["club", "fist"])
LARGE_BOB = anthro("Bob", "blue", size="huge", weapons=["club", "fist"])


@pytest.mark.parametrize(
    ("action", "what"),
    [
        (Trip(actor="Ann", target="Bob"), "trip"),
        (Snatch(actor="Ann", target="Bob", weapon="club"), "snatch"),
        (Grapple(actor="Ann", target="Bob"), "grapple"),
    ],
)
def test_trips_snatches_and_grapples_need_comparable_size(action: object, what: str) -> None:
    """'Tripping': "the target and the attacker should be about the same size"; 'Non-Lethal
    Combat': "Subduer must be of comparable size" (medium and huge are two steps apart)."""
    s = session([], ANN, LARGE_BOB)
    with pytest.raises(IllegalAction, match="not of comparable size"):
        s.act(action)  # type: ignore[arg-type]


def test_armour_still_applies_to_a_held_target() -> None:
    """'Grapples': "Armour ratings apply as combatants are in combat": the grappler's blow on
    the one it holds must still beat the Defence Rating (a tie misses)."""
    # grapple: kilodie 500, Strength 15 v 5; Bob's break check lost 5 v 15; Ann's blow:
    # kilodie 365 + 35 Raw Bonus = 400, a tie with Bob's DR 400
    s = session([500, 15, 5, 5, 15, 365], ANN, BOB)
    s.act(Grapple(actor="Ann", target="Bob"))
    assert who(s, "Bob").held_by == "Ann"
    s.act(BreakFree(actor="Bob"))
    s.act(StartUnit(actor=None))
    events = s.act(Attack(actor="Ann", target="Bob", weapon="fist"))
    (roll,) = of_type(events, AttackRolled)
    assert (roll.total, roll.defence, roll.hit) == (400, 400, False)
    assert of_type(events, Damaged) == []


def test_a_grappler_may_shoot_a_pistol_lethally_but_not_non_lethally() -> None:
    """'Grapples': "Personas can use only close-range weapons like daggers and pistols in
    grapple combat"; 'Non-Lethal Combat': "There are no Shoot ... Attacks allowed" (in
    non-lethal combat; a lethal shot is tactical combat)."""
    gunner = anthro(
        "Ann",
        "red",
        weapons=["pistol", "fist"],
        combat_table={"strike": dict(STRIKE), "shoot": dict(SHOOT)},
    )
    # grapple: kilodie 500, Strength 15 v 5; Bob's break check lost 5 v 15; then the shot:
    # kilodie 500 + 70 Raw = 570 beats 400; 2d6 rolls 7 = 7 lethal damage
    s = session([500, 15, 5, 5, 15, 500, 7], gunner, BOB)
    s.act(Grapple(actor="Ann", target="Bob"))
    s.act(BreakFree(actor="Bob"))
    s.act(StartUnit(actor=None))
    with pytest.raises(IllegalAction, match="not allowed in non-lethal combat"):
        s.act(Attack(actor="Ann", target="Bob", weapon="pistol"))
    events = s.act(Attack(actor="Ann", target="Bob", weapon="pistol", lethal=True))
    (damage,) = of_type(events, Damaged)
    assert (damage.cause, damage.amount, who(s, "Bob").hps) == ("lethal", 7, 33)


def test_a_blow_of_a_hundred_or_more_always_turns_lethal_without_skill() -> None:
    """'Oops Damage': "a 1% chance per HPS of damage": 101 HPS is a certainty, so even a
    100 on the deci-die is an oops."""
    brute = anthro("Ann", "red", combat_table={"strike": {**STRIKE, "force_bonus": 100}})
    # kilodie 500 hits; fist 1 + 100 = 101; DSS as if at 99 of 200 HPS: needs 50 + CON 10
    # = 60, rolled 10 (stays up); deci-die 100
    s = session([500, 1, 10, 100], brute, anthro("Bob", "blue", hps=200))
    events = s.act(Attack(actor="Ann", target="Bob", weapon="fist"))
    (stun,) = of_type(events, StunChecked)
    (oops,) = of_type(events, OopsChecked)
    assert (stun.needed, stun.stunned) == (60, False)
    assert (oops.damage, oops.roll, oops.oops) == (101, 100, True)
    assert who(s, "Bob").hps == 99
