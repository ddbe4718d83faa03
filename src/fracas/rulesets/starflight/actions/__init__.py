"""The action registry (chapter 9.2, 'Character-Scale Actions').

Each action type is a tagged ``Action`` struct registered with its cost (free, move,
standard or full-round), the function that resolves it, and optionally the function that
lists the actor's legal choices of that type now (``choices``) and one that prices a
particular action when its cost depends on what it does (``cost_of``: a Move under 6 m is a
free step). New action types (the chapter's Charge, Grapple, stunts...) are added by
registering them in a new module; nothing here or in the existing actions changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from fracas.engine import Action, Choice, Context
from fracas.rulesets.starflight.state import Fight, Fighter

Cost = Literal["free", "move", "standard", "full"]
PHASES: dict[str, int] = {"free": 0, "move": 1, "standard": 1, "full": 2}
Resolver = Callable[[Context, Fighter, Any], None]
Chooser = Callable[[Fight, Fighter], list[Choice]]
Pricer = Callable[[Fight, Fighter, Any], Cost]


@dataclass(frozen=True, slots=True)
class ActionKind:
    """A registered action type: its class, cost, resolver, and optional chooser/pricer."""

    cls: type[Action]
    cost: Cost
    resolve: Resolver
    choices: Chooser | None = None
    cost_of: Pricer | None = None

    @property
    def phases(self) -> int:
        """Action phases it uses (a full-round action needs the whole turn)."""
        return PHASES[self.cost]

    def phases_for(self, fight: Fight, c: Fighter, action: Action) -> int:
        """Action phases this particular action uses (its pricer may raise IllegalAction)."""
        if self.cost_of is None:
            return self.phases
        return PHASES[self.cost_of(fight, c, action)]


REGISTRY: dict[type[Action], ActionKind] = {}


def register(
    cls: type[Action],
    cost: Cost,
    *,
    choices: Chooser | None = None,
    cost_of: Pricer | None = None,
) -> Callable[[Resolver], Resolver]:
    """Register ``cls`` as an action costing ``cost`` resolved by the decorated function;
    ``choices`` lists the legal actions of this type for a combatant now."""

    def decorate(fn: Resolver) -> Resolver:
        REGISTRY[cls] = ActionKind(cls, cost, fn, choices, cost_of)
        return fn

    return decorate


def lists_choices(cls: type[Action]) -> Callable[[Chooser], Chooser]:
    """Attach the decorated chooser to the already registered ``cls`` (for a module that
    registers its resolver first and lists its choices below it)."""

    def decorate(fn: Chooser) -> Chooser:
        REGISTRY[cls] = replace(REGISTRY[cls], choices=fn)
        return fn

    return decorate


def load_builtin_actions() -> None:
    """Import the built-in action modules (each registers itself)."""
    from fracas.rulesets.starflight import (  # noqa: F401
        mount,
        raise_lower_shield,
        ready,
        run,
        speak,
        stunts,
        use_skill,
    )
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
