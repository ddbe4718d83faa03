"""What a rule system must provide to run on the engine."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import msgspec
from pydantic import BaseModel

from fracas.engine.action import Action
from fracas.engine.context import Context
from fracas.engine.errors import FracasError, IllegalAction
from fracas.engine.events import Event
from fracas.engine.state import Encounter
from fracas.engine.view import UNHURT, Card

if TYPE_CHECKING:
    from fracas.engine.overrides import Override

__all__ = ["Action", "Choice", "Demo", "Hit", "Pending", "Ruleset"]


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


#: Damage one combatant took in a fight, for analysis: ``(dealer, target, amount)``;
#: ``dealer`` is whose blow or shot it was (``None`` when it was no one's: bleeding, a fall),
#: ``amount`` is in the ruleset's own unit of damage (hit points, HPS, NHP + HP...). A plain
#: tuple: a sim reads millions of them.
Hit = tuple[str | None, str, int]


@dataclass(frozen=True, slots=True)
class Pending:
    """Whose decision the fight waits for: ``actor`` (``None`` for round upkeep) and a prompt."""

    actor: str | None
    prompt: str


def action_fields(action: Any) -> dict[str, Any]:
    """An action as a ``dict`` of its fields, its tag under ``"action"`` (a Struct from a
    live session, or the ``dict`` a decoded log holds)."""
    if isinstance(action, dict):
        return action
    if isinstance(action, msgspec.Struct):
        out: dict[str, Any] = {f: getattr(action, f) for f in action.__struct_fields__}
        out["action"] = action.__struct_config__.tag
        return out
    return {}


def words(tag: str) -> str:
    """``StuntMove`` -> ``stunt move``."""
    out = []
    for i, ch in enumerate(tag):
        if ch.isupper() and i and not tag[i - 1].isupper():
            out.append(" ")
        out.append(ch.lower())
    return "".join(out).replace("_", " ")


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
    #: What the ruleset calls the unit of time ``state.round`` counts, for messages outside
    #: the account (undo, resume, ``--control``): "round" by default, "unit" in EXP.
    round_word: ClassVar[str] = "round"
    #: The module holding the ruleset's fast paths (batch kernel, exact odds, advisor), whose
    #: ``FAST_PATHS`` is a ``fracas.sim.fast.FastPaths``; None: it has none. A dotted name,
    #: imported only when an analysis asks for it (docs/adding-a-ruleset.md, "Fast paths").
    fast_paths: ClassVar[str | None] = None

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

    def rest_action(
        self, state: StateT, hours: int, medic: str | None, vehicle: str = "none"
    ) -> Action:
        """The action that lets ``hours`` of rest pass after the fight (``medic``: a
        combatant's id or name caring for the others; ``vehicle``: none, parked or moving).
        ``fracas rest`` logs it like any other action. Raises ``FracasError`` naming the
        field when the request does not fit this ruleset."""
        raise FracasError(f"the {self.name} ruleset has no rest after the fight")

    def notes(self, scenario: Any) -> list[str]:
        """Warnings about a valid scenario for ``fracas check``: a field that probably does
        not say what its author meant, or a rule the chapter leaves to another chapter that
        the scenario touches. Each note names its field. The default has none."""
        return []

    def demo(self) -> Demo | None:
        """The chapter's worked example, if this ruleset has one, for ``fracas demo``."""
        return None

    # -- analysis (``fracas.sim`` knows no game: these say what a finished fight means) ----
    def outcome(self, state: StateT, combatant_id: str) -> str:
        """How the finished fight ``state`` ended for one combatant, in the chapter's words
        ("dead", "unconscious", "stunned", "conceded", "withdrawn", "standing"...). The
        default says only whether its side won, lost or drew."""
        if state.winner is None:
            return "drew"
        return "won" if state.combatants[combatant_id].side == state.winner else "lost"

    def notable(self, log: Sequence[Event[Any]], state: StateT) -> Iterable[str]:
        """The name of each notable thing that happened in a finished fight's ``log``
        ("fumble", "breakage", "disarm", "oops", "critical", "blue-on-blue"...), once per
        occurrence, in log order. ``state`` is the state at the end (for sides and names).
        It takes the whole log because some of them (a blow on one's own side) are known
        only from the events around them. The default names none."""
        return ()

    def damage(self, log: Sequence[Event[Any]], state: StateT) -> Iterable[Hit]:
        """Every :class:`Hit` in a finished fight's ``log``, in log order: who dealt it, who
        took it, how much. The whole log, because who dealt a blow is often told by an
        earlier event (the attack roll). The default finds none."""
        return ()

    def choice_kind(self, action: Any) -> str | None:
        """What kind of choice ``action`` (an ``Acted`` event's action: a Struct in a live
        session, a ``dict`` in a decoded log) was, for "what the tactics did": the action's
        name in words, with the weapon it uses if it names one ("attack (dagger)"). ``None``
        leaves it out (an action of the round itself). A ruleset refines this where its
        actions carry the choice in a field (a stance, a target's kind)."""
        fields = action_fields(action)
        tag = fields.get("action")
        if not isinstance(tag, str) or fields.get("actor") is None:
            return None
        kind = words(tag)
        weapon = fields.get("weapon")
        return f"{kind} ({weapon})" if isinstance(weapon, str) and weapon else kind

    def choices(self, log: Sequence[Event[Any]], state: StateT) -> Iterable[tuple[str, str]]:
        """``(combatant id, kind)`` of every decision in a finished fight's ``log``, in log
        order (see :meth:`choice_kind`): what ``fracas sim`` reports as what the tactics
        did."""
        from fracas.engine.events import Acted

        for event in log:
            if isinstance(event, Acted) and event.actor is not None:
                kind = self.choice_kind(event.action)
                if kind is not None:
                    yield event.actor, kind

    def health_left(self, state: StateT, combatant_id: str) -> tuple[str, int] | None:
        """What ``combatant_id`` has left at the end, as ``(label, value)``: the first pool
        its card shows (hit points, NHP, HPS...). ``None`` when it shows none."""
        bars = self.card(state, combatant_id).bars
        return (bars[0].label, bars[0].value) if bars else None

    def analyse(self, log: Sequence[Event[Any]], state: StateT) -> tuple[list[str], list[Hit]]:
        """``notable`` and ``damage`` of one finished fight together. The default calls both;
        a ruleset may read its log once for both instead (``fracas sim`` calls this once per
        fight, and a pass over a log costs about as much as the reading of it)."""
        return list(self.notable(log, state)), list(self.damage(log, state))
