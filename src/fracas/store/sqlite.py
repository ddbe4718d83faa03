"""An event store in one SQLite file.

Each encounter is a row in ``encounters``; its log is rows of ``events`` in order, each the
event's JSON line. Appends commit before they return, so an event that was acknowledged is
never lost. ``pending_rolls`` holds the dice typed in for the action in progress (live play),
each committed as it is entered, and ``pending_actions`` the action a person chose for it
(``--control``), committed when chosen; an append that commits the action clears both in
the same transaction.

The file is in WAL mode (readers never block the writer). A connection waits up to
``BUSY_TIMEOUT`` seconds for another one's lock, then the operation fails with a
:class:`StoreError` that says so; what was committed before is kept. Every SQLite error
becomes a ``StoreError`` naming the file (a damaged file, a full disk, a read-only folder).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from fracas.engine.codec import encode_event
from fracas.engine.errors import FracasError, StaleWrite
from fracas.engine.events import Event

#: seconds a connection waits for another connection's lock before giving up
BUSY_TIMEOUT = 5.0

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
CREATE TABLE IF NOT EXISTS pending_rolls (
    encounter_id INTEGER NOT NULL REFERENCES encounters(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    dice TEXT NOT NULL,
    purpose TEXT NOT NULL,
    value INTEGER NOT NULL,
    PRIMARY KEY (encounter_id, seq)
);
CREATE TABLE IF NOT EXISTS pending_actions (
    encounter_id INTEGER PRIMARY KEY REFERENCES encounters(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    data TEXT NOT NULL
);
"""

_NOW = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"


class StoreError(FracasError):
    """The SQLite file cannot be used as asked (locked, damaged, not writable...)."""


@dataclass(frozen=True, slots=True)
class EncounterRecord:
    id: int
    name: str
    ruleset: str
    created: str
    events: int
    updated: str = ""


@dataclass(frozen=True, slots=True)
class PendingRoll:
    """A roll typed in for the action in progress, not yet part of the log."""

    dice: str
    purpose: str
    value: int


@dataclass(frozen=True, slots=True)
class Snapshot:
    """An encounter as read at one moment: its log's JSON lines, the rolls typed for the
    action in progress, and the decision kept for it (its JSON, or ``None``)."""

    lines: list[str]
    rolls: list[PendingRoll]
    action: str | None = None


P = ParamSpec("P")
T = TypeVar("T")


