"""Durable event logs. SQLite by default: one file, no server."""

from fracas.store.recorder import Recorder
from fracas.store.sqlite import EncounterRecord, PendingRoll, SqliteStore, StoreError

__all__ = ["EncounterRecord", "PendingRoll", "Recorder", "SqliteStore", "StoreError"]
