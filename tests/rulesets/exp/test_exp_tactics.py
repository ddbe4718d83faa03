"""Tactics: the named policies that choose each persona's action."""

from __future__ import annotations

import pytest

from fracas.rulesets.exp.actions import Attack, BreakFree, Concede, Grapple, Reverse, Snatch, Trip
from fracas.rulesets.exp.tactics import TacticSpec, parse_tactics

from .helpers import anthro, session


@pytest.mark.parametrize(
    ("value", "spec"),
    [
        ("brawl", TacticSpec("brawl")),
        ("grapple; concede-below 12", TacticSpec("grapple", 12)),
        (["trip", {"concede-below": 5}], TacticSpec("trip", 5)),
        ([{"concede-below": 5}], TacticSpec("brawl", 5)),
        ("concede-below: 9", TacticSpec("brawl", 9)),
    ],
)
def test_tactics_are_read_in_each_form(value: object, spec: TacticSpec) -> None:
    assert parse_tactics(value) == spec
    assert parse_tactics(spec.text()) == spec


def test_two_tactics_at_once_are_refused() -> None:
    with pytest.raises(ValueError, match="two tactics named: brawl and trip"):
        parse_tactics(["brawl", "trip"])


def choice(*combatants: dict, actor: str = "Ann"):  # type: ignore[no-untyped-def,type-arg]
    s = session([], *combatants)
    return s.ruleset.choose(s.state, s.pending())  # type: ignore[arg-type]


def test_brawl_strikes_non_lethally_with_the_best_allowed_weapon() -> None:
    ann = anthro(
        "Ann",
        "red",
        weapons=["fist", "chair", "dagger"],
        combat_table={
            "strike": {"skilled_bonus": 1, "raw_bonus": 1, "maximum_roll": 9},
            "pointy-fling": {"skilled_bonus": 1, "raw_bonus": 1, "maximum_roll": 9},
        },
    )
    assert choice(ann, anthro("Bob", "blue")) == Attack(actor="Ann", target="Bob", weapon="chair")


def test_brawl_hits_a_robot_lethally() -> None:
    action = choice(anthro("Ann", "red"), anthro("Robo", "blue", kind="robot"))
    assert action == Attack(actor="Ann", target="Robo", weapon="fist", lethal=True)


def test_lethal_tactic_attacks_lethally() -> None:
    action = choice(anthro("Ann", "red", tactics="lethal"), anthro("Bob", "blue"))
    assert action == Attack(actor="Ann", target="Bob", weapon="fist", lethal=True)


def test_grapple_snatch_and_trip_tactics_choose_their_move() -> None:
    bob = anthro("Bob", "blue", weapons=["chair"])
    assert choice(anthro("Ann", "red", tactics="grapple"), bob) == Grapple(
        actor="Ann", target="Bob"
    )
    assert choice(anthro("Ann", "red", tactics="snatch"), bob) == Snatch(
        actor="Ann", target="Bob", weapon="chair"
    )
    assert choice(anthro("Ann", "red", tactics="trip"), bob) == Trip(actor="Ann", target="Bob")


def test_trip_tactic_skips_a_treaded_robot() -> None:
    tank = anthro("Tank", "blue", kind="robot", treaded=True)
    action = choice(anthro("Ann", "red", tactics="trip"), tank)
    assert action == Attack(actor="Ann", target="Tank", weapon="fist", lethal=True)


def test_concede_below_concedes_when_hps_are_below_the_threshold() -> None:
    ann = anthro("Ann", "red", hps_now=9, tactics=["brawl", {"concede-below": 10}])
    assert choice(ann, anthro("Bob", "blue")) == Concede(actor="Ann")
    ann = anthro("Ann", "red", hps_now=10, tactics=["brawl", {"concede-below": 10}])
    assert isinstance(choice(ann, anthro("Bob", "blue")), Attack)


def test_a_held_persona_tries_to_get_loose() -> None:
    for tactic, expected in (("brawl", BreakFree), ("grapple", Reverse)):
        s = session([500, 15, 5], anthro("Ann", "red"), anthro("Bob", "blue", tactics=tactic))
        s.act(Grapple(actor="Ann", target="Bob"))
        assert isinstance(s.ruleset.choose(s.state, s.pending()), expected)  # type: ignore[arg-type]
