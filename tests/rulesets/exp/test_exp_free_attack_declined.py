"""A declined free attack reads as one in the account, with the reason the tactics decline
it. Chapter, 'Weapon Snatching', 'Strength Challenge': "If this attribute challenge fails the
persona is open to an attack with the weapon regardless of the combat unit cycle": a persona
held in a grapple ("nothing other than psionic attacks and yelling") cannot take it."""

from __future__ import annotations

from fracas.rulesets.exp.account import describe
from fracas.rulesets.exp.actions import Grapple, Snatch, Wait
from fracas.rulesets.exp.events import Held
from fracas.rulesets.exp.tactics import choose_action

from .helpers import anthro, of_type, session

CAT = anthro("Cat", "red")
ANN = anthro("Ann", "red")
BOB = anthro("Bob", "blue", weapons=["chair", "fist"])
# Cat grapples Bob (kilodie 500 hits; Strength 15 v 5); Ann snatches at Bob's chair
# (kilodie 500; Dexterity 15 v 5 won; Strength 5 v 15 lost): Bob may hit Ann with it at once
ROLLS = [500, 15, 5, 500, 15, 5, 5, 15]


def test_a_held_persona_declines_the_free_attack_and_the_account_says_why() -> None:
    s = session(ROLLS, CAT, ANN, BOB)
    s.act(Grapple(actor="Cat", target="Bob"))
    s.act(Snatch(actor="Ann", target="Bob", weapon="chair"))
    assert s.state.free_attack == ("Bob", "Ann", "chair")  # type: ignore[attr-defined]
    action = choose_action(s.state, "Bob")
    assert isinstance(action, Wait) and "held in a grapple" in action.reason
    (held,) = of_type(s.act(action), Held)
    line = describe(held, s.state)
    assert line == ("Bob declines the free attack on Ann with the chair (Bob is held in a grapple)")


def test_a_free_attack_declined_by_hand_says_so_without_a_reason() -> None:
    s = session(ROLLS, CAT, ANN, BOB)
    s.act(Grapple(actor="Cat", target="Bob"))
    s.act(Snatch(actor="Ann", target="Bob", weapon="chair"))
    (held,) = of_type(s.act(Wait(actor="Bob")), Held)
    assert describe(held, s.state) == "Bob declines the free attack on Ann with the chair"
