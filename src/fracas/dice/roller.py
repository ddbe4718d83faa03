"""Where every random number comes from: seeded, scripted, or asked of a person.

A roller has one method, ``roll(expr, purpose) -> int``: it rolls the dice expression
(text or a parsed :class:`~fracas.dice.ast.Expr`) and returns its TOTAL. ``purpose`` says who
rolls for what ("Ondkille attack"); the scripted and asking rollers put it in their messages.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable, Iterable
from typing import Protocol

from fracas.dice.ast import Expr
from fracas.dice.errors import DiceError, ImpossibleRoll, ScriptExhausted
from fracas.dice.parser import parse
from fracas.dice.readings import Reading, face, face_hint, total, zero_hint


class Roller(Protocol):
    """Where every random number comes from: ``roll`` returns the total of ``expr``."""

    def roll(self, expr: str | Expr, purpose: str) -> int: ...


def _label(expr: str | Expr) -> str:
    """The dice as the caller wrote them, for messages (``d100``, ``2D6-1``)."""
    return expr.strip() if isinstance(expr, str) else expr.text


class SeededRoller:
    """Pseudo-random rolls that are the same for the same seed on every machine.

    The generator is ``random.Random(seed)`` (Mersenne Twister). Python guarantees that its
    ``random()`` method keeps producing the same sequence for the same seed across versions;
    it does not guarantee that for ``randint``/``randrange``, so every die is drawn as
    ``int(random() * sides) + 1`` — one ``random()`` per die, dice in the order they are
    written. (``int(random() * sides)`` is below ``sides`` for every size allowed.) A seed is a
    whole number; like ``random.Random``, a negative seed gives the same rolls as its absolute
    value.

    Example::

        >>> from fracas import SeededRoller
        >>> dice = SeededRoller(7)
        >>> dice.roll("2D6-1", "Joanne damage"), dice.roll("d100", "Joanne attack")
        (2, 66)
    """

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise DiceError(f"a seed must be a whole number, not {seed!r}")
        self.seed = seed
        self._random = random.Random(seed).random

    @property
    def generator(self) -> Callable[[], float]:
        """The ``random()`` every die is drawn from (``int(random() * sides) + 1``), for a
        caller that draws a lone die itself (``fracas.engine.context.Context.roll``)."""
        return self._random

    def roll(self, expr: str | Expr, purpose: str) -> int:
        """Roll ``expr`` and return its total (``purpose`` is not used: nothing to report)."""
        e = expr if isinstance(expr, Expr) else parse(expr)
        sides = e.lone_sides
        if sides:  # one die, maybe plus a constant: the common case, kept short
            return int(self._random() * sides) + e.offset
        rnd = self._random
        result = e.offset
        for signed_sides in e.faces:
            result += int(rnd() * signed_sides)
        return result


class ScriptedRoller:
    """Rolls given in advance: each value is the TOTAL of one roll, used in order.

    For the chapters' worked examples and for ``fracas fight --rolls FILE``. A value that the
    dice cannot show raises :class:`~fracas.dice.errors.ImpossibleRoll`; asking for more rolls
    than were given raises :class:`~fracas.dice.errors.ScriptExhausted` (both DiceErrors) and
    uses nothing up. A :class:`~fracas.dice.readings.Reading` (from :func:`read_rolls`) written
    as ``0``/``00``/``000`` stands for the top face of a lone d10/d100/d1000.

    Example::

        >>> from fracas import ScriptedRoller
        >>> dice = ScriptedRoller([17, 9])
        >>> dice.roll("d100", "Joanne attack"), dice.roll("2D6-1", "Joanne damage")
        (17, 9)
        >>> dice.roll("d100", "Ondkille parry")
        Traceback (most recent call last):
        ...
        fracas.dice.errors.ScriptExhausted: scripted rolls ran out at roll 3 (Ondkille parry, d100)
    """

    __slots__ = ("_values", "used")

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        for value in self._values:
            if isinstance(value, bool) or not isinstance(value, int):
                raise DiceError(f"scripted rolls must be whole numbers, not {value!r}")
        #: How many values have been used so far.
        self.used = 0

    @property
    def remaining(self) -> int:
        """How many values are left."""
        return len(self._values) - self.used

    @property
    def values(self) -> tuple[int, ...]:
        """Every value given, used or not."""
        return tuple(self._values)

    def roll(self, expr: str | Expr, purpose: str) -> int:
        """Return the next value, checked against the dice of ``expr``."""
        e = expr if isinstance(expr, Expr) else parse(expr)
        if self.used >= len(self._values):
            raise ScriptExhausted(self.used + 1, purpose, _label(expr))
        raw = self._values[self.used]
        value = total(raw, e)
        if not e.minimum <= value <= e.maximum:
            where = raw.where if isinstance(raw, Reading) else ""
            hint = zero_hint(e) if where else ""
            raise ImpossibleRoll(value, _label(expr), purpose, e.minimum, e.maximum, where, hint)
        self.used += 1
        return value


def _print_to_stderr(message: str) -> None:
    print(message, file=sys.stderr)


class AskRoller:
    """Asks a person for every roll: dice rolled at the table, typed in.

    The question shows the purpose and the dice: ``Ondkille attack — roll d100: ``. The answer
    is either the total (``17``; for a lone d10/d100/d1000 also its zero reading ``0``/``00``/
    ``000``), or, when the expression has several dice, each die's face separated by spaces
    or commas (``3 5`` for 2D6, ``0 7`` for 2d10 where 0 reads as 10) — the constant is added.
    A bad answer is explained and the question asked again. At the end of the input
    (EOFError) it raises ``DiceError("no more input ...")``.

    ``prompt`` asks and returns the answer (default: :func:`input`); ``output`` shows why an
    answer was refused (default: a line on stderr). Tests pass their own.

    Example::

        >>> from fracas import AskRoller
        >>> answers = iter(["13", "3 5"])
        >>> dice = AskRoller(prompt=lambda question: next(answers), output=print)
        >>> dice.roll("2D6", "Joanne damage")
        13 is impossible for 2D6: must be 2..12; try again
        8
    """

    __slots__ = ("output", "prompt")

    def __init__(
        self,
        prompt: Callable[[str], str] = input,
        output: Callable[[str], None] = _print_to_stderr,
    ) -> None:
        self.prompt = prompt
        self.output = output

    def roll(self, expr: str | Expr, purpose: str) -> int:
        """Ask until the answer is a possible total of ``expr``, and return it."""
        e = expr if isinstance(expr, Expr) else parse(expr)
        question = f"{purpose} — roll {_label(expr)}: "
        while True:
            try:
                answer = self.prompt(question)
            except EOFError:
                raise DiceError(f"no more input ({purpose}, {_label(expr)})") from None
            value, problem = read_answer(answer, e)
            if value is not None:
                return value
            self.output(f"{problem}; try again")


_SEPARATORS = re.compile(r"[\s,]+")


def read_answer(answer: str, expr: Expr) -> tuple[int | None, str]:
    """Read a typed answer for ``expr``: ``(total, "")`` or ``(None, why it was refused)``."""
    tokens = [t for t in _SEPARATORS.split(answer.strip()) if t]
    span = f"{expr.minimum}..{expr.maximum}"
    if not tokens:
        return None, f"type the total of {expr.text} ({span}){zero_hint(expr)}"
    if len(tokens) == 1:
        try:
            value = total(Reading(tokens[0]), expr)
        except ValueError:
            shown = _short(tokens[0])
            return None, f"{shown} is not a number: type the total of {expr.text} ({span})"
        if not expr.minimum <= value <= expr.maximum:
            return None, f"{value} is impossible for {expr.text}: must be {span}{zero_hint(expr)}"
        return value, ""
    return _read_faces(tokens, expr)


def _read_faces(tokens: list[str], expr: Expr) -> tuple[int | None, str]:
    dice = [(count > 0, sides) for count, sides in expr.dice for _ in range(abs(count))]
    if len(tokens) != len(dice):
        return None, (
            f"{expr.text} has {len(dice)} {'die' if len(dice) == 1 else 'dice'}, "
            f"not {len(tokens)}: type the total or one face per die"
        )
    result = expr.constant
    for token, (added, sides) in zip(tokens, dice, strict=True):
        value = face(token, sides)
        if value is None:
            hint = face_hint(sides)
            return None, f"{_short(token)} is not a face of a D{sides}: must be 1..{sides}{hint}"
        result += value if added else -value
    return result, ""


def _short(token: str) -> str:
    """A typed token quoted for a message, cut when it is long."""
    return repr(token) if len(token) <= 24 else repr(token[:20]) + "..."
