"""``fracas advise`` on EXP brawls: the policy value iteration finds is never beaten by a
fixed move, its exact figure is what fights under ``tactics: optimal`` give in the event
engine, and the CLI prints it as a table by HPS bands (or JSON)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml
from click.testing import CliRunner

from fracas.cli import main
from fracas.rulesets.exp.fast import spec as xs
from fracas.rulesets.exp.fast import tactics as xt
from fracas.rulesets.exp.fast.advise import ExpAdvice, optimal_name, with_policy
from fracas.rulesets.exp.fast.chain import chain_odds, compile_fight
from fracas.rulesets.exp.fast.model import BrawlModel, ExpPolicy
from fracas.scenario import parse_scenario
from fracas.sim.api import simulate
from fracas.sim.batch.reference import event_batch
from fracas.sim.odds import advise, install_policy
from tests.batch.agreement import simultaneous_z

EXP = Path(__file__).parents[2] / "examples" / "exp"


def loaded(name: str, **options: Any) -> Any:
    data: dict[str, Any] = yaml.safe_load((EXP / f"{name}.yaml").read_text())
    if name == "trip" and options.get("tripped_loses_actions", 1) >= 5:
        # a strong, quick Lin against a saboteur who fights on: tripping her now pays
        data["combatants"][0]["attributes"].update(DEX=18, PSTR=18)
        data["combatants"][1]["tactics"] = "brawl"
    if options:
        data["options"] = options
    return parse_scenario(data, name)


def exp_advice(name: str, side: str | None = None, **options: Any) -> ExpAdvice:
    s = loaded(name, **options)
    a = advise(s.ruleset, s.scenario, side)
    assert isinstance(a, ExpAdvice)
    return a


def fixed_policy(model: BrawlModel, fighter: int, prefer: tuple[int, ...]) -> ExpPolicy:
    """Always the first of ``prefer`` that is legal (else the first legal move)."""
    states = model.reachable(
        lambda d, a: (
            model.legal(d, a) if a == fighter else [x for x, _ in model.tactic_choices(d, a)]
        )
    )
    table = {}
    for d in states:
        legal = model.legal(d, fighter)
        move = next((x for x in prefer if x in legal), legal[0])
        for phase in (0, 1):
            table[(phase, d)] = np.full(model.shape, move, np.int64)
    return ExpPolicy(fighter=fighter, table=table)


@pytest.mark.parametrize(
    ("name", "side", "options"),
    [
        ("grapple", "bouncers", {}),
        ("grapple", "bouncers", {"grappler_may_attack": False}),
        ("grapple", "thieves", {}),
        ("trip", "crew", {"tripped_loses_actions": 2}),
        ("trip", "crew", {"tripped_loses_actions": 5}),
        ("trip", "crew", {"tripped_loses_actions": 5, "initiative_every_unit": False}),
    ],
)
def test_no_fixed_move_beats_the_advised_policy(
    name: str, side: str, options: dict[str, Any]
) -> None:
    a = exp_advice(name, side, **options)
    f = a.fighter
    assert a.optimal.win[f] >= a.own.win[f] - 1e-9  # never worse than its own tactics
    # value iteration's own figure is the chain's exact one under the policy it found
    assert a.policy.start_value == pytest.approx(a.optimal.win[f], abs=1e-8)
    for prefer in (
        (xt.A_STRIKE, xt.A_BREAK_FREE),
        (xt.A_GRAPPLE, xt.A_STRIKE, xt.A_REVERSE),
        (xt.A_TRIP, xt.A_STRIKE, xt.A_BREAK_FREE),
        (xt.A_TRIP, xt.A_GRAPPLE, xt.A_STRIKE, xt.A_REVERSE),
    ):
        other = chain_odds(a.model.spec, fixed_policy(a.model, f, prefer))
        assert a.optimal.win[f] >= other.win[f] - 1e-9, prefer


def test_a_grappler_who_may_not_attack_is_advised_not_to_grapple() -> None:
    """Under ``grappler_may_attack: false`` Ox's grapple tactic only holds Pip, who breaks
    free and strikes (a won break check keeps her action) until she wins; the advised Ox
    strikes instead."""
    a = exp_advice("grapple", "bouncers", grappler_may_attack=False)
    assert a.own.win[0] < 0.01
    # Ox never lands a blow under its own tactics, so it cannot win at all (exact chain)
    assert a.own.win[0] == pytest.approx(0.0, abs=1e-12)
    assert a.optimal.win[0] > 0.8
    free = a.policy.table[(0, a.model.start())]
    assert (free[1:, 1:] == xt.A_STRIKE).all()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "side", "options"),
    [("grapple", "bouncers", {}), ("trip", "crew", {"tripped_loses_actions": 5})],
)
def test_fights_under_tactics_optimal_agree_with_advise(
    name: str, side: str, options: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The advised figure lies in the 99.9% interval (two figures: event engine directly,
    and ``fracas sim`` through its backend, which installs the policy) of 3,000 fights; the
    event engine's every situation is one of the policy's states."""
    misses: list[Any] = []
    lookup = ExpPolicy.action

    def spy(self: ExpPolicy, phase: int, d: Any, h0: int, h1: int) -> int | None:
        move = lookup(self, phase, d, h0, h1)
        if move is None:
            misses.append((phase, d))
        return move

    monkeypatch.setattr(ExpPolicy, "action", spy)
    a = exp_advice(name, side, **options)
    s = loaded(name, **options)
    scenario = with_policy(s.scenario, a.fighter)
    assert optimal_name(scenario.combatants[a.fighter].tactics)
    install_policy(s.ruleset, scenario)
    exact = a.optimal.win[a.fighter]
    z = simultaneous_z(2)
    event = event_batch(s.ruleset, scenario, range(3000))
    p = float(np.mean(event.winner == a.fighter))
    assert abs(p - exact) <= z * math.sqrt(exact * (1 - exact) / 3000)
    assert misses == []
    path = tmp_path / "optimal.yaml"
    path.write_text(yaml.safe_dump(scenario.model_dump(mode="json")))
    result = simulate(path, n=3000, seed=5)
    assert "event" in result.engine
    win = result.sides[a.fighter].win
    assert abs(win.rate - exact) <= z * math.sqrt(exact * (1 - exact) / win.n)


