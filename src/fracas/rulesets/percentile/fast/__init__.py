"""Percentile's fast paths (``fracas.sim.fast``): compiled mirrors of Chapter 5's melee rules
for a one-on-one duel, each held to the event engine by agreement tests.

- ``spec.py``: a duel compiled to arrays (the tables, options and tactics the rules modules
  read), and the scope the fast paths cover;
- ``tactics.py``, ``kernel.py``, ``batch.py``: the batch kernel (many duels at once);
- ``exchange.py``, ``exchange_kernel.py``, ``chain.py``, ``plan.py``, ``grid_kernel.py``:
  the exact chain (``fracas odds``);
- ``advise.py``: the best stance by value iteration (``fracas advise``, ``tactics: optimal``);
- ``reference.py``: an event-engine fight read in the kernel's terms.

This module is the registration (``PercentileRuleset.fast_paths`` names it): it imports the
paths only when one is asked for, so a fight never loads the compiler.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fracas.rulesets.percentile.ruleset import PercentileRuleset
from fracas.rulesets.percentile.scenario import PercentileScenario
from fracas.sim.fast import AnyRuleset, Distributions, FastPaths, Solution

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from fracas.engine.events import Event
    from fracas.rulesets.percentile.fast.advise import Advice
    from fracas.rulesets.percentile.fast.spec import PercentileSpec
    from fracas.sim.batch.results import BatchResult

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


def _mine(ruleset: AnyRuleset) -> PercentileRuleset:
    """``ruleset``, which the registry hands only to its own fast paths."""
    if not isinstance(ruleset, PercentileRuleset):
        raise TypeError(f"{ruleset.name} is not this ruleset's")
    return ruleset


def _theirs(scenario: object) -> PercentileScenario:
    """``scenario``, which the registry hands only with this ruleset (its model)."""
    if not isinstance(scenario, PercentileScenario):
        raise TypeError(f"not a scenario of this ruleset: {type(scenario).__name__}")
    return scenario


class DuelKernel:
    """The batch kernel: one-on-one melee duels (``kernel.py``)."""

    label = "batch (percentile duel)"
    notable: Mapping[str, tuple[str, ...]] = NOTABLE
    outcomes: Mapping[str, str] = {}

    @property
    def counter_names(self) -> tuple[str, ...]:
        from fracas.rulesets.percentile.fast.kernel import COUNTER_NAMES

        return COUNTER_NAMES

    @property
    def end_names(self) -> tuple[str, ...]:
        from fracas.rulesets.percentile.fast.batch import END_NAMES

        return END_NAMES

    def scope(self, ruleset: AnyRuleset, scenario: object) -> str | None:
        people = len(_theirs(scenario).combatants)
        if people != 2:  # said before the spec (and numba with it) is imported
            return f"{people} combatants; the batch kernel covers duels"
        from fracas.rulesets.percentile.fast.spec import scope

        return scope(_theirs(scenario), _mine(ruleset))

    def compile(self, ruleset: AnyRuleset, scenario: object) -> PercentileSpec:
        from fracas.rulesets.percentile.fast.spec import compile_duel

        policy = None
        if any(c.tactics == "optimal" for c in _theirs(scenario).combatants):
            from fracas.rulesets.percentile.fast.advise import install_policy

            policy = install_policy(_mine(ruleset), _theirs(scenario))
        return compile_duel(_theirs(scenario), _mine(ruleset), policy)

    def run(
        self, compiled: PercentileSpec, n: int, seed: int, per_fight: Sequence[int] | None
    ) -> BatchResult:
        from fracas.rulesets.percentile.fast.batch import run_spec

        return run_spec(compiled, n, seed, self.label, per_fight)

    def read_log(
        self,
        log: Sequence[Event[Any]],
        state: Any,
        index: Mapping[str, int],
        end: npt.NDArray[np.int8],
        counts: npt.NDArray[np.int32],
    ) -> None:
        from fracas.rulesets.percentile.fast.reference import read_log

        read_log(log, state, index, end, counts)


class DuelOdds:
    """The exact chain (``chain.py``): a duel the kernel covers, but one where a weapon
    cannot get through the armour."""

    def scope(self, ruleset: AnyRuleset, scenario: object) -> str | None:
        from fracas.rulesets.percentile.fast.chain import chain_scope

        return chain_scope(_theirs(scenario), _mine(ruleset))

    def load(self) -> None:
        from fracas.rulesets.percentile.fast.chain import load_kernels

        load_kernels()

    def solve(self, ruleset: AnyRuleset, scenario: object, policy: object | None) -> Solution:
        from fracas.rulesets.percentile.fast.chain import duel_odds

        mine, theirs = _mine(ruleset), _theirs(scenario)
        if policy is None and any(c.tactics == "optimal" for c in theirs.combatants):
            # ``tactics: optimal`` is advise's policy: solved on this chain, then followed
            from fracas.rulesets.percentile.fast.advise import install_policy

            policy = install_policy(mine, theirs)
        return duel_odds(mine, theirs, policy)

    def distributions(
        self, ruleset: AnyRuleset, scenario: object, policy: object | None
    ) -> Distributions:
        from fracas.rulesets.percentile.fast.ends import duel_distributions

        mine, theirs = _mine(ruleset), _theirs(scenario)
        if policy is None and any(c.tactics == "optimal" for c in theirs.combatants):
            from fracas.rulesets.percentile.fast.advise import install_policy

            policy = install_policy(mine, theirs)
        return duel_distributions(mine, theirs, policy)


class StanceAdvisor:
    """The best stance by both hp (``advise.py``)."""

    covers = "percentile duels"

    def scope(self, ruleset: AnyRuleset, scenario: object) -> str | None:
        return DuelOdds().scope(_mine(ruleset), _theirs(scenario))

    def advise(self, ruleset: AnyRuleset, scenario: object, side: str | None) -> Advice:
        from fracas.rulesets.percentile.fast.advise import advise

        return advise(_mine(ruleset), _theirs(scenario), side)

    def policy(self, ruleset: AnyRuleset, scenario: object) -> object | None:
        from fracas.rulesets.percentile.fast.advise import install_policy

        return install_policy(_mine(ruleset), _theirs(scenario))


FAST_PATHS = FastPaths(batch=DuelKernel(), odds=DuelOdds(), advisor=StanceAdvisor())
