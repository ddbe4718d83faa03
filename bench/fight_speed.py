"""How many whole Joanne vs Ondkille fights per second the event engine runs on one core,
against a plain-Python duel written for speed.

Each fight is ``Session.start`` + ``Session.run`` with the scenario's tactics choosing every
stance, exactly as ``fracas fight`` runs it. Two ways of seeding are timed:

- ``stream``: one ``SeededRoller`` per batch, seeded once, every fight drawing the next rolls
  from it (how a Monte Carlo run plays many fights);
- ``seeded``: a new ``SeededRoller(seed)`` per fight (each fight repeatable on its own, as
  ``fracas fight --seed`` does); this adds the Mersenne Twister's seeding to every fight.

The baseline, measured in the same run, is ``plain_duel``: the chapter's duel as a user
would write it for speed in plain Python (one function, locals, ``random.randint``, no
events, no log). It covers initiative for round 1, Ondkille's all-out attack in round 1 and
the Hard extra parry it costs him, normal attacks with one free parry afterwards, simultaneous
later rounds, d100 checks with the 01-05/95-00 re-rolls, the parry, table 5.1's damage
(normal, full, full without armour) and instant kill, armour; it leaves out the fumble table,
disarms, fatigue, bleeding, the tactics' choices and the round limit (its docstring says
more). Its ratio to the event engine is what a user gives up for the engine's log, events,
options and tactics: the "x baseline" figure. The machine may be shared, so the three are
run interleaved, timed in CPU time, and the medians are reported; the ratio is the figure to
compare between runs. The last line says how often Joanne wins on each (the two play nearly
the same fight; the fumble table and disarms are the difference).

    python bench/fight_speed.py [--fights N] [--repeats R] [--profile [stream|seeded]]
    python bench/fight_speed.py --scenario examples/exp/bar-brawl.yaml --fights 300
    python bench/fight_speed.py --examples [--fights N] [--repeats R] [--against SRC]
    python bench/fight_speed.py --examples --floor [--fights N] [--repeats R]
    python bench/fight_speed.py --kernel [--fights N] [--repeats R]

``--examples`` times every ``examples/*/*.yaml`` (``seeded``, seeds 0 to N-1) and prints each
one's fights/s and events/s, its time per event as a ratio to the plain duel's time per
round, all medians of R interleaved runs.

``--against SRC`` (with ``--examples``) compares this tree with another copy of fracas
(``SRC``: its ``src`` directory, e.g. a worktree of an older commit): each example runs in two
worker processes, one importing each tree, in turns of about 0.1 s CPU, the order swapped
every turn, so that load on a shared machine hits both alike; it prints each tree's fights/s
and us/event (medians) and the median of the turns' time ratios (the speed-up, the figure to
trust on a busy machine).

``--floor`` (with ``--examples``) times each example against its floor: the same events
(from the engine's own logs of seeds 0 to N-1) built anew from constants and applied to a
fresh state, with no rule, tactic or die (``floor_program``), interleaved in the same run;
the engine/floor ratio bounds what any speed-up of the rules can give while every fight
still builds the same events.

``--kernel`` also times the percentile duel's batch kernel (``fracas.sim.batch.run``, numba;
compiled first if its cache is empty, not timed) on the same duel, interleaved with the plain
duel and the event engine, and prints the three rates and their ratios: how far the kernel
is above what a user would write in plain Python, and the plain duel above the engine.

``--scenario`` times any scenario file instead (any ruleset); the baseline stays the same
plain duel, a yardstick of the machine's speed in this run.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import subprocess
import sys
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


#: Table 5.1 for the plain duel, by [attack result][parry result] (fumble, fail, success,
#: special, perfect): (what the defender takes, what the attacker takes): 0 nothing, 1
#: normal damage, 2 full damage (the weapon's maximum), 3 full damage, no armour, 4 killed.
#: The fumble-table rolls and disarms of the cells are left out.
TABLE_5_1 = (
    ((2, 2), (0, 0), (0, 1), (0, 2), (0, 2)),
    ((1, 0), (0, 0), (0, 0), (0, 0), (0, 1)),
    ((2, 0), (1, 0), (0, 0), (0, 0), (0, 1)),
    ((2, 0), (2, 0), (1, 0), (0, 0), (0, 0)),
    ((4, 0), (3, 0), (2, 0), (1, 0), (0, 0)),
)


def plain_duel(n: int, seed: int = 1) -> tuple[int, int]:
    """``n`` Joanne vs Ondkille duels as a user would write them for speed in plain Python:
    one function, locals only, ``random.randint``, no events, no log. Returns (rounds, Joanne's
    wins).

    What it plays of chapter 5's duel (the scenario ``examples/percentile/joanne-vs-ondkille
    .yaml``, its numbers written in): initiative PER+AGL+D20 (31 and 23) orders round 1;
    Ondkille's all-out attack in round 1 (Easy: 60%, no free parry, so he parries Joanne at
    Hard: 24%), normal attacks afterwards (40%, one free parry at 40%; Joanne 67% and 67%);
    later rounds simultaneous (a fighter downed in the round still strikes back); d100
    checks with the 01-05 (perfect or special) and 95-00 (fumble or fail) re-rolls; a parry
    rolled against hits and fumbles; table 5.1's damage and instant kill; Joanne's epée 2D6
    (full: 12) against ABS 2, Ondkille's dagger D4+1 (full: 5) against ABS 3; down at 0 hp.
    What it leaves out: the fumble table (5.2), disarms and dropped weapons, fatigue and
    bleeding (neither decides this duel), the tactics' choices, the 100-round limit."""
    randint = random.Random(seed).randint
    table = TABLE_5_1
    rounds = wins = 0
    for _ in range(n):
        hp_j, hp_o = 28, 16
        j_first = 31 + randint(1, 20) >= 23 + randint(1, 20)
        r = 0
        while hp_j > 0 and hp_o > 0:
            r += 1
            o_attack, o_parry = (60, 24) if r == 1 else (40, 40)
            for joanne_attacks in (j_first, not j_first) if r == 1 else (True, False):
                if r == 1 and (hp_j <= 0 or hp_o <= 0):
                    break  # round 1 goes in initiative order: the second may be down
                if joanne_attacks:
                    att_skill, att_chance, def_skill, def_chance = 67, 67, 40, o_parry
                else:
                    att_skill, att_chance, def_skill, def_chance = 40, o_attack, 67, 67
                # the attack: d100 under the chance, 01-05 and 95-00 rolled again
                roll = randint(1, 100)
                if roll <= 5:
                    attack = 4 if randint(1, 100) <= att_skill else 3
                elif roll >= 95:
                    again = randint(1, 100)
                    attack = 0 if again > att_skill or roll == again == 100 else 1
                else:
                    attack = 2 if roll <= att_chance else 1
                if attack == 1:
                    continue  # a miss: no parry, no damage
                roll = randint(1, 100)
                if roll <= 5:
                    parry = 4 if randint(1, 100) <= def_skill else 3
                elif roll >= 95:
                    again = randint(1, 100)
                    parry = 0 if again > def_skill or roll == again == 100 else 1
                else:
                    parry = 2 if roll <= def_chance else 1
                to_def, to_att = table[attack][parry]
                for kind, joanne_hit in ((to_def, not joanne_attacks), (to_att, joanne_attacks)):
                    if kind == 0:
                        continue
                    if joanne_hit:  # Ondkille's dagger on Joanne's studded leather
                        rolled = 5 if kind >= 2 else randint(1, 4) + 1
                        damage = rolled if kind >= 3 else max(0, rolled - 3)
                        hp_j = -99 if kind == 4 else hp_j - damage
                    else:  # Joanne's epee on Ondkille's boiled leather
                        rolled = 12 if kind >= 2 else randint(1, 6) + randint(1, 6)
                        damage = rolled if kind >= 3 else max(0, rolled - 2)
                        hp_o = -99 if kind == 4 else hp_o - damage
        rounds += r
        wins += hp_o <= 0 < hp_j
    return rounds, wins


