"""An output the analysis commands cannot write (``--plot``, ``--out``) is refused before the
work starts (a cold first run compiles for half a minute, an exact odds run can take
minutes), not found out at the end: a folder passes a permission check as root, and /proc
passes it, yet no file can be made there."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from fracas.cli import main

ROOT = Path(__file__).parents[2]
DUEL = str(ROOT / "examples/percentile/joanne-vs-ondkille.yaml")
BRAWL = str(ROOT / "examples/exp/trip.yaml")

pytestmark = pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")


def refused_before_the_work(result: Result, words: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert words in result.stderr
    assert result.stdout == ""  # no figure was worked out
    assert "compiling" not in result.stderr and "working out" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["sim", BRAWL, "-n", "10", "--seed", "1"],
        ["compare", BRAWL, BRAWL, "-n", "10", "--seed", "1"],
        ["odds", DUEL, "--distributions"],
        ["balance", BRAWL, "--vary", "combatants[1].hps=31..80"],
    ],
    ids=lambda a: a[0],
)
def test_a_plot_that_cannot_be_written_is_refused_before_the_work(args: list[str]) -> None:
    result = CliRunner().invoke(main, [*args, "--plot", "/proc/fracas-plot.png"])
    refused_before_the_work(result, "--plot /proc/fracas-plot.png: cannot write here")


def test_a_sweep_folder_that_cannot_be_written_is_refused_before_the_work() -> None:
    args = ["sweep", BRAWL, "--vary", "combatants[1].hps=31..40:9", "-n", "10", "--seed", "1"]
    result = CliRunner().invoke(main, [*args, "--out", "/proc/fracas-sweep"])
    refused_before_the_work(result, "--out /proc/fracas-sweep: cannot write here")
