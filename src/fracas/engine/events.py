"""Events: the only way state changes.

Every event is a small frozen ``msgspec.Struct`` tagged with its class name, so a log is a
list of JSON lines (``{"type": "Rolled", ...}``). An event changes the encounter only through
its own :meth:`Event.apply`; rules never assign to state themselves.

Each ruleset defines its own event classes next to its rules; the engine defines the few
that every ruleset shares (below).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from fracas.engine.state import Encounter


class Event(msgspec.Struct, frozen=True, tag=True, tag_field="type", kw_only=True):
    """Base of all events. Subclasses override :meth:`apply` when they change state."""

    def apply(self, state: Encounter) -> None:
        """Change ``state`` as this event says. The default changes nothing."""


class EncounterStarted(Event, frozen=True, kw_only=True):
    """First line of every log: the ruleset and the validated scenario it was built from."""

    ruleset: str
    scenario: dict[str, Any]


class Rolled(Event, frozen=True, kw_only=True):
    """A random number, with what it was for (``purpose``) and the dice (``dice``)."""

    purpose: str
    dice: str
    value: int


class Acted(Event, frozen=True, kw_only=True):
    """A decision: who acted and the action itself (as data). Starts each action's events,
    so undo and resume know where one action ends and the next begins.

    ``action`` is the action as given to :meth:`~fracas.engine.session.Session.act` (a frozen
    tagged Struct) in a live session, and the same object as a ``dict`` in a log decoded from
    JSON; both encode to the same JSON bytes (``{"action": "Declare", "actor": ...}``)."""

    actor: str | None
    action: Any


class RoundStarted(Event, frozen=True, kw_only=True):
    """A new combat round begins."""

    round: int

    def apply(self, state: Encounter) -> None:
        state.round = self.round


class EncounterEnded(Event, frozen=True, kw_only=True):
    """The fight is over: ``winner`` is a side name, or ``None`` for no winner (draw, timeout)."""

    winner: str | None
    reason: str

    def apply(self, state: Encounter) -> None:
        state.over = True
        state.winner = self.winner


class Note(Event, frozen=True, kw_only=True):
    """Free text for the account (a GM's remark, a rule's explanation). Changes nothing."""

    text: str


ENGINE_EVENTS: tuple[type[Event], ...] = (
    EncounterStarted,
    Acted,
    Rolled,
    RoundStarted,
    EncounterEnded,
    Note,
)
