"""Running EXP brawls on the kernel: compile the scenario, fight, wrap the arrays."""

from __future__ import annotations

from typing import Any

import numpy as np

from fracas.sim.batch.exp_kernel import COUNTER_NAMES, COUNTERS, END_NAMES, STATE_FIELDS, brawls
from fracas.sim.batch.exp_spec import ExpSpec, IntArray, compile_brawl
from fracas.sim.batch.results import BatchResult
from fracas.sim.batch.rng import new_draws


def run_spec(spec: ExpSpec, n: int, seed: int, engine: str) -> BatchResult:
    """``n`` brawls of a compiled spec."""
    winner = np.zeros(n, np.int8)
    rounds = np.zeros(n, np.int32)
    end = np.zeros((n, 2), np.int8)
    counts = np.zeros((n, 2, COUNTERS), np.int32)
    draws = new_draws(seed)
    scratch = (np.zeros((2, STATE_FIELDS), np.int64), np.zeros(2, np.int64))
    kernel: Any = brawls  # numba dispatcher: arrays in, results written in place
    kernel(*spec.arrays(), winner, rounds, end, counts, draws, *scratch)
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
    ruleset: Any, scenario: Any, n: int, seed: int, policy: IntArray | None = None
) -> BatchResult:
    """``n`` brawls of ``scenario`` (inside ``exp_spec.scope``)."""
    return run_spec(compile_brawl(scenario, ruleset, policy), n, seed, "batch (EXP brawl)")
