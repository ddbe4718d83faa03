"""Percentile's fast paths (``fracas.sim.fast``): compiled mirrors of Chapter 5's melee rules
for a one-on-one duel, each held to the event engine by agreement tests.

- ``spec.py``: a duel compiled to arrays (the tables, options and tactics the rules modules
  read), and the scope the fast paths cover;
- ``rules.py``: the exchange's rules, compiled once, shared by the batch kernel and the chain;
- ``tactics.py``, ``kernel.py``, ``batch.py``: the batch kernel (many duels at once);
- ``kit.py``, ``exchange_kernel.py``, ``exchange_runner.py``, ``chain.py``, ``plan.py``,
  ``grid_kernel.py``: the exact chain (``fracas odds``);
- ``advise.py``: the best stance by value iteration (``fracas advise``, ``tactics: optimal``);
- ``reference.py``: an event-engine fight read in the kernel's terms.

This module is the registration (``PercentileRuleset.fast_paths`` names it), declared with
``fracas.sim.fast``'s helpers: it imports the paths only when one is asked for, so a fight
never loads the compiler.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fracas.rulesets.percentile.ruleset import PercentileRuleset
from fracas.rulesets.percentile.scenario import PercentileScenario
from fracas.sim.fast import (
    DeclaredAdvisor,
    DeclaredKernel,
    DeclaredOdds,
    Distributions,
    FastPaths,
    Owner,
    Solution,
)

if TYPE_CHECKING:
    from fracas.rulesets.percentile.fast.advise import Advice, Policy
    from fracas.rulesets.percentile.fast.spec import PercentileSpec

HERE = "fracas.rulesets.percentile.fast"
OWNER = Owner(PercentileRuleset, PercentileScenario)
#: notable event (as ``analysis.notable`` names it) -> the kernel counters that count it
NOTABLE = {
    "fumble": ("fumbles",),
    "perfect attack": ("perfect_attacks",),
    "instant kill": ("killed",),
    "breakage": ("broken",),
    "weapon damaged": ("bv_lost",),
    "armour malfunction": ("glitches", "loosened"),
    "disarm": ("disarmed",),
    "weapon dropped": ("dropped",),
}


def _optimal_policy(ruleset: PercentileRuleset, scenario: PercentileScenario) -> Policy | None:
    """Advise's policy, solved and installed, when someone fights by ``tactics: optimal``."""
    if not any(c.tactics == "optimal" for c in scenario.combatants):
        return None
    from fracas.rulesets.percentile.fast.advise import install_policy

    return install_policy(ruleset, scenario)


def kernel_scope(ruleset: PercentileRuleset, scenario: PercentileScenario) -> str | None:
    """The batch kernel (``kernel.py``) covers one-on-one melee duels (``spec.scope``)."""
    people = len(scenario.combatants)
    if people != 2:  # said before the spec (and numba with it) is imported
        return f"{people} combatants; the batch kernel covers duels"
    from fracas.rulesets.percentile.fast.spec import scope

    return scope(scenario, ruleset)


def compile_kernel(ruleset: PercentileRuleset, scenario: PercentileScenario) -> PercentileSpec:
    from fracas.rulesets.percentile.fast.spec import compile_duel

    policy = _optimal_policy(ruleset, scenario)
    return compile_duel(scenario, ruleset, policy)


def chain_scope(ruleset: PercentileRuleset, scenario: PercentileScenario) -> str | None:
    """The exact chain (``chain.py``): a duel the kernel covers, but one where a weapon
    cannot get through the armour."""
    from fracas.rulesets.percentile.fast.chain import chain_scope

    return chain_scope(scenario, ruleset)


def solve(
    ruleset: PercentileRuleset, scenario: PercentileScenario, policy: object | None
) -> Solution:
    from fracas.rulesets.percentile.fast.chain import duel_odds

    if policy is None:  # ``tactics: optimal`` is advise's policy: solved, then followed
        policy = _optimal_policy(ruleset, scenario)
    return duel_odds(ruleset, scenario, policy)


def distributions(
    ruleset: PercentileRuleset, scenario: PercentileScenario, policy: object | None
) -> Distributions:
    """The odds with the distributions of the chain's end states (``ends.py``)."""
    from fracas.rulesets.percentile.fast.ends import duel_distributions

    if policy is None:
        policy = _optimal_policy(ruleset, scenario)
    return duel_distributions(ruleset, scenario, policy)


def advice(ruleset: PercentileRuleset, scenario: PercentileScenario, side: str | None) -> Advice:
    """The best stance by both hp (``advise.py``)."""
    from fracas.rulesets.percentile.fast.advise import advise

    return advise(ruleset, scenario, side)


def install_policy(ruleset: PercentileRuleset, scenario: PercentileScenario) -> object | None:
    from fracas.rulesets.percentile.fast.advise import install_policy

    return install_policy(ruleset, scenario)


ODDS = DeclaredOdds(OWNER, chain_scope, solve, distributions, loader=f"{HERE}.chain:load_kernels")
FAST_PATHS = FastPaths(
    batch=DeclaredKernel(
        OWNER,
        label="batch (percentile duel)",
        scope_of=kernel_scope,
        compile_of=compile_kernel,
        runner=f"{HERE}.batch:run_spec",
        counters=f"{HERE}.kernel:COUNTER_NAMES",
        ends=f"{HERE}.batch:END_NAMES",
        reference=f"{HERE}.reference:read_log",
        notable=NOTABLE,
    ),
    odds=ODDS,
    advisor=DeclaredAdvisor(OWNER, "percentile duels", ODDS, advice, install_policy),
)
