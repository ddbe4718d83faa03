"""How long a ``fracas`` command takes from start to exit, against ``python -c pass``.

Each command is started as a new process, as a person starts it, several times; the runs are
interleaved with the baseline (the same interpreter doing nothing) so a busy machine slows
both alike, and the median wall-clock time of each is reported with the ratio. The targets
(issue 8): ``fracas roll 2D6`` at most 5x the baseline, ``fracas fight`` on the percentile
example at most 10x. The EXP and Starflight fights are shown too, and the libraries a fight
needs imported alone (no fracas code), which is the floor under every ``fight``.

    python bench/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).parents[1]
EXAMPLE = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"

#: the installed ``fracas`` script beside this interpreter (what a person runs), else the same
#: entry point through ``-c``
SCRIPT = Path(sys.executable).with_name("fracas")
FRACAS = (
    [sys.executable, str(SCRIPT)]
    if SCRIPT.exists()
    else [sys.executable, "-c", "import sys; from fracas.cli import main; sys.exit(main())"]
)

EXP = ROOT / "examples" / "exp" / "bar-brawl.yaml"
STARFLIGHT = ROOT / "examples" / "starflight" / "melee.yaml"
#: what ``fracas fight`` cannot do without, and nothing of fracas: the libraries it imports
#: (click, msgspec, PyYAML, pydantic) and one pydantic model built (which imports the rest of
#: pydantic); a floor for any command that validates a scenario
LIBRARIES = (
    "import os; os.environ.setdefault('PYDANTIC_DISABLE_PLUGINS', '__all__')\n"
    "import click, msgspec, yaml\n"
    "from pydantic import BaseModel\n"
    "class M(BaseModel):\n"
    "    x: int\n"
)

#: (label, command line, target ratio or None)
COMMANDS: list[tuple[str, list[str], float | None]] = [
    ("fracas roll 2D6", [*FRACAS, "roll", "2D6", "--seed", "1"], 5.0),
    ("fracas --help", [*FRACAS, "--help"], 5.0),
    ("fracas fight (percentile example)", [*FRACAS, "fight", str(EXAMPLE), "--seed", "1"], 10.0),
    ("fracas check (percentile example)", [*FRACAS, "check", str(EXAMPLE)], None),
    ("fracas fight (exp example)", [*FRACAS, "fight", str(EXP), "--seed", "1"], None),
    ("fracas fight (starflight example)", [*FRACAS, "fight", str(STARFLIGHT), "--seed", "1"], None),
    ("libraries alone (no fracas)", [sys.executable, "-c", LIBRARIES], None),
]


def wall_time(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each (median reported)")
    args = parser.parse_args()
    for _, command, _ in COMMANDS:  # warm the caches (.pyc files, the OS's file cache)
        wall_time(command)
    base: list[float] = []
    times: dict[str, list[float]] = {label: [] for label, _, _ in COMMANDS}
    for _ in range(args.runs):
        base.append(wall_time([sys.executable, "-c", "pass"]))
        for label, command, _ in COMMANDS:
            times[label].append(wall_time(command))
    baseline = statistics.median(base)
    print(f"python -c pass: {baseline * 1000:.1f} ms (median of {args.runs})")
    for label, _, target in COMMANDS:
        median = statistics.median(times[label])
        ratio = median / baseline
        goal = (
            f" (target <= {target:g}x: {'met' if ratio <= target else 'NOT met'})" if target else ""
        )
        print(f"{label}: {median * 1000:.1f} ms, {ratio:.1f}x baseline{goal}")


if __name__ == "__main__":
    main()
