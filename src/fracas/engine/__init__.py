"""The event-sourced engine: state, events, sessions. No rules of any game live here.

Each name is imported on first use, so code that needs only the errors does not load pydantic
and msgspec."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fracas.lazy_names import lazy_getattr

if TYPE_CHECKING:
    from fracas.engine.action import Action
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
    from fracas.engine.ruleset import Choice, Hit, Pending, Ruleset
    from fracas.engine.session import Session
    from fracas.engine.state import Combatant, Encounter

#: each public name -> the module that defines it (imported when the name is first used)
_WHERE: dict[str, str] = {
    "Acted": "fracas.engine.events",
    "Action": "fracas.engine.action",
    "Choice": "fracas.engine.ruleset",
    "Combatant": "fracas.engine.state",
    "Context": "fracas.engine.context",
    "Encounter": "fracas.engine.state",
    "EncounterEnded": "fracas.engine.events",
    "EncounterStarted": "fracas.engine.events",
    "Event": "fracas.engine.events",
    "FracasError": "fracas.engine.errors",
    "Hit": "fracas.engine.ruleset",
    "IllegalAction": "fracas.engine.errors",
    "InconsistentLog": "fracas.engine.errors",
    "LogDecoder": "fracas.engine.codec",
    "Note": "fracas.engine.events",
    "Pending": "fracas.engine.ruleset",
    "Rolled": "fracas.engine.events",
    "RoundStarted": "fracas.engine.events",
    "Ruleset": "fracas.engine.ruleset",
    "Session": "fracas.engine.session",
    "encode_event": "fracas.engine.codec",
    "encode_log": "fracas.engine.codec",
}


if not TYPE_CHECKING:  # hidden from type checkers: a misspelt name is an error there, not Any
    __getattr__ = lazy_getattr("fracas.engine", _WHERE, globals())


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
