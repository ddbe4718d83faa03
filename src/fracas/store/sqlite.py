"""An event store in one SQLite file.

Each encounter is a row in ``encounters``; its log is rows of ``events`` in order, each the
event's JSON line. Appends commit before they return, so an event that was acknowledged is
never lost.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fracas.engine.codec import encode_event
from fracas.engine.errors import FracasError, StaleWrite
from fracas.engine.events import Event

_SCHEMA = """
CREATE TABLE IF NOT EXISTS encounters (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE IF NOT EXISTS events (
    encounter_id INTEGER NOT NULL REFERENCES encounters(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (encounter_id, seq)
);
"""


@dataclass(frozen=True, slots=True)
class EncounterRecord:
    id: int
    name: str
    ruleset: str
    created: str
    events: int


class SqliteStore:
    """Encounters and their event logs in the SQLite file at ``path``."""

    def __init__(self, path: str | Path, read_only: bool = False) -> None:
        """Open (or, unless ``read_only``, create) the store at ``path``.

        A read-only store never writes to the file, and refuses a SQLite file that is not a
        fracas store."""
        self.path = Path(path)
        try:
            if read_only:
                self._db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
                self._check_schema(empty_ok=False)
            else:
                self._db = sqlite3.connect(self.path)
                self._check_schema(empty_ok=True)
                self._db.execute("PRAGMA foreign_keys = ON")
                self._db.executescript(_SCHEMA)
        except sqlite3.Error as exc:
            raise FracasError(f"{self.path}: not a usable fracas store ({exc})") from None

    def _check_schema(self, empty_ok: bool) -> None:
        """Refuse another program's SQLite file (a new, empty one is fine to write to)."""
        tables = {
            name
            for (name,) in self._db.execute("SELECT name FROM sqlite_master WHERE type='table'")
        } - {"sqlite_sequence"}
        if (empty_ok and not tables) or {"encounters", "events"} <= tables:
            return
        self._db.close()
        raise FracasError(f"{self.path}: an SQLite file, but not a fracas store")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> SqliteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def create(self, name: str, ruleset: str, events: Iterable[Event[Any]] = ()) -> int:
        """A new encounter, with its first events, in one transaction. Returns its id."""
        with self._db:
            cur = self._db.execute(
                "INSERT INTO encounters (name, ruleset) VALUES (?, ?)", (name, ruleset)
            )
            encounter_id = cur.lastrowid
            assert encounter_id is not None
            self._insert(encounter_id, 0, events)
        return encounter_id

    def append(
        self, encounter_id: int, events: Iterable[Event[Any]], expected: int | None = None
    ) -> int:
        """Add events to the end of an encounter's log; committed when this returns.

        ``expected`` is the log length the writer last saw (optimistic concurrency): if the
        log has another length, another writer moved the encounter on, and ``StaleWrite``
        is raised with nothing written. Returns the log's new length."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            (count,) = self._db.execute(
                "SELECT COUNT(*) FROM events WHERE encounter_id = ?", (encounter_id,)
            ).fetchone()
            if expected is not None and count != expected:
                raise StaleWrite(
                    f"{self.path}: encounter {encounter_id} has {count} events, not the "
                    f"{expected} this writer saw: another writer moved the fight on"
                )
            batch = list(events)
            self._insert(encounter_id, count, batch)
        return int(count) + len(batch)

    def truncate(self, encounter_id: int, length: int) -> None:
        """Keep only the first ``length`` events (undo)."""
        with self._db:
            self._db.execute(
                "DELETE FROM events WHERE encounter_id = ? AND seq >= ?", (encounter_id, length)
            )

    def lines(self, encounter_id: int) -> list[str]:
        """The encounter's log as JSON lines, in order."""
        self.get(encounter_id)
        rows = self._db.execute(
            "SELECT data FROM events WHERE encounter_id = ? ORDER BY seq", (encounter_id,)
        )
        lines = [data for (data,) in rows]
        if not all(isinstance(line, str) for line in lines):
            raise FracasError(
                f"{self.path}: encounter {encounter_id} holds events that are not text"
            )
        return lines

    def get(self, encounter_id: int) -> EncounterRecord:
        row = self._db.execute(
            "SELECT e.id, e.name, e.ruleset, e.created, "
            "(SELECT COUNT(*) FROM events WHERE encounter_id = e.id) "
            "FROM encounters e WHERE e.id = ?",
            (encounter_id,),
        ).fetchone()
        if row is None:
            raise FracasError(f"{self.path}: no encounter with id {encounter_id}")
        return EncounterRecord(*row)

    def encounters(self) -> list[EncounterRecord]:
        rows = self._db.execute(
            "SELECT e.id, e.name, e.ruleset, e.created, "
            "(SELECT COUNT(*) FROM events WHERE encounter_id = e.id) "
            "FROM encounters e ORDER BY e.id"
        )
        return [EncounterRecord(*row) for row in rows]

    def latest(self) -> EncounterRecord:
        records = self.encounters()
        if not records:
            raise FracasError(f"{self.path}: no encounters stored")
        return records[-1]

    def _insert(self, encounter_id: int, start: int, events: Iterable[Event[Any]]) -> None:
        self._db.executemany(
            "INSERT INTO events (encounter_id, seq, data) VALUES (?, ?, ?)",
            ((encounter_id, start + i, encode_event(e).decode()) for i, e in enumerate(events)),
        )
