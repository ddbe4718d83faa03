"""Running percentile duels on the kernel: compile the scenario, fight, wrap the arrays.

Mirrors what ``kernel.py`` mirrors. Held to the event engine by
tests/batch/test_percentile_agreement.py.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from fracas.rulesets.percentile.fast.kernel import COUNTER_NAMES, STATE_FIELDS, duels
from fracas.rulesets.percentile.fast.spec import MAX_WEAPONS, IntArray, PercentileSpec, compile_duel
from fracas.rulesets.percentile.ruleset import PercentileRuleset
from fracas.rulesets.percentile.scenario import PercentileScenario
from fracas.sim.batch.results import BatchResult
from fracas.sim.fast import run_kernel

#: how a combatant ended, as ``analysis.outcome`` names it (the kernel's ``end`` codes)
END_NAMES = ("standing", "unconscious", "dead", "surrendered", "fled", "unconscious, bleeding")


def run_spec(
    spec: PercentileSpec, n: int, seed: int, engine: str, per_fight: Sequence[int] | None = None
) -> BatchResult:
    """``n`` duels of a compiled spec from one ``seed``, or one per seed of ``per_fight``
    (``sim.fast.run_kernel``), with the kernel's scratch state."""
    scratch = (
        np.zeros((2, STATE_FIELDS), np.int64),
        np.zeros((2, MAX_WEAPONS), np.int64),
        np.zeros((2, MAX_WEAPONS), np.int64),
    )
    return run_kernel(duels, spec, n, seed, engine, per_fight, COUNTER_NAMES, END_NAMES, scratch)


def run_duels(
    ruleset: PercentileRuleset,
    scenario: PercentileScenario,
    n: int,
    seed: int,
    policy: IntArray | None = None,
) -> BatchResult:
    """``n`` duels of ``scenario`` (inside ``spec.scope``)."""
    return run_spec(compile_duel(scenario, ruleset, policy), n, seed, "batch (percentile duel)")
