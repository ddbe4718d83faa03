"""Running chunks of fights: in this process, in local processes, or on a Dask cluster, and
merging them in chunk order so the figures are the same whichever ran them.

A *job* is a set of variants run on the same fights (one for ``sim`` and each grid point of
``sweep``, several for ``compare``: fight ``i`` of every variant has the same seed). Fight
``i`` of a run always has the same seed (``variant.fight_seeds``: the seeds come in blocks of
:data:`~fracas.sim.variant.CHUNK`), whatever the task it runs in. A job's fights are cut into
tasks sized to the engine (``Backend.task_size``: 500 fights for the event engine, tens of
thousands for a batch kernel, whose per-call costs would otherwise outweigh its fights), so
the figures of ``n`` fights do not depend on the task size, ``--jobs`` or the workers. Tasks
are handed out in order with a bounded number in flight, and each job's tasks are merged in
order as they arrive (a later one waits in a buffer for the earlier ones); ``--precision`` is
checked after each merge, so where a run stops depends on the seed and the engine's task size
only (never on ``--jobs`` or the scheduler).

``--jobs J`` (J > 1) on this machine (:class:`LocalExecutor`) runs the first task in this
process and times it; the rest go to a pool of J processes only if the work left, estimated
from that task, is at least :data:`POOL_MIN_SECONDS`, and run here otherwise: a pool's
start-up and its results shipped back cost more than they save on a small run, and ``--jobs
J`` must never be slower than ``--jobs 1``.
"""

from __future__ import annotations

import math
import multiprocessing
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any, Protocol

from fracas.engine.errors import FracasError
from fracas.sim.backend import get_backend
from fracas.sim.figures import widest
from fracas.sim.pairing import PairSums, all_pair_sums
from fracas.sim.tally import Tally
from fracas.sim.variant import Variant, fight_seeds, task_counts

#: the joint results of a job's variants on the same fight: the winner index per variant
Joint = dict[tuple[int, ...], int]


@dataclass(frozen=True)
class Job:
    """``variants`` run on the same ``n`` fights (fewer if ``precision`` is reached, or once
    ``stop``, asked in this process after each chunk is merged, says the tallies so far are
    enough: ``fracas balance`` stops when a rate's interval leaves out its target)."""

    variants: tuple[Variant, ...]
    n: int
    precision: float | None = None
    stop: Callable[[Sequence[Tally]], bool] | None = None


@dataclass(frozen=True)
class ChunkOut:
    """One chunk of a job: a tally per variant (without ``winners``), the joint counts, and
    the paired sums of every pair of variants of one ruleset (``compare``)."""

    tallies: tuple[Tally, ...]
    joint: Joint
    pairs: dict[tuple[int, int], PairSums] = field(default_factory=dict)


@dataclass
class JobResult:
    """A finished job: merged tallies (one per variant), joint counts, chunks merged, and
    the merged paired sums (:mod:`fracas.sim.pairing`)."""

    tallies: list[Tally]
    joint: Joint
    chunks: int
    pairs: dict[tuple[int, int], PairSums] = field(default_factory=dict)


@dataclass(frozen=True)
class Progress:
    """Where a run is: fights merged of fights planned, jobs finished, the widest interval
    among the rates of the job merged last."""

    fights_done: int
    fights_total: int
    jobs_done: int
    jobs_total: int
    widest: float


ProgressFn = Callable[[Progress], None]


def run_chunk(
    engine: str, variants: tuple[Variant, ...], seed: int, start: int, count: int
) -> ChunkOut:
    """A task (runs in a worker): each variant on fights ``start .. start + count - 1``,
    paired."""
    backend = get_backend(engine)
    own = getattr(backend, "fight_seeds", None)  # a backend may derive its own, per fight
    seeds = own(seed, start, count) if own is not None else fight_seeds(seed, start, count)
    tallies = tuple(backend.run_chunk(v, seeds) for v in variants)
    joint: Joint = {}
    pairs: dict[tuple[int, int], PairSums] = {}
    if len(tallies) > 1:
        joint = dict(Counter(zip(*(t.winners for t in tallies), strict=True)))
        pairs = all_pair_sums(tallies, tuple(v.ruleset for v in variants))
    return ChunkOut(tuple(t.drop_winners() for t in tallies), joint, pairs)