def baseline_fights(n: int) -> int:
    """The bench's baseline: ``n`` plain-Python duels (``plain_duel``); the rounds played."""
    return plain_duel(n)[0]


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
    per round (one round of the plain duel, ``plain_duel``), measured in this run."""
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
    print(f"baseline: {per_round * 1e6:.2f} us per round of the plain duel (median of {repeats})")
    for name, e in events.items():
        per_event = t[name] / e
        print(
            f"{name:34} {n / t[name]:8,.0f} fights/s {e / t[name]:9,.0f} events/s "
            f"{per_event * 1e6:6.1f} us/event {per_event / per_round:6.1f}x plain round"
        )


def _literal(value: Any) -> bool:
    """Whether ``repr(value)`` is a Python literal that evaluates back to an equal value."""
    if value is None or type(value) in (bool, int, str):
        return True
    return type(value) in (tuple, list) and all(_literal(v) for v in value)


def floor_program(logs: list[list[Any]]) -> tuple[Callable[[Any, Any], list[Any]], int]:
    """One function that, for each of ``logs``, builds a fresh state and then builds every
    event of the log anew with its fields written out as constants, applies it and appends
    it to a list: what playing those fights costs with no rule, tactic or dice at all, the
    events alone (``--floor``). It returns the logs it built (equal to ``logs``). Returns
    it and the number of events."""
    consts: list[Any] = []
    names: dict[type, str] = {}
    lines = ["def floor(build, scenario):", "    logs = []"]
    for log in logs:
        lines.append("    state = build(scenario); out = []; add = out.append; logs.append(out)")
        for event in log:
            cls = type(event)
            name = names.setdefault(cls, f"K{len(names)}")
            args = []
            for field in event.__struct_fields__:
                value = getattr(event, field)
                if _literal(value):
                    args.append(f"{field}={value!r}")
                else:
                    consts.append(value)
                    args.append(f"{field}=C[{len(consts) - 1}]")
            lines.append(f"    e = {name}({', '.join(args)}); e.apply(state); add(e)")
    lines.append("    return logs")
    namespace: dict[str, Any] = {"C": consts, **{n: c for c, n in names.items()}}
    exec(compile("\n".join(lines), "<floor>", "exec"), namespace)
    return namespace["floor"], sum(len(log) for log in logs)


def floor(n: int, repeats: int) -> None:
    """Each example's time per event on the engine against its floor (``floor_program``: the
    same events built and applied, nothing else), interleaved, medians of ``repeats``: the
    engine/floor ratio is the most any speed-up of the rules can give while every fight
    still builds the same events."""
    paths = sorted(Path(__file__).parents[1].glob("examples/*/*.yaml"))
    print(f"engine and floor: CPU time per event, medians of {repeats} interleaved runs")
    print(f"{'example':34} {'engine':>9} {'floor':>9}  engine/floor")
    for path in paths:
        sc = load_scenario(str(path))
        rules, scen = sc.ruleset, sc.scenario
        logs = []
        for seed in range(n):
            session = Session.start(rules, scen, SeededRoller(seed))
            session.run()
            logs.append(session.log)
        program, events = floor_program(logs)
        t = interleaved(
            {
                "engine": lambda rules=rules, scen=scen: seeded_fights(n, rules, scen),
                "floor": lambda p=program, build=rules.build, scen=scen: p(build, scen),
            },
            repeats,
        )
        name = f"{path.parent.name}/{path.stem}"
        print(
            f"{name:34} {t['engine'] / events * 1e6:6.2f} us {t['floor'] / events * 1e6:6.2f} us"
            f"  {t['engine'] / t['floor']:5.2f}x"
        )


def worker() -> None:
    """``--worker``: read ``PATH N`` lines, play ``N`` seeded fights of the scenario at
    ``PATH`` (seeds 0 to N-1), answer ``CPU-SECONDS EVENTS`` (for ``--against``)."""
    cache: dict[str, Any] = {}
    for line in sys.stdin:
        path, count = line.split()
        if path not in cache:
            cache[path] = load_scenario(path)
            seeded_fights(5, cache[path].ruleset, cache[path].scenario)  # warm caches
        sc = cache[path]
        t0 = time.process_time()
        _, events = seeded_fights(int(count), sc.ruleset, sc.scenario)
        print(time.process_time() - t0, events, flush=True)


class Worker:
    """A ``--worker`` process importing fracas from ``src``."""

    def __init__(self, src: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(src)}
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def fights(self, path: Path, n: int) -> tuple[float, int]:
        """CPU seconds and events of ``n`` seeded fights of ``path``."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{path} {n}\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().split()
        if len(answer) != 2:
            raise SystemExit(f"the worker for {path} failed (see its error above)")
        return float(answer[0]), int(answer[1])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def against(other: Path, repeats: int) -> None:
    """Every example in this tree and in ``other`` (a ``src`` directory), in alternating
    turns of two worker processes; each one's rates and the median ratio of the turns."""
    root = Path(__file__).parents[1]
    paths = sorted(root.glob("examples/*/*.yaml"))
    here, there = Worker(root / "src"), Worker(other)
    print(f"this tree: {root / 'src'}; other: {other}; medians of {repeats} paired turns")
    print(f"{'example':34} {'other':>19} {'this tree':>19}  speed-up (IQR)")
    try:
        for path in paths:
            t, _ = here.fights(path, 10)
            n = max(3, round(10 * 0.1 / max(t, 1e-4)))  # about 0.1 s a turn
            there.fights(path, n)
            times: dict[str, list[float]] = {"here": [], "there": []}
            ratios: list[float] = []
            events = {"here": 0, "there": 0}
            for turn in range(repeats):
                order = [("here", here), ("there", there)]
                if turn % 2:
                    order.reverse()
                took = {}
                for name, w in order:
                    took[name], events[name] = w.fights(path, n)
                    times[name].append(took[name])
                ratios.append(took["there"] / took["here"])
            med = {k: statistics.median(v) for k, v in times.items()}
            q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
            name = f"{path.parent.name}/{path.stem}"
            rates = "".join(
                f" {n / med[k]:7,.0f} f/s {med[k] / events[k] * 1e6:5.2f} us"
                for k in ("there", "here")
            )
            print(f"{name:34}{rates}  {statistics.median(ratios):.2f}x ({q[0]:.2f}-{q[2]:.2f})")
    finally:
        here.close()
        there.close()


