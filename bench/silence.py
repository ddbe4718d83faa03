"""How long each ``fracas`` command sits silent: its time to first output and its longest
silence, as a person at a terminal sees them (issue 23: "no command sits silent for more than
a second").

Each command runs as a new process on a pseudo-terminal (stdout and stderr both to it, as in a
person's terminal, so a status line that redraws itself counts as output), or with ``--pipe``
on two unbuffered pipes (as in a log or a script). Every chunk of output is timestamped as it
arrives; the report gives, per command, the time to the first byte, the longest silence
(between the start, any two chunks, and the exit) and what was last shown before it, and the
wall time. ``--cold`` runs each command with a fresh empty ``NUMBA_CACHE_DIR`` (a first run);
otherwise the command is run once first to warm the caches (.pyc files, numba's cache).
``--busy N`` keeps N busy loops (``python -c 'while 1: pass'``) running meanwhile, as on a
loaded machine, and ends them afterwards.

The commands are those of the README and docs (fight, odds, advise, sim, compare, sweep,
balance, roll, schema, --help), on one example of each ruleset; ``--only WORD`` keeps those
whose command line contains WORD (every one given), ``--any WORD`` those with any of them.

    python bench/silence.py [--cold] [--busy N] [--pipe] [--only WORD ...] [--any WORD ...]
                            [--show] [--src DIR]
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import selectors
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

from fracas_command import FRACAS  # (bench/ is the script's folder: first on sys.path)

ROOT = Path(__file__).parents[1]
#: a terminal's control sequences (colours, cursor moves), left out of what is quoted
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PERCENTILE = "examples/percentile/joanne-vs-ondkille.yaml"
EXP = "examples/exp/trip.yaml"
STARFLIGHT = "examples/starflight/melee.yaml"

#: every command measured (arguments of ``fracas``), per ruleset where it takes a scenario
COMMANDS: list[list[str]] = [
    ["--help"],
    ["roll", "2D6-1", "--times", "5", "--seed", "1"],
    ["roll", "3D6+1", "--stats"],
    *(["schema", name] for name in ("percentile", "exp", "starflight")),
    *(["fight", x, "--seed", "1"] for x in (PERCENTILE, EXP, STARFLIGHT)),
    *(["odds", x] for x in (PERCENTILE, EXP, STARFLIGHT)),
    ["odds", EXP, "--distributions"],
    *(["advise", x] for x in (PERCENTILE, EXP, STARFLIGHT)),
    *(["sim", x, "-n", "2000", "--seed", "1"] for x in (PERCENTILE, EXP, STARFLIGHT)),
    ["sim", PERCENTILE, "-n", "2000", "--seed", "1", "--json"],
    [
        "compare",
        PERCENTILE,
        "--variant",
        "plate: combatants[0].armour=plate mail",
        "-n",
        "1000",
        "--seed",
        "1",
    ],
    ["compare", EXP, "--variant", "tough: combatants[1].hps=50", "-n", "1000", "--seed", "1"],
    ["compare", STARFLIGHT, "--variant", "hurt: combatants[0].hp=80", "-n", "1000", "--seed", "1"],
    [
        "sweep",
        PERCENTILE,
        "--vary",
        "combatants[1].skills.dagger=30..70:20",
        "-n",
        "200",
        "--seed",
        "1",
    ],
    ["sweep", EXP, "--vary", "combatants[1].hps=30..50:10", "-n", "200", "--seed", "1"],
    [
        "sweep",
        STARFLIGHT,
        "--vary",
        "combatants[1].skills.dodge=30..70:20",
        "-n",
        "200",
        "--seed",
        "1",
    ],
    ["balance", EXP, "--vary", "combatants[1].hps=31..80", "--seed", "1"],
]


@dataclass
class Run:
    """One run of a command: when each chunk of output arrived (seconds from the start)."""

    command: list[str]
    chunks: list[tuple[float, bytes]] = field(default_factory=list)
    wall: float = 0.0
    status: int = 0

    def first(self) -> float:
        return self.chunks[0][0] if self.chunks else self.wall

    def silence(self) -> tuple[float, str]:
        """The longest time with nothing new shown, and the last line shown before it."""
        times = [0.0, *(t for t, _ in self.chunks), self.wall]
        longest, where, shown = 0.0, "(the start)", b""
        for k in range(1, len(times)):
            if times[k] - times[k - 1] > longest:
                longest = times[k] - times[k - 1]
                before = shown.replace(b"\r", b"\n").rstrip().rsplit(b"\n", 1)[-1]
                text = ANSI.sub("", before.decode(errors="replace")).strip()
                where = text.replace("|", "/") or "(the start)"
            if k - 1 < len(self.chunks):
                shown += self.chunks[k - 1][1]
        return longest, where


def run_on_pty(command: list[str], env: dict[str, str]) -> Run:
    """Run ``command`` with its stdout and stderr on a pseudo-terminal."""
    run = Run(command)
    main_fd, child_fd = pty.openpty()
    fcntl.ioctl(child_fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    start = time.perf_counter()
    child = subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=child_fd, stderr=child_fd, env=env, cwd=ROOT
    )
    os.close(child_fd)
    while True:
        try:
            data = os.read(main_fd, 65536)
        except OSError:  # the child closed the terminal (Linux: EIO)
            break
        if not data:
            break
        run.chunks.append((time.perf_counter() - start, data))
    run.status = child.wait()
    run.wall = time.perf_counter() - start
    os.close(main_fd)
    return run


def run_on_pipes(command: list[str], env: dict[str, str]) -> Run:
    """Run ``command`` with its stdout and stderr on two pipes (Python unbuffered)."""
    run = Run(command)
    start = time.perf_counter()
    child = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(env, PYTHONUNBUFFERED="1"),
        cwd=ROOT,
    )
    assert child.stdout is not None and child.stderr is not None
    streams = selectors.DefaultSelector()
    streams.register(child.stdout, selectors.EVENT_READ)
    streams.register(child.stderr, selectors.EVENT_READ)
    open_streams = 2
    while open_streams:
        for key, _ in streams.select():
            data = os.read(key.fd, 65536)
            if not data:
                streams.unregister(key.fileobj)
                open_streams -= 1
                continue
            run.chunks.append((time.perf_counter() - start, data))
    run.status = child.wait()
    run.wall = time.perf_counter() - start
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="an empty numba cache per run")
    parser.add_argument("--busy", type=int, default=0, metavar="N", help="busy loops meanwhile")
    parser.add_argument("--pipe", action="store_true", help="pipes instead of a terminal")
    parser.add_argument("--only", action="append", default=[], metavar="WORD")
    parser.add_argument(
        "--any", action="append", default=[], metavar="WORD", help="keep those with any WORD"
    )
    parser.add_argument("--show", action="store_true", help="print each command's output")
    parser.add_argument(
        "--src", type=Path, default=None, help="run the fracas under this src/ (PYTHONPATH)"
    )
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # (the busy loops are ended)
    chosen = [c for c in COMMANDS if all(any(w in a for a in c) for w in args.only)]
    if args.any:
        chosen = [c for c in chosen if any(w in a for w in args.any for a in c)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.setdefault("COLUMNS", "100")
    if args.src is not None:
        env["PYTHONPATH"] = str(args.src.resolve())
    runner = run_on_pipes if args.pipe else run_on_pty
    if not args.cold:  # warm every cache first
        for command in chosen:
            if command[0] == "sweep":
                command = [*command, "--out", str(Path(tempfile.gettempdir()) / "silence-sweep")]
            runner([*FRACAS, *command], env)
    loops = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(args.busy)]
    runs: list[Run] = []
    try:
        time.sleep(1.0 if loops else 0.0)
        for command in chosen:
            run_env = env
            cache = None
            if args.cold:
                cache = tempfile.mkdtemp(prefix="fracas-cold-")
                run_env = dict(env, NUMBA_CACHE_DIR=cache)
            if command[0] == "sweep":  # its table and plots, out of the way
                command = [*command, "--out", str(Path(tempfile.gettempdir()) / "silence-sweep")]
            runs.append(runner([*FRACAS, *command], run_env))
            if cache is not None:
                shutil.rmtree(cache, ignore_errors=True)
            if args.show:
                sys.stdout.write(b"".join(d for _, d in runs[-1].chunks).decode(errors="replace"))
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()
    mode = "pipes" if args.pipe else "a terminal"
    print(
        f"{args.src or ROOT / 'src'}: "
        f"{'cold (empty NUMBA_CACHE_DIR)' if args.cold else 'warm'}, on {mode}, "
        f"{args.busy} busy loops; load average {os.getloadavg()[0]:.1f}"
    )
    print("| command | exit | first output (s) | longest silence (s) | after | wall (s) |")
    print("|---|---|---|---|---|---|")
    for run in runs:
        longest, where = run.silence()
        flag = " **>1 s**" if longest > 1.0 else ""
        print(
            f"| `fracas {' '.join(run.command[len(FRACAS) :])}` | {run.status} | "
            f"{run.first():.2f} | {longest:.2f}{flag} | {where[:60]} | {run.wall:.2f} |"
        )


if __name__ == "__main__":
    main()