class Executor(Protocol):
    """Where chunk tasks run."""

    slots: int

    def submit(self, fn: Callable[..., ChunkOut], *args: Any) -> Any: ...
    def wait_any(self, futures: Sequence[Any]) -> list[Any]: ...
    def result(self, future: Any) -> ChunkOut: ...
    def cancel(self, futures: Sequence[Any]) -> None: ...
    def close(self) -> None: ...


class InlineExecutor:
    """Runs each task in this process when it is waited for (``--jobs 1``)."""

    slots = 1

    def __init__(self) -> None:
        self.pending: dict[Future[ChunkOut], tuple[Callable[..., ChunkOut], tuple[Any, ...]]] = {}

    def submit(self, fn: Callable[..., ChunkOut], *args: Any) -> Future[ChunkOut]:
        future: Future[ChunkOut] = Future()
        self.pending[future] = (fn, args)
        return future

    def wait_any(self, futures: Sequence[Any]) -> list[Any]:
        future = futures[0]
        fn, args = self.pending.pop(future)
        try:
            future.set_result(fn(*args))
        except Exception as exc:
            future.set_exception(exc)
        return [future]

    def result(self, future: Any) -> ChunkOut:
        out: ChunkOut = future.result()
        return out

    def cancel(self, futures: Sequence[Any]) -> None:
        for f in futures:
            self.pending.pop(f, None)

    def close(self) -> None:
        self.pending.clear()


class ProcessExecutor:
    """Local worker processes (``--jobs J``). On Linux they are forked (quick: fracas is
    already imported), all at the first submit, before any other thread of ours exists (the
    CLI starts its progress bar only when the first chunk is merged); elsewhere spawned."""

    def __init__(self, jobs: int) -> None:
        import numpy  # noqa: F401  (loaded once here, so forked workers have it)

        from fracas.sim import event_backend  # noqa: F401

        method = "fork" if sys.platform == "linux" else "spawn"
        context = multiprocessing.get_context(method)
        self.pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context)
        self.slots = 2 * jobs

    def submit(self, fn: Callable[..., ChunkOut], *args: Any) -> Future[ChunkOut]:
        return self.pool.submit(fn, *args)

    def wait_any(self, futures: Sequence[Any]) -> list[Any]:
        done, _ = wait(futures, return_when=FIRST_COMPLETED)
        return list(done)

    def result(self, future: Any) -> ChunkOut:
        out: ChunkOut = future.result()
        return out

    def cancel(self, futures: Sequence[Any]) -> None:
        for f in futures:
            f.cancel()

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


@dataclass
class _JobState:
    job: Job
    counts: list[int]
    starts: list[int] = field(default_factory=list)
    merged: int = 0
    done: bool = False
    tallies: list[Tally] = field(default_factory=list)
    joint: Counter[tuple[int, ...]] = field(default_factory=Counter)
    pairs: dict[tuple[int, int], PairSums] = field(default_factory=dict)
    buffer: dict[int, ChunkOut] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.starts = [sum(self.counts[:c]) for c in range(len(self.counts))]

    def take(self, out: ChunkOut) -> None:
        if not self.tallies:
            self.tallies = [Tally.empty_like(t) for t in out.tallies]
        for mine, theirs in zip(self.tallies, out.tallies, strict=True):
            mine.merge(theirs)
        self.joint.update(out.joint)
        for key, sums in out.pairs.items():
            self.pairs.setdefault(key, PairSums()).merge(sums)
        self.merged += 1
        precision, stop = self.job.precision, self.job.stop
        if (
            self.merged == len(self.counts)
            or (precision is not None and all(widest(t) < precision for t in self.tallies))
            or (stop is not None and stop(self.tallies))
        ):
            self.done = True
            self.buffer.clear()


