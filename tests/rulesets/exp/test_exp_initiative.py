"""Initiative and the combat-unit cycle (options ``initiative``, ``initiative_every_unit``)."""

from __future__ import annotations

from fracas.rulesets.exp.actions import StartUnit, Wait
from fracas.rulesets.exp.events import InitiativeRolled

from .helpers import anthro, of_type, session, with_attrs

ANN = with_attrs(anthro("Ann", "red"), DEX=10)
BOB = with_attrs(anthro("Bob", "blue"), DEX=14)
CY = with_attrs(anthro("Cy", "blue"), DEX=12)


def order(s) -> list[str]:  # type: ignore[no-untyped-def]
    return list(of_type(s.log, InitiativeRolled)[-1].order)


def test_d20_plus_dex_highest_first() -> None:
    s = session([15, 5, 10], ANN, BOB, CY, initiative="d20+dex")  # 25, 19, 22
    assert order(s) == ["Ann", "Cy", "Bob"]
    assert of_type(s.log, InitiativeRolled)[-1].rolls == [("Ann", 25), ("Bob", 19), ("Cy", 22)]


def test_initiative_ties_go_to_the_higher_dex() -> None:
    s = session([14, 10, 1], ANN, BOB, CY, initiative="d20+dex")  # 24, 24, 13
    assert order(s) == ["Bob", "Ann", "Cy"]


def test_initiative_ties_with_equal_dex_are_rolled_again() -> None:
    dee = with_attrs(anthro("Dee", "blue"), DEX=10)
    s = session([10, 10, 3, 8], ANN, dee, initiative="d20+dex")  # 20, 20, rerolls 3, 8
    assert order(s) == ["Dee", "Ann"]


def test_dex_order_needs_no_roll() -> None:
    s = session([], ANN, BOB, CY, initiative="dex")
    assert order(s) == ["Bob", "Cy", "Ann"]


def test_each_persona_acts_once_per_unit_then_a_new_unit_starts() -> None:
    s = session([15, 5, 10, 1, 1, 20], ANN, BOB, CY, initiative="d20+dex")
    for actor in ("Ann", "Cy", "Bob"):
        assert s.pending().actor == actor  # type: ignore[union-attr]
        s.act(Wait(actor=actor))
    assert s.pending().actor is None  # type: ignore[union-attr]
    s.act(StartUnit(actor=None))
    assert s.state.round == 2
    assert order(s) == ["Cy", "Bob", "Ann"]  # 11, 15, 32


def test_initiative_can_be_rolled_once_for_the_whole_fight() -> None:
    s = session([15, 5, 10], ANN, BOB, CY, initiative="d20+dex", initiative_every_unit=False)
    for actor in ("Ann", "Cy", "Bob"):
        s.act(Wait(actor=actor))
    s.act(StartUnit(actor=None))  # no roll scripted: none is made
    assert order(s) == ["Ann", "Cy", "Bob"]
