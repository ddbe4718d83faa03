"""Python bytecodes and Python-level calls per event of the event engine, example by example:
a count that does not depend on the load of a shared machine (``fight_speed.py`` times the
same fights in CPU time, which does).

Each example plays seeds 0 to N-1 (``SeededRoller(seed)`` per fight, as ``fight_speed.py
--examples`` does) under ``sys.settrace`` with opcode events on; the bytecodes executed and
the Python functions entered are divided by the fights' events (their logs' length). Work
done in C (msgspec, ``math``, dict and list methods) is not counted, so the figure is a
lower bound on the work, best for comparing two trees of the same rules, not for absolute
speed. Tracing is slow (about 30x): a few fights per example are enough, the count being
exact.

    python bench/opcodes.py [--fights N] [--glob 'starflight/*'] [--against SRC ...]

``--against SRC`` (repeatable) counts the same examples with another copy of fracas too
(``SRC``: its ``src`` directory, e.g. a worktree of an older commit), each in its own
process, and prints one column per tree (each tree's own event count: the rules may have
changed between them, so the same seed may play another fight).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).parents[1]


def count(path: Path, fights: int) -> tuple[int, int, int]:
    """(bytecodes, calls, events) of ``fights`` seeded fights of the scenario at ``path``."""
    from fracas.dice import SeededRoller
    from fracas.engine import Session
    from fracas.scenario import load_scenario

    loaded = load_scenario(str(path))
    for seed in range(3):  # warm the caches a first fight fills (not counted)
        Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed)).run()
    ops = calls = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal ops, calls
        if event == "opcode":
            ops += 1
        elif event == "call":
            calls += 1
            frame.f_trace_opcodes = True
        return tracer

    events = 0
    sys.settrace(tracer)
    try:
        for seed in range(fights):
            session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
            session.run()
            events += len(session.log)
    finally:
        sys.settrace(None)
    return ops, calls, events


def measure(paths: list[Path], fights: int) -> dict[str, tuple[float, float]]:
    """Each example's bytecodes and calls per event, in this process's fracas."""
    out = {}
    for path in paths:
        ops, calls, events = count(path, fights)
        out[f"{path.parent.name}/{path.stem}"] = (ops / events, calls / events)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fights", type=int, default=20)
    parser.add_argument("--glob", default="*/*", help="examples/<glob>.yaml (default: all)")
    parser.add_argument("--against", type=Path, action="append", default=[], metavar="SRC")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    paths = sorted(ROOT.glob(f"examples/{args.glob}.yaml"))
    if args.json:  # a worker for --against: this process imports the other tree
        print(json.dumps(measure(paths, args.fights)))
        return
    columns = {"this tree": measure(paths, args.fights)}
    for src in args.against:
        env = {**os.environ, "PYTHONPATH": str(src)}
        cmd = [sys.executable, __file__, "--json", "--fights", str(args.fights)]
        answer = subprocess.run(
            [*cmd, "--glob", args.glob], env=env, capture_output=True, text=True, check=True
        )
        columns[str(src)] = json.loads(answer.stdout)
    names = list(columns)
    print(f"bytecodes / calls per event, seeds 0-{args.fights - 1}; columns: {', '.join(names)}")
    for example in columns["this tree"]:
        cells = "".join(
            f"  {columns[n][example][0]:7.0f} / {columns[n][example][1]:5.1f}"
            if example in columns[n]
            else f"  {'-':>15}"
            for n in names
        )
        print(f"{example:34}{cells}")


if __name__ == "__main__":
    main()
