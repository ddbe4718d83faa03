"""Speed and memory of the fast paths (issue 10), in one run, medians of ``--repeats``:

- the event engine's fights/s (``Session.run`` with ``SeededRoller``, one core), the
  reference;
- the batch kernels' fights/s for the percentile duel (Joanne vs Ondkille) and an EXP brawl
  (examples/exp/grapple.yaml), one core;
- the RNG bound: NumPy's d100 draws/s (``Generator.integers``, int16, one core) divided by
  the mean number of random numbers a duel draws in the kernel (counted in the same run),
  and the ratio batch / bound; the same for the EXP brawl with its own die, the kilodie
  (NumPy's int16 d1000 draws/s over the numbers a brawl draws in the kernel). Each repeat
  times a kernel (a million fights, ``batch.run``: the kernel and its result arrays) and then
  its bound (200,000,000 draws in arrays of 1,000,000, about as long), and the ratio printed
  is the median of those per-repeat ratios, with their range: on a shared host the load
  moves within a run, and a ratio of medians taken minutes apart moved with it. The share
  of the kernel's CPU time spent in the system (zeroing its result arrays' fresh pages) is
  printed next to its rate. For comparison only, PCG64 drawn one die at a time in numba
  (``Generator.integers`` in a compiled loop) and the duel kernel's ratio to that;
  ``--kernels-only`` stops after these;
- why numba: the same duel kernel run as plain Python (``FRACAS_NO_JIT=1``, a subprocess),
  and a NumPy version over arrays of fights of the duel's core only (checks, parries, table
  5.1 damage; no fumble table, no weapons lost): if even that is slower than the whole
  kernel compiled, NumPy over fights does not earn its place;
- ``fracas odds`` and ``fracas advise`` times for Joanne vs Ondkille (CPU time of this
  process, warm: numba's cache loaded), each next to the baseline measured in the same run,
  the round-by-round chain in Python (``DuelChain.compiled = False``: NumPy masks and a
  compiled move per branch list) on the Python exchange model (the test oracle
  ``tests/batch/exchange_oracle.py`` with ``compiled = False``), and their ratio, with the
  truncation error each reports;
  ``--odds-only`` prints just these;
- peak RSS of a sweep-like run on the batch path: ``--points`` grid points (default 1,000) of
  ``--per-point`` duels (default 100,000), each reduced to its counts as it arrives.

    python bench/batch.py [--repeats R] [--points P] [--per-point N] [--quick] [--odds-only]
                          [--kernels-only]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.percentile.fast import chain as chain_module
from fracas.rulesets.percentile.fast.batch import run_spec
from fracas.rulesets.percentile.fast.chain import DuelChain
from fracas.rulesets.percentile.fast.exchange_runner import ExchangeRunner
from fracas.rulesets.percentile.fast.spec import compile_duel
from fracas.scenario import load_scenario
from fracas.sim import batch
from fracas.sim.odds import advise, odds

ROOT = Path(__file__).parents[1]
#: the largest array of draws ``die_rate`` asks NumPy for (2 MB of int16)
ARRAY = 1_000_000
DUEL = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
BRAWL = ROOT / "examples" / "exp" / "grapple.yaml"


def cpu(fn: object) -> float:
    start = time.process_time()
    fn()  # type: ignore[operator]
    return time.process_time() - start


def event_rate(n: int) -> float:
    loaded = load_scenario(DUEL)

    def go() -> None:
        for seed in range(n):
            Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed)).run()

    return n / cpu(go)


def batch_rate(path: Path, n: int) -> tuple[float, float, float]:
    """Fights/s of ``batch.run`` (the kernel and its result arrays), the numbers a fight
    draws, and the share of that CPU time spent in the system (the kernel zeroing the
    fresh pages of the result arrays: about 100 bytes a fight)."""
    loaded = load_scenario(path)
    batch.run(loaded.ruleset, loaded.scenario, 1000, 0)  # compiled (or loaded from cache)
    before = resource.getrusage(resource.RUSAGE_SELF)
    result = batch.run(loaded.ruleset, loaded.scenario, n, 1)
    after = resource.getrusage(resource.RUSAGE_SELF)
    user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
    return n / (user + system), result.draws / n, system / (user + system)


def die_rate(sides: int, n: int, calls: int = 1) -> float:
    """NumPy's int16 draws/s of a die of ``sides`` on one core: ``n`` draws
    (``Generator.integers``) in arrays of at most ``ARRAY`` (``calls`` times), their CPU time
    summed. Arrays of 2 MB come back from the allocator already mapped, so what is timed is
    the draws: arrays of 20,000,000 (40 MB, fresh pages from the kernel each time, and huge
    pages where NumPy asks for them) spent 20-30% of their CPU time in the kernel zeroing
    pages on this host, which made the bound slower than the draws are (a looser bound).
    A repeat draws ten times 20,000,000, about as long as a kernel's million fights: alone,
    one slice of the host's load landing on a short bound moved a paired ratio fivefold."""
    rng = np.random.default_rng(1)
    size = min(n, ARRAY)
    arrays = calls * max(1, n // size)

    def go() -> None:
        for _ in range(arrays):
            rng.integers(1, sides + 1, size=size, dtype=np.int16)

    return size * arrays / cpu(go)


def numba_die_rate(sides: int, n: int) -> float:
    """PCG64 in compiled code: draws/s of a die of ``sides`` by ``Generator.integers`` (the
    same generator as ``die_rate``) one at a time in a numba loop, what a numba kernel
    drawing from NumPy's generator would pay per die. Printed for the reader, not the bound:
    it is about ten times slower than NumPy's int16 arrays (which take 16 bits a draw), so
    the bound above is the stricter one."""
    global _NUMBA_DRAWS
    if _NUMBA_DRAWS is None:
        import numba

        def draws(rng: np.random.Generator, n: int, sides: int) -> int:
            total = 0
            for _ in range(n):
                total += rng.integers(1, sides + 1)
            return total

        _NUMBA_DRAWS = numba.njit(cache=False)(draws)
        _NUMBA_DRAWS(np.random.default_rng(1), 10, sides)  # compiled before the clock starts
    rng = np.random.default_rng(1)
    compiled = _NUMBA_DRAWS
    return n / cpu(lambda: compiled(rng, n, sides))


_NUMBA_DRAWS: Any = None


def rng_rate(n: int, calls: int = 1) -> float:
    """NumPy's d100 (int16) draws/s on one core: the duel's die."""
    return die_rate(100, n, calls)


def kilodie_rate(n: int, calls: int = 1) -> float:
    """NumPy's kilodie (d1000, int16) draws/s on one core: the EXP brawl's own die."""
    return die_rate(1000, n, calls)


def plain_python_rate(n: int) -> float:
    code = (
        "import time; from fracas.scenario import load_scenario; from fracas.sim import batch;"
        f"l = load_scenario({str(DUEL)!r}); t = time.process_time();"
        f"batch.run(l.ruleset, l.scenario, {n}, 1); print({n} / (time.process_time() - t))"
    )
    env = {**os.environ, "FRACAS_NO_JIT": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"the plain-Python kernel run stopped:\n{out.stderr[-3000:]}")
    return float(out.stdout.strip())


def numpy_core_rate(n: int) -> float:
    """The duel's core over arrays of fights: both attack each round (initiative order is
    left out), d100 checks with the 01-05/95-00 re-rolls, a parry, table 5.1's damage to
    either side. Fewer rules than the kernel; its speed is an upper bound for NumPy."""
    from fracas.rulesets.percentile.attack_parry import CELLS

    spec = compile_duel(load_scenario(DUEL).scenario, load_scenario(DUEL).ruleset)
    to_def = np.zeros((5, 5), np.int64)  # 0 none, 1 normal, 2 full, 3 full-no-armour
    to_att = np.zeros((5, 5), np.int64)
    kinds = {"normal": 1, "full": 2, "full-no-armour": 3}
    for a in range(5):
        for p in range(5):
            for e in CELLS[a][p][1]:
                if e.effect == "damage":
                    (to_att if e.who == "attacker" else to_def)[a, p] = kinds[e.kind or "normal"]
    rng = np.random.default_rng(5)
    skill = spec.skill[:, 0]
    chance = spec.att_chance[:, 0, 0, 0, 0]
    parry = spec.def_chance[:, 0, 0]
    armour = spec.fi[:, 6]
    dmax = spec.dmax[:, 0]
    faces, offset = spec.faces[:, 0], spec.offset[:, 0]

    def check(target: int, unmodified: int, m: int) -> np.ndarray:
        first = rng.integers(1, 101, m)
        second = rng.integers(1, 101, m)
        res = np.where(first <= target, 2, 1)
        res = np.where(first <= 5, np.where(second <= unmodified, 4, 3), res)
        fumble = (first >= 95) & ((second > unmodified) | ((first == 100) & (second == 100)))
        return np.where(fumble, 0, np.where(first >= 95, 1, res))

    def damage(f: int, kind: np.ndarray) -> np.ndarray:
        rolled = offset[f] + sum(
            (rng.random(len(kind)) * s).astype(np.int64) for s in faces[f] if s
        )
        rolled = np.where(kind >= 2, dmax[f], rolled)
        return np.where(
            kind == 0, 0, rolled - np.where(kind == 3, 0, np.minimum(rolled, armour[1 - f]))
        )

    def go() -> None:
        hp = np.tile(spec.fi[:, 0][:, None], (1, n)).astype(np.int64)
        live = np.ones(n, bool)
        rnd = 0
        while live.any() and rnd < 100:
            rnd += 1
            idx = np.flatnonzero(live)
            for f in (0, 1):
                g = 1 - f
                a = check(int(chance[f]), int(skill[f]), len(idx))
                p = check(int(parry[g]), int(skill[g]), len(idx))
                p = np.where(a == 1, 1, p)
                hp[g, idx] -= damage(f, to_def[a, p])
                hp[f, idx] -= damage(g, to_att[a, p])
            live[idx] = (hp[0, idx] > 0) & (hp[1, idx] > 0)

    return n / cpu(go)


def sweep_rss(points: int, per_point: int) -> tuple[float, float]:
    """Peak RSS (MiB) and seconds of ``points`` x ``per_point`` duels, each point reduced
    to its win counts at once (what a sweep keeps): in a fresh process, so the peak is the
    sweep's own, whatever ran before it here (a tiny sweep first fills numba's cache, so
    compiling the kernels, which takes far more memory than running them, is not counted)."""
    for size in ((1, 10), (points, per_point)):
        out = subprocess.run(
            [sys.executable, __file__, "--sweep-only", *map(str, size)],
            capture_output=True,
            text=True,
            check=True,
        )
    rss, seconds = out.stdout.split()
    return float(rss), float(seconds)


def _sweep_here(points: int, per_point: int) -> tuple[float, float]:
    loaded = load_scenario(DUEL)
    spec = compile_duel(loaded.scenario, loaded.ruleset)
    wins = np.zeros((points, 3), np.int64)
    start = time.perf_counter()
    for i in range(points):
        r = run_spec(spec, per_point, i, "batch")
        wins[i] = [(r.winner == 0).sum(), (r.winner == 1).sum(), (r.winner == -1).sum()]
    seconds = time.perf_counter() - start
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, seconds


def spread(ratios: list[float]) -> str:
    """The range of the per-repeat ratios (sorted), for the reader to judge the noise."""
    return f"{ratios[0]:.3f}-{ratios[-1]:.3f} over {len(ratios)} paired runs"


def timed(fn: object) -> float:
    start = time.perf_counter()
    fn()  # type: ignore[operator]
    return time.perf_counter() - start


def cpu_timed(fn: object) -> float:
    start = time.process_time()
    fn()  # type: ignore[operator]
    return time.process_time() - start


def odds_times(loaded: object, repeats: int) -> None:
    """odds and advise on Joanne vs Ondkille, compiled and baseline, medians."""
    ruleset, scenario = loaded.ruleset, loaded.scenario  # type: ignore[attr-defined]

    def run_odds() -> None:
        odds(ruleset, scenario)

    def run_advise() -> None:
        advise(ruleset, scenario, "Joanne")

    sys.path.insert(0, str(ROOT))  # (the Python exchange model is a test oracle)
    from tests.batch.exchange_oracle import ExchangeModel

    found: dict[tuple[str, bool], float] = {}
    errors: dict[bool, float] = {}
    for compiled in (True, False):
        # the baseline: the round-by-round chain on the Python exchange model
        DuelChain.compiled = ExchangeModel.compiled = compiled
        chain_module.ExchangeRunner = ExchangeModel if not compiled else ExchangeRunner
        try:
            errors[compiled] = odds(ruleset, scenario).error  # warm: numba's cache, icepool
            for name, fn in (("odds", run_odds), ("advise", run_advise)):
                found[name, compiled] = statistics.median(cpu_timed(fn) for _ in range(repeats))
        finally:
            DuelChain.compiled = True
            chain_module.ExchangeRunner = ExchangeRunner
    for name, unit in (("odds", 1000), ("advise", 1)):
        fast, base = found[name, True], found[name, False]
        label = "ms" if unit == 1000 else "s"
        digits = 0 if unit == 1000 else 2
        extra = (
            f" (error <= {errors[True]:.1e}; baseline's {errors[False]:.1e})"
            if name == "odds"
            else ""
        )
        print(
            f"{name} (Joanne vs Ondkille): {fast * unit:,.{digits}f} {label} CPU; "
            f"baseline (round by round) {base * unit:,.{digits}f} {label}; "
            f"baseline / now {base / fast:.2f}{extra}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--points", type=int, default=1000)
    parser.add_argument("--per-point", type=int, default=100_000)
    parser.add_argument("--quick", action="store_true", help="tiny sizes (a smoke test)")
    parser.add_argument("--odds-only", action="store_true", help="only odds and advise")
    parser.add_argument(
        "--kernels-only", action="store_true", help="only the kernels, their bounds and ratios"
    )
    parser.add_argument("--sweep-only", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.sweep_only:
        print(*_sweep_here(*args.sweep_only))
        return
    if args.odds_only:
        odds_times(load_scenario(DUEL), args.repeats)
        return
    scale = 0.01 if args.quick else 1.0
    n_event, n_batch = int(3000 * scale) or 20, int(1_000_000 * scale)
    loaded = load_scenario(DUEL)

    def med(fn: object) -> float:
        return statistics.median(fn() for _ in range(args.repeats))  # type: ignore[operator]

    event = med(lambda: event_rate(n_event))
    # each repeat times a kernel and its NumPy bound back to back, and the ratio is the median
    # of those pairs: on a shared machine the load moves between phases of a run, and a ratio
    # of medians taken minutes apart moved with it (0.095-0.116 for the same code)
    runs = []
    for _ in range(args.repeats):
        duel_rate, duel_draws, duel_system = batch_rate(DUEL, n_batch)
        d100_rate = rng_rate(int(20_000_000 * scale), calls=10)
        brawl_rate, brawl_draws, brawl_system = batch_rate(BRAWL, n_batch)
        d1000_rate = kilodie_rate(int(20_000_000 * scale), calls=10)
        numba_d100 = numba_die_rate(100, int(10_000_000 * scale))
        runs.append(
            (
                duel_rate,
                duel_draws,
                d100_rate,
                brawl_rate,
                brawl_draws,
                d1000_rate,
                numba_d100,
                duel_system,
                brawl_system,
            )
        )
    columns = (statistics.median(c) for c in zip(*runs, strict=True))
    duel, draws, d100, brawl, brawl_draws, d1000, numba_d100, duel_sys, brawl_sys = columns
    ratios = sorted(r[0] * r[1] / r[2] for r in runs)
    brawl_ratios = sorted(r[3] * r[4] / r[5] for r in runs)
    numba_ratios = sorted(r[0] * r[1] / r[6] for r in runs)
    bound = d100 / draws
    brawl_bound = d1000 / brawl_draws
    print(f"batch bench, medians of {args.repeats}, one core, CPU time")
    print(f"event engine: {event:,.0f} duels/s (Session.run, Joanne vs Ondkille)")
    print(
        f"batch percentile duel: {duel:,.0f} duels/s ({duel / event:,.0f} x event; "
        f"{duel_sys:.0%} of it system time)"
    )
    print(f"batch EXP brawl (grapple.yaml): {brawl:,.0f} brawls/s ({brawl_sys:.0%} system time)")
    print(
        f"RNG bound: {d100 / 1e6:,.0f} M d100/s / {draws:.1f} draws a duel = {bound:,.0f} duels/s"
    )
    print(f"batch / bound: {statistics.median(ratios):.3f} ({spread(ratios)})")
    # the kernel's user time alone (the bound spends none in the system): what the kernel's
    # code reaches, whatever the host charges for zeroing the result arrays' pages
    user_ratios = sorted(r[0] * r[1] / r[2] / (1 - r[7]) for r in runs)
    print(f"batch / bound, the kernel's user time only: {statistics.median(user_ratios):.3f}")
    print(
        f"EXP RNG bound: {d1000 / 1e6:,.0f} M d1000/s / {brawl_draws:.1f} draws a brawl = "
        f"{brawl_bound:,.0f} brawls/s; EXP batch / bound: {statistics.median(brawl_ratios):.3f} "
        f"({spread(brawl_ratios)})"
    )
    print(
        f"for comparison, PCG64 one draw at a time in numba (Generator.integers): "
        f"{numba_d100 / 1e6:,.0f} M d100/s; batch duel / that: "
        f"{statistics.median(numba_ratios):.2f} ({spread(numba_ratios)})"
    )
    if args.kernels_only:
        return
    plain = plain_python_rate(int(20_000 * scale) or 200)
    core = med(lambda: numpy_core_rate(int(200_000 * scale)))
    print(
        f"same kernel as plain Python: {plain:,.0f} duels/s; NumPy over fights (core only): "
        f"{core:,.0f} duels/s"
    )
    odds_times(loaded, args.repeats)
    points, per = (10, 1000) if args.quick else (args.points, args.per_point)
    rss, seconds = sweep_rss(points, per)
    print(
        f"sweep {points:,} x {per:,} duels on the batch path: peak RSS {rss:,.0f} MiB, "
        f"{seconds:,.0f} s"
    )


if __name__ == "__main__":
    main()
