"""Exact probabilities of a dice expression, computed by icepool.

``distribution("2D6")`` maps each total to its exact probability as a :class:`Fraction`;
:func:`mean`, :func:`variance` and :func:`standard_deviation` summarise it. The work is done by
icepool (``HighDiceRoller/icepool``): the expression becomes an ``icepool.Die`` by adding and
subtracting one ``icepool.d(sides)`` per die, left to right.

icepool's cost grows with (outcomes so far × sides) for each die added, so large expressions
(``2D10000``, ``50D1000``) would take minutes: they raise
:class:`~fracas.dice.errors.DistributionTooLarge` instead of hanging.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Any

import icepool

from fracas.dice.ast import Expr
from fracas.dice.errors import DistributionTooLarge
from fracas.dice.parser import parse

#: The most work (pairs of outcomes combined) an exact distribution may take: a second or two.
WORK_LIMIT = 10_000_000


def work(expr: str | Expr) -> int:
    """How many pairs of outcomes icepool combines to build ``expr``, die by die."""
    e = parse(expr) if isinstance(expr, str) else expr
    span, cost = 1, 0
    for count, sides in e.dice:
        for _ in range(abs(count)):
            cost += span * sides
            span += sides - 1
    return cost


def die(expr: str | Expr) -> Any:
    """The expression as an ``icepool.Die`` (for further exact calculations)."""
    return _die(parse(expr) if isinstance(expr, str) else expr)


@lru_cache(maxsize=256)
def _die(e: Expr) -> Any:
    needed = work(e)
    if needed > WORK_LIMIT:
        raise DistributionTooLarge(
            f"{e.text} is too large for an exact distribution "
            f"({needed:,} combinations; the limit is {WORK_LIMIT:,})"
        )
    result = icepool.Die([e.constant])
    for count, sides in e.dice:
        one = icepool.d(sides)
        for _ in range(abs(count)):
            result = result + one if count > 0 else result - one
    return result


def distribution(expr: str | Expr) -> dict[int, Fraction]:
    """Each possible total of ``expr``, lowest first, with its exact probability."""
    d = _die(parse(expr) if isinstance(expr, str) else expr)
    denominator = d.denominator()
    return {int(outcome): Fraction(int(q), denominator) for outcome, q in d.items()}


def mean(expr: str | Expr) -> Fraction:
    """The exact expected total (``2D6`` -> 7)."""
    return Fraction(_die(parse(expr) if isinstance(expr, str) else expr).mean())


def variance(expr: str | Expr) -> Fraction:
    """The exact variance of the total (``2D6`` -> 35/6)."""
    return Fraction(_die(parse(expr) if isinstance(expr, str) else expr).variance())


def standard_deviation(expr: str | Expr) -> float:
    """The standard deviation of the total, ``sqrt(variance)``."""
    return math.sqrt(variance(expr))
