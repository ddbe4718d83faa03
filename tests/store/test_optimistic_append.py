"""Appends carry the log length the writer expects; a stale writer writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.engine import Note
from fracas.engine.errors import StaleWrite
from fracas.store import SqliteStore


def test_append_with_the_expected_length_returns_the_new_length(tmp_path: Path) -> None:
    with SqliteStore(tmp_path / "s.db") as store:
        n = store.create("x", "toy", [Note(text="a")])
        assert store.append(n, [Note(text="b"), Note(text="c")], expected=1) == 3
        assert len(store.lines(n)) == 3


def test_a_stale_append_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    with SqliteStore(db) as first, SqliteStore(db) as second:
        n = first.create("x", "toy", [Note(text="a")])
        first.append(n, [Note(text="b")], expected=1)
        with pytest.raises(StaleWrite, match="another writer"):
            second.append(n, [Note(text="late")], expected=1)
        assert [line for line in second.lines(n) if "late" in line] == []
        assert len(second.lines(n)) == 2


def test_a_write_to_an_encounter_another_program_deleted_says_so_and_writes_nothing(
    tmp_path: Path,
) -> None:
    """The web tracker deletes an encounter a ``resume`` is playing: the resume's next
    write (an action, a kept roll, a decision, an undo) is refused with a message that says
    the encounter is gone, not that it "goes on from there"."""
    from fracas.store import PendingRoll

    db = tmp_path / "s.db"
    with SqliteStore(db) as first, SqliteStore(db) as second:
        n = first.create("x", "toy", [Note(text="a")])
        second.delete(n)
        for write in (
            lambda: first.append(n, [Note(text="late")], expected=1),
            lambda: first.add_pending_roll(n, 1, PendingRoll("D6", "x", 3)),
            lambda: first.keep_decision(n, 1, "{}"),
            lambda: first.truncate(n, 0, expected=1),
        ):
            with pytest.raises(StaleWrite, match=f"encounter {n} was deleted") as info:
                write()
            assert "goes on from there" not in str(info.value)
            assert "nothing was written" in str(info.value)
        assert second.encounters() == []
        assert second.db.execute("SELECT COUNT(*) FROM events").fetchone() == (0,)
