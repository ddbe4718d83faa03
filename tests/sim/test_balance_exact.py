"""``fracas balance`` on the exact odds where the chain covers the fight: a bisection on the
exact win probability (no fights, no interval, said "exact"), agreeing with the Monte Carlo
search; the Monte Carlo where the chain does not reach."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from fracas.cli import main
from fracas.sim.balance import EXACT, balance
from tests.sim.conftest import ROOT

TRIP = ROOT / "examples" / "exp" / "trip.yaml"
FIREFIGHT = ROOT / "examples" / "percentile" / "spaceport-firefight.yaml"
VARY = "combatants[1].hps=31..80"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_balance_on_the_exact_odds_says_exact_and_runs_no_fight() -> None:
    code, out, err = run("balance", str(TRIP), "--vary", VARY, "--seed", "1")
    assert code == 0, err
    assert out.startswith(f"engine: {EXACT}")
    assert "(exact win probability)" in out
    assert "exact: the win rate crosses the target between 43 and 44" in out
    data = json.loads(run("balance", str(TRIP), "--vary", VARY, "--seed", "1", "--json")[1])
    assert data["engine"] == EXACT and data["fights"] == 0
    assert data["bracket"] == [43, 44]
    by_value = {p["value"]: p for p in data["points"]}
    assert by_value[43]["win"]["rate"] > 0.5 > by_value[44]["win"]["rate"]


def test_balance_on_the_exact_odds_tells_no_seed_when_none_was_given() -> None:
    """No fight is run, so the seed chose nothing: no "seed: N (pass --seed N ...)" line."""
    code, out, err = run("balance", str(TRIP), "--vary", VARY)
    assert code == 0, err
    assert out.startswith(f"engine: {EXACT}")
    assert "seed" not in err


def test_the_exact_crossing_lies_inside_the_monte_carlo_interval() -> None:
    exact = balance(TRIP, VARY, seed=1, engine="exact")
    mc = balance(TRIP, VARY, seed=1, most=4000, engine="batch")
    assert exact.engine == EXACT and mc.engine != EXACT
    assert exact.crossing is not None and mc.crossing is not None
    assert mc.crossing_low is not None and mc.crossing_high is not None
    # the Monte Carlo's interval on the crossing (each step's 95% Wilson interval, read off
    # the two values on either side of the target: sim/balance.py's docstring)
    assert mc.crossing_low <= exact.crossing <= mc.crossing_high


def test_auto_takes_the_monte_carlo_where_the_chain_does_not_reach() -> None:
    code, out, err = run(
        "balance",
        str(FIREFIGHT),
        "--vary",
        "combatants[0].skills.pistols=10..90",
        "--seed",
        "1",
        "--most",
        "500",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["engine"] != EXACT and data["fights"] > 0


def test_engine_exact_is_refused_where_the_chain_does_not_reach(tmp_path: Path) -> None:
    code, out, err = run(
        "balance", str(FIREFIGHT), "--vary", "combatants[0].skills.pistols=10..90",
        "--engine", "exact",
    )  # fmt: skip
    assert code == 2 and out == ""
    assert "--engine exact: outside the exact chain" in err
