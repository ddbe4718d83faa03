"""bench/fight_speed.py still runs (a few fights; no time is asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("extra", [[], ["--scenario", "examples/exp/robot-brawl.yaml"]])
def test_the_fight_speed_bench_reports_fights_per_second(extra: list[str]) -> None:
    out = subprocess.run(
        [sys.executable, "bench/fight_speed.py", "--fights", "5", "--repeats", "1", *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines[1:]] == ["stream", "seeded", "baseline"]
    assert all("fights/s" in line for line in lines[1:])
    assert "x baseline" in lines[1]


def test_the_startup_bench_prints_each_commands_ratio_to_python() -> None:
    out = subprocess.run(
        [sys.executable, "bench/startup.py", "--runs", "1", "--no-odds"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = out.splitlines()
    assert lines[0].startswith("python -c pass: ")
    assert [line.split(":")[0] for line in lines[1:]] == [
        "fracas roll 2D6",
        "fracas --help",
        "fracas fight (percentile example)",
        "fracas check (percentile example)",
        "fracas fight (exp example)",
        "fracas fight (starflight example)",
        "libraries alone (no fracas)",
        "pydantic alone, one model",
    ]
    assert all("x baseline" in line for line in lines[1:])
