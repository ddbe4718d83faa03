"""Running percentile duels on the kernel: compile the scenario, fight, wrap the arrays.

Mirrors what ``kernel.py`` mirrors. Held to the event engine by
tests/batch/test_percentile_agreement.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from fracas.rulesets.percentile.fast.kernel import COUNTER_NAMES, COUNTERS, STATE_FIELDS, duels
from fracas.rulesets.percentile.fast.spec import MAX_WEAPONS, IntArray, PercentileSpec, compile_duel
from fracas.rulesets.percentile.ruleset import PercentileRuleset
from fracas.rulesets.percentile.scenario import PercentileScenario
from fracas.sim.batch.results import BatchResult
from fracas.sim.batch.rng import fight_seeds, new_draws

#: how a combatant ended, as ``analysis.outcome`` names it (the kernel's ``end`` codes)
END_NAMES = ("standing", "unconscious", "dead", "surrendered", "fled", "unconscious, bleeding")


def run_spec(
    spec: PercentileSpec, n: int, seed: int, engine: str, per_fight: Sequence[int] | None = None
) -> BatchResult:
    """``n`` duels of a compiled spec from one ``seed``, or one per seed of
    ``per_fight`` (fight i from ``per_fight[i]`` alone, whatever the chunk: ``n`` is then its
    length)."""
    seeds = fight_seeds(per_fight) if per_fight is not None else np.zeros(0, np.uint64)
    n = len(seeds) if per_fight is not None else n
    winner = np.zeros(n, np.int8)
    rounds = np.zeros(n, np.int32)
    end = np.zeros((n, 2), np.int8)
    counts = np.zeros((n, 2, COUNTERS), np.int32)
    draws = new_draws(seed)
    scratch = (
        np.zeros((2, STATE_FIELDS), np.int64),
        np.zeros((2, MAX_WEAPONS), np.int64),
        np.zeros((2, MAX_WEAPONS), np.int64),
        np.zeros(2, np.int64),
    )
    kernel: Any = duels  # numba dispatcher: arrays in, results written in place
    kernel(*spec.arrays(), winner, rounds, end, counts, draws, seeds, *scratch)
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


def run_duels(
    ruleset: PercentileRuleset,
    scenario: PercentileScenario,
    n: int,
    seed: int,
    policy: IntArray | None = None,
) -> BatchResult:
    """``n`` duels of ``scenario`` (inside ``spec.scope``)."""
    return run_spec(compile_duel(scenario, ruleset, policy), n, seed, "batch (percentile duel)")
