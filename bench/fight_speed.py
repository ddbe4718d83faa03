"""How many whole Joanne vs Ondkille fights per second the event engine runs on one core.

Each fight is ``Session.start`` + ``Session.run`` with a ``SeededRoller`` (a new seed per
fight) and the scenario's tactics choosing every stance, exactly as ``fracas fight`` runs it.
The baseline, measured in the same run, is a minimal pure-Python fight loop (d100 checks and
2D6/D4+1 damage with ``random.random``, no events, no log): the ratio says how much the event
engine's log, events and table lookups cost over the bare arithmetic of the same fight.

    python bench/fight_speed.py [--fights N] [--repeats R] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.percentile import RULESET
from fracas.scenario import parse_scenario


def scenario() -> object:
    demo = RULESET.demo()
    return parse_scenario(demo.scenario, "<bench>").scenario


def engine_fights(n: int, scen: object) -> int:
    rounds = 0
    for seed in range(n):
        session = Session.start(RULESET, scen, SeededRoller(seed))
        session.run()
        rounds += session.state.round
    return rounds


def baseline_fights(n: int) -> int:
    """The same matchup as bare arithmetic: Joanne 67% 2D6 vs ABS 2, Ondkille 40% D4+1 vs
    ABS 3, one free parry each, until someone is at 0 hp."""
    rnd = random.Random(1).random
    rounds = 0
    for _ in range(n):
        hp_j, hp_o, r = 28, 16, 0
        while hp_j > 0 and hp_o > 0:
            r += 1
            if int(rnd() * 100) + 1 <= 40 and int(rnd() * 100) + 1 > 67:
                hp_j -= max(0, int(rnd() * 4) + 2 - 3)
            if int(rnd() * 100) + 1 <= 67 and int(rnd() * 100) + 1 > 40:
                hp_o -= max(0, int(rnd() * 6) + int(rnd() * 6) + 2 - 2)
        rounds += r
    return rounds


def timed(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def interleaved(
    a: Callable[[], object], b: Callable[[], object], repeats: int
) -> tuple[float, float]:
    """Median times of ``a`` and ``b``, run alternately so load on the machine hits both."""
    times_a, times_b = [], []
    for _ in range(repeats):
        times_a.append(timed(a))
        times_b.append(timed(b))
    return statistics.median(times_a), statistics.median(times_b)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fights", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--profile", action="store_true", help="cProfile the engine fights")
    args = parser.parse_args()
    scen = scenario()
    n = args.fights
    if args.profile:
        cProfile.runctx("engine_fights(n, scen)", globals(), locals(), "/tmp/fight_speed.prof")
        pstats.Stats("/tmp/fight_speed.prof").sort_stats("tottime").print_stats(25)
        return
    engine_fights(200, scen)  # warm caches
    rounds = engine_fights(n, scen)
    t_engine, t_base = interleaved(
        lambda: engine_fights(n, scen), lambda: baseline_fights(n), args.repeats
    )
    per_s = n / t_engine
    print(
        f"engine:   {per_s:,.0f} fights/s ({t_engine / n * 1e6:.1f} us/fight, "
        f"{rounds / n:.2f} rounds/fight, median of {args.repeats} x {n})"
    )
    print(f"baseline: {n / t_base:,.0f} fights/s (bare random.random() fight loop)")
    print(f"ratio:    engine takes {t_engine / t_base:.1f}x the baseline's time")


if __name__ == "__main__":
    main()
