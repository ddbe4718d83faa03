"""Confidence intervals, each named after its method.

- a rate (``k`` of ``n`` fights): Wilson's score interval (Wilson 1927), which stays inside
  [0, 1] and keeps close to its nominal coverage for rates near 0 or 1 and small ``n``;
- the difference of two rates measured on the same fights (common random numbers: fight
  ``i`` of every variant has the same seed): Newcombe's hybrid score interval for paired
  proportions (Newcombe 1998, "Improved confidence intervals for the difference between
  binomial proportions based on paired data", method 10), built from the two Wilson
  intervals and the phi coefficient of the 2x2 table of paired results;
- the difference of two rates from independent fights (variants of different rulesets,
  whose fights share a seed but not the dice): Newcombe's square-and-add Wilson interval for
  independent proportions (Newcombe 1998, "Interval estimation for the difference between
  independent proportions: comparison of eleven methods", method 10);
- a mean (damage per fight): the normal approximation, mean +- z * sd / sqrt(n); the
  difference of two means on the same fights: the mean of the per-fight differences, with
  the same interval on them (a paired z interval); of independent fights, Welch's.

And the tests behind ``compare``'s "significant", each with its p-value:

- paired rates: McNemar's exact test (the discordant pairs are binomial with p = 1/2 under
  no difference; two-sided, the doubled smaller tail);
- independent rates: the two-proportion z test (pooled);
- means: the z test of the interval above (paired or Welch);
- several pairs of variants: Holm's step-down correction (Holm 1979) over the pairs, for
  each figure, so the chance of calling any pair different by accident stays at 5%.

``Z95`` is the 97.5% point of the standard normal distribution (a two-sided 95% interval).
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for ``k`` successes in ``n`` trials."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if k <= 0 else max(0.0, centre - half)
    high = 1.0 if k >= n else min(1.0, centre + half)
    return (low, high)


def newcombe_paired(
    both: int, only_a: int, only_b: int, neither: int, z: float = Z95
) -> tuple[float, float, float]:
    """Rate of A minus rate of B, with Newcombe's method-10 interval, from the paired 2x2
    table: ``both`` (the event in A's fight and in B's), ``only_a``, ``only_b``, ``neither``.
    Returns (difference, low, high)."""
    n = both + only_a + only_b + neither
    if n <= 0:
        return (0.0, -1.0, 1.0)
    a, b, c, d = both, only_a, only_b, neither
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(a + b, n, z)
    l2, u2 = wilson(a + c, n, z)
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    phi = (a * d - b * c) / math.sqrt(margins) if margins else 0.0
    diff = p1 - p2
    down = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    up = (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2
    low = max(-1.0, diff - math.sqrt(max(0.0, down)))
    high = min(1.0, diff + math.sqrt(max(0.0, up)))
    return (diff, low, high)


def newcombe_unpaired(
    k1: int, n1: int, k2: int, n2: int, z: float = Z95
) -> tuple[float, float, float]:
    """Rate ``k1/n1`` minus rate ``k2/n2`` of independent samples, with Newcombe's method-10
    (square-and-add Wilson) interval. Returns (difference, low, high)."""
    if n1 <= 0 or n2 <= 0:
        return (0.0, -1.0, 1.0)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    diff = p1 - p2
    low = max(-1.0, diff - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2))
    high = min(1.0, diff + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))
    return (diff, low, high)


def mean_interval(
    total: int, squares: int, n: int, z: float = Z95
) -> tuple[float, float, float, float]:
    """(mean, low, high, sd) of ``n`` whole numbers given their sum and sum of squares
    (exact in integers, so the result does not depend on the order of merging)."""
    if n <= 0:
        return (0.0, 0.0, 0.0, 0.0)
    mean = total / n
    var = (squares * n - total * total) / (n * (n - 1)) if n > 1 else 0.0
    sd = math.sqrt(max(0.0, var))
    half = z * sd / math.sqrt(n)
    return (mean, mean - half, mean + half, sd)


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def mcnemar_p(only_a: int, only_b: int) -> float:
    """McNemar's exact two-sided p-value from the discordant pairs."""
    m = only_a + only_b
    if m == 0:
        return 1.0
    k = min(only_a, only_b)
    # P(X <= k) for X ~ Binomial(m, 1/2), summed in log space (m can be large)
    log_half = m * math.log(0.5)
    terms = [
        math.lgamma(m + 1) - math.lgamma(i + 1) - math.lgamma(m - i + 1) + log_half
        for i in range(k + 1)
    ]
    top = max(terms)
    tail = math.exp(top) * sum(math.exp(t - top) for t in terms)
    return min(1.0, 2 * tail)


def two_proportion_p(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z test."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    return normal_p((k1 / n1 - k2 / n2) / se)


def paired_mean_difference(
    total: int, squares: int, n: int, z: float = Z95
) -> tuple[float, float, float, float]:
    """(mean difference, low, high, p) from the sum and sum of squares of ``n`` per-fight
    differences."""
    mean, low, high, sd = mean_interval(total, squares, n, z)
    if n <= 1 or sd == 0:
        return (mean, low, high, 1.0 if mean == 0 else 0.0)
    return (mean, low, high, normal_p(mean / (sd / math.sqrt(n))))


def welch_difference(
    a: tuple[float, float, int], b: tuple[float, float, int], z: float = Z95
) -> tuple[float, float, float, float]:
    """(mean a - mean b, low, high, p) of two independent samples given (mean, sd, n)."""
    (ma, sa, na), (mb, sb, nb) = a, b
    diff = ma - mb
    se = math.sqrt((sa * sa / na if na else 0.0) + (sb * sb / nb if nb else 0.0))
    if se == 0:
        return (diff, diff, diff, 1.0 if diff == 0 else 0.0)
    return (diff, diff - z * se, diff + z * se, normal_p(diff / se))


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values (same order as given)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out
