"""What a rule system must provide to run on the engine."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

import msgspec
from pydantic import BaseModel

from fracas.engine.context import Context
from fracas.engine.errors import FracasError
from fracas.engine.events import Event
from fracas.engine.state import Encounter


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

    def rest_action(
        self, state: StateT, hours: int, medic: str | None, vehicle: str = "none"
    ) -> Action:
        """The action that lets ``hours`` of rest pass after the fight (``medic``: a
        combatant's id or name caring for the others; ``vehicle``: none, parked or moving).
        ``fracas rest`` logs it like any other action. Raises ``FracasError`` naming the
        field when the request does not fit this ruleset."""
        raise FracasError(f"the {self.name} ruleset has no rest after the fight")

    def demo(self) -> Demo | None:
        """The chapter's worked example, if this ruleset has one, for ``fracas demo``."""
        return None
