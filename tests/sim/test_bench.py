"""bench/sim.py still runs (a few fights; no time is asserted: the machine may be shared)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_sim_bench_reports_each_way_of_running_against_the_bare_loop() -> None:
    out = subprocess.run(
        [sys.executable, "bench/sim.py", "--fights", "100", "--repeats", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for what in ("bare", "sim --jobs 1", "sim --jobs 2", "analysis overhead", "--jobs 2 against"):
        assert what in out
