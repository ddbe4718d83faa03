"""A turn in which nothing happens says why, and a fighter with nothing left to strike with
does not stand there; a shooter whose gun an opportunity attack discharged stands by only
while no foe is at Range Zero (issue 19: it trips, or steps back, rather than stand next to
the foe); scripted refusals."""

from __future__ import annotations

import pytest

from fracas.cli.render import Narrator
from fracas.engine import IllegalAction, Session
from fracas.rulesets.starflight.actions import Attack, Move, Standby, Strike, Trip
from fracas.rulesets.starflight.combat_tactics import discharged_choice
from fracas.rulesets.starflight.events import BlueOnBlue, ConditionGained, PartFailed
from fracas.rulesets.starflight.standby import stand_by
from fracas.rulesets.starflight.tactics import TACTICS

from .helpers import fight_of, fighter, start, who


def gunman_and_knife() -> Session:
    """'k', a knife fighter, first; 'g', a gunman with a slug pistol, 30 m off (melee)."""
    k = fighter("k", "blue", weapons=[{"weapon": "knife", "class": 1}])
    pistol = [{"weapon": "slug pistol", "class": 1}]
    g = fighter("g", "red", weapons=pistol, position=[30, 0], facing=180)
    g["tactics"] = "all-out-attack"
    return start([k, g], [10, 1, 5], scale="melee")  # order; the gunman's shot misses


def test_a_stand_by_after_an_opportunity_attack_says_the_weapon_is_discharged() -> None:
    s = gunman_and_knife()
    s.act(Move(actor="k", to=(23, 0)))  # 7 m from the gunman: his opportunity attack
    s.act(Move(actor="k", to=(18, 0)))  # back out to 12 m: nothing to step back from
    while (pending := s.pending()) is not None and pending.actor == "k":
        s.act(Standby(actor="k"))
    assert pending is not None and pending.actor == "g"
    s.step()
    told = list(Narrator(s.ruleset, s.scenario).feed(s.log))
    assert "  g stands by (the slug pistol fired in an opportunity attack this round)" in told


def test_a_shooter_whose_gun_is_discharged_trips_a_foe_at_range_zero() -> None:
    s = gunman_and_knife()
    s.act(Move(actor="k", to=(29, 0)))
    s.act(Standby(actor="k"))
    g = fight_of(s).fighter("g")
    assert discharged_choice(fight_of(s), g, fight_of(s).fighter("k")) == Trip(
        actor="g", target="k"
    )


def test_a_shooter_who_cannot_trip_a_foe_at_range_zero_steps_back() -> None:
    s = gunman_and_knife()
    s.act(Move(actor="k", to=(29, 0)))
    s.act(Standby(actor="k"))
    ConditionGained(who="k", condition="prone", reason="test").apply(s.state)
    fight = fight_of(s)
    assert discharged_choice(fight, fight.fighter("g"), fight.fighter("k")) == Move(
        actor="g", away_from="k"
    )


def test_a_fighter_with_no_weapon_and_a_failed_striking_hand_withdraws() -> None:
    s = unarmed_pair()
    for arm in ("right_arm", "left_arm"):
        PartFailed(target="a", part=arm, reason="failed Stamina check").apply(s.state)
    fight = fight_of(s)
    choice = TACTICS["all-out-attack"](fight, fight.fighter("a"))
    assert isinstance(choice, Move) and choice.withdraw and choice.away_from == "b"


def unarmed_pair() -> Session:
    a = fighter("a", "red", position=[0, 0])
    b = fighter("b", "blue", position=[1, 0], facing=180)
    return start([a, b], [10, 1], scale="melee")


def test_an_unarmed_strike_with_every_arm_failed_is_refused() -> None:
    s = unarmed_pair()
    a = who(s, "a")
    for arm in ("right_arm", "left_arm"):  # with one arm left, the other one strikes
        PartFailed(target="a", part=arm, reason="failed Stamina check").apply(s.state)
    reason = "its right arm and left arm have failed: nothing to strike with"
    assert stand_by(fight_of(s), a) == Standby(actor="a", reason=reason)
    with pytest.raises(IllegalAction, match="lost the use of its right arm"):
        s.act(Attack(actor="a", strikes=[Strike(target="b")]))


def test_a_blue_on_blue_on_oneself_and_a_plural_part_read_as_english() -> None:
    s = start([fighter("a", "red", sex="female"), fighter("w", "blue")], [10, 1])
    fight = fight_of(s)
    describe = s.ruleset.describe
    assert describe(BlueOnBlue(attacker="a", victim="a"), fight) == (
        "    Blue on blue: a hits herself!"
    )
    assert describe(BlueOnBlue(attacker="w", victim="w"), fight) == (
        "    Blue on blue: w hits itself!"
    )
    fight.fighter("w").part_names["jaws"] = "jaws"
    jaws = PartFailed(target="w", part="jaws", reason="failed Stamina check")
    assert describe(jaws, fight) == "    w's jaws fail (failed Stamina check)"
