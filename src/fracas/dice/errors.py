"""What can go wrong with dice: a bad expression, a bad or missing roll, a too-large question.

Every error is a :class:`DiceError`, itself a :class:`ValueError`, so a caller that only wants
"bad input" catches one class; the subclasses carry the details as attributes for callers that
want to say more (a web form pointing at a column, a test checking which roll ran out).
"""

from __future__ import annotations


class DiceError(ValueError):
    """A dice expression or a roll that cannot be used.

    Example::

        >>> from fracas import SeededRoller
        >>> SeededRoller(1).roll("2d", "Joanne damage")
        Traceback (most recent call last):
        ...
        fracas.dice.errors.DiceSyntaxError: 2d: expected a number of sides after 'd' at column 3
    """


class DiceSyntaxError(DiceError):
    """A dice expression that cannot be read, with the 1-based column of the problem.

    ``str(error)`` reads ``TEXT: PROBLEM at column N`` then, when there is more to say,
    ``: DETAIL`` — ``2d: expected a number of sides after 'd' at column 3``,
    ``d0: 0 sides at column 2: a die needs at least 1 side``.
    """

    def __init__(self, text: str, column: int, problem: str, detail: str = "") -> None:
        self.text = text
        self.column = column
        self.problem = problem
        self.detail = detail
        shown = text if text.strip() and text.isprintable() else repr(text)
        if len(shown) > 60:  # a long text: the column says where, the start is enough
            shown = shown[:40] + "..."
        message = f"{shown}: {problem} at column {column}"
        super().__init__(f"{message}: {detail}" if detail else message)


class ScriptExhausted(DiceError):
    """A :class:`~fracas.dice.ScriptedRoller` was asked for more rolls than it was given."""

    def __init__(self, number: int, purpose: str, dice: str) -> None:
        self.number = number
        self.purpose = purpose
        self.dice = dice
        super().__init__(f"scripted rolls ran out at roll {number} ({purpose}, {dice})")


class ImpossibleRoll(DiceError):
    """A scripted value that the dice cannot show (101 on d100, 1 on 2D6)."""

    def __init__(
        self,
        value: int,
        dice: str,
        purpose: str,
        minimum: int,
        maximum: int,
        where: str = "",
        hint: str = "",
    ) -> None:
        self.value = value
        self.dice = dice
        self.purpose = purpose
        self.minimum = minimum
        self.maximum = maximum
        prefix = f"{where}: " if where else ""
        super().__init__(
            f"{prefix}scripted roll {value} is impossible for {dice} ({purpose}): "
            f"must be {minimum}..{maximum}{hint}"
        )


class DistributionTooLarge(DiceError):
    """An exact distribution that would take too long to compute (``50D1000``)."""
