"""EXP's fast paths (``fracas.sim.fast``): compiled mirrors of the combat chapter's rules
for a one-on-one fight (strikes, grapples, trips, snatches, thrown weapons, lethal blows),
each held to the event engine by agreement tests.

- ``spec.py``: a fight compiled to arrays (the tables, options and tactics the rules modules
  read, every weapon stage and blow), and the scope the fast paths cover;
- ``codes.py``: the tactics' and actions' codes every path reads (no numba);
- ``tactics.py``, ``kernel.py``, ``batch.py``: the batch kernel (many brawls at once);
- ``model.py``, ``chain.py``: the exact chain (``fracas odds``);
- ``advise.py``: the best move by value iteration (``fracas advise``, ``tactics: optimal``);
- ``reference.py``: an event-engine fight read in the kernel's terms.

This module is the registration (``ExpRuleset.fast_paths`` names it), declared with
``fracas.sim.fast``'s helpers: it imports the paths only when one is asked for, so a fight
never loads the compiler.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fracas.rulesets.exp.ruleset import ExpRuleset
from fracas.rulesets.exp.scenario import ExpScenario
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
    from fracas.rulesets.exp.fast.advise import ExpAdvice
    from fracas.rulesets.exp.fast.spec import ExpSpec

HERE = "fracas.rulesets.exp.fast"
OWNER = Owner(ExpRuleset, ExpScenario)
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


def kernel_scope(ruleset: ExpRuleset, scenario: ExpScenario) -> str | None:
    """The batch kernel (``kernel.py``) covers one-on-one brawls and lethal fights."""
    if _optimal(scenario):
        return (
            "tactics 'optimal' follows advise's policy over the whole brawl state (holds, "
            "trips, turn order); the brawl kernel reads a table by HPS only"
        )
    people = len(scenario.combatants)
    if people != 2:  # said before the spec (and numba with it) is imported
        return f"{people} combatants; the batch kernel covers one-on-one brawls"
    from fracas.rulesets.exp.fast.spec import scope

    return scope(scenario, ruleset, lethal=True)


def compile_kernel(ruleset: ExpRuleset, scenario: ExpScenario) -> ExpSpec:
    from fracas.rulesets.exp.fast.spec import compile_brawl

    return compile_brawl(scenario, ruleset, lethal=True)


def chain_scope(ruleset: ExpRuleset, scenario: ExpScenario) -> str | None:
    """The exact chain (``chain.py``): a fight the kernel covers, but a robot fighting on at
    0 HPS or below, or one whose state space is too big."""
    from fracas.rulesets.exp.fast.chain import chain_scope

    return chain_scope(scenario, ruleset)


def solve(ruleset: ExpRuleset, scenario: ExpScenario, policy: object | None) -> Solution:
    from fracas.rulesets.exp.fast.advise import brawl_odds

    return brawl_odds(scenario, ruleset, policy).solution()


def distributions(
    ruleset: ExpRuleset, scenario: ExpScenario, policy: object | None
) -> Distributions:
    """The odds with the distributions of the chain's end states (``ends.py``)."""
    from fracas.rulesets.exp.fast.ends import brawl_distributions

    return brawl_distributions(scenario, ruleset, policy)


def advice(ruleset: ExpRuleset, scenario: ExpScenario, side: str | None) -> ExpAdvice:
    """The best move by both HPS and the brawl's state (``advise.py``)."""
    from fracas.rulesets.exp.fast.advise import advise

    return advise(ruleset, scenario, side)


def install_policy(ruleset: ExpRuleset, scenario: ExpScenario) -> object | None:
    """Installed for the event engine only: the kernel refuses ``tactics: optimal``."""
    from fracas.rulesets.exp.fast.advise import install

    install(ruleset, scenario)
    return None


ODDS = DeclaredOdds(OWNER, chain_scope, solve, distributions)  # (nothing compiled to load)
FAST_PATHS = FastPaths(
    batch=DeclaredKernel(
        OWNER,
        label="batch (EXP brawl)",
        scope_of=kernel_scope,
        compile_of=compile_kernel,
        runner=f"{HERE}.batch:run_spec",
        counters=f"{HERE}.kernel:COUNTER_NAMES",
        ends=f"{HERE}.kernel:END_NAMES",
        reference=f"{HERE}.reference:read_log",
        notable=NOTABLE,
        outcomes=OUTCOMES,
    ),
    odds=ODDS,
    advisor=DeclaredAdvisor(OWNER, "EXP brawls", ODDS, advice, install_policy),
)
