"""The Dask path against local processes on the same cores: a ``LocalCluster`` of ``--workers``
processes of one thread each, against ``--jobs`` of the same number, on the same runs, their
figures checked identical (byte for byte, wall time aside). Reported: the medians of
``--repeats`` interleaved runs (wall time from the API call to its result) and local / Dask,
the Dask path's throughput per core as a fraction of the local one's (target >= 0.8).

Dask tasks are the local tasks (``Backend.task_size``: 50,000 fights for a batch kernel, 500
for the event engine), carrying the scenario as data. Before timing, one run on the cluster
lets every worker import fracas and load the kernels from numba's cache (a cluster that
serves many runs pays that once); the first run's time is printed too.

    python bench/cluster.py [--workers W] [--repeats R] [--scale S]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import msgspec

from fracas.sim import simulate
from fracas.sim.sweeps import sweep

EXAMPLES = Path(__file__).parents[1] / "examples"
DUEL = EXAMPLES / "percentile" / "joanne-vs-ondkille.yaml"
BRAWL = EXAMPLES / "exp" / "bar-brawl.yaml"


def _same(result: object) -> bytes:
    if hasattr(result, "to_csv"):  # a sweep's table
        return str(result.to_csv()).encode()
    return msgspec.json.encode(msgspec.structs.replace(result, wall_time_s=0.0))  # type: ignore[type-var]


def main() -> None:
    import distributed

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scale", type=int, default=1, help="divide every number of fights")
    args = parser.parse_args()
    k, w = args.scale, args.workers
    runs: dict[str, Callable[[int, str | None], object]] = {
        f"batch sim, duel, {1_000_000 // k:,} fights": lambda j, at: simulate(
            DUEL, n=1_000_000 // k, seed=1, jobs=j, engine="batch", scheduler=at
        ),
        f"batch sweep, 20 points x {100_000 // k:,}": lambda j, at: sweep(
            DUEL,
            ["combatants[1].skills.dagger=30..68:2"],
            n=100_000 // k,
            seed=1,
            jobs=j,
            scheduler=at,
        ),
        f"event sim, bar brawl, {3_000 // k:,} fights": lambda j, at: simulate(
            BRAWL, n=max(1, 3_000 // k), seed=1, jobs=j, engine="event", scheduler=at
        ),
    }
    with distributed.LocalCluster(
        n_workers=w,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=50,
    ) as cluster:
        address = cluster.scheduler_address
        for name, fn in runs.items():  # warm: this process, then every worker
            fn(1, None)
            start = time.perf_counter()
            fn(w, address)
            print(f"{name}: first run on the cluster {time.perf_counter() - start:.2f} s")
        wall: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeats):
            for name, fn in runs.items():
                outs = []
                for label, at in (("local", None), ("dask", address)):
                    start = time.perf_counter()
                    outs.append(_same(fn(w, at)))
                    wall.setdefault((name, label), []).append(time.perf_counter() - start)
                if outs[0] != outs[1]:
                    raise SystemExit(f"{name}: the cluster gave other figures than local")
    print(
        f"medians of {args.repeats}, {w} workers x 1 thread against --jobs {w} "
        f"({os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}); figures identical"
    )
    for name in runs:
        local = statistics.median(wall[(name, "local")])
        dask = statistics.median(wall[(name, "dask")])
        print(f"{name}: local {local:.3f} s, dask {dask:.3f} s, local / dask {local / dask:.2f}")


if __name__ == "__main__":
    main()
