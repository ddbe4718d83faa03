"""bench/startup.py's stage timings still run (their names and shape; no time is asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_fight_stages_are_each_timed_once() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from startup import FIGHT_STAGES
    finally:
        sys.path.remove(str(ROOT / "bench"))
    out = subprocess.run(
        [sys.executable, "-c", FIGHT_STAGES], capture_output=True, text=True, check=True
    ).stdout
    rows = [line.split("\t") for line in out.splitlines()]
    assert [name for name, _, _ in rows] == [
        "click, msgspec and PyYAML imported",
        "pydantic imported",
        "a first pydantic model built (its plugin loader imports importlib.metadata)",
        "the percentile ruleset imported (its 3 scenario models built)",
        "those 3 models built again (model_rebuild)",
        "the example validated, first time",
        "the example validated (mean of 200)",
    ]
    assert all(float(wall) >= 0 and float(cpu) >= 0 for _, wall, cpu in rows)
