"""Engine properties over random seeds and random undo/redo sequences (hypothesis)."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.dice import ScriptedRoller, SeededRoller
from fracas.engine import FracasError, LogDecoder, Session, encode_log

from .toy import SCENARIO, ToyRuleset


def refold(session: Session) -> Session:
    text = encode_log(session.log)
    events = LogDecoder(ToyRuleset().event_types()).decode(text)
    return Session.from_log(ToyRuleset(), events, ScriptedRoller([]))


@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
@settings(max_examples=50, deadline=None)
def test_any_seeded_fight_refolds_to_its_state(seed: int) -> None:
    session = Session.start(ToyRuleset(), SCENARIO, SeededRoller(seed))
    session.run()
    assert refold(session).state == session.state


@given(
    seed=st.integers(min_value=0, max_value=1000),
    moves=st.lists(st.sampled_from(["step", "undo", "redo"]), max_size=30),
)
@settings(max_examples=80, deadline=None)
def test_undo_and_redo_always_leave_the_state_its_log_folds_to(seed: int, moves: list[str]) -> None:
    session = Session.start(ToyRuleset(), SCENARIO, SeededRoller(seed))
    for move in moves:
        with contextlib.suppress(FracasError):  # nothing to undo / redo
            getattr(session, move)()
        assert refold(session).state == session.state