def _sqlite_errors(
    method: Callable[Concatenate[SqliteStore, P], T],
) -> Callable[Concatenate[SqliteStore, P], T]:
    """Turn an ``sqlite3.Error`` into a ``StoreError`` naming the file and the problem."""

    def wrapper(self: SqliteStore, /, *args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as exc:
            raise StoreError(_explain(self.path, exc)) from None

    wrapper.__name__ = method.__name__
    wrapper.__doc__ = method.__doc__
    return wrapper


def _explain(path: Path, exc: sqlite3.Error) -> str:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return (
            f"{path}: the database is locked by another program (waited {BUSY_TIMEOUT:g} s); "
            "nothing more was saved, what was saved before is kept: try again when it is free"
        )
    if "malformed" in text or "not a database" in text:
        return f"{path}: the SQLite file is damaged or not a database ({text})"
    return f"{path}: cannot use this SQLite file ({text})"


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection: ``mode=ro`` (which sees other programs' writes), or, where
    even that cannot open the file (a store in WAL mode on a read-only filesystem, whose
    shared-memory file cannot be made), ``immutable=1``: nothing can change the file there."""
    uri = path.resolve().as_uri()
    db = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=BUSY_TIMEOUT)
    try:
        db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return db
    except sqlite3.OperationalError as exc:
        db.close()
        if "unable to open" not in str(exc) and "readonly" not in str(exc):
            raise
    return sqlite3.connect(f"{uri}?immutable=1", uri=True, timeout=BUSY_TIMEOUT)


class SqliteStore:
    """Encounters and their event logs in the SQLite file at ``path``."""

    def __init__(self, path: str | Path, read_only: bool = False, any_thread: bool = False) -> None:
        """Open (or, unless ``read_only``, create) the store at ``path``.

        A read-only store never writes to the file, and refuses a SQLite file that is not a
        fracas store. A store opened with ``any_thread`` may be used from any thread, one at
        a time: the caller makes sure no two threads use it at once (the web tracker's
        writer, which commits off its event loop)."""
        self.path = Path(path)
        self._db: sqlite3.Connection | None = None
        try:
            if read_only:
                self._db = _connect_read_only(self.path)
                self._check_schema(empty_ok=False)
            else:
                self._db = sqlite3.connect(
                    self.path, timeout=BUSY_TIMEOUT, check_same_thread=not any_thread
                )
                self._db.execute("PRAGMA foreign_keys = ON")
                self._create_schema()
                self._use_wal()
        except StoreError:
            self.close()
            raise
        except sqlite3.Error as exc:
            self.close()
            raise StoreError(_explain(self.path, exc)) from None

    def _create_schema(self) -> None:
        """Check and create the tables in one write transaction: two programs creating the
        same new store at once both find it whole (the second waits for the first), never
        half made."""
        with self._write():
            self._check_schema(empty_ok=True)
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self.db.execute(statement)
            self._add_updated_column()

    def _use_wal(self) -> None:
        """WAL mode (readers never block the writer). Switching needs the file to itself
        for a moment: while another connection holds it, try again until ``BUSY_TIMEOUT``;
        a store still in its first mode is correct, only slower to read while written."""
        deadline = time.monotonic() + BUSY_TIMEOUT
        while True:
            try:
                self.db.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError(f"{self.path}: the store is closed")
        return self._db

    def _check_schema(self, empty_ok: bool) -> None:
        """Refuse another program's SQLite file (a new, empty one is fine to write to)."""
        tables = {
            name for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")
        } - {"sqlite_sequence"}
        if (empty_ok and not tables) or {"encounters", "events"} <= tables:
            return
        raise StoreError(f"{self.path}: an SQLite file, but not a fracas store")

    def _add_updated_column(self) -> None:
        """Stores made before ``updated`` existed get the column (the time of the last
        change, shown by ``fracas list``); called inside the schema's write transaction."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(encounters)")}
        if "updated" not in columns:
            self.db.execute("ALTER TABLE encounters ADD COLUMN updated TEXT")

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def __enter__(self) -> SqliteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taking the write lock at once (``BEGIN IMMEDIATE``), so a
        check made inside it still holds when the transaction commits."""
        db = self.db
        with db:
            db.execute("BEGIN IMMEDIATE")
            yield db

    @_sqlite_errors
    def create(self, name: str, ruleset: str, events: Iterable[Event[Any]] = ()) -> int:
        """A new encounter, with its first events, in one transaction. Returns its id."""
        with self._write() as db:
            cur = db.execute(
                f"INSERT INTO encounters (name, ruleset, updated) VALUES (?, ?, {_NOW})",
                (name, ruleset),
            )
            encounter_id = cur.lastrowid
            assert encounter_id is not None
            self._insert(encounter_id, 0, events)
        return encounter_id

    @_sqlite_errors
    def append(
        self, encounter_id: int, events: Iterable[Event[Any]], expected: int | None = None
    ) -> int:
        """Add events to the end of an encounter's log; committed when this returns.

        ``expected`` is the log length the writer last saw (optimistic concurrency): if the
        log has another length, another writer moved the encounter on, and ``StaleWrite``
        is raised with nothing written. The rolls pending for the action are cleared in the
        same transaction (they are now in the log). Returns the log's new length."""
        with self._write():
            count = self._length(encounter_id, expected)
            batch = list(events)
            self._insert(encounter_id, count, batch)
            self._clear_pending(encounter_id)
            self._touch(encounter_id)
        return count + len(batch)

    def _length(self, encounter_id: int, expected: int | None) -> int:
        (count,) = self.db.execute(
            "SELECT COUNT(*) FROM events WHERE encounter_id = ?", (encounter_id,)
        ).fetchone()
        if expected is not None and count != expected and not self._exists(encounter_id):
            raise StaleWrite(
                f"{self.path}: encounter {encounter_id} was deleted by another program (the "
                "web tracker?) while this one played it; nothing was written"
            )
        if expected is not None and count != expected:
            raise StaleWrite(
                f"{self.path}: encounter {encounter_id} has {count} events, not the "
                f"{expected} this writer saw: another writer (a second resume, the web "
                "tracker?) moved the fight on; nothing was written. What is saved is kept: "
                f"fracas resume {self.path} --encounter {encounter_id} goes on from there"
            )
        return int(count)

    def _exists(self, encounter_id: int) -> bool:
        row = self.db.execute("SELECT 1 FROM encounters WHERE id = ?", (encounter_id,))
        return row.fetchone() is not None

    def _clear_pending(self, encounter_id: int) -> None:
        """Drop what was kept for the action in progress (its rolls and its decision)."""
        self.db.execute("DELETE FROM pending_rolls WHERE encounter_id = ?", (encounter_id,))
        if self._has_pending_actions():
            self.db.execute("DELETE FROM pending_actions WHERE encounter_id = ?", (encounter_id,))

    def _has_pending_actions(self) -> bool:
        """Whether the file has ``pending_actions`` (a store opened read-only that was made
        before it existed has not)."""
        row = self.db.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='pending_actions'"
        ).fetchone()
        return row is not None

    def _touch(self, encounter_id: int) -> None:
        self.db.execute(f"UPDATE encounters SET updated = {_NOW} WHERE id = ?", (encounter_id,))

    @_sqlite_errors
    def truncate(self, encounter_id: int, length: int, expected: int | None = None) -> None:
        """Keep only the first ``length`` events (undo), and drop the pending rolls.

        ``expected``, as for :meth:`append`, refuses a log another writer has changed."""
        with self._write() as db:
            self._length(encounter_id, expected)
            db.execute(
                "DELETE FROM events WHERE encounter_id = ? AND seq >= ?", (encounter_id, length)
            )
            self._clear_pending(encounter_id)
            self._touch(encounter_id)

    @_sqlite_errors
    def delete(self, encounter_id: int) -> None:
        """Remove an encounter, its whole log and its pending rolls."""
        self.get(encounter_id)
        with self._write() as db:
            self._clear_pending(encounter_id)
            db.execute("DELETE FROM events WHERE encounter_id = ?", (encounter_id,))
            db.execute("DELETE FROM encounters WHERE id = ?", (encounter_id,))

    @_sqlite_errors
    def add_pending_roll(
        self, encounter_id: int, expected: int, roll: PendingRoll, kept: int | None = None
    ) -> None:
        """Keep a roll typed for the action in progress; committed when this returns.

        ``expected`` is the log length the action starts from, and ``kept`` how many rolls
        this writer knows are kept for it (those it kept, and those of a stopped run it
        took over): a stale writer, or a second one keeping rolls for the same action, is
        refused, so the kept rolls are always one writer's, in its order."""
        with self._write() as db:
            self._length(encounter_id, expected)
            seq = self._kept(encounter_id, kept)
            db.execute(
                "INSERT INTO pending_rolls (encounter_id, seq, dice, purpose, value) "
                "VALUES (?, ?, ?, ?, ?)",
                (encounter_id, seq, roll.dice, roll.purpose, roll.value),
            )

    @_sqlite_errors
    def pending_rolls(self, encounter_id: int) -> list[PendingRoll]:
        """The rolls typed for the action in progress, in the order they were entered."""
        rows = self.db.execute(
            "SELECT dice, purpose, value FROM pending_rolls WHERE encounter_id = ? ORDER BY seq",
            (encounter_id,),
        )
        out = []
        for dice, purpose, value in rows:
            if not isinstance(value, int) or not isinstance(dice, str):
                raise StoreError(
                    f"{self.path}: encounter {encounter_id} holds a typed roll that is not a "
                    f"number ({value!r} for {purpose!r}): the store is damaged"
                )
            out.append(PendingRoll(dice, str(purpose), value))
        return out

    @_sqlite_errors
    def snapshot(self, encounter_id: int) -> Snapshot:
        """The encounter's log, the rolls typed for its action in progress and the decision
        kept for it, read in one transaction: all as they were at one moment, whatever other
        writers do."""
        db = self.db
        with db:
            db.execute("BEGIN")
            lines = self.lines(encounter_id)
            rolls = self.pending_rolls(encounter_id)
            action = None
            if self._has_pending_actions():
                row = db.execute(
                    "SELECT seq, data FROM pending_actions WHERE encounter_id = ?",
                    (encounter_id,),
                ).fetchone()
                if row is not None and row[0] == len(lines) and isinstance(row[1], str):
                    action = row[1]  # kept for the action in progress, not an older one
        return Snapshot(lines, rolls, action)

    @_sqlite_errors
    def keep_decision(self, encounter_id: int, expected: int, data: str) -> None:
        """Keep the action chosen (as JSON) for the action in progress, before its dice are
        rolled; committed when this returns. ``expected`` is the log length it starts from
        (a stale writer is refused)."""
        with self._write() as db:
            self._length(encounter_id, expected)
            db.execute(
                "INSERT OR REPLACE INTO pending_actions (encounter_id, seq, data) VALUES (?, ?, ?)",
                (encounter_id, expected, data),
            )

    @_sqlite_errors
    def clear_pending_rolls(
        self, encounter_id: int, expected: int | None = None, kept: int | None = None, used: int = 0
    ) -> None:
        """Drop the rolls kept for the action in progress (not the decision kept for it),
        but the first ``used`` (those already used again, whose results were shown).
        ``expected`` and ``kept``, as for :meth:`add_pending_roll`, refuse a writer that
        would drop another's."""
        with self._write() as db:
            self._length(encounter_id, expected)
            self._kept(encounter_id, kept)
            db.execute(
                "DELETE FROM pending_rolls WHERE encounter_id = ? AND seq >= ?",
                (encounter_id, used),
            )

    def _kept(self, encounter_id: int, kept: int | None) -> int:
        """How many rolls are kept for the action in progress; ``StaleWrite`` if that is not
        ``kept``, the number this writer knows of."""
        (count,) = self.db.execute(
            "SELECT COUNT(*) FROM pending_rolls WHERE encounter_id = ?", (encounter_id,)
        ).fetchone()
        if kept is not None and count != kept:
            raise StaleWrite(
                f"{self.path}: encounter {encounter_id} has {count} rolls kept for the action "
                f"in progress, not the {kept} this writer kept: another writer (a second "
                "resume, the web tracker?) is playing it; nothing was written. What is saved "
                f"is kept: fracas resume {self.path} --encounter {encounter_id} goes on from "
                "there once the other has stopped"
            )
        return int(count)

    @_sqlite_errors
    def tail(self, encounter_id: int) -> tuple[int, str | None]:
        """The encounter's log length and last line (``None`` for an empty log): a cheap look
        at whether another program changed the log since it was read."""
        row = self.db.execute(
            "SELECT seq, data FROM events WHERE encounter_id = ? ORDER BY seq DESC LIMIT 1",
            (encounter_id,),
        ).fetchone()
        return (0, None) if row is None else (int(row[0]) + 1, str(row[1]))

    @_sqlite_errors
    def lines(self, encounter_id: int) -> list[str]:
        """The encounter's log as JSON lines, in order."""
        self.get(encounter_id)
        rows = self.db.execute(
            "SELECT data FROM events WHERE encounter_id = ? ORDER BY seq", (encounter_id,)
        )
        lines = [data for (data,) in rows]
        if not all(isinstance(line, str) for line in lines):
            raise StoreError(
                f"{self.path}: encounter {encounter_id} holds events that are not text"
            )
        return lines

    def _record_query(self) -> str:
        """The query of an encounter's record. A store made before ``updated`` existed and
        opened read-only (``list``, ``replay``) has not got the column: its last change
        reads as its creation."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(encounters)")}
        updated = "COALESCE(e.updated, e.created)" if "updated" in columns else "e.created"
        return (
            "SELECT e.id, e.name, e.ruleset, e.created, "
            "(SELECT COUNT(*) FROM events WHERE encounter_id = e.id), "
            f"{updated} FROM encounters e"
        )

    @_sqlite_errors
    def get(self, encounter_id: int) -> EncounterRecord:
        query = f"{self._record_query()} WHERE e.id = ?"
        row = self.db.execute(query, (encounter_id,)).fetchone()
        if row is None:
            raise StoreError(f"{self.path}: no encounter with id {encounter_id}")
        return EncounterRecord(*row)

    @_sqlite_errors
    def encounters(self) -> list[EncounterRecord]:
        rows = self.db.execute(f"{self._record_query()} ORDER BY e.id")
        return [EncounterRecord(*row) for row in rows]

    def latest(self) -> EncounterRecord:
        records = self.encounters()
        if not records:
            raise StoreError(f"{self.path}: no encounters stored")
        return records[-1]

    def _insert(self, encounter_id: int, start: int, events: Iterable[Event[Any]]) -> None:
        self.db.executemany(
            "INSERT INTO events (encounter_id, seq, data) VALUES (?, ?, ?)",
            ((encounter_id, start + i, encode_event(e).decode()) for i, e in enumerate(events)),
        )
