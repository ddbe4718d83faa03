"""The analysis API: ``simulate``, ``compare`` and ``sweep``. The CLI only calls these."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec

from fracas import __version__
from fracas.engine.errors import FracasError
from fracas.scenario import load_scenario
from fracas.scenario.loader import LoadedScenario
from fracas.sim.backend import choose_backend
from fracas.sim.figures import SimResult, figures
from fracas.sim.intervals import newcombe_paired, newcombe_unpaired
from fracas.sim.runner import Executor, Job, JobResult, ProgressFn, local_executor, run_jobs
from fracas.sim.tally import Tally
from fracas.sim.variant import CHUNK, Variant

ScenarioLike = str | Path | LoadedScenario | Variant


PAIRED_METHOD = "Newcombe (1998) paired hybrid score interval, method 10"
UNPAIRED_METHOD = (
    "Newcombe (1998) square-and-add Wilson interval for independent proportions, method 10"
)


class Difference(msgspec.Struct, frozen=True):
    """Variant ``a``'s win rate for its first side minus variant ``b``'s, with a 95%
    interval; ``significant`` when the interval leaves out 0.

    ``paired``: on the same fights (same ruleset, same seeds: common random numbers), with
    Newcombe's paired interval and the 2x2 table ``both``, ``only_a``, ``only_b``,
    ``neither``. Variants of different rulesets share seeds but not dice, so their fights
    are independent: no paired difference is given (``unpaired_because`` says why, the
    table is ``None``) and the interval is the one for independent rates."""

    a: str
    b: str
    side_a: str
    side_b: str
    difference: float
    low: float
    high: float
    significant: bool
    both: int | None
    only_a: int | None
    only_b: int | None
    neither: int | None
    method: str = PAIRED_METHOD
    paired: bool = True
    unpaired_because: str | None = None


class CompareResult(msgspec.Struct, frozen=True):
    """``fracas compare``: each variant's figures and every pair's difference."""

    variants: tuple[SimResult, ...]
    differences: tuple[Difference, ...]

    def to_json(self) -> bytes:
        return msgspec.json.encode(self)

    @classmethod
    def from_json(cls, data: bytes | str) -> CompareResult:
        return msgspec.json.decode(data, type=cls)


def as_variant(scenario: ScenarioLike, overrides: Sequence[str] = ()) -> Variant:
    """A scenario file (with ``-o`` overrides), a loaded scenario, or a variant."""
    if isinstance(scenario, Variant):
        return scenario
    if isinstance(scenario, LoadedScenario):
        return Variant.of(scenario, overrides=tuple(overrides))
    return Variant.of(load_scenario(scenario, overrides), overrides=tuple(overrides))


def check_run(n: int, seed: int, jobs: int, precision: float | None) -> None:
    """Refuse settings no run can use, naming the flag."""
    if n < 1:
        raise FracasError(f"-n {n}: the number of fights must be at least 1")
    if seed < 0:
        raise FracasError(f"--seed {seed}: must be 0 or more")
    if jobs < 1:
        raise FracasError(f"--jobs {jobs}: must be at least 1")
    if precision is not None and not 0 < precision < 1:
        raise FracasError(
            f"--precision {precision:g}: must be between 0 and 1 (the width of a 95% interval "
            "on a rate, e.g. 0.02)"
        )


@contextmanager
def executor_for(jobs: int, scheduler: str | None) -> Iterator[Executor]:
    """Local processes, or the Dask cluster at ``scheduler``."""
    if scheduler is not None:
        from fracas.sim.cluster import DaskExecutor

        executor: Executor = DaskExecutor(scheduler)
    else:
        executor = local_executor(jobs)
    try:
        yield executor
    finally:
        executor.close()


def citation(
    variant: Variant, engine: str, tally: Tally, seed: int, precision: float | None, wall: float
) -> dict[str, Any]:
    """What a result needs so that it can be cited and run again."""
    return {
        "fracas_version": __version__,
        "engine": engine,
        "ruleset": variant.ruleset,
        "scenario": variant.label,
        "scenario_hash": variant.digest,
        "options": variant.options(),
        "n": tally.n,
        "seed": seed,
        "chunk_size": CHUNK,
        "precision": precision,
        "wall_time_s": round(wall, 3),
    }


def run_all(
    jobs_: list[Job],
    seed: int,
    jobs: int,
    engine: str,
    scheduler: str | None,
    progress: ProgressFn | None,
) -> tuple[list[JobResult], str, float]:
    from fracas.sim.batch.backend import describe, prepare

    variants = [v for job in jobs_ for v in job.variants]
    backend = choose_backend(engine, variants)
    prepare(variants)  # a policy for tactics: optimal, before any worker starts
    warm_up = getattr(backend, "warm_up", None)
    if warm_up is not None:  # compiled (or loaded from the cache) here, once, not per worker
        warm_up(variants)
    size = backend.task_size
    if sum(-(-job.n // size) for job in jobs_) < 2:
        jobs = 1  # one task: a pool of workers would only add its start-up
    t0 = time.perf_counter()
    with executor_for(jobs, scheduler) as executor:
        results = run_jobs(jobs_, seed, backend.name, executor, progress)
    return results, describe(backend.name, engine, variants), time.perf_counter() - t0


def simulate(
    scenario: ScenarioLike,
    n: int = 10_000,
    seed: int = 0,
    jobs: int = 1,
    precision: float | None = None,
    overrides: Sequence[str] = (),
    engine: str = "event",
    scheduler: str | None = None,
    progress: ProgressFn | None = None,
) -> SimResult:
    """``n`` fights of ``scenario`` (fewer if every rate's 95% interval is narrower than
    ``precision`` first), in ``jobs`` local processes or on the Dask cluster at
    ``scheduler``. The same scenario, ``seed`` and ``n`` give the same figures however they
    are run."""
    check_run(n, seed, jobs, precision)
    variant = as_variant(scenario, overrides)
    results, name, wall = run_all(
        [Job((variant,), n, precision)], seed, jobs, engine, scheduler, progress
    )
    tally = results[0].tallies[0]
    return figures(tally, **citation(variant, name, tally, seed, precision, wall))


def compare(
    scenarios: Sequence[ScenarioLike],
    n: int = 10_000,
    seed: int = 0,
    jobs: int = 1,
    precision: float | None = None,
    overrides: Sequence[str] = (),
    engine: str = "event",
    scheduler: str | None = None,
    progress: ProgressFn | None = None,
) -> CompareResult:
    """Two or more variants of a matchup on the same fights (common random numbers: fight
    ``i`` of every variant runs from the same seed), each with its figures, and for each
    pair the difference in the first side's win rate with its paired interval (unpaired,
    and labelled so, for two variants of different rulesets: see :func:`difference`)."""
    check_run(n, seed, jobs, precision)
    if len(scenarios) < 2:
        raise FracasError("compare needs at least two scenarios")
    variants = tuple(as_variant(s, overrides) for s in scenarios)
    results, name, wall = run_all(
        [Job(variants, n, precision)], seed, jobs, engine, scheduler, progress
    )
    job = results[0]
    sims = tuple(
        figures(t, **citation(v, name, t, seed, precision, wall))
        for v, t in zip(variants, job.tallies, strict=True)
    )
    diffs = [
        difference(variants, job, i, j)
        for i in range(len(variants))
        for j in range(i + 1, len(variants))
    ]
    return CompareResult(sims, tuple(diffs))


def difference(variants: Sequence[Variant], job: JobResult, i: int, j: int) -> Difference:
    """Variant ``i``'s first-side win rate minus variant ``j``'s. Paired when both are of
    one ruleset (fight ``k`` of each ran from the same seed and rolls the same dice for the
    same purposes); for two rulesets the same seed drives different dice, the pairing means
    nothing, and the difference is the unpaired one of two independent samples."""
    a, b = variants[i], variants[j]
    table = [0, 0, 0, 0]  # both, only i, only j, neither (first side wins)
    for key, count in job.joint.items():
        wa, wb = key[i] == 0, key[j] == 0
        table[0 if wa and wb else 1 if wa else 2 if wb else 3] += count
    paired = a.ruleset == b.ruleset
    if paired:
        d, low, high = newcombe_paired(*table)
        why = None
    else:
        n = sum(table)
        d, low, high = newcombe_unpaired(table[0] + table[1], n, table[0] + table[2], n)
        why = (
            f"{a.ruleset} and {b.ruleset} are different rulesets: a seed does not roll the "
            "same dice for the same purpose in both, so their fights are independent"
        )
    return Difference(
        a=a.label,
        b=b.label,
        side_a=job.tallies[i].sides[0],
        side_b=job.tallies[j].sides[0],
        difference=d,
        low=low,
        high=high,
        significant=low > 0 or high < 0,
        both=table[0] if paired else None,
        only_a=table[1] if paired else None,
        only_b=table[2] if paired else None,
        neither=table[3] if paired else None,
        method=PAIRED_METHOD if paired else UNPAIRED_METHOD,
        paired=paired,
        unpaired_because=why,
    )
