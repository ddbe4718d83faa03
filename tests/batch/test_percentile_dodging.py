"""Declared dodging (Chapter 5, "Attacking and defending": "The character also has the option
to dodge"): the percentile duel kernel and the exact chain follow dodging stances as the event
engine does. A scripted fighter with a good ``dodge`` and a poor parry dodges in every stance
(``all-out-attack+dodge``, ``normal-attack+dodge``, ``all-out-defence+dodge``); under both
readings of option ``all_out_dodge``. Tolerances: the 99.9% intervals of ``agreement.py``
(kernel vs event engine) and of each exact probability (chain vs event engine)."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.scenario import parse_scenario
from fracas.sim import batch
from fracas.sim.batch.reference import event_batch
from tests.batch.agreement import disagreements
from tests.batch.test_percentile_agreement import JOANNE, ONDKILLE

N_EVENT = 3000
N_BATCH = 100_000

DODGER = {
    **ONDKILLE,
    "skills": {"dagger": 25, "dodge": 70},
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


@pytest.mark.slow
@pytest.mark.parametrize("all_out_dodge", ["hard-dodge", "hard-attack"])
def test_kernel_follows_dodging_stances_like_the_event_engine(all_out_dodge: str) -> None:
    loaded = dodging_duel(all_out_dodge)
    assert batch.scope(loaded.ruleset, loaded.scenario) is None
    assert dodges_in_event_engine(loaded) > 20
    event = event_batch(loaded.ruleset, loaded.scenario, range(N_EVENT))
    fast = batch.run(loaded.ruleset, loaded.scenario, N_BATCH, seed=20261201)
    assert disagreements(event, fast) == []
