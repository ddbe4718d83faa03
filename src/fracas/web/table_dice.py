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

from fracas.web.access import Visitor
from fracas.web.live import LiveEncounter

MODES = ("engine", "table")


@dataclass(frozen=True, slots=True)
class SavedRoll:
    """The roll panel last shown for the pending action: at ``length``, for ``actor``."""

    length: int
    actor: str | None
    html: str


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


def save_roll(live: LiveEncounter, length: int, actor: str | None, html: str) -> None:
    table(live).roll = SavedRoll(length, actor, html)


def drop_roll(live: LiveEncounter) -> None:
    table(live).roll = None


def saved_roll(live: LiveEncounter, visitor: Visitor) -> str:
    """The roll panel to show again on a (re)loaded page, or ''."""
    roll = table(live).roll
    if roll is None:
        return ""
    if roll.length != live.length:
        table(live).roll = None
        return ""
    if visitor.is_gm or (roll.actor is not None and roll.actor in visitor.combatants):
        return roll.html
    return ""
