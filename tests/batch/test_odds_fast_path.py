"""The compiled chain (half-round plans, lumped classes, pruning at its own points) gives the
figures of the round-by-round Python chain (``DuelChain.compiled = False``) within the
error each reports, on every percentile duel the tests use.

Both chains only ever drop probability (a pruned class, a fight still going when the chain
stops), so each figure is a lower bound and the true value lies within the chain's
``error`` above it: the two can differ by at most the other's error in each direction
(plus float rounding). ``odds_reference.py`` recorded the round-by-round figures of the
slower duels in ``data/odds_reference.json``; the quicker ones are run both ways here."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest
import yaml

from fracas.rulesets.percentile.fast.advise import _tables, with_policy
from fracas.rulesets.percentile.fast.chain import DuelChain
from fracas.scenario import parse_scenario
from fracas.sim.odds import Odds, odds
from tests.batch.odds_reference import DATA, ROOT, advice_figures, figures, scenarios

REFERENCE: dict[str, Any] = json.loads(DATA.read_text())
ROUNDING = 1e-12
#: float rounding of a sum over the chain's thousands of states
SUMS = 1e-9


@contextmanager
def round_by_round() -> Iterator[None]:
    DuelChain.compiled = False
    try:
        yield
    finally:
        DuelChain.compiled = True


def agree(fast: dict[str, Any], slow: dict[str, Any]) -> None:
    """Every figure of ``fast`` within the errors of ``slow`` (see the module docstring), and
    each chain's figures a distribution short of 1 by no more than its ``error`` (a bound on
    what it dropped)."""
    for f in (fast, slow):
        for total in (sum(f["win"]) + f["draw"], sum(f["length"])):
            assert 1 - f["error"] - SUMS <= total <= 1 + SUMS
        assert 0 <= f["error"] < 1e-4
    above, below = slow["error"] + ROUNDING, fast["error"] + ROUNDING
    for got, want in [*zip(fast["win"], slow["win"], strict=True), (fast["draw"], slow["draw"])]:
        assert -below <= got - want <= above
    n = max(len(fast["length"]), len(slow["length"]))
    got_l = np.pad(fast["length"], (0, n - len(fast["length"])))
    want_l = np.pad(slow["length"], (0, n - len(slow["length"])))
    assert np.all(got_l - want_l <= above) and np.all(want_l - got_l <= below)
    assert fast["error"] <= slow["error"]  # the compiled chain drops less


def as_figures(o: Odds) -> dict[str, Any]:
    return {"win": list(o.win), "draw": o.draw, "length": list(o.length), "error": o.error}


@pytest.mark.parametrize("name", sorted(scenarios()))
def test_odds_agree_with_the_recorded_round_by_round_chain_within_the_error(name: str) -> None:
    agree(figures(scenarios()[name]), REFERENCE[name])


@pytest.mark.parametrize(
    "name",
    [
        "joanne-vs-ondkille",
        pytest.param("joanne-in-plate", marks=pytest.mark.slow),
        pytest.param("all-out-with-parry-damage", marks=pytest.mark.slow),
    ],
)
def test_odds_agree_with_the_round_by_round_chain_run_now(name: str) -> None:
    loaded = scenarios()[name]
    fast = figures(loaded)
    with round_by_round():
        slow = figures(loaded)
    agree(fast, slow)


def test_the_optimal_policy_odds_agree_with_the_round_by_round_chain() -> None:
    loaded = scenarios()["joanne-vs-ondkille"]
    policy = np.array(advice_figures(loaded)["policy"], np.int64)
    scenario = with_policy(loaded.scenario, 0)
    from fracas.rulesets.percentile.fast.spec import compile_duel

    tables = _tables(policy, 0, compile_duel(loaded.scenario, loaded.ruleset))
    fast = as_figures(odds(loaded.ruleset, scenario, tables))
    with round_by_round():
        slow = as_figures(odds(loaded.ruleset, scenario, tables))
    agree(fast, slow)


def test_advise_agrees_with_the_recorded_round_by_round_chain() -> None:
    """The policy is the same cell for cell; the own-tactics figure is the duel's (the
    optimal one is checked against the round-by-round chain run now, above)."""
    got = advice_figures(scenarios()["joanne-vs-ondkille"])
    want = REFERENCE["advise joanne-vs-ondkille"]
    assert got["policy"] == want["policy"]
    error = REFERENCE["joanne-vs-ondkille"]["error"] + ROUNDING
    assert np.allclose(got["own"], want["own"], rtol=0, atol=error)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "tactics"),
    [
        ({"later_rounds": "in-order", "round_order": "scenario"}, None),
        ({"dropped_weapon": "lost", "no_weapon_left": "surrender"}, None),
        ({"recover_weapon": "start-of-round"}, ["defensive-below-half", "all-out-attack"]),
        ({"recover_weapon": "no-defence", "no_weapon_left": "flee"}, ["all-out-defence", None]),
    ],
)
def test_odds_agree_with_the_round_by_round_chain_under_other_options(
    options: dict[str, str], tactics: list[str | None] | None
) -> None:
    """Rounds in order, weapons lost, surrender and flight, recovering a weapon, tactics
    that change with hp: the same agreement on variants of the chapter's duel."""
    data = yaml.safe_load(
        (ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml").read_text()
    )
    data.setdefault("options", {}).update(options)
    for c, t in zip(data["combatants"], tactics or [], strict=False):
        if t is not None:
            c["tactics"] = t
            c.pop("script", None)
            c.pop("then", None)
    loaded = parse_scenario(data, "variant")
    fast = figures(loaded)
    with round_by_round():
        slow = figures(loaded)
    agree(fast, slow)
