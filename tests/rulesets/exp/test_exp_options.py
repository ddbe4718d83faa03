"""Each option that changes a rule, exercised through a session with scripted rolls."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction, Rolled
from fracas.rulesets.exp.actions import Attack, Grapple, StandUp, StartUnit, Trip, Wait
from fracas.rulesets.exp.events import Contested, Damaged, StunChecked

from .helpers import anthro, of_type, session, who

ANN = anthro("Ann", "red")
BOB = anthro("Bob", "blue")
BATTER = anthro("Ann", "red", weapons=[{"name": "bat", "attack_type": "strike", "damage": "2d10"}])


@pytest.mark.parametrize(("adds_level", "ann_wins"), [(False, False), (True, True)])
def test_competition_adds_level_by_option(adds_level: bool, ann_wins: bool) -> None:
    # Strength Challenge: Ann 10 + PSTR 10 (+ level 5) vs Bob 13 + PSTR 10 (+ level 1)
    ann = anthro("Ann", "red", level=5)
    bob = anthro("Bob", "blue", level=1)
    s = session([500, 10, 13], ann, bob, competition_adds_level=adds_level)
    events = s.act(Grapple(actor="Ann", target="Bob"))
    (challenge,) = of_type(events, Contested)
    expected = (25, 24) if adds_level else (20, 23)
    assert (challenge.attacker_total, challenge.defender_total) == expected
    assert (who(s, "Bob").held_by == "Ann") is ann_wins


@pytest.mark.parametrize(("rounding", "hps_after"), [("half-up", 38), ("down", 39), ("up", 38)])
def test_actual_damage_rounding_is_applied_to_the_hps(rounding: str, hps_after: int) -> None:
    # bat 2d10 rolled 9 + Force Bonus 6 = 15 non-lethal damage; DSS 10 stays up; oops 90 none
    s = session([500, 9, 10, 90], BATTER, BOB, actual_damage_rounding=rounding)
    events = s.act(Attack(actor="Ann", target="Bob", weapon="bat"))
    (damage,) = of_type(events, Damaged)
    assert (damage.nonlethal, damage.amount) == (15, 40 - hps_after)
    assert who(s, "Bob").hps == hps_after


def test_the_oops_die_can_be_another_named_die() -> None:
    s = session([500, 4, 10, 500], ANN, BOB, oops_die="kilodie")
    events = s.act(Attack(actor="Ann", target="Bob", weapon="fist"))
    (oops_roll,) = [e for e in of_type(events, Rolled) if e.purpose == "Ann oops check"]
    assert oops_roll.dice == "D1000"
    assert who(s, "Bob").hps == 39  # 500 > 10: no oops, 1 actual damage


@pytest.mark.parametrize(
    ("steps", "size", "allowed"),
    [(1, "large", True), (0, "large", False), (1, "giant", False), (3, "giant", True)],
)
def test_comparable_size_steps_sets_how_far_apart_sizes_may_be(
    steps: int, size: str, allowed: bool
) -> None:
    bob = anthro("Bob", "blue", size=size)
    s = session([500, 4, 10, 90], ANN, bob, comparable_size_steps=steps)
    attack = Attack(actor="Ann", target="Bob", weapon="fist")
    if allowed:
        s.act(attack)
        assert who(s, "Bob").hps == 39
    else:
        with pytest.raises(IllegalAction, match="not of comparable size"):
            s.act(attack)


def test_a_trip_can_cost_two_actions_by_option() -> None:
    s = session([500, 15, 5, 15, 5], ANN, BOB, tripped_loses_actions=2)
    s.act(Trip(actor="Ann", target="Bob"))
    s.act(StandUp(actor="Bob"))
    assert who(s, "Bob").down == 1
    s.act(StartUnit(actor=None))
    s.act(Wait(actor="Ann"))
    with pytest.raises(IllegalAction, match="down after a trip"):
        s.act(Attack(actor="Bob", target="Ann", weapon="fist"))
    s.act(StandUp(actor="Bob"))
    assert who(s, "Bob").down == 0


def test_a_trip_costs_nothing_when_the_option_is_zero() -> None:
    s = session([500, 15, 5, 15, 5, 500, 4, 10, 90], ANN, BOB, tripped_loses_actions=0)
    s.act(Trip(actor="Ann", target="Bob"))
    assert who(s, "Bob").down == 0
    s.act(Attack(actor="Bob", target="Ann", weapon="fist"))
    assert who(s, "Ann").hps == 39


def test_the_save_style_dss_also_fails_without_a_roll_at_zero_hps_as_if() -> None:
    weak = anthro("Bob", "blue", hps=40, hps_now=9)
    s = session([500, 4, 90], ANN, weak, dss="save-d20")  # 10 damage on 9 HPS
    events = s.act(Attack(actor="Ann", target="Bob", weapon="fist"))
    (stun,) = of_type(events, StunChecked)
    assert (stun.method, stun.hps_as_if, stun.roll, stun.stunned) == ("save-d20", -1, None, True)
    assert who(s, "Bob").condition == "stunned"


def held(rolls: list[int], *others: dict[str, object], **opts: object):  # type: ignore[no-untyped-def]
    """Ann (fist, chair) grapples Bob: kilodie 500 hits, Strength 15 vs 5."""
    ann = anthro("Ann", "red", weapons=["fist", "chair"])
    bob = anthro("Bob", "blue", weapons=["fist", "chair"])
    s = session([500, 15, 5, *rolls], ann, bob, *others, **opts)
    s.act(Grapple(actor="Ann", target="Bob"))
    return s


def test_a_held_persona_cannot_attack_by_default() -> None:
    s = held([])
    with pytest.raises(IllegalAction, match="Bob is held in a grapple and cannot attack"):
        s.act(Attack(actor="Bob", target="Ann", weapon="fist"))


def test_a_held_persona_may_attack_her_grappler_at_close_range_by_option() -> None:
    s = held([500, 4, 10, 90], held_target_may_attack=True)
    with pytest.raises(IllegalAction, match="only close-range weapons, not chair"):
        s.act(Attack(actor="Bob", target="Ann", weapon="chair"))
    s.act(Attack(actor="Bob", target="Ann", weapon="fist"))
    assert who(s, "Ann").hps == 39
    assert who(s, "Bob").held_by == "Ann"


def test_a_held_persona_may_attack_only_her_grappler_by_option() -> None:
    cy = anthro("Cy", "red")
    s = held([], cy, held_target_may_attack=True)
    with pytest.raises(IllegalAction, match="can attack only its grappler, Ann"):
        s.act(Attack(actor="Bob", target="Cy", weapon="fist"))
