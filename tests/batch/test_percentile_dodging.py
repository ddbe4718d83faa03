"""Declared dodging (Chapter 5, "Attacking and defending": "The character also has the option
to dodge"): the percentile duel kernel and the exact chain follow dodging stances as the event
engine does. A scripted fighter with a good ``dodge`` and a poor parry dodges in every stance
(``all-out-attack+dodge``, ``normal-attack+dodge``, ``all-out-defence+dodge``); under both
readings of option ``all_out_dodge``. Tolerances: the 99.9% intervals of ``agreement.py``
(kernel vs event engine) and of each exact probability (chain vs event engine)."""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from fracas.rulesets.percentile.fast.advise import Advice
from fracas.scenario import parse_scenario
from fracas.sim import batch
from fracas.sim.batch.reference import event_batch
from fracas.sim.batch.results import BatchResult
from fracas.sim.odds import odds
from tests.batch.agreement import disagreements, simultaneous_z
from tests.batch.test_percentile_agreement import JOANNE, ONDKILLE

N_EVENT = 3000
N_BATCH = 100_000

DODGER = {
    **ONDKILLE,
    "hp": 20,
    "skills": {"dagger": 35, "dodge": 75},
    "tactics": "scripted",
    "script": [
        "all-out-attack+dodge",
        "normal-attack+dodge",
        "all-out-defence+dodge",
        "all-out-attack+dodge",
        "normal-attack",
    ],
    "then": "normal-attack",
}


def dodging_duel(all_out_dodge: str) -> Any:
    data = {
        "ruleset": "percentile",
        "name": f"dodging-{all_out_dodge}",
        "options": {"all_out_dodge": all_out_dodge},
        "combatants": [JOANNE, DODGER],
    }
    return parse_scenario(data, "dodging")


def dodges_in_event_engine(loaded: Any) -> int:
    """How many dodges the event engine rolls in a few fights (so the case exercises them)."""
    from fracas.dice import SeededRoller
    from fracas.engine import Session
    from fracas.rulesets.percentile.events import DefenceRolled

    total = 0
    for seed in range(20):
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        session.run()
        total += sum(isinstance(e, DefenceRolled) and e.kind == "dodge" for e in session.log)
    return total


@lru_cache(maxsize=2)
def event_fights(all_out_dodge: str) -> BatchResult:
    loaded = dodging_duel(all_out_dodge)
    return event_batch(loaded.ruleset, loaded.scenario, range(N_EVENT))


@pytest.mark.slow
@pytest.mark.parametrize("all_out_dodge", ["hard-dodge", "hard-attack"])
def test_kernel_follows_dodging_stances_like_the_event_engine(all_out_dodge: str) -> None:
    loaded = dodging_duel(all_out_dodge)
    assert batch.scope(loaded.ruleset, loaded.scenario) is None
    assert dodges_in_event_engine(loaded) > 20
    event = event_fights(all_out_dodge)
    fast = batch.run(loaded.ruleset, loaded.scenario, N_BATCH, seed=20261201)
    assert disagreements(event, fast) == []


def within(exact: float, sample: np.ndarray, z: float) -> bool:
    """The sample mean of 0/1 outcomes lies in the interval of an exact probability."""
    n = len(sample)
    return abs(float(np.mean(sample)) - exact) <= z * math.sqrt(exact * (1 - exact) / n) + 1e-12


@pytest.mark.slow
@pytest.mark.parametrize("all_out_dodge", ["hard-dodge", "hard-attack"])
def test_odds_follow_dodging_stances_like_the_event_engine(all_out_dodge: str) -> None:
    loaded = dodging_duel(all_out_dodge)
    o = odds(loaded.ruleset, loaded.scenario)
    assert o.error < 1e-5
    event = event_fights(all_out_dodge)
    z = simultaneous_z(4)
    assert within(o.win[0], event.winner == 0, z)
    assert within(o.win[1], event.winner == 1, z)
    assert within(o.draw, event.winner == -1, z)
    sd = float(np.std(event.rounds, ddof=1))
    assert abs(float(np.mean(event.rounds)) - o.mean_length) <= z * sd / math.sqrt(N_EVENT)


def test_the_two_readings_of_all_out_dodge_give_different_odds() -> None:
    """The option reaches the chain: the all-out attack's Hard and its free dodge (under
    ``hard-attack``) against a Hard dodge (``hard-dodge``) change the exact figures."""
    a = odds(*_loaded("hard-dodge"))
    b = odds(*_loaded("hard-attack"))
    assert abs(a.mean_length - b.mean_length) > 100 * (a.error + b.error)


def _loaded(all_out_dodge: str) -> tuple[Any, Any]:
    loaded = dodging_duel(all_out_dodge)
    return loaded.ruleset, loaded.scenario


def test_a_dodging_script_needs_a_dodge_skill() -> None:
    from fracas.scenario import ScenarioError

    data = {
        "ruleset": "percentile",
        "name": "no-dodge",
        "combatants": [JOANNE, {**DODGER, "skills": {"dagger": 35}}],
    }
    with pytest.raises(ScenarioError, match="dodge"):
        parse_scenario(data, "no-dodge")


def test_a_script_stance_that_cannot_dodge_gets_one_message_naming_the_round() -> None:
    """``flee+dodge`` is no stance: one error at ``script[0]`` listing every allowed name
    (the dodging ones among them), not one per half of a union of names."""
    from fracas.scenario import ScenarioError

    data = {
        "ruleset": "percentile",
        "name": "flee-dodging",
        "combatants": [JOANNE, {**DODGER, "script": ["flee+dodge"]}],
    }
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(data, "flee-dodging")
    message = str(caught.value)
    assert "combatants[1].script[0]: Input should be" in message
    assert "'normal-attack+dodge'" in message and "'flee'" in message
    assert "literal[" not in message


