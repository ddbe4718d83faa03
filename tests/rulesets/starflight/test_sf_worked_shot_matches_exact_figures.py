"""Figures the chapter fixes exactly, against the engine's own dice (fixed seeds).

The worked example's shot ('Using Weapons'): Xxksax (ranged Attack Bonus 4) at a G'Nunk of
HD 61 and Dodge 34, 20 m off in ranged combat (no falloff): effective HD 61 + (3 - 4) = 60,
and the d% + 4 must be higher than 60, so the naturals 57-99 hit: P = 43/100 exactly (the
natural 00, a critical failure, is not among them; the natural 99 is). Of the hits, the
location d10 ('Resolving Damage') re-rolls only when the sensory sub-d10 shows 8-10 (no such
sense): P(groin) = (1/10) / (1 - 3/100) = 10/97 and P(a sensory organ) = (7/100) / (97/100)
= 7/97. The fights are seeded 1..N; each figure must fall within z = 3.29 (a two-sided 99.9%
normal interval) standard errors of the exact value, so a correct engine fails this test
about once in a thousand seed sets, and these fixed seeds either pass or fail for good.
"""

from __future__ import annotations

from math import sqrt

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.events import AttackRolled, Located
from fracas.scenario import parse_scenario

from .helpers import fighter, scenario_data

N = 3000
Z = 3.29  # two-sided 99.9% normal interval


def within(count: int, n: int, p: float) -> bool:
    return abs(count / n - p) <= Z * sqrt(p * (1 - p) / n)


def one_shot(seed: int) -> Session:
    xx = fighter(
        "x",
        "veloxi",
        species="veloxi",
        tactics="fire-once",
        attributes={"finesse": 50},
        skills={"security": 40},
        weapons=[{"weapon": "hand laser", "class": 2}],
    )
    gn = fighter(
        "g",
        "gnunk",
        species="gnunk",
        sex="male",
        hd=61,
        skills={"dodge": 34},
        position=[20, 0],
        facing=180,
    )
    data = scenario_data(xx, gn, scale="ranged", options={"max_rounds": 1})
    session = Session.start(RULESET, parse_scenario(data).scenario, SeededRoller(seed))
    session.run()
    return session


def test_the_worked_examples_shot_hits_43_in_100_and_lands_as_the_d10_table_says() -> None:
    shots = hits = groin = sensory = 0
    for seed in range(1, N + 1):
        log = one_shot(seed).log
        roll = next(e for e in log if isinstance(e, AttackRolled) and e.attacker == "x")
        assert roll.effective_hd == 60
        shots += 1
        if not roll.hits:
            continue
        hits += 1
        where = next(e for e in log if isinstance(e, Located) and e.target == "g")
        groin += where.part == "groin"
        sensory += where.part in {
            "left_eye",
            "right_eye",
            "left_ear",
            "right_ear",
            "nose",
            "tongue",
            "skin",
        }
    assert shots == N
    assert within(hits, N, 43 / 100), hits / N
    assert within(groin, hits, 10 / 97), groin / hits
    assert within(sensory, hits, 7 / 97), sensory / hits
