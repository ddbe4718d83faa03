"""bench/sim.py still runs (a few fights; no time is asserted: the machine may be shared)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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


def test_the_jobs_bench_times_each_setting_against_one_job() -> None:
    out = subprocess.run(
        [sys.executable, "bench/jobs.py", "--repeats", "1", "--scale", "1000", "--points", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = out.splitlines()
    assert lines[0].startswith("medians of 1")
    assert len(lines) == 6
    for line in lines[1:]:
        assert "--jobs 1" in line and "--jobs 2" in line and "default" in line


@pytest.mark.slow
def test_the_cluster_bench_times_dask_against_local_processes() -> None:
    pytest.importorskip("distributed")
    out = subprocess.run(
        [sys.executable, "bench/cluster.py", "--repeats", "1", "--scale", "1000"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = out.splitlines()
    assert any(line.startswith("medians of 1") and "figures identical" in line for line in lines)
    assert sum("local / dask" in line for line in lines) == 3