def poor_blade_good_dodge(all_out_dodge: str, tactics: str = "all-out-attack") -> Any:
    """Ondkille with a poor dagger and a fine dodge; by default on all-out attacks, which the
    tactics never make dodging (it costs a Hard), so ``advise`` has a dodge to find."""
    data = {
        "ruleset": "percentile",
        "name": f"dodge-advice-{all_out_dodge}",
        "options": {"all_out_dodge": all_out_dodge},
        "combatants": [
            JOANNE,
            {**ONDKILLE, "hp": 20, "skills": {"dagger": 20, "dodge": 80}, "tactics": tactics},
        ],
    }
    return parse_scenario(data, "dodge-advice")


@pytest.mark.slow
def test_kernel_and_odds_follow_a_tactic_that_dodges_like_the_event_engine() -> None:
    """``normal-attack`` for a fighter who dodges better than he parries declares dodging
    (``tactics.dodges_rather_than_parries``): the kernel and the chain follow it (99.9%
    intervals, as above)."""
    loaded = poor_blade_good_dodge("hard-dodge", "normal-attack")
    assert batch.scope(loaded.ruleset, loaded.scenario) is None
    assert dodges_in_event_engine(loaded) > 20
    event = event_batch(loaded.ruleset, loaded.scenario, range(N_EVENT))
    fast = batch.run(loaded.ruleset, loaded.scenario, N_BATCH, seed=20261202)
    assert disagreements(event, fast) == []
    o = odds(loaded.ruleset, loaded.scenario)
    z = simultaneous_z(3)
    assert within(o.win[0], event.winner == 0, z)
    assert within(o.win[1], event.winner == 1, z)
    assert within(o.draw, event.winner == -1, z)
    # and it is the dodge that does it: the same Ondkille scripted to parry wins less, by more
    # than both chains' truncation errors (exact figures: 1.95% against 0.76%)
    parrying = odds(*_loaded_parrying())
    assert o.win[1] - parrying.win[1] > o.error + parrying.error
    assert round(100 * o.win[1], 2) == 1.95 and round(100 * parrying.win[1], 2) == 0.76


def _loaded_parrying() -> tuple[Any, Any]:
    data = {
        "ruleset": "percentile",
        "name": "parrying",
        "combatants": [
            JOANNE,
            {
                **ONDKILLE,
                "hp": 20,
                "skills": {"dagger": 20, "dodge": 80},
                "tactics": "scripted",
                "script": ["normal-attack"] * 40,
                "then": "normal-attack",
            },
        ],
    }
    loaded = parse_scenario(data, "parrying")
    return loaded.ruleset, loaded.scenario


@pytest.mark.slow
@pytest.mark.parametrize("all_out_dodge", ["hard-dodge", "hard-attack"])
def test_advise_picks_dodging_for_a_good_dodger_and_optimal_fights_follow_it(
    all_out_dodge: str,
) -> None:
    from fracas.rulesets.percentile.fast.advise import (
        DODGING_CHOICES,
        advise,
        install_policy,
        with_policy,
    )
    from fracas.rulesets.percentile.fast.tactics import STANCE_NAMES

    loaded = poor_blade_good_dodge(all_out_dodge)
    a = advise(loaded.ruleset, loaded.scenario, "thugs")
    assert isinstance(a, Advice)
    advised = set(np.unique(a.policy[1:, 1:]).tolist())
    assert advised & set(DODGING_CHOICES), [STANCE_NAMES[s] for s in advised]
    assert a.optimal.win[1] > a.own.win[1] + a.own.error + a.optimal.error
    scenario = with_policy(loaded.scenario, 1)
    assert install_policy(loaded.ruleset, scenario) is not None
    exact = a.optimal.win[1]
    z = simultaneous_z(2)
    event = event_batch(loaded.ruleset, scenario, range(N_EVENT))
    fast = batch.run(loaded.ruleset, scenario, N_BATCH, seed=5)
    for sample in (event, fast):
        assert within(exact, sample.winner == 1, z)


def test_tactics_optimal_declares_the_dodge_of_a_dodging_policy() -> None:
    from fracas.dice import SeededRoller
    from fracas.engine import Session
    from fracas.rulesets.percentile.fast.advise import with_policy
    from fracas.rulesets.percentile.tactics import OPTIMAL_POLICIES, optimal

    loaded = poor_blade_good_dodge("hard-dodge")
    scenario = with_policy(loaded.scenario, 1)
    OPTIMAL_POLICIES["Ondkille"] = lambda state, c: "all-out-defence+dodge"
    try:
        session = Session.start(loaded.ruleset, scenario, SeededRoller(2))
        declared = optimal(session.state, session.state.combatants["Ondkille"])
        assert declared.stance == "all-out-defence" and declared.dodge
        OPTIMAL_POLICIES["Ondkille"] = lambda state, c: "normal-attack+dodge"
        declared = optimal(session.state, session.state.combatants["Ondkille"])
        assert declared.stance == "normal-attack" and declared.dodge
        assert declared.target == "Joanne"
    finally:
        OPTIMAL_POLICIES.pop("Ondkille", None)


def test_advise_legend_names_the_dodging_stances(tmp_path: Path) -> None:
    import yaml
    from click.testing import CliRunner

    from fracas.cli import main

    data = poor_blade_good_dodge("hard-attack").scenario.model_dump(mode="json")
    path = tmp_path / "dodger.yaml"
    path.write_text(yaml.safe_dump({"ruleset": "percentile", **data}))
    result = CliRunner().invoke(main, ["advise", str(path), "--side", "thugs"])
    assert result.exit_code == 0, result.output
    assert "+d dodging instead of parrying" in result.output
    assert "norm+d" in result.output or "AOA+d" in result.output
