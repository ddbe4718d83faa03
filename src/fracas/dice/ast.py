"""The parsed form of a dice expression: frozen terms, and an :class:`Expr` ready to roll.

An expression is a sum of terms, each a group of dice (``2D6``, subtracted in ``D6-D4``) or a
whole-number constant. :class:`Expr` also holds what a roller needs on its hot path, worked
out once when the expression is built: ``dice`` as ``(signed count, sides)`` pairs, the summed
``constant``, ``minimum``/``maximum`` and ``lone_sides`` for the common one-die case.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` sides, added (or subtracted when ``negative``)."""

    count: int
    sides: int
    negative: bool = False

    @property
    def minimum(self) -> int:
        """The lowest this term adds to the total."""
        return -self.count * self.sides if self.negative else self.count

    @property
    def maximum(self) -> int:
        """The highest this term adds to the total."""
        return -self.count if self.negative else self.count * self.sides

    def notation(self) -> str:
        """The term without its sign, as ``2D6`` or ``D100`` (a count of one is left out)."""
        return f"{self.count if self.count != 1 else ''}D{self.sides}"


@dataclass(frozen=True, slots=True)
class Constant:
    """A whole number added to the total (negative when subtracted)."""

    value: int

    @property
    def negative(self) -> bool:
        """Whether the constant is subtracted."""
        return self.value < 0

    @property
    def minimum(self) -> int:
        """What this term adds to the total (it never varies)."""
        return self.value

    @property
    def maximum(self) -> int:
        """What this term adds to the total (it never varies)."""
        return self.value

    def notation(self) -> str:
        """The term without its sign."""
        return str(abs(self.value))


Term = Dice | Constant


def _text(terms: tuple[Term, ...]) -> str:
    parts: list[str] = []
    for i, term in enumerate(terms):
        sign = "-" if term.negative else ("+" if i else "")
        parts.append(sign + term.notation())
    return "".join(parts) or "0"


@dataclass(frozen=True, slots=True)
class Expr:
    """A dice expression: the sum of its ``terms``, rolled left to right.

    Build one with :func:`fracas.dice.parse`. Two expressions are equal when their terms are
    (``parse("2d6") == parse("2D6")``); the other fields are derived from the terms:

    - ``text``: the normalised notation, upper-case ``D``, no spaces, ``D%`` as ``D100``,
      a count of one left out (``1d10`` -> ``D10``);
    - ``dice``: ``(count, sides)`` per group of dice, the count negative when subtracted;
    - ``constant``: the sum of the constant terms;
    - ``minimum``/``maximum``: the lowest and highest totals (every total between them can
      be rolled);
    - ``lone_sides``: the number of sides when the expression is exactly one die plus an
      optional constant (``d100``, ``D4+1``), else 0 — the rollers' fast path;
    - ``faces`` and ``offset``: the compiled form a roller draws from. ``faces`` has one entry
      per die in the order written, its sides, negated when the die is subtracted; a roll is
      ``offset + sum(int(u * s) for s in faces)`` with one uniform ``u`` in [0, 1) per die
      (``int`` truncates towards zero, so a subtracted die gives ``-int(u * sides)``), and
      ``offset`` is the constant plus one per added die minus one per subtracted die.
    """

    terms: tuple[Term, ...]
    text: str = field(init=False, compare=False)
    dice: tuple[tuple[int, int], ...] = field(init=False, compare=False, repr=False)
    constant: int = field(init=False, compare=False, repr=False)
    minimum: int = field(init=False, compare=False, repr=False)
    maximum: int = field(init=False, compare=False, repr=False)
    lone_sides: int = field(init=False, compare=False, repr=False)
    faces: tuple[int, ...] = field(init=False, compare=False, repr=False)
    offset: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        groups = [t for t in self.terms if isinstance(t, Dice)]
        dice = tuple((-t.count if t.negative else t.count, t.sides) for t in groups)
        constant = sum(t.value for t in self.terms if isinstance(t, Constant))
        lone = dice[0][1] if len(dice) == 1 and dice[0][0] == 1 else 0
        init = object.__setattr__
        init(self, "text", _text(self.terms))
        init(self, "dice", dice)
        init(self, "constant", constant)
        init(self, "minimum", sum(t.minimum for t in self.terms))
        init(self, "maximum", sum(t.maximum for t in self.terms))
        init(self, "lone_sides", lone)
        faces = tuple(
            -sides if count < 0 else sides for count, sides in dice for _ in range(abs(count))
        )
        init(self, "faces", faces)
        init(self, "offset", constant + sum(1 if s > 0 else -1 for s in faces))

    @property
    def die_count(self) -> int:
        """How many dice one roll of the expression throws."""
        return sum(abs(count) for count, _ in self.dice)

    @property
    def is_lone_die(self) -> bool:
        """Whether the expression is exactly one die, with no constant (``d100``, ``1d10``)."""
        return self.lone_sides != 0 and len(self.terms) == 1

    def __str__(self) -> str:
        return self.text
