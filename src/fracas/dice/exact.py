"""Exact probabilities of a dice expression, computed by icepool.

``distribution("2D6")`` maps each total to its exact probability as a :class:`Fraction`;
:func:`mean`, :func:`variance` and :func:`standard_deviation` summarise it. The work is done by
icepool (``HighDiceRoller/icepool``): the expression becomes an ``icepool.Die`` by adding and
subtracting one ``icepool.d(sides)`` per die, left to right.

icepool's cost grows with (outcomes so far × sides) for each die added, so large expressions
(``2D10000``, ``50D1000``) would take minutes: they raise
:class:`~fracas.dice.errors.DistributionTooLarge` instead of hanging.

The distribution itself is counted here, not by icepool, whose exact big-number sums made
``800D6`` (allowed: under the limit) take 40 seconds: adding one die of ``s`` sides to the
ways of making each total so far is one running sum over those ways (each new total is
the ways of the ``s`` totals below it), so an expression of ``n`` dice costs ``n`` passes
over at most ``maximum - minimum + 1`` totals: ``800D6`` is 800 passes over at most 4,001.
The mean and the variance are exact sums over the dice (``(s + 1) / 2`` and
``(s * s - 1) / 12`` per die). :func:`die` still gives icepool's ``Die`` for other questions,
and only it imports icepool (about 40 ms of CPU): the exact odds chain reads distributions at
every start.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import Any

from fracas.dice.ast import Expr
from fracas.dice.errors import DistributionTooLarge
from fracas.dice.parser import parse

#: The most work (pairs of outcomes combined) an exact distribution may take: a second or two.
WORK_LIMIT = 10_000_000


def work(expr: str | Expr) -> int:
    """How many pairs of outcomes icepool combines to build ``expr``, die by die."""
    e = expr if isinstance(expr, Expr) else parse(expr)
    span, cost = 1, 0
    for count, sides in e.dice:
        for _ in range(abs(count)):
            cost += span * sides
            span += sides - 1
    return cost


def die(expr: str | Expr) -> Any:
    """The expression as an ``icepool.Die`` (for further exact calculations)."""
    return _die(expr if isinstance(expr, Expr) else parse(expr))


def _check_work(e: Expr) -> None:
    needed = work(e)
    if needed > WORK_LIMIT:
        raise DistributionTooLarge(
            f"{e.text} is too large for an exact distribution "
            f"({needed:,} combinations; the limit is {WORK_LIMIT:,})"
        )


@lru_cache(maxsize=256)
def _die(e: Expr) -> Any:
    import icepool

    _check_work(e)
    result = icepool.Die([e.constant])
    for count, sides in e.dice:
        one = icepool.d(sides)
        for _ in range(abs(count)):
            result = result + one if count > 0 else result - one
    return result


def distribution(expr: str | Expr) -> dict[int, Fraction]:
    """Each possible total of ``expr``, lowest first, with its exact probability."""
    e = expr if isinstance(expr, Expr) else parse(expr)
    low, ways = _ways(e)
    outcomes = math.prod(sides ** abs(count) for count, sides in e.dice)
    return {low + i: Fraction(n, outcomes) for i, n in enumerate(ways)}


@lru_cache(maxsize=64)
def _ways(e: Expr) -> tuple[int, list[int]]:
    """(the lowest total, the ways of making each total from it up), die by die: a die of
    ``s`` sides turns ways ``w`` into ``w'[k] = w[k] + w[k-1] + ... + w[k-s+1]``, a
    difference of two running sums (:func:`itertools.accumulate`)."""
    _check_work(e)
    low, ways = e.constant, [1]
    for count, sides in e.dice:
        for _ in range(abs(count)):
            sums = [0, *accumulate(ways)]  # sums[i] = ways[0] + ... + ways[i - 1]
            n = len(ways)
            ways = [sums[min(k + 1, n)] - sums[max(k + 1 - sides, 0)] for k in range(n + sides - 1)]
            low += 1 if count > 0 else -sides  # a die adds 1..s, or takes away s..1
    return low, ways


def mean(expr: str | Expr) -> Fraction:
    """The exact expected total (``2D6`` -> 7)."""
    e = expr if isinstance(expr, Expr) else parse(expr)
    _check_work(e)
    return e.constant + sum(
        (Fraction(count * (sides + 1), 2) for count, sides in e.dice), Fraction(0)
    )


def variance(expr: str | Expr) -> Fraction:
    """The exact variance of the total (``2D6`` -> 35/6): the dice are independent, so it is
    the sum of theirs, ``(s * s - 1) / 12`` each."""
    e = expr if isinstance(expr, Expr) else parse(expr)
    _check_work(e)
    return sum(
        (Fraction(abs(count) * (sides * sides - 1), 12) for count, sides in e.dice), Fraction(0)
    )


def standard_deviation(expr: str | Expr) -> float:
    """The standard deviation of the total, ``sqrt(variance)``."""
    return math.sqrt(variance(expr))
