"""Saving a fight as it is played: each action committed before the table sees it, each
typed roll committed as it is entered."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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

    def __init__(self, store: SqliteStore, encounter_id: int, length: int) -> None:
        self.store = store
        self.encounter_id = encounter_id
        self.length = length

    @classmethod
    def begin(cls, store: SqliteStore, name: str, head: EncounterStarted) -> Recorder:
        """A new encounter holding only ``head``, ready to record the session."""
        return cls(store, store.create(name, head.ruleset, [head]), 1)

    @classmethod
    def resume(cls, store: SqliteStore, encounter_id: int) -> Recorder:
        return cls(store, encounter_id, len(store.lines(encounter_id)))

    def __call__(self, events: Sequence[Event[Any]]) -> None:
        if self.length == 1 and events and isinstance(events[0], EncounterStarted):
            events = events[1:]  # the head, written by begin()
        self.length = self.store.append(self.encounter_id, events, expected=self.length)

    def rolled(self, roll: PendingRoll) -> None:
        """Keep a roll typed for the action in progress (committed when this returns)."""
        self.store.add_pending_roll(self.encounter_id, self.length, roll)

    def truncated(self, length: int) -> None:
        """The session dropped its last actions (undo): the log keeps ``length`` events."""
        self.store.truncate(self.encounter_id, length, expected=self.length)
        self.length = length
