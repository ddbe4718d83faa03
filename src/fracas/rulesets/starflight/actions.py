"""The actions of a Starflight fight and their registry (chapter 9.2, 'Character-Scale Actions').

Each action type is a tagged ``Action`` struct registered with its cost (free, move,
standard or full-round) and the function that resolves it. The resolvers live in modules
named after the chapter's actions (``attack_action``, ``draw_sheathe``, ``facing``,
``move_action``, ``prone``, ``reload``, ``snipe``, ``standby``), each registering its own with
:func:`register`; ``ruleset`` imports them all. New action types (the chapter's Charge,
Grapple, stunts...) are added by declaring the struct here and registering its resolver in a
new module; nothing in the existing actions changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import msgspec

from fracas.engine import Action
from fracas.rulesets.starflight.state import Fighter, StarflightContext

Cost = Literal["free", "move", "standard", "full"]
PHASES: dict[str, int] = {"free": 0, "move": 1, "standard": 1, "full": 2}
Resolver = Callable[[StarflightContext, Fighter, Any], None]


@dataclass(frozen=True, slots=True)
class ActionKind:
    """A registered action type: its class, cost and resolver."""

    cls: type[Action]
    cost: Cost
    resolve: Resolver

    @property
    def phases(self) -> int:
        """Action phases it uses (a full-round action needs the whole turn)."""
        return PHASES[self.cost]


REGISTRY: dict[type[Action], ActionKind] = {}


def register(cls: type[Action], cost: Cost) -> Callable[[Resolver], Resolver]:
    """Register ``cls`` as an action costing ``cost`` resolved by the decorated function."""

    def decorate(fn: Resolver) -> Resolver:
        REGISTRY[cls] = ActionKind(cls, cost, fn)
        return fn

    return decorate


class Strike(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon (index in the combatant's list; None = unarmed) fired/swung at a target."""

    target: str
    weapon: int | None = None
    shots: int = 1


class Attack(Action, frozen=True, kw_only=True):
    """'A regular Attack counts as a Standard Action'."""

    strikes: list[Strike]


class Draw(Action, frozen=True, kw_only=True):
    """Draw the weapon at index ``weapon`` of the combatant's list."""

    weapon: int


class Sheathe(Action, frozen=True, kw_only=True):
    """Put away the weapon at index ``weapon``."""

    weapon: int


class Face(Action, frozen=True, kw_only=True):
    """Turn to face another combatant."""

    target: str


class Move(Action, frozen=True, kw_only=True):
    """Move towards (``toward``) or away from (``away_from``) a combatant, at most ``metres``
    (default: as far as the movement points allow); ``withdraw`` leaves the fight if the move
    ends beyond fifteen increments of every hostile."""

    toward: str | None = None
    away_from: str | None = None
    metres: int | None = None
    withdraw: bool = False


class DropProne(Action, frozen=True, kw_only=True):
    """'A combatant may drop Prone as a free action.'"""


class StandUp(Action, frozen=True, kw_only=True):
    """'they may spend a move action to stand back up'."""


class Reload(Action, frozen=True, kw_only=True):
    """Spend a phase reloading the weapon at index ``weapon``."""

    weapon: int


class Snipe(Action, frozen=True, kw_only=True):
    """'Sniping attacks are full-round actions.'"""

    target: str
    weapon: int


class Standby(Action, frozen=True, kw_only=True):
    """Pass one action phase."""
