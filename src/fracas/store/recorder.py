"""Saving a fight as it is played: each action committed before the table sees it, each
typed roll committed as it is entered."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from fracas.engine.errors import FracasError
from fracas.engine.events import EncounterStarted, Event
from fracas.store.sqlite import PendingRoll, SqliteStore


class Recorder:
    """A Session listener that commits each action's events to an encounter of a store.

    Subscribe it before anything that shows the events, so that an event the table has seen
    is already on disk. Each append expects the log to have the length this recorder last
    wrote (``length``), so a second writer on the same encounter is refused (``StaleWrite``)
    rather than mixed in.

    :meth:`begin` creates the encounter with only its head (``EncounterStarted``) before the
    first roll, so the rolls of the start (initiative) can be kept as they are typed; the
    session's first batch then repeats that head, which is not written twice.
    """

    def __init__(
        self,
        store: SqliteStore,
        name: str,
        ruleset: str,
        encounter_id: int | None = None,
        length: int | None = None,
    ) -> None:
        """Record into encounter ``encounter_id`` (whose log has ``length`` events; read from
        the store if not given), or, if it is ``None``, into a new encounter created by the
        first call."""
        self.store = store
        #: rolls kept in the store for the action in progress (this writer's, and those of
        #: a stopped run it took over: :meth:`took_over`)
        self.kept = 0
        self.name = name
        self.ruleset = ruleset
        self.encounter_id = encounter_id
        if length is None and encounter_id is not None:
            length = len(store.lines(encounter_id))
        self.length = length

    @classmethod
    def begin(cls, store: SqliteStore, name: str, head: EncounterStarted) -> Recorder:
        """A new encounter holding only ``head``, ready to record the session."""
        encounter_id = store.create(name, head.ruleset, [head])
        return cls(store, name, head.ruleset, encounter_id, 1)

    @classmethod
    def resume(cls, store: SqliteStore, encounter_id: int, length: int | None = None) -> Recorder:
        """Go on recording a stored encounter from the ``length`` events the session was
        loaded from. Pass it whenever a session was loaded: the length the store has now
        (the default) may already hold another writer's events, which would then be mixed
        in rather than refused."""
        record = store.get(encounter_id)
        return cls(
            store,
            record.name,
            record.ruleset,
            encounter_id,
            record.events if length is None else length,
        )

    def __call__(self, events: Sequence[Event[Any]]) -> None:
        if self.encounter_id is None:
            self.encounter_id = self.store.create(self.name, self.ruleset, events)
            self.length = len(events)
            return
        if self.length == 1 and events and isinstance(events[0], EncounterStarted):
            events = events[1:]  # the head, written by begin()
        self.length = self.store.append(self.encounter_id, events, expected=self.length)
        self.kept = 0  # (the append cleared them: they are in the log now)

    def _id(self) -> int:
        if self.encounter_id is None:
            raise FracasError("the encounter is not in the store yet")
        return self.encounter_id

    def took_over(self, kept: int) -> None:
        """The store holds ``kept`` rolls of a stopped run for the action in progress, which
        this writer uses first (its own are kept after them)."""
        self.kept = kept

    def rolled(self, roll: PendingRoll) -> None:
        """Keep a roll typed for the action in progress (committed when this returns)."""
        self.store.add_pending_roll(self._id(), self.length or 0, roll, kept=self.kept)
        self.kept += 1

    def decided(self, action: object) -> None:
        """Keep the action a person chose for the action in progress, before its dice are
        rolled (committed when this returns), so that after a stop the same action goes on."""
        data = msgspec.json.encode(action).decode()
        self.store.keep_decision(self._id(), self.length or 0, data)

    def set_aside(self, used: int = 0) -> None:
        """Drop the kept rolls of the action in progress (they were for another action),
        but the first ``used``, which this run used again (their results were shown)."""
        self.store.clear_pending_rolls(self._id(), self.length, kept=self.kept, used=used)
        self.kept = used

    def truncated(self, length: int) -> None:
        """The session dropped its last actions (undo): the log keeps ``length`` events."""
        self.store.truncate(self._id(), length, expected=self.length)
        self.length = length
        self.kept = 0
