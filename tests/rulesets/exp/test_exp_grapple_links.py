"""Grapples among three or four: who may grapple whom, and holding links that stay mirrored
and point only at personas still in the fight, after every event of any fight."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.dice import SeededRoller
from fracas.engine import Encounter, FracasError, IllegalAction, Session
from fracas.rulesets.exp import RULESET
from fracas.rulesets.exp.actions import BreakFree, Concede, Grapple, Reverse, StartUnit
from fracas.rulesets.exp.events import ConditionChanged, GrappleEnded, GrappleReversed
from fracas.rulesets.exp.state import persona

from .helpers import anthro, of_type, scenario, session, who, with_attrs

# Ann (red) grapples Bob (blue); then Cyd (blue) grapples Ann. Each grapple: kilodie 500 hits,
# Strength Challenge 15 vs 5 for the grappler.
ANN, BOB, CYD = anthro("Ann", "red"), anthro("Bob", "blue"), anthro("Cyd", "blue")
HOLD = [500, 15, 5]


def test_a_grappler_grappled_in_turn_is_incapacitated_and_lets_go() -> None:
    s = session([*HOLD, 1, 20, *HOLD], ANN, BOB, CYD)
    s.act(Grapple(actor="Ann", target="Bob"))
    s.act(BreakFree(actor="Bob"))  # 1 vs 20: Bob stays held
    events = s.act(Grapple(actor="Cyd", target="Ann"))
    (ended,) = of_type(events, GrappleEnded)
    assert (ended.grappler, ended.target, ended.how) == ("Ann", "Bob", "let go")
    assert who(s, "Ann").held_by == "Cyd" and who(s, "Ann").holding is None
    assert who(s, "Bob").held_by is None and who(s, "Cyd").holding == "Ann"


def test_by_option_a_grappler_cannot_be_grappled_while_holding() -> None:
    s = session([*HOLD, 1, 20], ANN, BOB, CYD, grapple_a_grappler="refused")
    s.act(Grapple(actor="Ann", target="Bob"))
    s.act(BreakFree(actor="Bob"))
    with pytest.raises(IllegalAction, match="Ann is holding Bob: a grappler cannot be grappled"):
        s.act(Grapple(actor="Cyd", target="Ann"))


def test_a_held_persona_cannot_be_grappled_by_a_second_grappler() -> None:
    dan = anthro("Dan", "red")
    s = session([*HOLD, 1, 20], ANN, BOB, dan)
    s.act(Grapple(actor="Ann", target="Bob"))
    s.act(BreakFree(actor="Bob"))
    with pytest.raises(IllegalAction, match="Bob is already held by Ann"):
        s.act(Grapple(actor="Dan", target="Bob"))


def test_a_reversal_turns_the_one_hold_and_leaves_no_other_link() -> None:
    s = session([*HOLD, 1, 20, *HOLD, 20, 1], ANN, BOB, CYD)  # reversal: Ann 20 vs Cyd 1
    s.act(Grapple(actor="Ann", target="Bob"))
    s.act(BreakFree(actor="Bob"))
    s.act(Grapple(actor="Cyd", target="Ann"))  # Ann lets go of Bob, Cyd holds Ann
    s.act(StartUnit(actor=None))
    events = s.act(Reverse(actor="Ann"))
    assert of_type(events, GrappleReversed)
    assert (who(s, "Ann").holding, who(s, "Cyd").held_by) == ("Cyd", "Ann")
    assert who(s, "Ann").held_by is None and who(s, "Cyd").holding is None
    assert who(s, "Bob").held_by is None and who(s, "Bob").holding is None


def test_a_reversal_of_a_hold_that_no_longer_exists_does_not_fold() -> None:
    state = RULESET.build(scenario(ANN, BOB, CYD))
    with pytest.raises(FracasError, match="Bob does not hold Ann"):
        GrappleReversed(grappler="Ann", target="Bob").apply(state)


def test_leaving_the_fight_ends_the_holds_on_both_sides() -> None:
    s = session([*HOLD], ANN, BOB, CYD)
    s.act(Grapple(actor="Ann", target="Bob"))
    s.act(Concede(actor="Bob"))
    assert who(s, "Ann").holding is None and who(s, "Bob").held_by is None
    assert of_type(s.log, ConditionChanged)


# -- the invariant over random fights -------------------------------------------------------


def links_are_consistent(state: Encounter) -> str | None:
    """Every hold has a holder and a held, both in the fight, each link mirrored, and nobody
    both holds and is held. The problem, or None."""
    for p in state.personas.values():  # type: ignore[attr-defined]
        if p.holding is not None:
            q = persona(state, p.holding)
            if q.held_by != p.id:
                return f"{p.id} holds {q.id}, but {q.id} is held by {q.held_by}"
            if not (p.active and q.active):
                return f"{p.id} holds {q.id}, but one of them left the fight"
        if p.held_by is not None:
            q = persona(state, p.held_by)
            if q.holding != p.id:
                return f"{p.id} is held by {q.id}, but {q.id} holds {q.holding}"
        if p.holding is not None and p.held_by is not None:
            return f"{p.id} both holds {p.holding} and is held by {p.held_by}"
    return None


FIGHTER = st.fixed_dictionaries(
    {
        "tactics": st.sampled_from(["grapple", "grapple", "brawl", "trip", "snatch"]),
        "PSTR": st.integers(5, 20),
        "DEX": st.integers(5, 20),
        "hand_to_hand": st.booleans(),
        "hps": st.integers(10, 40),
    }
)


def fighters(specs: list[dict[str, Any]], sides: list[str]) -> list[dict[str, Any]]:
    out = []
    for i, (spec, side) in enumerate(zip(specs, sides, strict=True)):
        data = anthro(
            f"P{i}",
            side,
            tactics=spec["tactics"],
            hand_to_hand=spec["hand_to_hand"],
            hps=spec["hps"],
            weapons=["fist", "club"],
        )
        out.append(with_attrs(data, PSTR=spec["PSTR"], DEX=spec["DEX"]))
    return out


@settings(max_examples=60, deadline=None)
@given(
    specs=st.lists(FIGHTER, min_size=3, max_size=4),
    sides=st.lists(st.sampled_from(["red", "blue", "green"]), min_size=4, max_size=4),
    seed=st.integers(0, 10**6),
    wander=st.booleans(),
    opts=st.fixed_dictionaries(
        {
            "grapple_a_grappler": st.sampled_from(["frees-their-hold", "refused"]),
            "grappler_may_attack": st.booleans(),
            "held_target_may_attack": st.booleans(),
            "competition_ties": st.sampled_from(["defender", "reroll"]),
        }
    ),
)
def test_grapple_links_stay_consistent_after_every_event(
    specs: list[dict[str, Any]], sides: list[str], seed: int, wander: bool, opts: dict[str, Any]
) -> None:
    sides = ["red", "blue", *sides[2:]][: len(specs)]
    sc = scenario(*fighters(specs, sides), max_units=40, **opts)
    s = Session.start(RULESET, sc, SeededRoller(seed))
    pick = random.Random(seed)
    for _ in range(400):  # either the tactics, or any legal action at random ("wander")
        pending = s.pending()
        if pending is None:
            break
        if wander:
            s.act(pick.choice(RULESET.legal_actions(s.state, pending)).action)
        else:
            s.step()
    state = RULESET.build(sc)
    for n, event in enumerate(s.log, start=1):
        event.apply(state)
        problem = links_are_consistent(state)
        assert problem is None, f"after event {n} ({type(event).__name__}): {problem}"
