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
