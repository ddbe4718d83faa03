"""The context a rule resolves in: the state, the dice and the way to emit events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

from fracas.dice import SeededRoller, parse
from fracas.engine.events import Event, Rolled
from fracas.engine.state import Encounter

if TYPE_CHECKING:
    from collections.abc import Callable

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

    __slots__ = ("_random", "_roller", "log", "options", "state")

    def __init__(
        self, state: StateT, roller: Roller, options: OptionsT, log: list[Event[Any]]
    ) -> None:
        self.state = state
        self.roller = roller
        self.options = options
        self.log = log

    @property
    def roller(self) -> Roller:
        """Where the rolls come from."""
        return self._roller

    @roller.setter
    def roller(self, roller: Roller) -> None:
        self._roller = roller
        # a SeededRoller's generator, drawn from directly (``roll``): the same
        # ``int(random() * sides) + offset`` per die as ``SeededRoller.roll``, one call less
        self._random: Callable[[], float] | None = (
            roller.generator if type(roller) is SeededRoller else None
        )

    def emit(self, event: Event[StateT]) -> None:
        """Apply ``event`` to the state and append it to the log."""
        event.apply(self.state)
        self.log.append(event)

    def roll(self, dice: str | Expr, purpose: str) -> int:
        """Roll ``dice`` for ``purpose`` and record the result as a ``Rolled`` event.

        The event holds the normalised notation (``d%`` and ``1d100`` are both ``D100``)."""
        expr = parse(dice) if isinstance(dice, str) else dice
        rnd = self._random
        if rnd is None:
            value = self._roller.roll(expr, purpose)
        elif expr.lone_sides:
            value = int(rnd() * expr.lone_sides) + expr.offset
        else:  # several dice: ``SeededRoller.roll``'s loop, the same draws in the same order
            value = expr.offset
            for signed_sides in expr.faces:
                value += int(rnd() * signed_sides)
        self.log.append(Rolled(purpose=purpose, dice=expr.text, value=value))
        return value
