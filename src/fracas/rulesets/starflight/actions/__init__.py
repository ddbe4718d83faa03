"""The action registry (chapter 9.2, 'Character-Scale Actions').

Each action type is a tagged ``Action`` struct registered with its cost (free, move,
standard or full-round) and the function that resolves it. New action types (the chapter's
Charge, Grapple, stunts...) are added by registering them in a new module; nothing here or in
the existing actions changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from fracas.engine import Action, Context
from fracas.rulesets.starflight.state import Fighter

Cost = Literal["free", "move", "standard", "full"]
PHASES: dict[str, int] = {"free": 0, "move": 1, "standard": 1, "full": 2}
Resolver = Callable[[Context, Fighter, Any], None]


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


def load_builtin_actions() -> None:
    """Import the built-in action modules (each registers itself)."""
    from fracas.rulesets.starflight.actions import (  # noqa: F401
        attack,
        draw,
        face,
        move,
        prone,
        reload,
        snipe,
        standby,
    )
