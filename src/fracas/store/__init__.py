"""Durable event logs. SQLite by default: one file, no server."""

from fracas.store.recorder import Recorder
from fracas.store.sqlite import EncounterRecord, SqliteStore

__all__ = ["EncounterRecord", "Recorder", "SqliteStore"]
