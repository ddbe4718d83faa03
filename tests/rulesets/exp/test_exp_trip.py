"""Tripping: attack roll, Dexterity challenge (dodge), Strength challenge (overpower)."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.exp.actions import Attack, StandUp, Trip
from fracas.rulesets.exp.events import Contested, TripResolved

from .helpers import anthro, of_type, session, who

ANN = anthro("Ann", "red")
BOB = anthro("Bob", "blue")


def trip(rolls: list[int], **opts: object):  # type: ignore[no-untyped-def]
    s = session(rolls, ANN, BOB, **opts)
    return s, s.act(Trip(actor="Ann", target="Bob"))


def test_a_missed_trip_goes_unnoticed() -> None:
    _, events = trip([300])
    assert of_type(events, TripResolved)[0].outcome == "unnoticed"
    assert of_type(events, Contested) == []


def test_losing_the_dexterity_challenge_lets_the_target_dodge() -> None:
    _, events = trip([500, 5, 15])
    assert [c.name for c in of_type(events, Contested)] == ["Dexterity Challenge"]
    assert of_type(events, TripResolved)[0].outcome == "dodged"


def test_losing_the_strength_challenge_stops_the_target_without_tripping() -> None:
    s, events = trip([500, 15, 5, 5, 15])
    assert of_type(events, TripResolved)[0].outcome == "stopped"
    assert who(s, "Bob").down == 0


def test_a_tripped_target_must_get_up_before_acting() -> None:
    s, events = trip([500, 15, 5, 15, 5])
    assert of_type(events, TripResolved)[0].outcome == "tripped"
    with pytest.raises(IllegalAction, match="down after a trip"):
        s.act(Attack(actor="Bob", target="Ann", weapon="fist"))
    s.act(StandUp(actor="Bob"))
    assert who(s, "Bob").down == 0


def test_the_summary_order_rolls_strength_before_dexterity() -> None:
    _, events = trip([500, 5, 15], trip_order="summary")
    assert [c.name for c in of_type(events, Contested)] == ["Strength Challenge"]
    assert of_type(events, TripResolved)[0].outcome == "stopped"


def test_a_robot_without_treads_can_be_tripped() -> None:
    s = session([500, 15, 5, 15, 5], ANN, anthro("Robo", "blue", kind="robot"))
    events = s.act(Trip(actor="Ann", target="Robo"))
    assert of_type(events, TripResolved)[0].outcome == "tripped"
