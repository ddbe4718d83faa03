"""``fracas compare --variant``, ``sim --distributions``, ``balance`` and ``sweep --target``
on the command line, and their bad input named with exit 2."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from tests.sim.conftest import DUEL, ROOT

TRIP = ROOT / "examples" / "exp" / "trip.yaml"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_compare_with_a_variant_prints_every_figures_difference(tmp_path: Path) -> None:
    plot = tmp_path / "cmp.png"
    code, out, err = run(
        "compare",
        str(DUEL),
        "--variant",
        "plate: combatants[0].armour=plate mail",
        "-n",
        "300",
        "--seed",
        "1",
        "-j",
        "1",
        "--engine",
        "event",
        "--plot",
        str(plot),
    )
    assert code == 0, err
    assert "differences A - B in every figure" in out
    assert "joanne-vs-ondkille - plate (paired on the same fights):" in out
    assert "Ondkille: surrendered" in out and "Ondkille chose: surrender" in out
    assert plot.stat().st_size > 10_000


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "plate"], "LABEL: PATH=VALUE"),
        (["--variant", "p: combatants[7].armour=plate mail"], "there is no combatant 7"),
        (["--variant", "p: combatants[0].skills.epee=-3"], "--variant p:"),
    ],
)
def test_a_bad_variant_is_named_with_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("compare", str(DUEL), *args, "-n", "10", "--seed", "1")
    assert code == 2 and message in err and out == ""


def test_compare_with_one_scenario_and_no_variant_is_refused() -> None:
    code, _, err = run("compare", str(DUEL), "-n", "10")
    assert code == 2 and "at least two variants" in err


def test_sim_distributions_prints_at_least_tables(tmp_path: Path) -> None:
    plot = tmp_path / "dist.svg"
    code, out, err = run(
        "sim",
        str(DUEL),
        "-n",
        "300",
        "--seed",
        "2",
        "-j",
        "1",
        "--engine",
        "event",
        "--distributions",
        "--plot",
        str(plot),
    )
    assert code == 0, err
    assert "distributions: the share of fights with at least X" in out
    assert "Ondkille: damage taken" in out and "at least 0 " in out
    assert "HP left" in out or "left" in out
    assert "<svg" in plot.read_text()


def test_balance_finds_where_the_win_rate_crosses_the_target(tmp_path: Path) -> None:
    """Lin trips the saboteur; the more hit points the saboteur has, the less often the
    crew wins (52% at 40 in a sweep of 300 fights)."""
    code, out, err = run(
        "balance",
        str(TRIP),
        "--vary",
        "combatants[1].hps=31..80",
        "--seed",
        "1",
        "--most",
        "4000",
        "--json",
        "-j",
        "1",
        "--engine",
        "batch",  # the Monte Carlo search (auto takes the exact chain here)
    )
    assert code == 0, err
    result = json.loads(out)
    assert result["crossing"] is not None
    assert result["crossing_low"] <= result["crossing"] <= result["crossing_high"]
    assert result["fights"] < result["grid_fights"]
    low, high = result["bracket"]
    by_value = {p["value"]: p for p in result["points"]}
    # falling with the hit points: the low end of the bracket is above the target
    assert by_value[low]["verdict"] == "above" and by_value[high]["verdict"] == "below"
    inside = [p for p in result["points"] if low < p["value"] < high]
    assert all(p["verdict"] == "at" for p in inside)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "combatants[0].skills.epee=[10, 20]"], "a range of whole numbers"),
        (["--vary", "combatants[0].skills.epee=0..60:10"], "a range of whole numbers"),
        (["--vary", "combatants[0].skills.epee=7"], "a range of whole numbers"),
        (["--vary", "combatants[0].skills.epee=0..60", "--side", "nobody"], "--side nobody"),
        (["--vary", "combatants[0].skills.epee=0..60", "-n", "5"], "-n:"),
    ],
)
def test_balance_names_bad_input_with_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("balance", str(DUEL), *args, "--seed", "1")
    assert code == 2 and message in err and out == ""


def test_sweep_marks_the_target_and_where_the_line_crosses_it(tmp_path: Path) -> None:
    code, out, err = run(
        "sweep",
        str(TRIP),
        "--vary",
        "combatants[1].hps=30..70:20",
        "-n",
        "300",
        "--seed",
        "1",
        "-j",
        "1",
        "--target",
        "0.5",
        "--out",
        str(tmp_path),
    )
    assert code == 0, err
    assert "crew's win rate crosses 50% at combatants[1].hps = " in out
    assert (tmp_path / "results.meta.json").exists()


def test_the_designer_notebook_runs_end_to_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """examples/notebooks/designer.py, the four designer tasks, at a twentieth of its
    fights: each cell prints its answer."""
    monkeypatch.setenv("FRACAS_NOTEBOOK_SCALE", "0.05")
    monkeypatch.chdir(ROOT)
    runpy.run_path(str(ROOT / "examples" / "notebooks" / "designer.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "difference: Joanne wins" in out  # 1. plate
    assert "Ondkille [" in out  # what the tactics chose
    assert "crossing " in out and "a sweep would run" in out  # 2. the 50/50 point
    assert "crew wins" in out  # 3. trip or grapple
    assert "no cover" in out and "armour" in out  # 4. cover or armour
