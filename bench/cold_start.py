"""The first run with an empty numba cache: how long the first ``fracas sim`` (and ``odds``)
takes, and its peak memory, against the same command run again (warm cache) and
``python -c pass``, all measured in this run.

Each command runs as a new process with ``NUMBA_CACHE_DIR`` set to a fresh empty folder (cold)
or to the folder the cold run filled (warm). Wall time and the child's CPU time and peak RSS
(``os.wait4``: that process's own, its worker processes included) are reported; on a shared machine,
CPU time is the steadier figure. Targets (issue 23): the first ``fracas sim`` on any example
within 15 s of wall time on an idle 2-core machine, peak under 500 MB; something printed on
stderr within a second (the compilation is announced, ``fracas.sim.compiling``).

With ``--all``, every example under ``examples/`` (those the event engine runs compile
nothing: their cold and warm runs differ only by the noise). ``--fights`` sets ``-n``.

    python bench/cold_start.py [--runs N] [--example FILE ...] [--all] [--fights N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fracas_command import FRACAS  # (bench/ is the script's folder: first on sys.path)

ROOT = Path(__file__).parents[1]
EXAMPLES = [
    ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml",
    ROOT / "examples" / "exp" / "grapple.yaml",
]


def run(command: list[str], cache: str) -> tuple[float, float, float, float]:
    """(wall s, CPU s, peak MB, seconds to the first byte on stderr) of one run."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    start = time.perf_counter()
    child = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT
    )
    assert child.stderr is not None
    first = child.stderr.read(1)
    said = time.perf_counter() - start if first else float("nan")
    child.stderr.read()
    # this child's own usage (its workers' included), not the maximum over every child so far
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--example", type=Path, action="append")
    parser.add_argument("--all", action="store_true", help="every example under examples/")
    parser.add_argument("--fights", type=int, default=10_000, help="-n of each sim")
    args = parser.parse_args()
    chosen = sorted(ROOT.glob("examples/*/*.yaml")) if args.all else args.example or EXAMPLES
    examples = [e.resolve() for e in chosen]
    base = statistics.median(run([sys.executable, "-c", "pass"], "")[0] for _ in range(5))
    print(f"python -c pass: {base * 1000:.0f} ms wall; load average {os.getloadavg()[0]:.1f}")
    for example in examples:
        for command in (["sim", str(example), "-n", str(args.fights), "--seed", "1"],):
            cold: list[tuple[float, float, float, float]] = []
            warm: list[tuple[float, float, float, float]] = []
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as cache:
                    cold.append(run([*FRACAS, *command], cache))
                    warm.append(run([*FRACAS, *command], cache))
            c = [statistics.median(x[i] for x in cold) for i in range(4)]
            w = [statistics.median(x[i] for x in warm) for i in range(4)]
            name = f"fracas {command[0]} {example.relative_to(ROOT)}"
            print(
                f"{name}\n"
                f"  cold: {c[0]:.1f} s wall, {c[1]:.1f} s CPU, peak {c[2]:.0f} MB, "
                f"first word on stderr after {c[3]:.2f} s\n"
                f"  warm: {w[0]:.2f} s wall ({w[0] / base:.0f}x python -c pass), "
                f"{w[1]:.2f} s CPU; cold / warm: {c[0] / w[0]:.1f}x wall; "
                f"load average {os.getloadavg()[0]:.1f}"
            )


if __name__ == "__main__":
    main()
