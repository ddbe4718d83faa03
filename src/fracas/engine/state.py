"""Encounter state: what an event log folds into.

State objects are plain mutable dataclasses for speed; they are changed only by
:meth:`fracas.engine.events.Event.apply`. Each ruleset subclasses :class:`Combatant` with its
own statistics and ``Encounter[ItsCombatant]`` with its own round bookkeeping.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar


@dataclass(slots=True)
class Combatant:
    """What every ruleset's combatant has: an id, a display name, a side and tactics."""

    id: str
    name: str
    side: str
    tactics: str


CombatantT = TypeVar("CombatantT", bound=Combatant)


@dataclass(slots=True)
class Encounter(Generic[CombatantT]):
    """A fight in progress. ``combatants`` keeps scenario order (dicts are ordered).

    Generic in the ruleset's combatant class: a ruleset's encounter subclasses
    ``Encounter[ItsCombatant]``, so ``state.combatants[name]`` is typed without casts."""

    ruleset: str
    combatants: dict[str, CombatantT] = field(default_factory=dict)
    round: int = 0
    over: bool = False
    winner: str | None = None
