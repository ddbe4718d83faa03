"""What a rule system must provide to run on the engine."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import msgspec
from pydantic import BaseModel

from fracas.engine.context import Context
from fracas.engine.errors import IllegalAction
from fracas.engine.events import Event
from fracas.engine.state import Encounter
from fracas.engine.view import UNHURT, Card

if TYPE_CHECKING:
    from fracas.engine.overrides import Override


class Action(msgspec.Struct, frozen=True, kw_only=True, tag=True, tag_field="action"):
    """Something a combatant (or the round itself, ``actor=None``) does. Rulesets subclass it."""

    actor: str | None


@dataclass(frozen=True, slots=True)
class Demo:
    """A chapter's worked example: scenario data, the rolls it uses, and an introduction."""

    intro: str
    scenario: dict[str, Any]
    rolls: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """One action the pending actor may take now, as data, with a short label for a menu.

    ``kind`` groups choices for a front end ("attack", "move", "stance"...); ``action`` is
    exactly what :meth:`Ruleset.resolve` accepts (and what the tactics would return)."""

    label: str
    action: Action
    kind: str = ""


@dataclass(frozen=True, slots=True)
class Pending:
    """Whose decision the fight waits for: ``actor`` (``None`` for round upkeep) and a prompt."""

    actor: str | None
    prompt: str


StateT = TypeVar("StateT", bound=Encounter[Any])
ActionT = TypeVar("ActionT", bound=Action)
OptionsT = TypeVar("OptionsT")


class Ruleset(ABC, Generic[StateT, ActionT, OptionsT]):
    """One rule system. Subclasses live in ``fracas.rulesets.<name>``.

    The engine drives a fight as: ``build`` the state from a validated scenario, ``start``
    it (initiative and the like), then, while ``pending`` names a decision, get an action
    (``choose`` under the actor's tactics, or from a person) and ``resolve`` it.

    Generic in the ruleset's state (its ``Encounter`` subclass), the actions its tactics
    choose, and its options (what :meth:`options_of` returns and ``ctx.options`` holds), so a
    ruleset's rules and events are typed without casts. Code that serves every ruleset
    (``cli``, ``sim``, ``web``, the session) holds a ``Ruleset[Any, Any, Any]``.
    """

    name: ClassVar[str]
    scenario_model: ClassVar[type[BaseModel]]

    @abstractmethod
    def build(self, scenario: Any) -> StateT:
        """The state before anything is rolled, from a validated scenario model."""

    def options_of(self, scenario: Any) -> OptionsT:
        """The rule options a scenario selects (``scenario.options`` by default)."""
        none: Any = None  # a scenario without options: the ruleset's OptionsT is None
        options: OptionsT = getattr(scenario, "options", none)
        return options

    @abstractmethod
    def start(self, ctx: Context[StateT, OptionsT]) -> None:
        """Everything before the first decision: initiative, the first round."""

    @abstractmethod
    def pending(self, state: StateT) -> Pending | None:
        """The next decision the fight waits for, or ``None`` when the fight is over."""

    @abstractmethod
    def choose(self, state: StateT, pending: Pending) -> ActionT:
        """The action the pending actor's tactics choose (or the round's upkeep action)."""

    def legal_actions(self, state: StateT, pending: Pending) -> list[Choice]:
        """Every action the pending actor may take now, each resolvable without
        ``IllegalAction``; the tactics' choice is always among them. The CLI's ``--control``
        and the web tracker offer exactly this list."""
        raise NotImplementedError(f"the {self.name} ruleset does not list its legal actions")

    @abstractmethod
    def resolve(self, ctx: Context[StateT, OptionsT], action: Action) -> None:
        """Carry out ``action``: roll, emit events. Raise ``IllegalAction`` before any emit.

        ``action`` is any ``Action`` (a person's or a log's may belong to another ruleset):
        the ruleset refuses what is not one of its own with ``IllegalAction``."""

    @abstractmethod
    def event_types(self) -> Sequence[type[Event[Any]]]:
        """Every event class this ruleset emits (the engine's own are added)."""

    def action_types(self) -> Sequence[type[ActionT]]:
        """Every action class this ruleset accepts (for front ends and saved decisions)."""
        return ()

    def describe(self, event: Event[Any], state: StateT) -> str | None:
        """One line of the readable account for ``event`` (``state`` is after it), or None."""
        return None

    def summary(self, state: StateT) -> list[str]:
        """Closing lines of the account: each combatant's condition at the end."""
        return []

    # -- front ends: what the table sees, what the GM changes by hand ------------------------
    def card(self, state: StateT, combatant_id: str) -> Card:
        """``combatant_id`` as a front end shows it (see :class:`~fracas.engine.view.Card`):
        the public part (name, side, wound level, visible conditions) and the private part
        (bars, details) that only the GM and the combatant's player see. The default knows
        only the engine's fields."""
        c = state.combatants[combatant_id]
        return Card(id=c.id, name=c.name, side=c.side, wound=UNHURT)

    def turn_order(self, state: StateT) -> list[str]:
        """Combatant ids in the order they act this round (default: scenario order)."""
        return list(state.combatants)

    def gm_conditions(self) -> Sequence[str]:
        """The conditions a GM may put on or take off a combatant by hand (``GmAddCondition``)."""
        return ()

    def override_types(self) -> Sequence[type[Override]]:
        """The GM overrides this ruleset carries out (``GmEndFight`` at least)."""
        from fracas.engine.overrides import GmEndFight

        return (GmEndFight,)

    def override(self, ctx: Context[StateT, OptionsT], action: Override) -> None:
        """Carry out a GM override (:mod:`fracas.engine.overrides`): emit the events that make
        the change, or raise ``IllegalAction`` before any emit. The default ends the fight
        and refuses everything else."""
        from fracas.engine.events import EncounterEnded
        from fracas.engine.overrides import GmEndFight

        if isinstance(action, GmEndFight):
            if ctx.state.over:
                raise IllegalAction("the fight is already over")
            sides = {c.side for c in ctx.state.combatants.values()}
            if action.winner is not None and action.winner not in sides:
                raise IllegalAction(f"winner: no side called {action.winner!r}")
            ctx.emit(EncounterEnded(winner=action.winner, reason=action.reason))
            return
        raise IllegalAction(f"the {self.name} ruleset does not support {type(action).__name__}")

    def demo(self) -> Demo | None:
        """The chapter's worked example, if this ruleset has one, for ``fracas demo``."""
        return None