def test_a_long_trip_is_worth_a_strong_persona_s_action() -> None:
    """Getting up takes 5 actions: the advised Lin trips (and grapples) in some states, and
    wins more than by always striking or by her trip tactic."""
    a = exp_advice("trip", "crew", tripped_loses_actions=5)
    moves = {int(v) for g in a.policy.table.values() for v in np.unique(g[1:, 1:])}
    assert {xt.A_STRIKE, xt.A_TRIP} <= moves
    strikes = chain_odds(a.model.spec, fixed_policy(a.model, 0, (xt.A_STRIKE, xt.A_BREAK_FREE)))
    assert a.optimal.win[0] > strikes.win[0] + 0.01
    assert a.optimal.win[0] > a.own.win[0] + 0.01


def test_fracas_advise_prints_the_policy_by_hps_bands_and_the_gain() -> None:
    runner = CliRunner()
    result = runner.invoke(
        main, ["advise", str(EXP / "grapple.yaml"), "-o", "grappler_may_attack=false"]
    )
    assert result.exit_code == 0, result.output
    assert "Best move for Ox (bouncers) by HPS" in result.output
    assert "46-50" in result.output and "strike" in result.output
    assert "with the scenario's tactics" in result.output
    result = runner.invoke(main, ["advise", str(EXP / "trip.yaml"), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert {"win_own_tactics", "win_optimal", "gain", "policy", "policy_states"} <= set(out)
    assert out["gain"] == pytest.approx(out["win_optimal"] - out["win_own_tactics"])
    assert out["gain"] >= 0


def test_fracas_advise_refuses_out_of_scope_brawls_with_exit_2() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["advise", str(EXP / "bar-brawl.yaml")])
    assert result.exit_code == 2
    assert "4 combatants" in result.output
    result = runner.invoke(main, ["advise", str(EXP / "trip.yaml"), "--side", "nobody"])
    assert result.exit_code == 2
    assert "no such side" in result.output


def test_tactics_optimal_without_a_policy_says_how_to_run_it() -> None:
    from fracas.dice import SeededRoller
    from fracas.engine import Session
    from fracas.engine.errors import IllegalAction
    from fracas.rulesets.exp.tactics import OPTIMAL_POLICIES

    s = loaded("trip")
    scenario = with_policy(s.scenario, 1)
    assert scenario.combatants[1].tactics == "optimal; concede-below 30"  # the threshold kept
    OPTIMAL_POLICIES.pop("Saboteur", None)
    session = Session.start(s.ruleset, scenario, SeededRoller(1))
    with pytest.raises(IllegalAction, match="fracas sim"):
        session.run()


def test_fracas_fight_can_be_watched_under_tactics_optimal(tmp_path: Path) -> None:
    text = (EXP / "grapple.yaml").read_text().replace("tactics: grapple", "tactics: optimal")
    path = tmp_path / "optimal.yaml"
    path.write_text(text)
    result = CliRunner().invoke(main, ["fight", str(path), "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "grapple" in result.output.lower()


def test_the_kernel_refuses_tactics_optimal_for_exp_and_says_why() -> None:
    from fracas.sim import batch

    s = loaded("trip")
    why = batch.scope(s.ruleset, with_policy(s.scenario, 0))
    assert why is not None and "optimal" in why
    assert xs.scope(s.scenario, s.ruleset) is None


def snatch_cases() -> dict[str, Any]:
    from tests.batch.test_exp_agreement import MATCHUPS

    data, _ = MATCHUPS["snatch-dagger-bottle-club"]
    thug, _ = MATCHUPS["lethal-thug"]
    return {
        "snatch": loaded("snatch"),
        "dagger": parse_scenario({"ruleset": "exp", "name": "dagger", **data}, "dagger"),
        "thug": parse_scenario({"ruleset": "exp", "name": "thug", **thug}, "thug"),
    }


def test_snatch_is_a_move_advise_weighs() -> None:
    """Kell may snatch the baton in the states where check_snatch allows it; the policy is
    never beaten by snatching whenever it can."""
    s = snatch_cases()["snatch"]
    a = advise(s.ruleset, s.scenario, "smugglers")
    assert isinstance(a, ExpAdvice)
    assert any(xt.A_SNATCH in a.model.legal(d, 0) for _, d in a.policy.table)
    grab = chain_odds(a.model.spec, fixed_policy(a.model, 0, (xt.A_SNATCH, xt.A_STRIKE)))
    assert a.optimal.win[0] >= grab.win[0] - 1e-9
    assert a.optimal.win[0] >= a.own.win[0] - 1e-9


@pytest.mark.slow
@pytest.mark.parametrize(("case", "fighter"), [("snatch", 0), ("dagger", 1), ("thug", 1)])
def test_installed_policies_with_snatches_agree_with_the_chain(
    case: str, fighter: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kell snatching whenever she can (weapons change hands, the free attack), Ula
    advised against Rex's snatches (she is owed +242 after each one he fumbles at Dexterity),
    and the crew advised against a lethal thug:
    the event engine under the installed policy wins at the chain's exact rate (99.9%
    interval, 3,000 fights), reading every situation as one of the policy's states."""
    from fracas.rulesets.exp.fast.advise import situation_reader, solve
    from fracas.rulesets.exp.tactics import OPTIMAL_POLICIES

    s = snatch_cases()[case]
    scenario = with_policy(s.scenario, fighter)
    model = BrawlModel(compile_fight(scenario, s.ruleset))
    if case == "snatch":
        policy = fixed_policy(model, fighter, (xt.A_SNATCH, xt.A_STRIKE, xt.A_BREAK_FREE))
    else:
        policy = solve(model, fighter)
    if case == "dagger":
        assert any(d[6] == 1 + fighter for _, d in policy.table)  # owed states are planned for
    exact = chain_odds(model.spec, policy).win[fighter]
    misses: list[Any] = []
    lookup = ExpPolicy.action

    def spy(self: ExpPolicy, phase: int, d: Any, h0: int, h1: int) -> int | None:
        move = lookup(self, phase, d, h0, h1)
        if move is None:
            misses.append((phase, d))
        return move

    monkeypatch.setattr(ExpPolicy, "action", spy)
    name = model.spec.names[fighter]
    monkeypatch.setitem(
        OPTIMAL_POLICIES, name, situation_reader(s.ruleset, scenario, model, policy)
    )
    event = event_batch(s.ruleset, scenario, range(3000))
    p = float(np.mean(event.winner == fighter))
    z = simultaneous_z(1)
    assert abs(p - exact) <= z * math.sqrt(exact * (1 - exact) / 3000)
    assert misses == []


@pytest.mark.slow
def test_compared_variants_under_tactics_optimal_each_follow_their_own_policy(
    tmp_path: Path,
) -> None:
    """Two variants whose personas share names: each fight follows the policy solved for its
    own variant (the policies are kept per scenario, not per name: the last one solved
    used to serve every variant)."""
    from fracas.scenario import load_scenario
    from fracas.sim import compare

    text = (EXP / "trip.yaml").read_text()
    assert "tactics: trip" in text and "hps: 40" in text
    own = {"strong": text, "weak": text.replace("hps: 40", "hps: 12", 1)}
    paths = []
    for name, body in own.items():
        path = tmp_path / f"{name}.yaml"
        path.write_text(body.replace("tactics: trip", "tactics: optimal", 1))
        paths.append(path)
    exact = []
    for body in own.values():
        mine = tmp_path / "own.yaml"
        mine.write_text(body)
        s = load_scenario(mine)
        a = advise(s.ruleset, s.scenario, "crew")
        exact.append(a.optimal.win[0])
    assert abs(exact[0] - exact[1]) > 0.1  # the two policies' figures are far apart
    result = compare(paths, n=3000, seed=5, engine="event")
    z = simultaneous_z(2)
    for p, sim in zip(exact, result.variants, strict=True):
        won = next(s.win.rate for s in sim.sides if s.side == "crew")
        assert abs(won - p) <= z * math.sqrt(p * (1 - p) / sim.n), (won, p)


def test_a_chunk_runs_under_its_own_variants_policy_after_another_was_installed(
    tmp_path: Path,
) -> None:
    from fracas.rulesets.exp.tactics import OPTIMAL_POLICIES
    from fracas.scenario import load_scenario
    from fracas.sim.batch.backend import prepare
    from fracas.sim.event_backend import EventBackend
    from fracas.sim.variant import Variant

    text = (EXP / "trip.yaml").read_text().replace("tactics: trip", "tactics: optimal", 1)
    paths = [tmp_path / "a.yaml", tmp_path / "b.yaml"]
    paths[0].write_text(text)
    paths[1].write_text(text.replace("hps: 40", "hps: 12", 1))
    a, b = (Variant.of(load_scenario(p)) for p in paths)
    prepare([a, b])  # as a compare run does: b's policy is the one installed last
    installed_b = OPTIMAL_POLICIES["Lin"]
    EventBackend().run_chunk(a, [1])
    installed_a = OPTIMAL_POLICIES["Lin"]
    assert installed_a is not installed_b  # a's fights read a's own policy
    EventBackend().run_chunk(b, [1])
    assert OPTIMAL_POLICIES["Lin"] is installed_b  # solved once, reinstalled
