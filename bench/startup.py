"""How long a ``fracas`` command takes from start to exit, against ``python -c pass``.

Each command is started as a new process, as a person starts it, several times; the runs are
interleaved with the baseline (the same interpreter doing nothing) so a busy machine slows
both alike, and the median wall-clock time of each is reported with the ratio. The targets
(issues 8 and 23): ``fracas roll 2D6`` and ``fracas --help`` at most 5x the baseline,
``fracas fight`` on the percentile example at most 10x (a scripted run, ``--seed 1``: no
prompt), and a warm ``fracas odds`` on the chapter's duel (its numba kernels cached) under
0.3 s as a whole process. The EXP and Starflight fights are shown too, and the libraries a
fight needs imported alone (no fracas code), which is the floor under every ``fight``, and
pydantic alone with one model.

Each line gives the median wall-clock time and the median CPU time (user + system of the
child, which a busy machine inflates less than wall time), each as a ratio to the baseline's.
The children run with ``PYTHONDONTWRITEBYTECODE`` removed from their environment: a person's
Python writes and reuses ``.pyc`` files, and a shell that sets it would time fracas compiling
its own sources at every start.

With ``--stages`` it also times, inside fresh processes (medians of the same runs), where a
fight's and a warm ``odds``'s time goes: the libraries, pydantic's import, the percentile
ruleset and its scenario models, building those models again, validating the example; NumPy,
numba, the chain's modules, the first cached kernel loaded (numba's own start-up), the other
kernels, the chain itself.

    python bench/startup.py [--runs N] [--stages] [--no-odds]
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

from fracas_command import FRACAS  # (bench/ is the script's folder: first on sys.path)

ROOT = Path(__file__).parents[1]
EXAMPLE = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"


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
#: pydantic alone, with one model (scenario validation's cost at import)
PYDANTIC = (
    "import os; os.environ.setdefault('PYDANTIC_DISABLE_PLUGINS', '__all__')\n"
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
    ("pydantic alone, one model", [sys.executable, "-c", PYDANTIC], None),
]
ODDS = ("fracas odds (percentile example, warm)", [*FRACAS, "odds", str(EXAMPLE)], None)
#: numba imported alone: the floor under every command that runs a kernel
NUMBA = ("numba alone (no fracas)", [sys.executable, "-c", "import numba"], None)

#: a fight's start, stage by stage (run as ``python -c``; prints ``stage<TAB>wall<TAB>cpu``)
FIGHT_STAGES = f"""
import os, sys, time
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
clock = [time.perf_counter(), time.process_time()]
def lap(name, times=1):
    w, c = time.perf_counter(), time.process_time()
    print(f"{{name}}\t{{(w - clock[0]) / times}}\t{{(c - clock[1]) / times}}")
    clock[:] = [time.perf_counter(), time.process_time()]
import click, msgspec, yaml
lap("click, msgspec and PyYAML imported")
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
lap("pydantic imported")
class M(BaseModel):
    x: int
lap("a first pydantic model built (its plugin loader imports importlib.metadata)")
import fracas.rulesets.percentile
lap("the percentile ruleset imported (its 3 scenario models built)")
from fracas.rulesets.percentile.options import PercentileOptions
from fracas.rulesets.percentile.scenario import CombatantSpec, PercentileScenario
for model in (PercentileOptions, CombatantSpec, PercentileScenario):
    model.model_rebuild(force=True)
lap("those 3 models built again (model_rebuild)")
from fracas.scenario.yaml_input import load_yaml
data = load_yaml(open({str(EXAMPLE)!r}, encoding="utf-8").read())
clock[:] = [time.perf_counter(), time.process_time()]
PercentileScenario.model_validate(data)
lap("the example validated, first time")
for _ in range(200):
    PercentileScenario.model_validate(data)
lap("the example validated (mean of 200)", 200)
"""
#: a warm ``fracas odds``'s work, stage by stage (the same output)
ODDS_STAGES = f"""
import os, sys, time
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
clock = [time.perf_counter(), time.process_time()]
def lap(name):
    w, c = time.perf_counter(), time.process_time()
    print(f"{{name}}\t{{w - clock[0]}}\t{{c - clock[1]}}")
    clock[:] = [time.perf_counter(), time.process_time()]
