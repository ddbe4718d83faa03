"""Declared dodging (Chapter 5, "Attacking and defending": "The character also has the option
to dodge"): the percentile duel kernel and the exact chain follow dodging stances as the event
engine does. A scripted fighter with a good ``dodge`` and a poor parry dodges in every stance
(``all-out-attack+dodge``, ``normal-attack+dodge``, ``all-out-defence+dodge``); under both
readings of option ``all_out_dodge``. Tolerances: the 99.9% intervals of ``agreement.py``
(kernel vs event engine) and of each exact probability (chain vs event engine)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np
import pytest

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
