"""Comparing two sets of fights figure by figure, with tolerances from the intervals.

Each figure is a per-fight quantity (won, drawn, rounds, a counter); its two means agree when
their difference lies within the interval of a difference of two independent means:
|m1 - m2| <= z * sqrt(s1^2/n1 + s2^2/n2). The intervals of one comparison are simultaneous at
99.9% (Bonferroni over its m figures: z is the normal quantile 1 - 0.001 / 2m, about 4.1 for
25 figures), so a matchup fails by chance once in a thousand, not once per figure. A proportion
uses the pooled p(1-p), a mean the pooled variance (both samples come from one distribution
when they agree), so that a rate of 0 on one side still gets an honest width.

A rare proportion (at most ``EXACT_UP_TO`` fights with it in both samples together; a counter
that is never more than 1 a fight is a proportion too) is judged
by an exact test instead, since the normal interval fails it far more often than its level
says (one fight in 800 against 10 in 100,000 is outside it, though that happens 8% of the
time when both rates are 1e-4): given the k fights that have it, those in the first sample
are Binomial(k, n1 / (n1 + n2)) when the rates agree (the conditional test of two Poisson
rates; the binomial is the hypergeometric's limit for samples this large); the two rates
disagree when the two-sided p-value (the outcomes no likelier than the one seen) is below
the same Bonferroni share, 0.001 / m.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

from fracas.sim.batch.results import BatchResult

FAMILY_ERROR = 0.001
#: a proportion seen in at most this many fights of both samples together gets the exact test
EXACT_UP_TO = 200


def conditional_p_value(k1: int, k2: int, n1: int, n2: int) -> float:
    """Two-sided p-value of ``k1`` of ``n1`` fights against ``k2`` of ``n2`` for a rare event:
    k1 given k1 + k2 is Binomial(k1 + k2, n1 / (n1 + n2)) under equal rates; the p-value sums
    the outcomes no likelier than ``k1``."""
    k = k1 + k2
    if k == 0:
        return 1.0
    q = n1 / (n1 + n2)

    def pmf(i: int) -> float:
        return math.exp(
            math.lgamma(k + 1)
            - math.lgamma(i + 1)
            - math.lgamma(k - i + 1)
            + i * math.log(q)
            + (k - i) * math.log1p(-q)
        )

    seen = pmf(k1) * (1 + 1e-9)
    return min(1.0, sum(p for p in map(pmf, range(k + 1)) if p <= seen))


def simultaneous_z(m: int, alpha: float = FAMILY_ERROR) -> float:
    """The z of m simultaneous two-sided intervals at 1 - alpha overall (Bonferroni)."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(m, 1)))


def figures(r: BatchResult) -> dict[str, tuple[np.ndarray, bool]]:
    """Per-fight arrays of every figure: (values, is a proportion)."""
    out: dict[str, tuple[np.ndarray, bool]] = {
        f"win:{r.sides[0]}": (r.winner == 0, True),
        f"win:{r.sides[1]}": (r.winner == 1, True),
        "draw": (r.winner == -1, True),
        "rounds": (r.rounds.astype(float), False),
    }
    for f, name in enumerate(r.names):
        for k, counter in enumerate(r.counter_names):
            out[f"{name}:{counter}"] = (r.counts[:, f, k].astype(float), False)
        for e, how in enumerate(r.end_names):
            out[f"{name}:{how}"] = (r.end[:, f] == e, True)
    return out


def disagreements(event: BatchResult, batch: BatchResult) -> list[str]:
    """The figures whose means differ by more than the simultaneous interval allows."""
    bad = []
    ev, ba = figures(event), figures(batch)
    z = simultaneous_z(len(ev))
    for name, (x, proportion) in ev.items():
        y = ba[name][0]
        n1, n2 = len(x), len(y)
        m1, m2 = float(np.mean(x)), float(np.mean(y))
        if proportion:
            p = (m1 * n1 + m2 * n2) / (n1 + n2)
            se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
        else:
            pooled = (float(np.var(x, ddof=1)) * (n1 - 1) + float(np.var(y, ddof=1)) * (n2 - 1)) / (
                n1 + n2 - 2
            )
            se = math.sqrt(pooled * (1 / n1 + 1 / n2))
        rare = proportion or (bool(np.all(x <= 1)) and bool(np.all(y <= 1)))  # a 0/1 counter
        if rare and (k := round(m1 * n1) + round(m2 * n2)) <= EXACT_UP_TO:
            p_value = conditional_p_value(round(m1 * n1), k - round(m1 * n1), n1, n2)
            if p_value < FAMILY_ERROR / len(ev):
                bad.append(f"{name}: event {m1:.4f}, batch {m2:.4f} (exact p = {p_value:.2g})")
        elif abs(m1 - m2) > z * se + 1e-12:
            bad.append(f"{name}: event {m1:.4f}, batch {m2:.4f} (allowed +-{z * se:.4f})")
    return bad
