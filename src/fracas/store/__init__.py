"""Durable event logs. SQLite by default: one file, no server."""

from fracas.store.recorder import Recorder
from fracas.store.sqlite import EncounterRecord, PendingRoll, Snapshot, SqliteStore, StoreError

__all__ = ["EncounterRecord", "PendingRoll", "Recorder", "Snapshot", "SqliteStore", "StoreError"]