import numpy as np
lap("NumPy imported")
import numba
lap("numba imported")
from fracas.scenario import load_scenario
loaded = load_scenario({str(EXAMPLE)!r})
lap("the scenario read and validated (pydantic and the ruleset imported)")
from fracas.sim import odds
odds.scope(loaded.ruleset, loaded.scenario)
lap("the chain's modules imported (their numba dispatchers made)")
from fracas.rulesets.percentile.fast.chain import sort_branches
i0 = np.zeros(0, np.int64)
sort_branches(i0, i0, np.zeros(0), i0, i0, i0, 0, 0)
lap("the first cached kernel loaded (numba's own start-up)")
odds.exact(loaded.ruleset).load()
lap("the other 9 cached kernels loaded")
odds.odds(loaded.ruleset, loaded.scenario)
lap("the chain run")
"""
#: label -> absolute target in seconds of wall-clock time
SECONDS: dict[str, float] = {"fracas odds (percentile example, warm)": 0.3}
#: the children's environment: as a person's shell has it, but writing .pyc files
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall_time(command: list[str]) -> tuple[float, float]:
    """(wall-clock seconds, CPU seconds of the child) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=ENV
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each (median reported)")
    parser.add_argument(
        "--stages",
        action="store_true",
        help="also time a fight's and a warm odds's stages inside fresh processes",
    )
    parser.add_argument(
        "--no-odds",
        action="store_true",
        help="leave out fracas odds (whose warm-up run compiles its kernels if the cache is empty)",
    )
    args = parser.parse_args()
    if not args.no_odds:
        COMMANDS.insert(4, ODDS)
        COMMANDS.append(NUMBA)
    for _, command, _ in COMMANDS:  # warm the caches (.pyc files, the OS's file cache)
        wall_time(command)
    base: list[tuple[float, float]] = []
    times: dict[str, list[tuple[float, float]]] = {label: [] for label, _, _ in COMMANDS}
    for _ in range(args.runs):
        base.append(wall_time([sys.executable, "-c", "pass"]))
        for label, command, _ in COMMANDS:
            times[label].append(wall_time(command))
    wall0 = statistics.median(w for w, _ in base)
    cpu0 = statistics.median(c for _, c in base)
    print(
        f"python -c pass: {wall0 * 1000:.1f} ms wall, {cpu0 * 1000:.1f} ms CPU "
        f"(medians of {args.runs}); load average {os.getloadavg()[0]:.1f}"
    )
    for label, _, target in COMMANDS:
        wall = statistics.median(w for w, _ in times[label])
        cpu = statistics.median(c for _, c in times[label])
        ratio = wall / wall0
        goal = ""
        if target:
            goal = f" (target <= {target:g}x: {'met' if ratio <= target else 'NOT met'})"
        if label in SECONDS:
            limit = SECONDS[label]
            goal = f" (target < {limit:g} s: {'met' if wall < limit else 'NOT met'})"
        print(
            f"{label}: {wall * 1000:.1f} ms, {ratio:.1f}x baseline; "
            f"CPU {cpu * 1000:.1f} ms, {cpu / cpu0:.1f}x{goal}"
        )
    if args.stages:
        scripts = {"fracas fight's start": FIGHT_STAGES}
        if not args.no_odds:
            scripts["a warm fracas odds"] = ODDS_STAGES
        for title, script in scripts.items():
            print(f"{title}, stage by stage (medians of {args.runs} fresh processes):")
            for name, wall, cpu in stages(script, args.runs):
                print(f"  {name}: {wall * 1000:.2f} ms wall, {cpu * 1000:.2f} ms CPU")


def stages(script: str, runs: int) -> list[tuple[str, float, float]]:
    """(stage, median wall seconds, median CPU seconds) of ``script`` run ``runs`` times."""
    seen: dict[str, list[tuple[float, float]]] = {}
    for _ in range(runs + 1):  # the first run warms the caches
        out = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=ENV
        ).stdout
        for line in out.splitlines():
            name, wall, cpu = line.split("\t")
            seen.setdefault(name, []).append((float(wall), float(cpu)))
    return [
        (
            name,
            statistics.median(w for w, _ in values[1:]),
            statistics.median(c for _, c in values[1:]),
        )
        for name, values in seen.items()
    ]


if __name__ == "__main__":
    main()
