"""Events: the only way state changes.

Every event is a small frozen ``msgspec.Struct`` tagged with its class name, so a log is a
list of JSON lines (``{"type": "Rolled", ...}``). An event changes the encounter only through
its own :meth:`Event.apply`; rules never assign to state themselves.

Each ruleset defines its own event classes next to its rules; the engine defines the few
that every ruleset shares (below).
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import msgspec

from fracas.engine.state import Encounter

StateT_contra = TypeVar("StateT_contra", bound="Encounter[Any]", contravariant=True)


class Event(
    msgspec.Struct,
    Generic[StateT_contra],
    frozen=True,
    tag=True,
    tag_field="type",
    kw_only=True,
    gc=False,
):
    """Base of all events. Subclasses override :meth:`apply` when they change state.

    Generic in the state it applies to: a ruleset's events subclass ``Event[ItsEncounter]``
    and their ``apply`` gets that encounter, typed. The engine's own events apply to any
    encounter (``Event[Encounter[Any]]``), so they fit every ruleset's log."""

    def apply(self, state: StateT_contra) -> None:
        """Change ``state`` as this event says. The default changes nothing."""


#: the engine's own events apply to every ruleset's encounter
EngineEvent = Event[Encounter[Any]]


class EncounterStarted(EngineEvent, frozen=True, kw_only=True):
    """First line of every log: the ruleset and the validated scenario it was built from."""

    ruleset: str
    scenario: dict[str, Any]


class Rolled(EngineEvent, frozen=True, kw_only=True):
    """A random number, with what it was for (``purpose``) and the dice (``dice``)."""

    purpose: str
    dice: str
    value: int


class Acted(EngineEvent, frozen=True, kw_only=True):
    """A decision: who acted and the action itself (as data). Starts each action's events,
    so undo and resume know where one action ends and the next begins.

    ``action`` is the action as given to :meth:`~fracas.engine.session.Session.act` (a frozen
    tagged Struct) in a live session, and the same object as a ``dict`` in a log decoded from
    JSON; both encode to the same JSON bytes (``{"action": "Declare", "actor": ...}``)."""

    actor: str | None
    action: Any


class RoundStarted(EngineEvent, frozen=True, kw_only=True):
    """A new combat round begins."""

    round: int

    def apply(self, state: Encounter[Any]) -> None:
        state.round = self.round


class EncounterEnded(EngineEvent, frozen=True, kw_only=True):
    """The fight is over: ``winner`` is a side name, or ``None`` for no winner (draw, timeout)."""

    winner: str | None
    reason: str

    def apply(self, state: Encounter[Any]) -> None:
        state.over = True
        state.winner = self.winner


class Note(EngineEvent, frozen=True, kw_only=True):
    """Free text for the account (a GM's remark, a rule's explanation). Changes nothing."""

    text: str


class Marked(EngineEvent, frozen=True, kw_only=True):
    """The GM puts a condition with a duration on ``target``: ``name``, a ``note``, and the
    round it ends at the start of (``until``; ``None``: until taken off). ``rules``: the
    name is one of the ruleset's own conditions (put on by the ruleset's own events before
    this one). Changes no state: what remains is derived from the log and the current round
    (:mod:`fracas.engine.marks`), so undo and rewinding need nothing more."""

    target: str
    name: str
    note: str = ""
    until: int | None = None
    rules: bool = False


class Unmarked(EngineEvent, frozen=True, kw_only=True):
    """The GM takes the condition ``name`` off ``target`` before it ends by itself."""

    target: str
    name: str


ENGINE_EVENTS: tuple[type[Event[Any]], ...] = (
    EncounterStarted,
    Acted,
    Rolled,
    RoundStarted,
    EncounterEnded,
    Note,
    Marked,
    Unmarked,
)
