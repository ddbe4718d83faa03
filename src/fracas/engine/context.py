"""The context a rule resolves in: the state, the dice and the way to emit events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

from fracas.dice import parse
from fracas.engine.events import Event, Rolled
from fracas.engine.state import Encounter

if TYPE_CHECKING:
    from fracas.dice import Expr, Roller

StateT = TypeVar("StateT", bound="Encounter[Any]")
OptionsT = TypeVar("OptionsT")


class Context(Generic[StateT, OptionsT]):
    """Hands a rule the state, the options and a roller, and records what it does.

    A rule reads ``ctx.state`` and ``ctx.options``, rolls with :meth:`roll` (which records a
    :class:`~fracas.engine.events.Rolled` event with the purpose) and changes the state only
    with :meth:`emit`, which applies the event at once so that later steps of the same rule
    see its effect, and appends it to the log. Generic in the ruleset's state and options
    types, so ``ctx.state`` and ``ctx.options`` are typed in the rules.
    """

    __slots__ = ("log", "options", "roller", "state")

    def __init__(
        self, state: StateT, roller: Roller, options: OptionsT, log: list[Event[Any]]
    ) -> None:
        self.state = state
        self.roller = roller
        self.options = options
        self.log = log

    def emit(self, event: Event[StateT]) -> None:
        """Apply ``event`` to the state and append it to the log."""
        event.apply(self.state)
        self.log.append(event)

    def roll(self, dice: str | Expr, purpose: str) -> int:
        """Roll ``dice`` for ``purpose`` and record the result as a ``Rolled`` event.

        The event holds the normalised notation (``d%`` and ``1d100`` are both ``D100``)."""
        expr = parse(dice) if isinstance(dice, str) else dice
        value = self.roller.roll(expr, purpose)
        text = expr.text
        self.log.append(Rolled(purpose=purpose, dice=text, value=value))
        return value
