"""Dice from the table that stick: each combatant's dice mode (engine or typed in), and the
dice already typed in for the pending action, both kept on the server so that a reload or a
second device finds them.

Kept in the server's memory, per encounter (a restart forgets them, as it forgets the redo
stack). A saved roll belongs to the log length it was asked at: once the fight moves on it is
dropped, and it is shown only to a visitor who may act for its actor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

from fracas.engine import Action
from fracas.web.access import Visitor
from fracas.web.live import LiveEncounter
from fracas.web.rolls import NeedRoll

MODES = ("engine", "table")


@dataclass(frozen=True, slots=True)
class SavedRoll:
    """The die last asked for the pending action: at ``length``, for ``actor``; ``action``
    is what was chosen (the action itself, or ``None`` for the tactics' choice), ``need``
    the die asked for with the answers so far. Kept as data, not as a page: each visitor's
    panel is rendered from their own view (their decision, their choice numbers, the die's
    purpose with hidden combatants' names taken out) when it is shown."""

    length: int
    actor: str | None
    action: Action | None
    need: NeedRoll


@dataclass
class TableDice:
    modes: dict[str, str] = field(default_factory=dict)
    roll: SavedRoll | None = None


_tables: WeakKeyDictionary[LiveEncounter, TableDice] = WeakKeyDictionary()


def table(live: LiveEncounter) -> TableDice:
    found = _tables.get(live)
    if found is None:
        found = _tables[live] = TableDice()
    return found


def mode_of(live: LiveEncounter, actor: str | None) -> str:
    """The dice mode last chosen for ``actor`` (engine until one is chosen)."""
    return table(live).modes.get(actor or "", "engine")


def set_mode(live: LiveEncounter, actor: str | None, mode: str) -> None:
    table(live).modes[actor or ""] = mode


def save_roll(
    live: LiveEncounter, length: int, actor: str | None, action: Action | None, need: NeedRoll
) -> None:
    table(live).roll = SavedRoll(length, actor, action, need)


def drop_roll(live: LiveEncounter) -> None:
    table(live).roll = None


def saved_roll(live: LiveEncounter, visitor: Visitor) -> SavedRoll | None:
    """The die asked for the pending action, to show again on a (re)loaded page (only to a
    visitor who may act for its actor), or ``None``."""
    roll = table(live).roll
    if roll is None:
        return None
    if roll.length != live.length:
        table(live).roll = None
        return None
    if visitor.is_gm or (roll.actor is not None and roll.actor in visitor.combatants):
        return roll
    return None
