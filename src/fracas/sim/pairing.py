"""Pairing two variants' fights figure by figure, for ``compare``.

Fight ``i`` of every variant of a compare runs from the same seed (common random numbers).
For two variants of one ruleset the fights are paired, and every figure ``compare`` reports
gets the paired difference: for a rate (a side's win, the draw, how a combatant ended), the
2x2 table of the pairs; for a mean (fight length, damage dealt and taken), the sum and the
sum of squares of the per-fight differences. Both are counts and integer sums, worked out in
the worker from a chunk's per-fight rows (``Tally.rows``) and merged exactly, so the figures
do not depend on how the run was split.

A figure is named by a key: ``("win", side)``, ``("draw",)``, ``("rounds",)``,
``("dealt", combatant id)``, ``("taken", combatant id)``, ``("outcome", combatant id,
outcome)``; what the tactics chose, where the engine records it (``Ruleset.choices``):
``("chose", combatant id, kind)`` for the fights the kind of choice was made in (a rate) and
``("chose_per_fight", combatant id, kind)`` for how often per fight (a mean, paired only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fracas.sim.tally import DRAW, Tally

#: a figure of a fight, named as the module docstring says
FigureKey = tuple[str, ...]


@dataclass
class PairSums:
    """One pair of variants' paired sums: ``n`` fights; ``tables[key]`` is ``[both, only_a,
    only_b]`` for a rate (``neither`` is the rest of ``n``); ``sums[key]`` is ``[sum of
    (a - b), sum of (a - b) squared]`` for a mean."""

    n: int = 0
    tables: dict[FigureKey, list[int]] = field(default_factory=dict)
    sums: dict[FigureKey, list[int]] = field(default_factory=dict)

    def merge(self, other: PairSums) -> None:
        self.n += other.n
        for key, t in other.tables.items():
            mine = self.tables.setdefault(key, [0, 0, 0])
            for k in range(3):
                mine[k] += t[k]
        for key, s in other.sums.items():
            got = self.sums.setdefault(key, [0, 0])
            got[0] += s[0]
            got[1] += s[1]


def _table(a: Any, b: Any) -> list[int]:
    a = np.asarray(a, dtype=bool)
    b = np.asarray(b, dtype=bool)
    return [int(np.sum(a & b)), int(np.sum(a & ~b)), int(np.sum(~a & b))]


def _sums(a: Any, b: Any) -> list[int]:
    d = np.asarray(a, dtype=np.int64) - np.asarray(b, dtype=np.int64)
    return [int(d.sum()), int((d * d).sum())]


def pair_sums(a: Tally, b: Tally) -> PairSums:
    """The paired sums of two variants' tallies of the same chunk of fights (each with its
    ``winners`` and ``rows``)."""
    out = PairSums(n=a.n)
    ra, rb = a.rows, b.rows
    if ra is None or rb is None:
        raise ValueError("pair_sums needs the per-fight rows of both tallies")
    wa = np.frombuffer(bytes(a.winners), dtype=np.uint8)
    wb = np.frombuffer(bytes(b.winners), dtype=np.uint8)
    for side in a.sides:
        if side in b.sides:
            out.tables[("win", side)] = _table(wa == a.sides.index(side), wb == b.sides.index(side))
    out.tables[("draw",)] = _table(wa == DRAW, wb == DRAW)
    out.sums[("rounds",)] = _sums(ra.rounds, rb.rounds)
    for i, cid in enumerate(a.combatants):
        if cid not in b.combatants:
            continue
        j = b.combatants.index(cid)
        out.sums[("dealt", cid)] = _sums(ra.dealt[i], rb.dealt[j])
        out.sums[("taken", cid)] = _sums(ra.taken[i], rb.taken[j])
        oa = np.asarray(ra.outcomes[i], dtype=object)
        ob = np.asarray(rb.outcomes[j], dtype=object)
        names = sorted(set(a.outcomes[i]) | set(b.outcomes[j]))
        for name in names:
            out.tables[("outcome", cid, name)] = _table(oa == name, ob == name)
        if _has_choices(a, i) and _has_choices(b, j):
            _pair_choices(out, cid, ra.choices[i], rb.choices[j])
    return out


def _has_choices(t: Tally, i: int) -> bool:
    rows = t.rows
    return rows is not None and len(rows.choices) > i and len(rows.choices[i]) == t.n


def _pair_choices(
    out: PairSums, cid: str, a: list[dict[str, int]], b: list[dict[str, int]]
) -> None:
    """Each kind of choice either variant's combatant made: the fights it was made in
    (paired table) and the times per fight (paired sums)."""
    kinds = sorted({k for fight in (*a, *b) for k in fight})
    for kind in kinds:
        ca = [fight.get(kind, 0) for fight in a]
        cb = [fight.get(kind, 0) for fight in b]
        out.tables[("chose", cid, kind)] = _table(ca, cb)
        out.sums[("chose_per_fight", cid, kind)] = _sums(ca, cb)


def all_pair_sums(
    tallies: tuple[Tally, ...], rulesets: tuple[str, ...]
) -> dict[tuple[int, int], PairSums]:
    """Paired sums of every pair of variants of one ruleset (other pairs are not paired)."""
    out = {}
    for i in range(len(tallies)):
        for j in range(i + 1, len(tallies)):
            if rulesets[i] == rulesets[j]:
                out[(i, j)] = pair_sums(tallies[i], tallies[j])
    return out
