"""The Recorder: a new encounter on its first call, or one begun with its head first."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import ScriptedRoller
from fracas.engine import Note, Session
from fracas.engine.errors import StaleWrite
from fracas.engine.events import EncounterStarted
from fracas.engine.session import scenario_dump
from fracas.store import PendingRoll, Recorder, SqliteStore
from tests.engine.toy import RULESET, SCENARIO


def test_a_recorder_without_an_encounter_creates_one_with_the_first_batch(
    tmp_path: Path,
) -> None:
    with SqliteStore(tmp_path / "s.db") as store:
        recorder = Recorder(store, "toy fight", "toy")
        session = Session.start(RULESET, SCENARIO, ScriptedRoller([6, 6, 6, 6]), recorder)
        session.run()
        assert recorder.encounter_id is not None
        assert len(store.lines(recorder.encounter_id)) == len(session.log)


def test_a_begun_recorder_holds_the_head_before_any_roll_and_writes_it_once(
    tmp_path: Path,
) -> None:
    with SqliteStore(tmp_path / "s.db") as store:
        head = EncounterStarted(ruleset="toy", scenario=scenario_dump(SCENARIO))
        recorder = Recorder.begin(store, "toy fight", head)
        assert store.lines(recorder._id()) == [store.lines(recorder._id())[0]]
        recorder.rolled(PendingRoll("D6", "Ann damage", 6))
        assert store.pending_rolls(recorder._id()) == [PendingRoll("D6", "Ann damage", 6)]
        session = Session(RULESET, SCENARIO, ScriptedRoller([6, 6, 6, 6]))
        session.subscribe(recorder)
        session.begin()
        session.run()
        assert len(store.lines(recorder._id())) == len(session.log)
        assert store.pending_rolls(recorder._id()) == []
        recorder.truncated(2)
        assert len(store.lines(recorder._id())) == 2
        assert Recorder.resume(store, recorder._id()).length == 2


def test_a_second_writer_keeping_rolls_for_the_same_action_is_refused(tmp_path: Path) -> None:
    """Two live writers at the same point of one encounter (a second ``resume`` while the
    first is mid-action): the rolls each keeps for the action in progress would be
    interleaved in one list, and a resume after a stop would hand out a mix of the two, so
    results the table was shown would not be those replayed. The second to keep a roll
    after the other has kept one is refused, and writes nothing."""
    db = tmp_path / "s.db"
    with SqliteStore(db) as first_store, SqliteStore(db) as second_store:
        n = first_store.create("x", "toy", [Note(text="a")])
        first = Recorder.resume(first_store, n, 1)
        second = Recorder.resume(second_store, n, 1)
        first.rolled(PendingRoll("D6", "attack", 3))
        with pytest.raises(StaleWrite, match="another writer"):
            second.rolled(PendingRoll("D6", "attack", 5))
        first.rolled(PendingRoll("D6", "damage", 2))
        assert [r.value for r in first_store.pending_rolls(n)] == [3, 2]  # one writer's rolls
        with pytest.raises(StaleWrite, match="another writer"):
            second.set_aside()  # nor may it drop the other's
        assert [r.value for r in first_store.pending_rolls(n)] == [3, 2]


def test_rolls_set_aside_are_only_those_not_used_the_used_ones_stay_kept(
    tmp_path: Path,
) -> None:
    """A resume uses the first rolls a stopped run kept, then finds one for another action
    and sets the rest aside: the rolls it used (their results shown) stay kept, before its
    own, so a second stop loses none of them."""
    from fracas.cli.live import DurableRoller

    with SqliteStore(tmp_path / "s.db") as store:
        n = store.create("x", "toy", [Note(text="a")])
        kept = [PendingRoll("D6", "a", 3), PendingRoll("D6", "b", 4), PendingRoll("D6", "c", 5)]
        for roll in kept:
            store.add_pending_roll(n, 1, roll)
        roller = DurableRoller(ScriptedRoller([6]), Recorder.resume(store, n, 1), kept)
        assert [roller.roll("D6", "a"), roller.roll("D6", "b")] == [3, 4]
        assert roller.roll("D6", "another action") == 6
        assert [r.value for r in store.pending_rolls(n)] == [3, 4, 6]
