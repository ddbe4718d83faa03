"""How a number typed or written by a person reads as a roll.

A value is the **total** of the expression, written as a whole number (``17``, ``-1``). One
physical convention is understood on top of that: a lone d10, d100 or d1000 (the expression
is that one die and nothing else) has no face marked 10, 100 or 1000, so its top face reads
as zeros. A ``0`` on a d10 is 10 (where a chapter says "0 counts as 10"), ``00`` on a d100 (or
``d%``) is 100, ``000`` on a kilodie (d1000: hundreds, tens and ones d10s) is 1000. The zeros
must be as many as the die's digits: ``0`` is not a d100 reading. Any other expression takes
the written number literally, so ``00`` for ``d100-1`` (a 0..99 percentile) is 0.

Values read from a rolls file are :class:`Reading` objects: whole numbers that remember how
they were written, so that a ``00`` in a file can meet its die later.
"""

from __future__ import annotations

import re

from fracas.dice.ast import Expr
from fracas.dice.errors import DiceError

#: The written form of the top face of each die that has no face marked with its size.
ZERO_READINGS: dict[int, str] = {10: "0", 100: "00", 1000: "000"}

#: a whole number as rolls are written: at most 18 digits (no total of any dice allowed comes
#: near that, and Python refuses to read numbers of thousands of digits)
_WHOLE = re.compile(r"-?[0-9]{1,18}")


class Reading(int):
    """A whole number read from text, remembering the ``text`` it was written as (``"00"``)
    and ``where`` it was read (``"rolls.txt: line 3"``, or ``""``)."""

    text: str
    where: str

    def __new__(cls, text: str, where: str = "") -> Reading:
        if not _WHOLE.fullmatch(text):
            raise ValueError(f"{text!r} is not a whole number")
        reading = super().__new__(cls, int(text))
        reading.text = text
        reading.where = where
        return reading

    def __reduce__(self) -> tuple[type[Reading], tuple[str, str]]:
        """Pickled (for worker processes) as the text and place it was read from."""
        return (Reading, (self.text, self.where))

    def __repr__(self) -> str:
        return f"Reading({self.text!r})"

    def __str__(self) -> str:
        return str(int(self))


def face(text: str, sides: int) -> int | None:
    """The face of one die of ``sides`` sides that ``text`` reads as, or None if it is none.

    ``face("0", 10) == 10``, ``face("00", 100) == 100``, ``face("7", 6) is None``.
    """
    text = text.strip()
    if text == ZERO_READINGS.get(sides):
        return sides
    if not _WHOLE.fullmatch(text):
        return None
    value = int(text)
    return value if 1 <= value <= sides else None


def total(value: int, expr: Expr) -> int:
    """The total a value stands for when it meets ``expr``.

    A plain int is its own total. A :class:`Reading` written as the zero reading of a lone
    d10/d100/d1000 stands for that die's top face; any other reading is its number. The
    caller checks the range.
    """
    lone = expr.lone_sides if expr.is_lone_die else 0
    if lone and isinstance(value, Reading) and value.text == ZERO_READINGS.get(lone):
        return lone
    return int(value)


def face_hint(sides: int) -> str:
    """A reminder of the zero reading of a die (``" (00 reads as 100)"``), or ``""``."""
    zeros = ZERO_READINGS.get(sides)
    return f" ({zeros} reads as {sides})" if zeros else ""


def zero_hint(expr: Expr) -> str:
    """The :func:`face_hint` of ``expr`` when it is a lone die, else ``""``."""
    return face_hint(expr.lone_sides) if expr.is_lone_die else ""


def read_rolls(text: str, source: str = "<rolls>") -> list[int]:
    """Read a rolls file: the totals of the rolls, in order, for a scripted fight.

    Whole numbers (``17``, ``-1``) separated by white space or new lines; ``#`` starts a
    comment that runs to the end of the line. Each value is a :class:`Reading`, so ``00`` is
    100 when it meets a lone d100 (see the module's documentation). Anything else raises
    ``DiceError("FILE: line 3: 'x7' is not a roll")``.
    """
    values: list[int] = []
    for number, line in enumerate(text.splitlines(), start=1):
        for token in line.split("#", 1)[0].split():
            if not _WHOLE.fullmatch(token):
                shown = repr(token) if len(token) <= 24 else repr(token[:20]) + "..."
                raise DiceError(f"{source}: line {number}: {shown} is not a roll")
            values.append(Reading(token, f"{source}: line {number}"))
    return values
