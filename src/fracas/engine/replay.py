"""Checking a saved log: re-run the fight from its own decisions and rolls.

Folding a log checks that each event applies; re-running it checks more: the log's
``Acted`` decisions, resolved by today's rules with the log's own ``Rolled`` values, must
give back every event, byte for byte. An edited roll, a changed total or a missing event
shows up as the first event that differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from fracas.dice import DiceError, ScriptedRoller
from fracas.engine.action import convert_action
from fracas.engine.codec import encode_event
from fracas.engine.errors import FracasError, InconsistentLog
from fracas.engine.events import Acted, EncounterStarted, Event, Rolled
from fracas.engine.overrides import OVERRIDE_TYPES
from fracas.engine.ruleset import Action, Ruleset
from fracas.engine.session import Session, scenario_of


def decode_action(ruleset: Ruleset[Any, Any, Any], raw: Any) -> Action:
    """An ``Acted`` event's action as the ruleset's action object."""
    if isinstance(raw, Action):
        return raw
    types: tuple[type[Action], ...] = (*ruleset.action_types(), *OVERRIDE_TYPES)
    if len(types) == len(OVERRIDE_TYPES):
        raise InconsistentLog(f"ruleset {ruleset.name!r} names no action types to re-run")
    try:
        action = convert_action(raw, types)
    except msgspec.ValidationError as exc:
        raise InconsistentLog(f"an action that is not one of {ruleset.name}'s: {exc}") from None
    return action


def verify_log(ruleset: Ruleset[Any, Any, Any], events: Sequence[Event[Any]]) -> None:
    """Raise ``InconsistentLog`` at the first event the rules would not have produced."""
    if not events or not isinstance(events[0], EncounterStarted):
        raise InconsistentLog("a log must start with an EncounterStarted event")
    scenario = scenario_of(ruleset, events[0])
    roller = ScriptedRoller([e.value for e in events if isinstance(e, Rolled)])
    rerun: list[Event[Any]] = []
    try:
        session = Session.start(ruleset, scenario, roller)
        rerun = session.log
        for event in events:
            if isinstance(event, Acted):
                session.act(decode_action(ruleset, event.action))
    except (DiceError, FracasError) as exc:
        at = _first_difference(rerun, events) or len(rerun) + 1
        raise InconsistentLog(f"event {at}: the rules cannot re-run the log ({exc})") from None
    n = _first_difference(rerun, events)
    if n is not None:
        theirs = encode_event(events[n - 1]).decode() if n <= len(events) else "(end of log)"
        ours = encode_event(rerun[n - 1]).decode() if n <= len(rerun) else "(none)"
        raise InconsistentLog(
            f"event {n}: the log says {_short(theirs)}, but the rules give {_short(ours)}"
        )


def _first_difference(ours: Sequence[Event[Any]], theirs: Sequence[Event[Any]]) -> int | None:
    """The 1-based number of the first event that differs, or None if none does."""
    for n, (a, b) in enumerate(zip(ours, theirs, strict=False), start=1):
        if encode_event(a) != encode_event(b):
            return n
    if len(ours) != len(theirs):
        return min(len(ours), len(theirs)) + 1
    return None


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
