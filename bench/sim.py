"""Event-engine fights per second through ``fracas sim`` (the analysis layer) against the bare
``Session.run()`` loop over the same seeds, measured in the same run.

- ``bare``: ``Session.start(ruleset, scenario, SeededRoller(seed)).run()`` for each seed, in
  this process, nothing else (the fights ``fracas sim`` runs, without reading them);
- ``sim --jobs 1``: ``fracas.sim.simulate(..., jobs=1)``: the same fights, each read through
  the ruleset's analysis hooks into a tally, chunks merged, figures computed;
- ``sim --jobs 2``: the same in two worker processes (a pool is started for each run, as the
  command does).

The overhead of the analysis layer is ``1 - sim_jobs1 / bare`` in CPU time of this process
(both run here; the machine may be shared, and time given to other processes does not count);
it should stay under 10%. ``--jobs 2`` is timed in wall time (its work is in the workers) and
compared with twice the bare rate in wall time: the scaling one gets on this machine now, not
a promise. The three are run interleaved ``--repeats`` times and the medians are reported.

Then, in the same run, the fast paths of ``bench/batch.py`` (its docstring says what each
figure is): event-engine and batch fights/s for the percentile duel and the EXP brawl, the RNG
bounds and the ratios batch / bound, ``odds`` and ``advise`` times for Joanne vs Ondkille, and
the peak memory of a 1,000-point sweep (``--no-fast-paths`` skips them; ``--quick`` runs them
at tiny sizes).

    python bench/sim.py [--fights N] [--repeats R] [--scenario FILE] [--no-fast-paths] [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.scenario import load_scenario
from fracas.sim import simulate
from fracas.sim.variant import chunk_counts, chunk_seeds

DUEL = Path(__file__).parents[1] / "examples" / "percentile" / "joanne-vs-ondkille.yaml"


def bare_loop(path: Path, n: int, seed: int) -> int:
    """The same fights as ``simulate(path, n, seed)``, run and dropped. Returns rounds."""
    loaded = load_scenario(path)
    rounds = 0
    for chunk, count in enumerate(chunk_counts(n)):
        for s in chunk_seeds(seed, chunk, count):
            rounds += Session.start(loaded.ruleset, loaded.scenario, SeededRoller(s)).run().round
    return rounds


def timed(fn: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds of this process, wall seconds) that ``fn`` takes."""
    c0, w0 = time.process_time(), time.perf_counter()
    fn()
    return time.process_time() - c0, time.perf_counter() - w0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fights", type=int, default=4000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--scenario", type=Path, default=DUEL)
    parser.add_argument("--no-fast-paths", action="store_true", help="skip bench/batch.py")
    parser.add_argument("--quick", action="store_true", help="bench/batch.py at tiny sizes")
    args = parser.parse_args()
    n, path = args.fights, args.scenario
    runs: dict[str, Callable[[], object]] = {
        "bare": lambda: bare_loop(path, n, 1),
        "sim --jobs 1": lambda: simulate(path, n=n, seed=1, jobs=1),
        "sim --jobs 2": lambda: simulate(path, n=n, seed=1, jobs=2),
    }
    simulate(path, n=min(n, 500), seed=1)  # warm caches
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    wall: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.repeats):
        for name, fn in runs.items():
            c, w = timed(fn)
            cpu[name].append(c)
            wall[name].append(w)
    print(f"{path.name}: {n} fights, medians of {args.repeats} runs")
    print(f"  {'':<13} {'CPU':>14} {'wall':>14}")
    for name in runs:
        c = "-" if name.endswith("2") else f"{n / statistics.median(cpu[name]):,.0f}"
        w = n / statistics.median(wall[name])
        print(f"  {name:<13} {c:>14} {w:>14,.0f}  fights/s")
    overhead = 1 - statistics.median(cpu["bare"]) / statistics.median(cpu["sim --jobs 1"])
    print(f"  analysis overhead at --jobs 1 (CPU): {100 * overhead:.1f}% (must stay under 10%)")
    scaling = statistics.median(wall["bare"]) / statistics.median(wall["sim --jobs 2"]) / 2
    print(f"  --jobs 2 against twice the bare rate (wall): {scaling:.2f}")
    if not args.no_fast_paths:
        import batch  # bench/batch.py, next to this script

        print()
        batch.main(["--repeats", str(args.repeats), *(["--quick"] if args.quick else [])])


if __name__ == "__main__":
    main()
