"""A persona tripped and then grappled (by the tripper's ally) is down and held at once.
Chapter, 'Grapples', 'Overpower': "The target cannot accomplish anything other than psionic
attacks and yelling while grappled." Getting up is neither: she must get loose first (a
break check or a reversal, "A grappled target can try to break free ... or reverse the
grapple"); a won break check keeps her action ("break free, move and attack"), which then
goes on getting up."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.exp.actions import BreakFree, Grapple, StandUp, StartUnit, Trip
from fracas.rulesets.exp.tactics import choose_action

from .helpers import anthro, session, who

ANN = anthro("Ann", "red")
CAT = anthro("Cat", "red")
BOB = anthro("Bob", "blue")
# Ann trips Bob (kilodie 500 hits DR 400; Dexterity 15 v 5, Strength 15 v 5); Cat grapples
# him (kilodie 500; Strength 15 v 5): scenario order, so Bob acts third
TRIPPED_AND_HELD = [500, 15, 5, 15, 5, 500, 15, 5]


def down_and_held(*more: int):  # type: ignore[no-untyped-def]
    s = session([*TRIPPED_AND_HELD, *more], ANN, CAT, BOB)
    s.act(Trip(actor="Ann", target="Bob"))
    s.act(Grapple(actor="Cat", target="Bob"))
    bob = who(s, "Bob")
    assert (bob.down, bob.held_by) == (1, "Cat")
    return s


def test_a_held_persona_cannot_get_up_while_held() -> None:
    s = down_and_held()
    with pytest.raises(IllegalAction, match="held in a grapple"):
        s.act(StandUp(actor="Bob"))
    assert who(s, "Bob").down == 1


def test_a_held_persona_who_is_down_tries_to_get_loose_first() -> None:
    s = down_and_held()
    assert isinstance(choose_action(s.state, "Bob"), BreakFree)


def test_a_won_break_check_keeps_the_action_to_get_up_with() -> None:
    s = down_and_held(15, 5)  # break check won 25 v 15
    s.act(BreakFree(actor="Bob"))
    assert who(s, "Bob").held_by is None
    action = choose_action(s.state, "Bob")
    assert isinstance(action, StandUp)
    s.act(action)
    assert who(s, "Bob").down == 0


def test_a_persona_already_down_cannot_be_tripped_again() -> None:
    """Chapter, 'Tripping': "Tripping a target before they get to the giant red activation
    switch"; the trip downs a target on its feet. One already down is not tripped again
    (the exact chain never offers it either); the menu does not list it."""
    s = down_and_held(5, 15)
    s.act(BreakFree(actor="Bob"))  # lost: 15 v 25
    assert who(s, "Bob").down == 1
    s.act(StartUnit(actor=None))  # scenario order: Ann first again
    with pytest.raises(IllegalAction, match="already down"):
        s.act(Trip(actor="Ann", target="Bob"))
