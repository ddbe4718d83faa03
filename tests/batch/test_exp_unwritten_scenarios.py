"""Scenarios no hand-picked test wrote (``tests/rulesets/exp/scenarios``): a brawl begun
wounded, extreme numbers, a grappler two size steps from its target, a wrestler against a
robot, every house rule away from its default. The exact chain, the brawl kernel and the
event engine agree on each.

Tolerances: each figure's interval is simultaneous at 99.9% (Bonferroni over the figures
compared: ``agreement.simultaneous_z``), from the binomial variance of the exact
probability (odds against a sample) or the pooled variance of two samples
(``agreement.disagreements``, kernel against event engine). Seeds are fixed."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml

from fracas.scenario import parse_scenario
from fracas.sim import batch
from fracas.sim.batch.reference import event_batch
from fracas.sim.odds import odds
from tests.batch.agreement import disagreements, simultaneous_z

SCENARIOS = Path(__file__).parents[1] / "rulesets" / "exp" / "scenarios"
N_EVENT = 600
N_BATCH = 40_000


def load(name: str) -> Any:
    data = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text())
    return parse_scenario(data, name)


def wounded() -> Any:
    """Tam starts at 6 of 60 HPS against a 12-HPS Jo: the chain's HPS grid runs to 60."""
    row = {"skilled_bonus": 100, "raw_bonus": 40, "maximum_roll": 780, "force_bonus": 4}
    attrs = {"AWE": 10, "CHA": 10, "CON": 10, "DEX": 10, "INT": 10, "MSTR": 10, "PSTR": 10}
    people = [
        {"name": "Jo", "side": "a", "hps": 12, "tactics": "brawl"},
        {"name": "Tam", "side": "b", "hps": 60, "hps_now": 6, "tactics": "brawl"},
    ]
    for p in people:
        p.update(kind="anthro", level=1, attributes=attrs, combat_table={"strike": row})
        p.update(defence_rating=400)
    return parse_scenario({"ruleset": "exp", "name": "wounded", "combatants": people}, "w")


def test_the_odds_of_a_brawl_begun_wounded_are_computed() -> None:
    """It raised IndexError: the DSS table was sized by the HPS at the start, the chain's
    grid by the maximum."""
    loaded = wounded()
    o = odds(loaded.ruleset, loaded.scenario)
    assert abs(sum(o.win) + o.draw - 1) <= o.error + 1e-9


def odds_agree(loaded: Any, sample: Any) -> list[str]:
    """Each side's win, the draw and the mean length within 99.9% simultaneous intervals
    (Bonferroni over those 4 figures) of ``sample``."""
    o = odds(loaded.ruleset, loaded.scenario)
    z = simultaneous_z(4)
    n = len(sample.winner)
    bad = []
    for exact, won in ((o.win[0], 0), (o.win[1], 1), (o.draw, -1)):
        p = float(np.mean(sample.winner == won))
        if abs(p - exact) > z * math.sqrt(exact * (1 - exact) / n) + 1e-12:
            bad.append(f"winner {won}: exact {exact:.4f}, sample {p:.4f}")
    sd = float(np.std(sample.rounds, ddof=1))
    mean = float(np.mean(sample.rounds))
    if abs(mean - o.mean_length) > z * sd / math.sqrt(n) + 1e-12:
        bad.append(f"length: exact {o.mean_length:.3f}, sample {mean:.3f}")
    return bad


ONE_ON_ONE = ["robot-grapple", "small-grappler", "house-rules", "extremes"]


@pytest.mark.parametrize("name", ONE_ON_ONE)
def test_exact_odds_agree_with_the_event_engine(name: str) -> None:
    loaded = load(name)
    event = event_batch(loaded.ruleset, loaded.scenario, range(N_EVENT))
    assert odds_agree(loaded, event) == []


@pytest.mark.parametrize("name", ONE_ON_ONE)
def test_the_brawl_kernel_agrees_with_the_event_engine(name: str) -> None:
    loaded = load(name)
    assert batch.scope(loaded.ruleset, loaded.scenario) is None
    event = event_batch(loaded.ruleset, loaded.scenario, range(N_EVENT))
    fast = batch.run(loaded.ruleset, loaded.scenario, N_BATCH, seed=20261202)
    assert disagreements(event, fast) == []
    assert odds_agree(loaded, fast) == []


def test_a_wounded_start_agrees_on_every_path() -> None:
    loaded = wounded()
    event = event_batch(loaded.ruleset, loaded.scenario, range(N_EVENT))
    fast = batch.run(loaded.ruleset, loaded.scenario, N_BATCH, seed=20261202)
    assert disagreements(event, fast) == []
    assert odds_agree(loaded, event) == [] and odds_agree(loaded, fast) == []