def run_jobs(
    jobs: Sequence[Job],
    seed: int,
    engine: str,
    executor: Executor,
    progress: ProgressFn | None = None,
) -> list[JobResult]:
    """Run every job's chunks on ``executor``; the merged results, in job order."""
    size = get_backend(engine).task_size
    states = [_JobState(job, task_counts(job.n, size)) for job in jobs]
    total = sum(job.n for job in jobs)
    tasks = _tasks(states)
    in_flight: dict[Any, tuple[int, int]] = {}
    fights_done = jobs_done = 0
    started = False

    def arrive(j: int, c: int, out: ChunkOut, report: bool = True) -> None:
        nonlocal fights_done, jobs_done
        state = states[j]
        if state.done:
            return
        state.buffer[c] = out
        while not state.done and state.merged in state.buffer:
            chunk = state.merged
            state.take(state.buffer.pop(chunk))
            fights_done += state.counts[chunk]
            if state.done:
                jobs_done += 1
                fights_done += sum(state.counts[state.merged :])
            if progress is not None and report:
                wide = max(widest(t) for t in state.tallies)
                progress(Progress(fights_done, total, jobs_done, len(jobs), wide))

    plan: Callable[[float], None] | None = getattr(executor, "plan", None)
    if plan is not None:  # the first task here, timed: is the rest worth a pool?
        first = next(tasks, None)
        if first is not None:
            j, c = first
            state = states[j]
            start = perf_counter()
            out = run_chunk(engine, state.job.variants, seed, state.starts[c], state.counts[c])
            per_fight = (perf_counter() - start) / state.counts[c]
            arrive(j, c, out, report=False)  # (a --precision may end the job here)
            left = sum(sum(s.counts[s.merged :]) for s in states if not s.done)
            plan(per_fight * left)  # before any progress: the bar's thread starts with it
            if progress is not None:
                wide = max(widest(t) for t in state.tallies)
                progress(Progress(fights_done, total, jobs_done, len(jobs), wide))
            started = True
    try:
        while True:
            for j, c in tasks:
                state = states[j]
                args = (engine, state.job.variants, seed, state.starts[c], state.counts[c])
                in_flight[executor.submit(run_chunk, *args)] = (j, c)
                if len(in_flight) >= executor.slots:
                    break
            if not in_flight:
                break
            if not started and progress is not None:  # at once (workers already started)
                progress(Progress(0, total, 0, len(jobs), math.inf))
            started = True
            for future in executor.wait_any(list(in_flight)):
                j, c = in_flight.pop(future)
                arrive(j, c, executor.result(future))
    except BaseException:
        executor.cancel(list(in_flight))
        raise
    return [JobResult(s.tallies, dict(s.joint), s.merged, s.pairs) for s in states]


def _tasks(states: list[_JobState]) -> Iterator[tuple[int, int]]:
    """(job, chunk) in order, skipping jobs already finished when their turn comes."""
    for j, state in enumerate(states):
        for c in range(len(state.counts)):
            if state.done:
                break
            yield j, c


#: seconds of work left (estimated from the first task, run in this process) from which
#: ``--jobs J`` starts a pool of J processes; below it the rest runs here too. A pool of two
#: forked workers running four one-fight tasks took 127 ms from its start to its shutdown
#: against 30 ms for the same tasks in this process (medians of 7, 2 December 2026, a 2-core
#: machine at a load average of 16); with 1 s of work left, two workers save about 0.5 s.
POOL_MIN_SECONDS = 1.0


class LocalExecutor:
    """``--jobs J`` on this machine: tasks run in this process until :meth:`plan` is told
    how much work is left, and then in a pool of J processes if that is at least
    :data:`POOL_MIN_SECONDS` (``run_jobs`` calls it once, after timing the first task and
    before anything else starts, so the pool is forked before any thread of ours exists)."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.inner: InlineExecutor | ProcessExecutor = InlineExecutor()
        self.slots = 1
        self.pooled = False

    def plan(self, seconds_left: float) -> None:
        if self.jobs > 1 and seconds_left > 0 and seconds_left >= POOL_MIN_SECONDS:
            self.inner = ProcessExecutor(self.jobs)
            self.slots = self.inner.slots
            self.pooled = True

    def submit(self, fn: Callable[..., ChunkOut], *args: Any) -> Future[ChunkOut]:
        return self.inner.submit(fn, *args)

    def wait_any(self, futures: Sequence[Any]) -> list[Any]:
        return self.inner.wait_any(futures)

    def result(self, future: Any) -> ChunkOut:
        return self.inner.result(future)

    def cancel(self, futures: Sequence[Any]) -> None:
        self.inner.cancel(futures)

    def close(self) -> None:
        self.inner.close()


def local_executor(jobs: int) -> Executor:
    """In this process for one job, else a :class:`LocalExecutor` of ``jobs`` processes
    (which starts them only for enough work)."""
    return InlineExecutor() if jobs <= 1 else LocalExecutor(jobs)


def check_jobs(jobs: int) -> None:
    if jobs < 1:
        raise FracasError(f"--jobs {jobs}: must be at least 1")
