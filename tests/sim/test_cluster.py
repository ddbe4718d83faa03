"""On a real Dask cluster (a LocalCluster of 2 worker processes on loopback) the figures are
the local run's."""

from __future__ import annotations

import time

import pytest

from fracas.sim import compare, simulate, sweep
from tests.sim.conftest import DUEL, PLATE

distributed = pytest.importorskip("distributed")


@pytest.mark.slow
def test_a_dask_cluster_gives_the_figures_of_the_local_run() -> None:
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=40,
    ) as cluster:
        address = cluster.scheduler_address
        n = 1100
        local = simulate(DUEL, n=n, seed=6)
        remote = simulate(DUEL, n=n, seed=6, scheduler=address)
        assert remote.figures() == local.figures()
        both = compare([DUEL, PLATE], n=600, seed=2, scheduler=address)
        alone = compare([DUEL, PLATE], n=600, seed=2)
        assert [v.figures() for v in both.variants] == [v.figures() for v in alone.variants]
        assert both.differences == alone.differences
        grid = ["combatants[1].skills.dagger=[30, 60]"]
        far = sweep(DUEL, grid, n=200, seed=1, scheduler=address)
        near = sweep(DUEL, grid, n=200, seed=1)
        assert far.equals(near)


@pytest.mark.slow
def test_a_run_whose_cluster_lost_every_worker_stops_with_a_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every worker gone: the run says so after FRACAS_DASK_LOST_TIMEOUT seconds instead of
    waiting forever."""
    from fracas.engine.errors import FracasError

    monkeypatch.setenv("FRACAS_DASK_LOST_TIMEOUT", "1.5")
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=40,
    ) as cluster:
        cluster.scale(0)
        with distributed.Client(cluster) as client:
            for _ in range(300):  # the worker leaves within a few seconds
                if not client.nthreads():
                    break
                time.sleep(0.1)
            assert not client.nthreads()
        with pytest.raises(FracasError, match=r"no worker for 1\.5 s"):
            simulate(DUEL, n=1000, seed=1, scheduler=cluster.scheduler_address, engine="event")


def test_a_bad_lost_worker_timeout_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from fracas.engine.errors import FracasError
    from fracas.sim.cluster import lost_timeout

    monkeypatch.setenv("FRACAS_DASK_LOST_TIMEOUT", "soon")
    with pytest.raises(FracasError, match="FRACAS_DASK_LOST_TIMEOUT=soon"):
        lost_timeout()
