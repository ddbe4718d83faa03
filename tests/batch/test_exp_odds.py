"""``fracas odds`` on EXP brawls: the exact chain over holds, trips and thrown weapons agrees
with the event engine and the brawl kernel, follows the kernel's tactics cell by cell, and
refuses what it does not cover."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml
from click.testing import CliRunner

from fracas.cli import main
from fracas.rulesets.exp.fast import model as exp_model
from fracas.rulesets.exp.fast import spec as xs
from fracas.rulesets.exp.fast import tactics as xt
from fracas.rulesets.exp.fast.chain import chain_scope, compile_fight, every_move
from fracas.rulesets.exp.fast.model import DOWN, INV, TRIP, BrawlModel
from fracas.scenario import parse_scenario
from fracas.sim import batch
from fracas.sim.batch.reference import event_batch
from fracas.sim.odds import Odds, odds
from tests.batch.agreement import simultaneous_z
from tests.batch.test_exp_agreement import MATCHUPS

EXP = Path(__file__).parents[2] / "examples" / "exp"


def scenario_of(name: str, edit: Any = None) -> Any:
    data: dict[str, Any] = yaml.safe_load((EXP / f"{name}.yaml").read_text())
    if edit is not None:
        edit(data)
    return parse_scenario(data, name)


def as_brawl(data: dict[str, Any]) -> None:
    data["combatants"][0]["tactics"] = "brawl"


def with_bottles(data: dict[str, Any]) -> None:
    """The saboteur throws two bottles before it comes to blows (weapon stages)."""
    sab = data["combatants"][1]
    sab["weapons"] = ["bottle", "bottle", "fist"]
    sab["combat_table"]["fling"] = {
        "skilled_bonus": 60,
        "raw_bonus": 200,
        "maximum_roll": 800,
        "force_bonus": 0,
    }
    data["options"] = {"weapon_damage": {"bottle": "2d6+2"}}  # worth throwing before fists


def order_once(data: dict[str, Any]) -> None:
    """Initiative rolled in the first unit only: the chain follows each order apart."""
    data["options"] = {"initiative_every_unit": False, "trip_order": "summary"}


def save_d20(data: dict[str, Any]) -> None:
    as_brawl(data)
    data["options"] = {"dss": "save-d20"}


def cases() -> dict[str, Any]:
    return {
        "grapple": scenario_of("grapple"),
        "trip": scenario_of("trip"),
        "trip, order rolled once": scenario_of("trip", order_once),
        "strike brawl": scenario_of("trip", as_brawl),
        "strike brawl, save-d20 DSS": scenario_of("trip", save_d20),
        "thrown bottles": scenario_of("trip", with_bottles),
        "snatch": scenario_of("snatch"),
        **{key: loaded for key, loaded in kernel_matchups().items() if in_chain(loaded)},
    }


def kernel_matchups() -> dict[str, Any]:
    return {
        key: parse_scenario({"ruleset": "exp", "name": key, **data}, key)
        for key, (data, _) in MATCHUPS.items()
    }


def in_chain(loaded: Any) -> bool:
    return chain_scope(loaded.scenario, loaded.ruleset) is None


def test_the_chain_covers_every_kernel_fight_and_names_what_it_leaves() -> None:
    """Every kernel matchup is in the chain, lethal fights included, but a robot that
    fights on below 0 HPS (refused with the reason)."""
    for key, loaded in kernel_matchups().items():
        why = chain_scope(loaded.scenario, loaded.ruleset)
        assert why is None or "fights on at 0 HPS" in why, (key, why)
        assert (why is None) == (key != "robot-fights-on"), key


def test_the_chain_follows_the_kernels_tactics_in_every_state() -> None:
    """``BrawlModel.tactic_choices`` is ``exp_tactics.choose`` in every reachable state (of
    the examples and of every kernel agreement matchup)."""
    for loaded in cases().values():
        spec = compile_fight(loaded.scenario, loaded.ruleset)
        model = BrawlModel(spec)
        states = model.reachable(lambda d, a, m=model: every_move(m, d, a))
        for d in states:
            for a in (0, 1):
                choices = model.tactic_choices(d, a)
                for h in (1, int(spec.pi[a, xs.P_CONCEDE]) - 1, model.shape[a] - 1):
                    if h < 1:
                        continue
                    cell = (h, 1) if a == 0 else (1, h)
                    mine = next(x for x, cells in choices if cells is None or cells[cell])
                    holding = model.holding(d, a)
                    kernel = xt.choose(
                        int(spec.pi[a, xs.P_TACTIC]),
                        int(spec.pi[a, xs.P_CONCEDE]),
                        h,
                        1,
                        d[DOWN + a],
                        model.held(d, a),
                        holding,
                        d[DOWN + 1 - a],
                        model.held(d, 1 - a),
                        bool(spec.pi[a, xs.P_CAN_MANEUVER]),
                        model.trip_worth(d, a),
                        model.use(d, a, int(holding)),
                        model.snatch_open(d, a),
                        bool(spec.snatch[d[INV], a, xs.X_WANTS]),
                        spec.policy[a],
                    )
                    assert mine == kernel, (d, a, h)


def _odds(loaded: Any) -> Odds:
    return odds(loaded.ruleset, loaded.scenario)


def test_each_case_sums_to_one_within_the_reported_error() -> None:
    for name, scenario in cases().items():
        o = _odds(scenario)
        assert abs(sum(o.win) + o.draw - 1) <= o.error + 1e-9, name
        assert abs(sum(o.length) - 1) <= o.error + 1e-9, name
        assert o.error < 1e-9, name
    trip = _odds(cases()["trip"])
    assert trip.classes > 1  # trips and their budgets are states of the chain
    loaded = cases()["thrown bottles"]
    spec = xs.compile_brawl(loaded.scenario, loaded.ruleset)
    assert [w for w, _ in spec.stage_weapons[1]] == ["bottle", "bottle", "fist"]
    assert _odds(loaded).classes > trip.classes  # and so are the bottles thrown


@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    [
        "grapple",
        "trip",
        "trip, order rolled once",
        "strike brawl",
        "strike brawl, save-d20 DSS",
        "thrown bottles",
        "snatch",
        "snatch-dagger-bottle-club",
        "snatch-ping-pong",
        "lethal-dagger-after-bottle",
        "grapplers-reversals",
        "robot-broken",
        "guard-dog-lethal",
        "lethal-thug",
        "fling-only-quits",
    ],
)
def test_exp_odds_agree_with_the_event_engine_and_the_kernel(name: str) -> None:
    """Each outcome's exact probability and the mean length lie in the 99.9% simultaneous
    interval (Bonferroni over the 4 figures) of 3,000 event-engine fights and of 200,000
    kernel brawls."""
    loaded = cases()[name]
    o = odds(loaded.ruleset, loaded.scenario)
    event = event_batch(loaded.ruleset, loaded.scenario, range(3000))
    fast = batch.run(loaded.ruleset, loaded.scenario, 200_000, seed=11)
    z = simultaneous_z(4)
    for sample in (event, fast):
        n = len(sample.winner)
        for exact, won in ((o.win[0], 0), (o.win[1], 1), (o.draw, -1)):
            p = float(np.mean(sample.winner == won))
            assert abs(p - exact) <= z * math.sqrt(exact * (1 - exact) / n) + 1e-12, (name, won)
        sd = float(np.std(sample.rounds, ddof=1))
        assert abs(float(np.mean(sample.rounds)) - o.mean_length) <= z * sd / math.sqrt(n)


def test_trip_states_follow_the_trip_tactic() -> None:
    """Lin trips until she has tripped the saboteur once or been foiled twice: her budget
    takes the values 0, 1 and the give-up mark, and the saboteur is down only after it."""
    loaded = cases()["trip"]
    model = BrawlModel(xs.compile_brawl(loaded.scenario, loaded.ruleset))
    states = model.reachable(lambda d, a: [x for x, _ in model.tactic_choices(d, a)])
    assert {d[TRIP] for d in states} == {0, 1, model.give_up}
    assert all(d[TRIP] == model.give_up for d in states if d[DOWN + 1] > 0)
    assert {d[TRIP + 1] for d in states} == {0}  # the saboteur never trips


def test_exp_odds_refuse_what_the_chain_does_not_cover_with_exit_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["odds", str(EXP / "bar-brawl.yaml")])
    assert result.exit_code == 2
    assert "4 combatants" in result.output
    monkeypatch.setattr(exp_model, "MAX_CELLS", 1000)
    result = runner.invoke(main, ["odds", str(EXP / "trip.yaml")])
    assert result.exit_code == 2
    assert "over the chain's 1,000" in result.output
    monkeypatch.undo()
    data = yaml.safe_load((EXP / "trip.yaml").read_text())
    for c in data["combatants"]:
        c["tactics"] = "optimal"
    path = tmp_path / "both.yaml"
    path.write_text(yaml.safe_dump(data))
    result = runner.invoke(main, ["odds", str(path)])
    assert result.exit_code == 2
    assert "one side of a brawl only" in result.output
    loaded = scenario_of("trip")
    assert chain_scope(loaded.scenario, loaded.ruleset) is None


def test_exp_odds_of_grapple_and_trip_print_their_figures() -> None:
    runner = CliRunner()
    for name, who in (("grapple", "Ox (bouncers) wins"), ("trip", "Lin (crew) wins")):
        result = runner.invoke(main, ["odds", str(EXP / f"{name}.yaml")])
        assert result.exit_code == 0, result.output
        assert who in result.output
        assert "state classes" in result.output


def test_blows_applied_band_by_band_match_the_matrix_products(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The banded blows give the figures of the plain matrix products, in the chain and in
    value iteration (forced on a short HPS axis)."""
    from fracas.rulesets.exp.fast.advise import solve

    loaded = cases()["trip"]
    spec = xs.compile_brawl(loaded.scenario, loaded.ruleset)
    monkeypatch.setattr(exp_model, "BAND_MIN", 10**9)
    plain = odds(loaded.ruleset, loaded.scenario)
    plain_value = solve(BrawlModel(spec), 0).start_value
    monkeypatch.setattr(exp_model, "BAND_MIN", 0)
    monkeypatch.setattr(exp_model, "BAND_RATIO", 0)
    banded = odds(loaded.ruleset, loaded.scenario)
    assert banded.win == pytest.approx(plain.win, abs=1e-12)
    assert banded.length == pytest.approx(plain.length, abs=1e-12)
    assert solve(BrawlModel(spec), 0).start_value == pytest.approx(plain_value, abs=1e-12)


def test_a_brawl_whose_hps_grid_alone_is_too_big_is_refused_before_its_states_are_walked() -> None:
    """10,000 HPS a side is 100,020,001 HPS pairs, over ``MAX_CELLS`` for even one discrete
    state: refused with the count, without walking the states (whose masks are HPS grids:
    the walk took ~20 s and ~4.8 GB here)."""

    def huge(data: dict[str, Any]) -> None:
        for c in data["combatants"]:
            c["hps"] = 10_000

    loaded = scenario_of("snatch", huge)
    walked: list[int] = []
    original = BrawlModel.reachable

    def spy(self: BrawlModel, choices: Any) -> Any:
        walked.append(1)
        return original(self, choices)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(BrawlModel, "reachable", spy)
        why = chain_scope(loaded.scenario, loaded.ruleset)
    assert why is not None
    assert "100,020,001 cells" in why and f"{exp_model.MAX_CELLS:,}" in why
    assert walked == []
