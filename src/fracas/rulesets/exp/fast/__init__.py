"""EXP's fast paths (``fracas.sim.fast``): compiled mirrors of the combat chapter's rules
for a one-on-one fight (strikes, grapples, trips, snatches, thrown weapons, lethal blows),
each held to the event engine by agreement tests.

- ``spec.py``: a fight compiled to arrays (the tables, options and tactics the rules modules
  read, every weapon stage and blow), and the scope the fast paths cover;
- ``tactics.py``, ``kernel.py``, ``batch.py``: the batch kernel (many brawls at once);
- ``model.py``, ``chain.py``: the exact chain (``fracas odds``);
- ``advise.py``: the best move by value iteration (``fracas advise``, ``tactics: optimal``);
- ``reference.py``: an event-engine fight read in the kernel's terms.

This module is the registration (``ExpRuleset.fast_paths`` names it): it imports the paths
only when one is asked for, so a fight never loads the compiler.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fracas.rulesets.exp.ruleset import ExpRuleset
from fracas.rulesets.exp.scenario import ExpScenario
from fracas.sim.fast import AnyRuleset, Distributions, FastPaths, Solution

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from fracas.engine.events import Event
    from fracas.rulesets.exp.fast.advise import ExpAdvice
    from fracas.rulesets.exp.fast.spec import ExpSpec
    from fracas.sim.batch.results import BatchResult

#: notable event (as ``analysis.notable`` names it) -> the kernel counters that count it
NOTABLE = {
    "oops": ("oops",),
    "grapple held": ("grapples",),
    "grapple reversed": ("reversals",),
    "tripped": ("trips",),
    "disarm": ("snatches",),
    "snatch failed": ("snatches_failed",),
}
#: the kernel's endings as ``analysis.outcome`` names them
OUTCOMES = {"active": "standing"}


def _optimal(scenario: ExpScenario) -> list[int]:
    """The combatants on ``tactics: optimal`` (a concession threshold after it allowed)."""
    return [
        i
        for i, c in enumerate(scenario.combatants)
        if str(c.tactics).split(";", 1)[0].strip() == "optimal"  # (validated to a str)
    ]


def _mine(ruleset: AnyRuleset) -> ExpRuleset:
    """``ruleset``, which the registry hands only to its own fast paths."""
    if not isinstance(ruleset, ExpRuleset):
        raise TypeError(f"{ruleset.name} is not this ruleset's")
    return ruleset


def _theirs(scenario: object) -> ExpScenario:
    """``scenario``, which the registry hands only with this ruleset (its model)."""
    if not isinstance(scenario, ExpScenario):
        raise TypeError(f"not a scenario of this ruleset: {type(scenario).__name__}")
    return scenario


class BrawlKernel:
    """The batch kernel: one-on-one brawls and lethal fights (``kernel.py``)."""

    label = "batch (EXP brawl)"
    notable: Mapping[str, tuple[str, ...]] = NOTABLE
    outcomes: Mapping[str, str] = OUTCOMES

    @property
    def counter_names(self) -> tuple[str, ...]:
        from fracas.rulesets.exp.fast.kernel import COUNTER_NAMES

        return COUNTER_NAMES

    @property
    def end_names(self) -> tuple[str, ...]:
        from fracas.rulesets.exp.fast.kernel import END_NAMES

        return END_NAMES

    def scope(self, ruleset: AnyRuleset, scenario: object) -> str | None:
        if _optimal(_theirs(scenario)):
            return (
                "tactics 'optimal' follows advise's policy over the whole brawl state (holds, "
                "trips, turn order); the brawl kernel reads a table by HPS only"
            )
        people = len(_theirs(scenario).combatants)
        if people != 2:  # said before the spec (and numba with it) is imported
            return f"{people} combatants; the batch kernel covers one-on-one brawls"
        from fracas.rulesets.exp.fast.spec import scope

        return scope(_theirs(scenario), _mine(ruleset), lethal=True)

    def compile(self, ruleset: AnyRuleset, scenario: object) -> ExpSpec:
        from fracas.rulesets.exp.fast.spec import compile_brawl

        return compile_brawl(_theirs(scenario), _mine(ruleset), lethal=True)

    def run(
        self, compiled: ExpSpec, n: int, seed: int, per_fight: Sequence[int] | None
    ) -> BatchResult:
        from fracas.rulesets.exp.fast.batch import run_spec

        return run_spec(compiled, n, seed, self.label, per_fight)

    def read_log(
        self,
        log: Sequence[Event[Any]],
        state: Any,
        index: Mapping[str, int],
        end: npt.NDArray[np.int8],
        counts: npt.NDArray[np.int32],
    ) -> None:
        from fracas.rulesets.exp.fast.reference import read_log

        read_log(log, state, index, end, counts)


class BrawlOdds:
    """The exact chain (``chain.py``): a fight the kernel covers, but a robot fighting on at
    0 HPS or below, or one whose state space is too big."""

    def scope(self, ruleset: AnyRuleset, scenario: object) -> str | None:
        from fracas.rulesets.exp.fast.chain import chain_scope

        return chain_scope(_theirs(scenario), _mine(ruleset))

    def load(self) -> None:
        """Nothing compiled to load."""

    def solve(self, ruleset: AnyRuleset, scenario: object, policy: object | None) -> Solution:
        from fracas.rulesets.exp.fast.advise import brawl_odds

        e = brawl_odds(_theirs(scenario), _mine(ruleset), policy)
        return Solution(
            names=(e.spec.names[0], e.spec.names[1]),
            sides=(e.spec.sides[0], e.spec.sides[1]),
            win=e.win,
            draw=e.draw,
            length=e.length,
            error=e.error,
            classes=e.states,
            unit="units",
        )

    def distributions(
        self, ruleset: AnyRuleset, scenario: object, policy: object | None
    ) -> Distributions:
        from fracas.rulesets.exp.fast.ends import brawl_distributions

        return brawl_distributions(_theirs(scenario), _mine(ruleset), policy)


class MoveAdvisor:
    """The best move by both HPS and the brawl's state (``advise.py``)."""

    covers = "EXP brawls"

    def scope(self, ruleset: AnyRuleset, scenario: object) -> str | None:
        return BrawlOdds().scope(_mine(ruleset), _theirs(scenario))

    def advise(self, ruleset: AnyRuleset, scenario: object, side: str | None) -> ExpAdvice:
        from fracas.rulesets.exp.fast.advise import advise

        return advise(_mine(ruleset), _theirs(scenario), side)

    def policy(self, ruleset: AnyRuleset, scenario: object) -> object | None:
        """Installed for the event engine only: the kernel refuses ``tactics: optimal``."""
        from fracas.rulesets.exp.fast.advise import install

        install(_mine(ruleset), _theirs(scenario))
        return None


FAST_PATHS = FastPaths(batch=BrawlKernel(), odds=BrawlOdds(), advisor=MoveAdvisor())
