"""``--jobs N`` against ``--jobs 1``: wall-clock time of the same runs with one job, two and
the default (``os.cpu_count()``, what ``fracas sim`` uses without ``--jobs``), interleaved
``--repeats`` times, medians reported with each one's ratio to ``--jobs 1`` (below 1.00:
faster). The figures of every run are checked identical to ``--jobs 1``'s.

The runs: the batch engine on the percentile duel (100,000 fights: two tasks; 1,000,000:
twenty), a batch sweep (``--points`` grid points x ``--fights`` fights; the issue's was 100 x
100,000), and the event engine on the EXP bar brawl (500 fights: one task; 3,000: six). Each
run is timed from the API call to its result (no start-up, no plots), in this process; with
``--jobs`` > 1 the pool, when the run is worth one, is started and stopped inside the timing,
as the command does. ``--scale`` divides every number of fights (a busy machine).

    python bench/jobs.py [--repeats R] [--points P] [--fights N] [--scale S]
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
    """A run's figures without its wall time (to check every --jobs gives the same)."""
    if hasattr(result, "to_csv"):  # a sweep's table
        table: object = result
        frame = table.drop(columns=[c for c in table.columns if "wall" in c])  # type: ignore[attr-defined]
        return frame.to_csv().encode()  # type: ignore[no-any-return]
    return msgspec.json.encode(msgspec.structs.replace(result, wall_time_s=0.0))  # type: ignore[type-var]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--points", type=int, default=20, help="grid points of the sweep")
    parser.add_argument("--fights", type=int, default=100_000, help="fights per sweep point")
    parser.add_argument("--scale", type=int, default=1, help="divide every number of fights")
    args = parser.parse_args()
    k = args.scale
    top = 30 + 2 * (args.points - 1)
    runs: dict[str, Callable[[int], object]] = {
        f"batch sim, duel, {100_000 // k:,} fights": lambda j: simulate(
            DUEL, n=100_000 // k, seed=1, jobs=j, engine="batch"
        ),
        f"batch sim, duel, {1_000_000 // k:,} fights": lambda j: simulate(
            DUEL, n=1_000_000 // k, seed=1, jobs=j, engine="batch"
        ),
        f"batch sweep, {args.points} points x {args.fights // k:,}": lambda j: sweep(
            DUEL, [f"combatants[1].skills.dagger=30..{top}:2"], n=args.fights // k, seed=1, jobs=j
        ),
        f"event sim, bar brawl, {500 // k:,} fights": lambda j: simulate(
            BRAWL, n=max(1, 500 // k), seed=1, jobs=j, engine="event"
        ),
        f"event sim, bar brawl, {3_000 // k:,} fights": lambda j: simulate(
            BRAWL, n=max(1, 3_000 // k), seed=1, jobs=j, engine="event"
        ),
    }
    default = os.cpu_count() or 1
    settings = {"--jobs 1": 1, "--jobs 2": 2, f"default ({default})": default}
    for fn in runs.values():  # warm: kernels loaded, caches filled
        fn(1)
    wall: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.repeats):
        for name, fn in runs.items():
            first: bytes | None = None
            for label, jobs in settings.items():
                start = time.perf_counter()
                result = fn(jobs)
                wall.setdefault((name, label), []).append(time.perf_counter() - start)
                same = _same(result)
                first = first if first is not None else same
                if same != first:
                    raise SystemExit(f"{name}: {label} gave other figures than --jobs 1")
    print(
        f"medians of {args.repeats} (wall time; ratio to --jobs 1); "
        f"{default} cores, load average {os.getloadavg()[0]:.1f}"
    )
    for name in runs:
        one = statistics.median(wall[(name, "--jobs 1")])
        cells = []
        for label in settings:
            t = statistics.median(wall[(name, label)])
            cells.append(f"{label} {t:.3f} s ({t / one:.2f})")
        print(f"{name}: " + ", ".join(cells))


if __name__ == "__main__":
    main()
