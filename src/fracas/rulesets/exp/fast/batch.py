"""Running EXP brawls on the kernel: compile the scenario, fight, wrap the arrays.

Mirrors what ``kernel.py`` mirrors. Held to the event engine by
tests/batch/test_exp_agreement.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from fracas.rulesets.exp.fast.kernel import COUNTER_NAMES, COUNTERS, END_NAMES, brawls
from fracas.rulesets.exp.fast.spec import ExpSpec, IntArray, compile_brawl
from fracas.rulesets.exp.ruleset import ExpRuleset
from fracas.rulesets.exp.scenario import ExpScenario
from fracas.sim.batch.results import BatchResult
from fracas.sim.batch.rng import fight_seeds, new_draws


def run_spec(
    spec: ExpSpec, n: int, seed: int, engine: str, per_fight: Sequence[int] | None = None
) -> BatchResult:
    """``n`` brawls of a compiled spec from one ``seed``, or one per seed of
    ``per_fight`` (fight i from ``per_fight[i]`` alone, whatever the chunk: ``n`` is then its
    length)."""
    seeds = fight_seeds(per_fight) if per_fight is not None else np.zeros(0, np.uint64)
    n = len(seeds) if per_fight is not None else n
    winner = np.zeros(n, np.int8)
    rounds = np.zeros(n, np.int32)
    end = np.zeros((n, 2), np.int8)
    counts = np.zeros((n, 2, COUNTERS), np.int32)
    draws = new_draws(seed)
    kernel: Any = brawls  # numba dispatcher: arrays in, results written in place
    kernel(*spec.arrays(), winner, rounds, end, counts, draws, seeds)
    return BatchResult(
        engine=engine,
        names=spec.names,
        sides=spec.sides,
        winner=winner,
        rounds=rounds,
        end=end,
        end_names=END_NAMES,
        counts=counts,
        counter_names=COUNTER_NAMES,
        draws=int(draws[0]),
    )


def run_brawls(
    ruleset: ExpRuleset, scenario: ExpScenario, n: int, seed: int, policy: IntArray | None = None
) -> BatchResult:
    """``n`` brawls of ``scenario`` (inside ``spec.scope``)."""
    spec = compile_brawl(scenario, ruleset, policy, lethal=True)
    return run_spec(spec, n, seed, "batch (EXP brawl)")
