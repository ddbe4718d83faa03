"""Exact distributions through icepool, checked against values known by hand."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from fracas.dice import (
    DistributionTooLarge,
    distribution,
    mean,
    parse,
    standard_deviation,
    variance,
)
from fracas.dice.exact import WORK_LIMIT, die, work


def test_two_d6_has_mean_7_and_seven_is_one_in_six() -> None:
    dist = distribution("2D6")
    assert mean("2D6") == 7
    assert dist[7] == Fraction(1, 6)
    assert dist[2] == dist[12] == Fraction(1, 36)
    assert variance("2D6") == Fraction(35, 6)
    assert standard_deviation("2D6") == pytest.approx(math.sqrt(35 / 6))


def test_two_d6_counts_the_ways_to_make_each_total() -> None:
    ways = {total: 6 - abs(total - 7) for total in range(2, 13)}
    assert distribution("2D6") == {t: Fraction(n, 36) for t, n in ways.items()}


@pytest.mark.parametrize("dice", ["d100", "d%", "1d100"])
def test_percentile_is_uniform_on_1_to_100(dice: str) -> None:
    assert distribution(dice) == {value: Fraction(1, 100) for value in range(1, 101)}
    assert mean(dice) == Fraction(101, 2)


def test_d4_minus_1_runs_from_0_to_3() -> None:
    assert distribution("D4-1") == {
        0: Fraction(1, 4),
        1: Fraction(1, 4),
        2: Fraction(1, 4),
        3: Fraction(1, 4),
    }
    assert mean("D4-1") == Fraction(3, 2)


def test_kilodie_is_uniform_on_1_to_1000() -> None:
    dist = distribution("d1000")
    assert list(dist) == list(range(1, 1001))
    assert set(dist.values()) == {Fraction(1, 1000)}


def test_a_difference_of_dice_is_symmetric_around_its_mean() -> None:
    dist = distribution("D6-D6")
    assert mean("D6-D6") == 0
    assert all(dist[v] == dist[-v] for v in range(1, 6))
    assert dist[0] == Fraction(6, 36)


def test_a_constant_is_certain() -> None:
    assert distribution("5") == {5: Fraction(1)}
    assert standard_deviation("5") == 0


def test_one_d6_variance_is_35_over_12() -> None:
    assert variance("d6") == Fraction(35, 12)
    assert mean("3D6+1") == Fraction(23, 2)


@pytest.mark.parametrize("dice", ["2D6", "D4+1", "2D6-1", "3D6+1", "4D4", "D6+6", "2d10", "1d5"])
def test_distribution_covers_exactly_minimum_to_maximum_and_sums_to_one(dice: str) -> None:
    expr = parse(dice)
    dist = distribution(expr)
    assert list(dist) == list(range(expr.minimum, expr.maximum + 1))
    assert sum(dist.values()) == 1


def test_the_icepool_die_is_available_for_further_questions() -> None:
    assert die("2D6").probability(">=", 10) == Fraction(6, 36)


def test_a_too_large_distribution_is_refused_quickly() -> None:
    assert work("2D10000") > WORK_LIMIT
    with pytest.raises(DistributionTooLarge, match="2D10000 is too large for an exact"):
        distribution("2d10000")


@pytest.mark.parametrize("dice", ["3D6-2D4+1", "-D4", "D6-D6", "10D10", "5", "2D6+3D8-D20"])
def test_the_counted_distribution_is_icepools(dice: str) -> None:
    d = die(dice)
    assert distribution(dice) == {int(o): Fraction(int(q), d.denominator()) for o, q in d.items()}
    assert mean(dice) == Fraction(d.mean()) and variance(dice) == Fraction(d.variance())


def test_800d6_costs_one_pass_over_the_totals_per_die() -> None:
    """``fracas roll 800d6 --stats`` took 43 s through icepool. Counted, not timed: the
    Python operations (lines and calls, by ``sys.settrace``) stay within twice the totals
    each die's pass goes over (the totals so far plus its sides)."""
    import sys

    from fracas.dice.exact import _ways

    _ways.cache_clear()
    passes = sum(5 * k + 1 + 6 for k in range(800))  # totals before the die, plus its sides
    count = 0

    def tracer(frame: object, event: str, arg: object) -> object:
        nonlocal count
        count += 1
        return tracer

    sys.settrace(tracer)
    try:
        dist = distribution("800d6")
    finally:
        sys.settrace(None)
    assert count <= 2 * passes
    assert list(dist) == list(range(800, 4801)) and sum(dist.values()) == 1
    assert dist[2800] == max(dist.values()) and dist[800] == Fraction(1, 6**800)
