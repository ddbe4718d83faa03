"""Encounter state: what an event log folds into.

State objects are plain mutable dataclasses for speed; they are changed only by
:meth:`fracas.engine.events.Event.apply`. Each ruleset subclasses :class:`Combatant` with its
own statistics and :class:`Encounter` with its own round bookkeeping.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Combatant:
    """What every ruleset's combatant has: an id, a display name, a side and tactics."""

    id: str
    name: str
    side: str
    tactics: str


@dataclass(slots=True)
class Encounter:
    """A fight in progress. ``combatants`` keeps scenario order (dicts are ordered)."""

    ruleset: str
    combatants: dict[str, Combatant] = field(default_factory=dict)
    round: int = 0
    over: bool = False
    winner: str | None = None
