"""The event-sourced engine: state, events, sessions. No rules of any game live here."""

from fracas.engine.codec import LogDecoder, encode_event, encode_log
from fracas.engine.context import Context
from fracas.engine.errors import FracasError, IllegalAction, InconsistentLog
from fracas.engine.events import (
    Acted,
    EncounterEnded,
    EncounterStarted,
    Event,
    Note,
    Rolled,
    RoundStarted,
)
from fracas.engine.ruleset import Action, Choice, Hit, Pending, Ruleset
from fracas.engine.session import Session
from fracas.engine.state import Combatant, Encounter

__all__ = [
    "Acted",
    "Action",
    "Choice",
    "Combatant",
    "Context",
    "Encounter",
    "EncounterEnded",
    "EncounterStarted",
    "Event",
    "FracasError",
    "Hit",
    "IllegalAction",
    "InconsistentLog",
    "LogDecoder",
    "Note",
    "Pending",
    "Rolled",
    "RoundStarted",
    "Ruleset",
    "Session",
    "encode_event",
    "encode_log",
]
