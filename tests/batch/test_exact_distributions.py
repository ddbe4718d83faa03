"""``fracas odds --distributions``: the exact distributions from the chains' end states
(length, health left, damage taken, who is out) agree with the event engine's Monte Carlo,
sum to one, and their means are the chain's own figures; what a chain does not give exactly
is said, not estimated."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.scenario import load_scenario
from fracas.sim import simulate
from fracas.sim.figures import Distribution, SimResult
from fracas.sim.odds import ExactDistributions, ExactFigure, distributions, odds

EXAMPLES = Path(__file__).parents[2] / "examples"
DUEL = str(EXAMPLES / "percentile" / "joanne-vs-ondkille.yaml")
BRAWL = str(EXAMPLES / "exp" / "trip.yaml")
N = 4000
#: the DKW band: P(sup_x |empirical P(X >= x) - P(X >= x)| > eps) <= 2 exp(-2 n eps^2), so
#: with ALPHA = 0.001 a correct exact distribution is outside the band with probability
#: below 0.1% per figure, whatever the number of values compared
ALPHA = 0.001


def dkw(n: int) -> float:
    return math.sqrt(math.log(2 / ALPHA) / (2 * n))


def mc_at_least(dist: Distribution, x: int) -> float:
    return sum(c for v, c in zip(dist.values, dist.counts, strict=True) if v >= x) / dist.n


def pairs(exact: ExactDistributions, mc: SimResult) -> list[tuple[ExactFigure, Distribution]]:
    """Each exact figure with the Monte Carlo distribution of the same figure."""
    by_name = {c.name: c for c in mc.combatants}
    out_of = {s.side: s.distribution for s in mc.out_of_fight}
    found: list[tuple[ExactFigure, Distribution]] = []
    for f in exact.figures:
        d: Distribution | None
        if f.figure == "length":
            d = mc.rounds.distribution
        elif f.figure == "out":
            d = out_of[f.who]
        elif f.figure == "left":
            d = by_name[f.who].left
        elif f.figure == "taken":
            d = by_name[f.who].taken_distribution
        else:
            d = by_name[f.who].dealt_distribution
        if f.spread is not None and d is not None:
            found.append((f, d))
    return found


@pytest.fixture(scope="module", params=[DUEL, BRAWL], ids=["duel", "brawl"])
def both(request: pytest.FixtureRequest) -> tuple[ExactDistributions, SimResult]:
    loaded = load_scenario(request.param, ())
    exact = distributions(loaded.ruleset, loaded.scenario)
    mc = simulate(request.param, n=N, seed=11, engine="event")
    return exact, mc


def test_exact_distributions_agree_with_the_monte_carlo_within_the_dkw_band(
    both: tuple[ExactDistributions, SimResult],
) -> None:
    exact, mc = both
    compared = pairs(exact, mc)
    # length, both sides' out, both combatants' health left at least
    assert {f.figure for f, _ in compared} >= {"length", "out", "left"}
    eps = dkw(N) + exact.odds.error
    for fig, dist in compared:
        assert fig.spread is not None
        xs = sorted(set(fig.spread.values) | set(dist.values))
        checked = 0
        for x in xs:
            p = fig.at_least(x)
            if p is None:  # hidden in a lump the chain does not split
                continue
            checked += 1
            assert abs(p - mc_at_least(dist, x)) <= eps, (fig.title, x, p, mc_at_least(dist, x))
        assert checked, fig.title


def test_exact_probabilities_sum_to_one_and_their_means_are_the_chains_figures(
    both: tuple[ExactDistributions, SimResult],
) -> None:
    exact, _ = both
    o = exact.odds
    for fig in exact.figures:
        if fig.spread is not None:
            assert abs(fig.spread.total - 1.0) <= o.error + 1e-9, fig.title
    length = exact.figure("length")
    assert length.spread is not None and length.spread.mean is not None
    assert length.spread.mean == pytest.approx(o.mean_length, abs=1e-9)
    # the same fight by the chain `fracas odds` runs (the percentile's compiled round)
    loaded = load_scenario(DUEL if o.unit == "rounds" else BRAWL, ())
    plain = odds(loaded.ruleset, loaded.scenario)
    assert length.spread.mean == pytest.approx(plain.mean_length, abs=1e-4)
    for f, side in enumerate(o.sides):
        out = exact.figure("out", side).spread
        assert out is not None and out.mean is not None
        # a combatant is out when the other won, or in a draw where both went down (the
        # mean is of the mass accounted for: within the truncation error)
        tol = o.error + 1e-9
        assert o.win[1 - f] - tol <= out.mean <= o.win[1 - f] + o.draw + tol
        assert out.mean == pytest.approx(plain.win[1 - f], abs=plain.draw + 1e-4)


def test_what_the_chain_cannot_give_exactly_is_said_not_estimated() -> None:
    result = CliRunner().invoke(main, ["odds", BRAWL, "--distributions"])
    assert result.exit_code == 0, result.output
    assert "damage taken: not exact here: the chain follows the HPS" in result.output
    assert "Lin: HPS left" in result.output
    data = json.loads(CliRunner().invoke(main, ["odds", BRAWL, "--distributions", "--json"]).output)
    by = {(d["figure"], d["who"]): d for d in data["distributions"]}
    assert by[("taken", "Lin")]["exact"] is False and by[("taken", "Lin")]["why"]
    left = by[("left", "Lin")]
    assert left["exact"] is True
    assert math.isclose(sum(left["probabilities"]), 1.0, abs_tol=1e-9)
    assert left["at_least"][0][1] == pytest.approx(1.0)


def test_a_dead_fighters_hp_are_a_lump_said_as_such() -> None:
    result = CliRunner().invoke(main, ["odds", DUEL, "--distributions"])
    assert result.exit_code == 0, result.output
    assert "Ondkille: HP left" in result.output
    assert "(-8 stands for -8 or below: the chain stops there)" in result.output


def test_odds_plot_draws_the_exact_distributions(tmp_path: Path) -> None:
    path = tmp_path / "odds.png"
    result = CliRunner().invoke(main, ["odds", BRAWL, "--plot", str(path)])
    assert result.exit_code == 0, result.output
    assert path.stat().st_size > 10_000
    assert "distributions: the exact probability" in result.output


def test_odds_plot_refuses_a_file_it_cannot_draw_into(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["odds", BRAWL, "--plot", str(tmp_path / "odds.txt")])
    assert result.exit_code == 2
    assert "must end in .png or .svg" in result.output


def test_the_api_gives_the_exact_distributions_as_a_tidy_table() -> None:
    from fracas.sim import exact

    result = exact(BRAWL)
    table = result.to_pandas()
    left = table[(table.figure == "left") & (table.who == "Lin")]
    assert left.probability.sum() == pytest.approx(1.0, abs=1e-9)
    assert left.at_least.iloc[0] == pytest.approx(1.0, abs=1e-9)
    assert set(table[~table.exact].figure) == {"dealt", "taken"}