def kernel(n: int, repeats: int) -> None:
    """The duel's batch kernel, the plain duel and the event engine on Joanne vs Ondkille,
    interleaved in one run: each one's duels/s (medians of ``repeats``) and the ratios."""
    from fracas.sim import batch

    rules, scen = scenario(None)
    batch.run(rules, scen, 1000, 0)  # compiled (or loaded from numba's cache), not timed
    sizes = {"kernel": 100 * n, "plain": 10 * n, "event": n}
    t = interleaved(
        {
            "kernel": lambda: batch.run(rules, scen, sizes["kernel"], 1),
            "plain": lambda: plain_duel(sizes["plain"]),
            "event": lambda: seeded_fights(sizes["event"], rules, scen),
        },
        repeats,
    )
    rate = {name: sizes[name] / t[name] for name in sizes}
    print(f"Joanne vs Ondkille, medians of {repeats} interleaved runs (CPU time, one core):")
    print(f"batch kernel:   {rate['kernel']:12,.0f} duels/s (fracas.sim.batch.run, numba)")
    print(f"plain duel:     {rate['plain']:12,.0f} duels/s (plain_duel: plain Python for speed)")
    print(f"event engine:   {rate['event']:12,.0f} duels/s (Session.run, SeededRoller per fight)")
    print(
        f"kernel / plain duel: {rate['kernel'] / rate['plain']:.1f}x; "
        f"plain duel / event engine: {rate['plain'] / rate['event']:.1f}x"
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
    parser.add_argument(
        "--kernel", action="store_true", help="the duel's batch kernel against the plain duel"
    )
    parser.add_argument(
        "--against",
        type=Path,
        metavar="SRC",
        help="with --examples: compare with the fracas in SRC (a src directory), paired turns",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="with --examples: each example's engine time per event against its events alone",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    if args.examples and args.against is not None:
        against(args.against, args.repeats)
        return
    if args.examples and args.floor:
        floor(args.fights, args.repeats)
        return
    if args.examples:
        examples(args.fights, args.repeats)
        return
    if args.kernel:
        kernel(args.fights, args.repeats)
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
        f"baseline: {n / base:8,.0f} fights/s  {base / n * 1e6:6.1f} us/fight  (the duel in "
        f"plain Python, plain_duel; medians of {args.repeats} x {n}, interleaved)"
    )
    if args.scenario is None:
        engine_wins = sum(
            Session.start(rules, scen, SeededRoller(seed)).run().winner == "Joanne"
            for seed in range(n)
        )
        print(
            f"Joanne wins {engine_wins / n:.1%} on the event engine (seeds 0-{n - 1}), "
            f"{plain_duel(n)[1] / n:.1%} in the plain duel"
        )


if __name__ == "__main__":
    main()
