"""The tracker's writes to its SQLite store, off the event loop.

A commit waits for the disk (SQLite syncs the file before it returns): on the event loop,
that wait would hold every other page, stream and request of the server. So every write of
the event store (appending a change, cutting the log back, creating and deleting an
encounter) runs in a worker thread, on a connection of its own that only one thread uses at
a time (:class:`StoreWriter`); so does every write of the tracker's own tables beside it
(player join links, GM sessions, hidden combatants, drafts, archived encounters:
:class:`fracas.web.access.Access`, through :meth:`StoreWriter.run_sql`). Reads stay on the
event loop's connection: the file is in WAL mode, so they never wait for a writer and see
only what is committed.

One writer per encounter: each live encounter's changes take its lock
(:attr:`fracas.web.live.LiveEncounter.lock`) from the check of the log length the page saw to
the end of the commit, so two changes of one fight never interleave, and the store's own
check (``expected``) still refuses a log another program moved on.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import anyio.to_thread

from fracas.store import SqliteStore

T = TypeVar("T")


class StoreWriter:
    """One connection to the store for writing, used by one worker thread at a time."""

    def __init__(self, path: Path) -> None:
        self._store = SqliteStore(path, any_thread=True)
        self._lock = threading.Lock()

    async def run(self, write: Callable[[SqliteStore], T]) -> T:
        """``write(store)`` in a worker thread; its result, or its exception. A request
        cancelled meanwhile still waits for the commit to end (its outcome is kept)."""

        def work() -> T:
            with self._lock:
                return write(self._store)

        return await anyio.to_thread.run_sync(work)

    async def run_sql(self, write: Callable[[sqlite3.Connection], T]) -> T:
        """``write(connection)`` in a worker thread, on the writer's connection (for tables
        beside the store's); ``write`` makes its own transaction."""
        return await self.run(lambda store: write(store.db))

    def close(self) -> None:
        with self._lock:
            self._store.close()
