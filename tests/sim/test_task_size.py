"""A run's figures do not depend on how its fights are cut into tasks, nor on --jobs: fight
``i`` has the same seed in whatever task it runs (``variant.fight_seeds``)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from fracas.sim import simulate
from fracas.sim.batch.backend import BatchBackend
from fracas.sim.event_backend import EventBackend
from fracas.sim.figures import SimResult
from fracas.sim.variant import CHUNK, chunk_seeds, fight_seeds

EXAMPLES = Path(__file__).parents[2] / "examples"
DUEL = EXAMPLES / "percentile" / "joanne-vs-ondkille.yaml"
BRAWL = EXAMPLES / "exp" / "grapple.yaml"


def _figures(result: SimResult) -> bytes:
    """Every figure; not the wall time, nor the task size (the citation records it)."""
    return msgspec.json.encode(msgspec.structs.replace(result, wall_time_s=0.0, task_size=0))


def test_fight_seeds_are_the_blocks_seeds_whatever_the_range() -> None:
    whole = chunk_seeds(4, 0) + chunk_seeds(4, 1) + chunk_seeds(4, 2)
    assert fight_seeds(4, 0, 3 * CHUNK).tolist() == whole
    assert fight_seeds(4, 321, 700).tolist() == whole[321:1021]
    assert fight_seeds(4, CHUNK - 1, 2).tolist() == whole[CHUNK - 1 : CHUNK + 1]


@pytest.mark.usefixtures("always_pool")
@pytest.mark.parametrize("scenario", [DUEL, BRAWL])
def test_batch_figures_do_not_depend_on_task_size_or_jobs(
    scenario: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    n = 3_000
    default = simulate(scenario, n=n, seed=11, jobs=1, engine="batch")
    monkeypatch.setattr(BatchBackend, "task_size", 437)
    small = simulate(scenario, n=n, seed=11, jobs=1, engine="batch")
    two = simulate(scenario, n=n, seed=11, jobs=2, engine="batch")
    assert _figures(small) == _figures(default) == _figures(two)
    assert (default.task_size, small.task_size, two.task_size) == (50_000, 437, 437)


@pytest.mark.usefixtures("always_pool")
def test_event_figures_do_not_depend_on_task_size(monkeypatch: pytest.MonkeyPatch) -> None:
    default = simulate(DUEL, n=600, seed=3, jobs=1, engine="event")
    monkeypatch.setattr(EventBackend, "task_size", 97)
    small = simulate(DUEL, n=600, seed=3, jobs=1, engine="event")
    two = simulate(DUEL, n=600, seed=3, jobs=2, engine="event")
    assert _figures(small) == _figures(default) == _figures(two)
    assert (default.task_size, small.task_size, two.task_size) == (500, 97, 97)
