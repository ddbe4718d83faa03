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
from fracas.sim.fast import AnyRuleset, AnyScenario, BatchKernel, scenario_of
from fracas.sim.tally import DRAW, STANDING, FightRows, Tally
from fracas.sim.variant import Variant


class BatchBackend:
    """The fights a ruleset's batch kernel covers (``fracas.sim.fast.BatchKernel``)."""

    name: ClassVar[str] = "batch"
    #: 2-4 M fights/s: a task of 50,000 is 15-25 ms of kernel against ~1 ms of seeds and
    #: tally (500-fight tasks spent more time there than in the kernel)
    task_size: ClassVar[int] = 50_000

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

    def fight_seeds(self, seed: int, start: int, count: int) -> npt.NDArray[np.uint64]:
        """The kernels' own per-fight seeds, fight ``i``'s a function of ``seed`` and ``i``
        only: SplitMix64's ``i``-th step from a start drawn by ``SeedSequence(seed)``
        (``b + i * golden``; the kernel's ``reseed`` mixes it into fight ``i``'s stream).
        NumPy's ``SeedSequence`` per block of 500 (the event engine's, 3.4 us a fight) cost
        more than the fights themselves here (0.4 us)."""
        base = np.random.SeedSequence(seed).generate_state(1, np.uint64)[0]
        steps = np.arange(start, start + count, dtype=np.uint64)
        out: npt.NDArray[np.uint64] = base + steps * np.uint64(0x9E3779B97F4A7C15)
        return out

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


def tally_of(r: BatchResult, kernel: BatchKernel[Any, Any]) -> Tally:
    """The ``Tally`` of a batch of fights (what ``event_backend.add_fight`` adds up, fight by
    fight, done over the arrays): bincounts and one compiled pass over the counters
    (``tally_kernel.summarise``), not one NumPy reduction per figure."""
    from fracas.sim.batch.tally_kernel import summarise  # (numba: only once fights ran)

    names = tuple(r.names)
    tally = Tally(sides=tuple(r.sides), combatants=names, names=names, combatant_sides=r.sides)
    n = r.n
    tally.n = n
    nsides = len(r.sides)
    by_winner = np.bincount(r.winner.astype(np.int64) + 1, minlength=nsides + 1)
    tally.draws = int(by_winner[0])
    tally.wins = [int(x) for x in by_winner[1 : nsides + 1]]
    by_length = np.bincount(r.rounds)
    tally.rounds = {int(k): int(by_length[k]) for k in np.flatnonzero(by_length)}
    k = {name: i for i, name in enumerate(r.counter_names)}
    people, kinds = r.counts.shape[1], r.counts.shape[2]
    notable = kernel.notable
    masks = np.array([sum(1 << k[c] for c in cs) for cs in notable.values()], np.int64)
    totals = np.zeros((people, kinds), np.int64)
    squares = np.zeros((people, 2), np.int64)
    fights = np.zeros(len(masks), np.int64)
    counts = np.ascontiguousarray(r.counts)
    summarise(counts, k["damage_dealt"], k["damage_taken"], masks, totals, squares, fights)
    tally.dealt = [int(totals[f, k["damage_dealt"]]) for f in range(people)]
    tally.dealt_sq = [int(squares[f, 0]) for f in range(people)]
    tally.taken = [int(totals[f, k["damage_taken"]]) for f in range(people)]
    tally.taken_sq = [int(squares[f, 1]) for f in range(people)]
    renames = kernel.outcomes
    outcomes: list[dict[str, int]] = []
    for f in range(len(names)):
        ends = np.bincount(r.end[:, f].astype(np.int64), minlength=len(r.end_names))
        outcomes.append(
            {
                renames.get(r.end_names[e], r.end_names[e]): int(ends[e])
                for e in np.flatnonzero(ends)
            }
        )
    tally.outcomes = outcomes
    dealt = [r.counts[:, f, k["damage_dealt"]] for f in range(people)]
    taken = [r.counts[:, f, k["damage_taken"]] for f in range(people)]
    end_names = np.array([renames.get(e, e) for e in r.end_names], dtype=object)
    finish = [end_names[r.end[:, f]] for f in range(len(names))]
    tally.rows = FightRows(r.rounds, dealt, taken, finish)
    tally.dealt_counts = [_value_counts(x) for x in dealt]
    tally.taken_counts = [_value_counts(x) for x in taken]
    side_of = [tally.sides.index(s) for s in tally.combatant_sides]
    out = np.zeros((n, len(tally.sides)), dtype=np.int64)
    for f in range(len(names)):
        out[:, side_of[f]] += finish[f] != STANDING
    tally.out_counts = [_value_counts(out[:, s]) for s in range(len(tally.sides))]
    per_counter = totals.sum(axis=0)
    for g, (name, counters) in enumerate(notable.items()):
        if fights[g]:
            tally.notable_fights[name] = int(fights[g])
            tally.notable_total[name] = int(sum(int(per_counter[k[c]]) for c in counters))
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


def _install(ruleset: AnyRuleset, scenario: AnyScenario) -> None:
    from fracas.sim.odds import advisor, install_policy

    if advisor(ruleset) is None:
        return
    if any(
        str(c.tactics).split(";", 1)[0].strip() == "optimal"
        for c in scenario_of(scenario).combatants
    ):
        install_policy(ruleset, scenario)
