"""bench/batch.py still runs (tiny sizes; no speed is asserted, only that every figure is
printed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


@pytest.mark.slow
def test_the_batch_bench_prints_every_figure() -> None:
    run = subprocess.run(
        [sys.executable, "bench/batch.py", "--quick", "--repeats", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr[-4000:]  # why it stopped, if it did
    out = run.stdout
    for figure in (
        "event engine:",
        "batch percentile duel:",
        "batch EXP brawl",
        "RNG bound:",
        "batch / bound:",
        "EXP RNG bound:",
        "EXP batch / bound:",
        "plain Python",
        "odds (Joanne",
        "peak RSS",
    ):
        assert figure in out, figure
