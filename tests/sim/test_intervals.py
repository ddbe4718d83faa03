"""The intervals: Wilson's against its closed forms, Newcombe's paired interval by its
properties and its coverage."""

from __future__ import annotations

import math

import numpy as np
import pytest

from fracas.sim.intervals import (
    Z95,
    mean_interval,
    newcombe_paired,
    newcombe_unpaired,
    wilson,
)


def test_wilson_at_zero_successes_is_zero_to_z2_over_n_plus_z2() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(Z95**2 / (10 + Z95**2))


def test_wilson_of_5_in_10_is_the_tabled_0_2366_to_0_7634() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)


def test_wilson_is_symmetric_between_successes_and_failures() -> None:
    low, high = wilson(3, 17)
    low2, high2 = wilson(14, 17)
    assert (low, high) == pytest.approx((1 - high2, 1 - low2))


def test_a_variant_against_itself_differs_by_exactly_nothing() -> None:
    d, low, high = newcombe_paired(40, 0, 0, 60)
    assert d == 0 and low < 0 < high


def test_the_paired_interval_holds_the_difference_and_narrows_with_agreement() -> None:
    d, low, high = newcombe_paired(30, 12, 4, 54)
    assert d == pytest.approx(8 / 100) and low < d < high
    # the same margins with less agreement between the pairs: a wider interval
    _, low2, high2 = newcombe_paired(18, 24, 16, 42)
    assert high - low < high2 - low2


def test_the_paired_interval_covers_the_true_difference_about_95_percent_of_the_time() -> None:
    """2000 samples of 200 pairs with known rates (0.5 and 0.4, correlated): the share of
    intervals holding the true difference, with its own 99.9% Wilson interval, must reach
    the nominal 95%."""
    rng = np.random.default_rng(1)
    # joint probabilities: both, only A, only B, neither
    probs = [0.35, 0.15, 0.05, 0.45]
    true = (probs[0] + probs[1]) - (probs[0] + probs[2])
    reps, hits = 2000, 0
    for table in rng.multinomial(200, probs, size=reps):
        _, low, high = newcombe_paired(*(int(x) for x in table))
        hits += low <= true <= high
    _, high = wilson(hits, reps, z=3.2905)
    assert high >= 0.95  # not below the nominal level by more than chance allows


def test_the_unpaired_interval_is_newcombes_method_10_as_published() -> None:
    """Newcombe (1998, independent proportions), the worked example 56/70 - 48/80: method 10
    (square-and-add Wilson) gives 0.0524 to 0.3339."""
    d, low, high = newcombe_unpaired(56, 70, 48, 80)
    assert d == pytest.approx(0.2)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)


def test_the_mean_interval_is_the_normal_approximation() -> None:
    xs = [3, 5, 8, 8, 1]
    mean, low, high, sd = mean_interval(sum(xs), sum(x * x for x in xs), len(xs))
    assert mean == pytest.approx(5.0)
    assert sd == pytest.approx(np.std(xs, ddof=1))
    assert high - mean == pytest.approx(Z95 * sd / math.sqrt(5)) == mean - low
