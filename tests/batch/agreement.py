"""Comparing two sets of fights figure by figure, with tolerances from the intervals.

Each figure is a per-fight quantity (won, drawn, rounds, a counter); its two means agree when
their difference lies within the interval of a difference of two independent means:
|m1 - m2| <= z * sqrt(s1^2/n1 + s2^2/n2). The intervals of one comparison are simultaneous at
99.9% (Bonferroni over its m figures: z is the normal quantile 1 - 0.001 / 2m, about 4.1 for
25 figures), so a matchup fails by chance once in a thousand, not once per figure. A proportion
uses the pooled p(1-p), a mean the pooled variance (both samples come from one distribution
when they agree), so that a rate of 0 on one side still gets an honest width.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

from fracas.sim.batch.results import BatchResult

FAMILY_ERROR = 0.001


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
        if abs(m1 - m2) > z * se + 1e-12:
            bad.append(f"{name}: event {m1:.4f}, batch {m2:.4f} (allowed +-{z * se:.4f})")
    return bad
