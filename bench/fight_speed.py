"""How many whole Joanne vs Ondkille fights per second the event engine runs on one core.

Each fight is ``Session.start`` + ``Session.run`` with the scenario's tactics choosing every
stance, exactly as ``fracas fight`` runs it. Two ways of seeding are timed:

- ``stream``: one ``SeededRoller`` per batch, seeded once, every fight drawing the next rolls
  from it (how a Monte Carlo run plays many fights);
- ``seeded``: a new ``SeededRoller(seed)`` per fight (each fight repeatable on its own, as
  ``fracas fight --seed`` does); this adds the Mersenne Twister's seeding to every fight.

The baseline, measured in the same run, is a minimal pure-Python fight loop (d100 checks and
2D6/D4+1 damage with ``random.random``, no events, no log): the ratio says how much the event
engine's log, events and table lookups cost over the bare arithmetic of the same fight. The
machine may be shared, so the three are run interleaved, timed in CPU time, and the medians
are reported; the ratio is the figure to compare between runs.

    python bench/fight_speed.py [--fights N] [--repeats R] [--profile [stream|seeded]]
    python bench/fight_speed.py --scenario examples/exp/bar-brawl.yaml --fights 300
    python bench/fight_speed.py --examples [--fights N] [--repeats R]

``--examples`` times every ``examples/*/*.yaml`` (``seeded``, seeds 0 to N-1) and prints each
one's fights/s and events/s, its time per event as a ratio to the baseline's time per round,
all medians of R interleaved runs.

``--scenario`` times any scenario file instead (any ruleset); the baseline stays the same
bare loop, a yardstick of the machine's speed in this run.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fracas.dice import SeededRoller
from fracas.engine import Ruleset, Session
from fracas.rulesets.percentile import RULESET
from fracas.scenario import load_scenario, parse_scenario


def scenario(path: str | None) -> tuple[Ruleset, Any]:
    """The Joanne vs Ondkille demo scenario, or the scenario file at ``path``."""
    if path is not None:
        loaded = load_scenario(path)
        return loaded.ruleset, loaded.scenario
    demo = RULESET.demo()
    assert demo is not None
    return RULESET, parse_scenario(demo.scenario, "<bench>").scenario


def stream_fights(n: int, rules: Ruleset, scen: Any, seed: int = 1) -> tuple[int, int]:
    """``n`` fights drawing from one roller seeded once: (rounds, events) in all."""
    roller = SeededRoller(seed)
    rounds = events = 0
    for _ in range(n):
        session = Session.start(rules, scen, roller)
        session.run()
        rounds += session.state.round
        events += len(session.log)
    return rounds, events


def seeded_fights(n: int, rules: Ruleset, scen: Any) -> tuple[int, int]:
    """``n`` fights, each with its own ``SeededRoller(seed)``: (rounds, events) in all."""
    rounds = events = 0
    for seed in range(n):
        session = Session.start(rules, scen, SeededRoller(seed))
        session.run()
        rounds += session.state.round
        events += len(session.log)
    return rounds, events


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
    """CPU seconds ``fn`` takes (process time: time the shared machine gives to other
    processes does not count, their effect on caches and clock speed still does)."""
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def interleaved(fns: dict[str, Callable[[], object]], repeats: int) -> dict[str, float]:
    """Median time of each of ``fns``, run in turn ``repeats`` times so that load on the
    machine hits all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeats):
        for name, fn in fns.items():
            times[name].append(timed(fn))
    return {name: statistics.median(t) for name, t in times.items()}


def profile(kind: str, n: int, rules: Ruleset, scen: Any) -> None:
    fights = stream_fights if kind == "stream" else seeded_fights
    cProfile.runctx(
        "fights(n, rules, scen)",
        globals(),
        {"fights": fights, "n": n, "rules": rules, "scen": scen},
        "/tmp/fight_speed.prof",
    )
    pstats.Stats("/tmp/fight_speed.prof").sort_stats("tottime").print_stats(30)


def examples(n: int, repeats: int) -> None:
    """Each example's fights/s and events/s, and its time per event over the baseline's time
    per round (one bare round of the percentile duel), measured in this run."""
    paths = sorted(Path(__file__).parents[1].glob("examples/*/*.yaml"))
    loaded = {p: load_scenario(str(p)) for p in paths}
    fns: dict[str, Callable[[], object]] = {"baseline": lambda: baseline_fights(n * 10)}
    events: dict[str, int] = {}
    for p, sc in loaded.items():
        name = f"{p.parent.name}/{p.stem}"
        events[name] = seeded_fights(n, sc.ruleset, sc.scenario)[1]
        fns[name] = lambda sc=sc: seeded_fights(n, sc.ruleset, sc.scenario)
    t = interleaved(fns, repeats)
    per_round = t["baseline"] / baseline_fights(n * 10)
    print(f"baseline: {per_round * 1e6:.2f} us per bare round (median of {repeats})")
    for name, e in events.items():
        per_event = t[name] / e
        print(
            f"{name:34} {n / t[name]:8,.0f} fights/s {e / t[name]:9,.0f} events/s "
            f"{per_event * 1e6:6.1f} us/event {per_event / per_round:6.1f}x baseline round"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fights", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument(
        "--profile",
        nargs="?",
        const="stream",
        choices=("stream", "seeded"),
        help="cProfile the engine fights (stream by default) instead of timing them",
    )
    parser.add_argument("--scenario", help="a scenario file to time instead of the demo")
    parser.add_argument("--examples", action="store_true", help="time every example file")
    args = parser.parse_args()
    if args.examples:
        examples(args.fights, args.repeats)
        return
    rules, scen = scenario(args.scenario)
    n = args.fights
    if args.profile:
        profile(args.profile, n, rules, scen)
        return
    print(f"{args.scenario or 'Joanne vs Ondkille (fracas demo)'}, {rules.name} ruleset")
    stream_fights(min(n, 200), rules, scen)  # warm caches
    rounds, events = stream_fights(n, rules, scen)
    s_rounds, s_events = seeded_fights(n, rules, scen)
    t = interleaved(
        {
            "stream": lambda: stream_fights(n, rules, scen),
            "seeded": lambda: seeded_fights(n, rules, scen),
            "baseline": lambda: baseline_fights(n),
        },
        args.repeats,
    )
    base = t["baseline"]
    for name, (r, e) in (("stream", (rounds, events)), ("seeded", (s_rounds, s_events))):
        print(
            f"{name}:   {n / t[name]:8,.0f} fights/s  {t[name] / n * 1e6:6.1f} us/fight  "
            f"{r / n:.2f} rounds  {e / n:.1f} events/fight  "
            f"{t[name] / base:5.1f}x baseline"
        )
    print(
        f"baseline: {n / base:8,.0f} fights/s  {base / n * 1e6:6.1f} us/fight  (bare "
        f"random.random() fight loop; median of {args.repeats} x {n}, interleaved)"
    )


if __name__ == "__main__":
    main()
