"""``--jobs J`` is never slower than ``--jobs 1`` on small work: the first task runs in this
process, timed, and a pool of J processes is started only when the work left (estimated from
that task) is worth its start-up (``runner.POOL_MIN_SECONDS``); the figures are the same
either way."""

from __future__ import annotations

import msgspec
import pytest

from fracas.scenario import load_scenario
from fracas.sim import runner
from fracas.sim.figures import SimResult
from fracas.sim.runner import Job, LocalExecutor, run_jobs
from fracas.sim.tally import Tally
from fracas.sim.variant import Variant
from tests.sim.conftest import DUEL


def _tally(executor: runner.Executor, n: int, precision: float | None = None) -> Tally:
    job = Job((Variant.of(load_scenario(DUEL)),), n, precision)
    try:
        return run_jobs([job], 3, "event", executor)[0].tallies[0]
    finally:
        executor.close()


def _encoded(tally: Tally) -> bytes:
    return msgspec.json.encode(tally)  # a dataclass: every field


class Recording(LocalExecutor):
    """A LocalExecutor that remembers the estimate it was given."""

    def __init__(self, jobs: int) -> None:
        super().__init__(jobs)
        self.told: list[float] = []

    def plan(self, seconds_left: float) -> None:
        self.told.append(seconds_left)
        super().plan(seconds_left)


def test_small_work_with_two_jobs_stays_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = iter([0.0, 0.25])  # the first task (500 fights) takes 0.25 s by this clock
    monkeypatch.setattr(runner, "perf_counter", lambda: next(ticks))
    executor = Recording(2)
    tally = _tally(executor, 600)  # then 100 fights: 0.05 s, far below the threshold
    assert executor.told == [0.25 / 500 * 100]
    assert not executor.pooled
    assert _encoded(tally) == _encoded(_tally(runner.InlineExecutor(), 600))


def test_the_estimate_is_the_first_tasks_time_per_fight_times_the_fights_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks = iter([10.0, 12.5])  # the first task (500 fights) takes 2.5 s by this clock
    monkeypatch.setattr(runner, "perf_counter", lambda: next(ticks))
    executor = Recording(1)  # one job: told, but never pools
    _tally(executor, 1500)
    assert executor.told == [2.5 / 500 * 1000]
    assert not executor.pooled


@pytest.mark.usefixtures("always_pool")
def test_enough_work_starts_the_pool_and_gives_the_same_figures() -> None:
    executor = Recording(2)
    tally = _tally(executor, 1600)
    assert executor.pooled
    assert isinstance(executor.inner, runner.ProcessExecutor)
    assert _encoded(tally) == _encoded(_tally(runner.InlineExecutor(), 1600))


@pytest.mark.usefixtures("always_pool")
def test_a_run_that_its_first_task_ends_starts_no_pool() -> None:
    executor = Recording(2)
    tally = _tally(executor, 5000, precision=0.5)  # every interval narrower at 500 fights
    assert tally.n == 500 and executor.told == [0.0]
    assert not executor.pooled


def test_the_default_jobs_give_the_figures_of_one_job() -> None:
    from fracas.sim import simulate

    def figures(result: SimResult) -> bytes:
        return msgspec.json.encode(msgspec.structs.replace(result, wall_time_s=0.0))

    one = simulate(DUEL, n=1200, seed=4, jobs=1, engine="event")
    two = simulate(DUEL, n=1200, seed=4, jobs=2, engine="event")
    assert figures(one) == figures(two)
