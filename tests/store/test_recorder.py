"""The Recorder: a new encounter on its first call, or one begun with its head first."""

from __future__ import annotations

from pathlib import Path

from fracas.dice import ScriptedRoller
from fracas.engine import Session
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
