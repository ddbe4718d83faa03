"""Running EXP brawls on the kernel: compile the scenario, fight, wrap the arrays.

Mirrors what ``kernel.py`` mirrors. Held to the event engine by
tests/batch/test_exp_agreement.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.rulesets.exp.fast.kernel import COUNTER_NAMES, END_NAMES, brawls
from fracas.rulesets.exp.fast.spec import ExpSpec, IntArray, compile_brawl
from fracas.rulesets.exp.ruleset import ExpRuleset
from fracas.rulesets.exp.scenario import ExpScenario
from fracas.sim.batch.results import BatchResult
from fracas.sim.fast import run_kernel


def run_spec(
    spec: ExpSpec, n: int, seed: int, engine: str, per_fight: Sequence[int] | None = None
) -> BatchResult:
    """``n`` brawls of a compiled spec from one ``seed``, or one per seed of ``per_fight``
    (``sim.fast.run_kernel``)."""
    return run_kernel(brawls, spec, n, seed, engine, per_fight, COUNTER_NAMES, END_NAMES)


def run_brawls(
    ruleset: ExpRuleset, scenario: ExpScenario, n: int, seed: int, policy: IntArray | None = None
) -> BatchResult:
    """``n`` brawls of ``scenario`` (inside ``spec.scope``)."""
    spec = compile_brawl(scenario, ruleset, policy, lethal=True)
    return run_spec(spec, n, seed, "batch (EXP brawl)")
