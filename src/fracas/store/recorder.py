"""Saving a fight as it is played: each action committed before the table sees it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.engine.events import Event
from fracas.store.sqlite import SqliteStore


class Recorder:
    """A Session listener that commits each action's events to a store.

    Subscribe it before anything that shows the events, so that an event the table has seen
    is already on disk. The first call creates the encounter (unless ``encounter_id`` names
    one to continue); later calls append to it, expecting the log to have the length this
    recorder last wrote (``length``; given when continuing an encounter), so a second writer
    on the same encounter is refused (``StaleWrite``) rather than mixed in.
    """

    def __init__(
        self, store: SqliteStore, name: str, ruleset: str, encounter_id: int | None = None
    ) -> None:
        self.store = store
        self.name = name
        self.ruleset = ruleset
        self.encounter_id = encounter_id
        self.length: int | None = None if encounter_id is None else len(store.lines(encounter_id))

    def __call__(self, events: Sequence[Event[Any]]) -> None:
        if self.encounter_id is None:
            self.encounter_id = self.store.create(self.name, self.ruleset, events)
            self.length = len(events)
        else:
            self.length = self.store.append(self.encounter_id, events, expected=self.length)
