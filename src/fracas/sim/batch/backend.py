"""The batch kernels as a ``fracas sim`` backend (``fracas.sim.backend.Backend``).

``--engine auto`` (the default) runs a scenario here when a kernel covers it and says so
(``engine: batch (<what the kernel fights>)``); otherwise the event engine runs it and the
line says why (``engine: event (3 combatants; the batch kernel covers duels)``). Fight ``i``
of a chunk runs from its own seed ``seeds[i]`` (the kernel reseeds per fight), so a run does
not depend on how it is cut into chunks or spread over processes. Its figures are the event
engine's in distribution, not fight for fight (another generator draws the dice): the
agreement tests (tests/batch) hold them to the reference within intervals. The counts are
turned into the same ``Tally`` the event engine's hooks give: each ruleset's outcome names,
notable events (``analysis.py``; the kernel's ``notable`` and ``outcomes`` say which
counters they are) and damage dealt and taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from fracas.engine.errors import FracasError
from fracas.sim import batch
from fracas.sim.batch.results import BatchResult
from fracas.sim.fast import AnyRuleset, BatchKernel
from fracas.sim.tally import DRAW, STANDING, FightRows, Tally
from fracas.sim.variant import Variant


class BatchBackend:
    """The fights a ruleset's batch kernel covers (``fracas.sim.fast.BatchKernel``)."""

    name: ClassVar[str] = "batch"

    def unsupported(self, variant: Variant) -> str | None:
        ruleset, scenario = variant.load()
        return batch.scope(ruleset, scenario)

    def label(self, variant: Variant) -> str:
        ruleset, scenario = variant.load()
        return batch.engine_label(ruleset, scenario)

    def warm_up(self, variants: Sequence[Variant]) -> None:
        """One fight of one variant per ruleset (one kernel each) in this process, before any
        worker starts: the kernels are compiled (or loaded from numba's cache) once, here,
        where the compilation is announced, and forked workers inherit them; spawned or Dask
        workers on this machine load what this process cached instead of each compiling its
        own."""
        for v in {v.ruleset: v for v in variants}.values():
            self.run_chunk(v, [0])

    def run_chunk(self, variant: Variant, seeds: Sequence[int]) -> Tally:
        ruleset, scenario = variant.load()
        found, spec = batch.compiled(ruleset, scenario)
        return tally_of(found.run(spec, len(seeds), 0, seeds), found)


def _value_counts(values: npt.NDArray[Any]) -> dict[int, int]:
    """How many times each value occurs (a distribution as counts)."""
    if values.size == 0:
        return {}
    low = int(values.min())
    counts = np.bincount(values.astype(np.int64) - low)
    return {low + int(v): int(c) for v, c in enumerate(counts) if c}


def tally_of(r: BatchResult, kernel: BatchKernel[Any]) -> Tally:
    """The ``Tally`` of a batch of fights (what ``event_backend.add_fight`` adds up, fight by
    fight, done over the arrays)."""
    names = tuple(r.names)
    tally = Tally(sides=tuple(r.sides), combatants=names, names=names, combatant_sides=r.sides)
    n = r.n
    tally.n = n
    tally.wins = [int(np.sum(r.winner == f)) for f in range(len(r.sides))]
    tally.draws = int(np.sum(r.winner == -1))
    lengths, counts = np.unique(r.rounds, return_counts=True)
    tally.rounds = {int(k): int(v) for k, v in zip(lengths, counts, strict=True)}
    k = {name: i for i, name in enumerate(r.counter_names)}
    dealt = r.counts[:, :, k["damage_dealt"]].astype(np.int64)
    taken = r.counts[:, :, k["damage_taken"]].astype(np.int64)
    tally.dealt = [int(x) for x in dealt.sum(axis=0)]
    tally.dealt_sq = [int(x) for x in (dealt * dealt).sum(axis=0)]
    tally.taken = [int(x) for x in taken.sum(axis=0)]
    tally.taken_sq = [int(x) for x in (taken * taken).sum(axis=0)]
    renames = kernel.outcomes
    outcomes: list[dict[str, int]] = []
    for f in range(len(names)):
        ends, how_many = np.unique(r.end[:, f], return_counts=True)
        outcomes.append(
            {
                renames.get(r.end_names[e], r.end_names[e]): int(c)
                for e, c in zip(ends, how_many, strict=True)
            }
        )
    tally.outcomes = outcomes
    end_names = np.array([renames.get(e, e) for e in r.end_names], dtype=object)
    finish = [end_names[r.end[:, f]] for f in range(len(names))]
    tally.rows = FightRows(
        r.rounds,
        [dealt[:, f] for f in range(len(names))],
        [taken[:, f] for f in range(len(names))],
        finish,
    )
    tally.dealt_counts = [_value_counts(dealt[:, f]) for f in range(len(names))]
    tally.taken_counts = [_value_counts(taken[:, f]) for f in range(len(names))]
    side_of = [tally.sides.index(s) for s in tally.combatant_sides]
    out = np.zeros((n, len(tally.sides)), dtype=np.int64)
    for f in range(len(names)):
        out[:, side_of[f]] += finish[f] != STANDING
    tally.out_counts = [_value_counts(out[:, s]) for s in range(len(tally.sides))]
    for name, counters in kernel.notable.items():
        per_fight = sum(r.counts[:, :, k[c]].sum(axis=1) for c in counters)
        fights = int(np.count_nonzero(per_fight))
        if fights:
            tally.notable_fights[name] = fights
            tally.notable_total[name] = int(np.sum(per_fight))
    winners = np.where(r.winner < 0, DRAW, r.winner).astype(np.uint8)
    tally.winners = bytearray(winners.tobytes())
    return tally


def describe(engine: str, requested: str, variants: Sequence[Variant]) -> str:
    """The ``engine:`` line: the kernel's ``batch (...)``; under ``--engine auto`` a fall back
    to the event engine with the kernels' reason; ``event`` when it was asked for."""
    if not variants:
        return engine
    if engine == BatchBackend.name:
        return BatchBackend().label(variants[0])
    if requested == "auto" and engine == "event":
        for v in variants:
            why = BatchBackend().unsupported(v)
            if why is not None:
                return f"event ({why})"
    return engine


def prepare(variants: Sequence[Variant]) -> None:
    """Before a run: a scenario with ``tactics: optimal`` gets its policy installed in this
    process, where its ruleset has an advisor (the event engine's tactic reads it; processes
    forked after inherit it)."""
    from fracas.sim.odds import OutOfScope

    for v in variants:
        ruleset, scenario = v.load()
        try:
            _install(ruleset, scenario)
        except OutOfScope as exc:  # bad input, not a failure: the CLI exits 2 with it
            raise FracasError(f"{v.label}: {exc}") from None


def _install(ruleset: AnyRuleset, scenario: Any) -> None:
    from fracas.sim.odds import advisor, install_policy

    if advisor(ruleset) is None:
        return
    if any(c.tactics.split(";", 1)[0].strip() == "optimal" for c in scenario.combatants):
        install_policy(ruleset, scenario)
