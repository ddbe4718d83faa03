"""The exact distributions of an EXP brawl's end (``fracas odds --distributions``): each
persona's HPS left and whether it was out of the fight, read from the chain's end states.

The chain (``chain.BrawlChain``) follows both personas' HPS cell by cell. The fight ends on
a concession (both HPS as they are), on a blow that knocks its target out (the striker's
HPS as they are, the target's where the blow left them: ``BrawlModel.knocked_at``, HPS not
clipped at 0, as ``Damaged`` leaves them), or after the last unit (a draw, both standing).
The damage dealt and taken are not here: ``fracas sim`` counts the damage *rolled*
(``analysis.damage``: what Damage System Shock is rolled against), and the chain follows
only the HPS it takes off (10% actual damage, oops).

Held to the Monte Carlo by tests/batch/test_exact_distributions.py.
"""

from __future__ import annotations

import numpy as np

from fracas.rulesets.exp.fast import spec as xs
from fracas.rulesets.exp.fast.advise import fight_and_policy
from fracas.rulesets.exp.fast.chain import (
    BrawlChain,
    first_chance,
    rolled_every_unit,
    start_grid,
)
from fracas.rulesets.exp.fast.model import Blow, BrawlModel, End, ExpPolicy, Matrix
from fracas.rulesets.exp.ruleset import ExpRuleset
from fracas.rulesets.exp.scenario import ExpScenario
from fracas.sim.fast import Distributions, Spread

DAMAGE_MISSING = (
    "the chain follows the HPS a blow takes off, not the damage rolled that fracas sim "
    "counts (what Damage System Shock is rolled against)"
)


class EndsChain(BrawlChain):
    """The chain, keeping each persona's HPS where the fight ends."""

    def __init__(self, model: BrawlModel, policy: ExpPolicy | None = None) -> None:
        super().__init__(model, policy)
        self.left: list[dict[int, float]] = [{}, {}]
        self.out = [0.0, 0.0]

    def _add(self, f: int, values: Matrix, low: int = 0) -> None:
        mine = self.left[f]
        for i in np.flatnonzero(values).tolist():
            mine[i + low] = mine.get(i + low, 0.0) + float(values[i])

    def record_end(self, how: End | Blow | None, grid: Matrix) -> None:
        if how is None:  # a draw: both standing
            self._add(0, grid.sum(axis=1))
            self._add(1, grid.sum(axis=0))
        elif isinstance(how, End):  # a concession: the loser is out, HPS as they are
            g = how.p * grid
            self._add(0, g.sum(axis=1))
            self._add(1, g.sum(axis=0))
            self.out[1 - how.winner] += float(g.sum())
        else:  # a blow knocks its target out
            b, t = how.by, 1 - how.by
            g = how.p * grid
            target = g.sum(axis=1 - t)  # the target's HPS before the blow
            knocked = g * (how.out[None, :] if t == 1 else how.out[:, None])
            self._add(b, knocked.sum(axis=t))
            low, m = self.model.knocked_at(*how.key)
            self._add(t, target @ m, low)
            self.out[t] += float(knocked.sum())


def brawl_distributions(
    scenario: ExpScenario, ruleset: ExpRuleset, policy: object | None = None
) -> Distributions:
    """The exact distributions of a fight inside ``chain.chain_scope`` (a persona with
    ``tactics: optimal`` follows ``policy``, or the one ``advise`` solves)."""
    spec, policy = fight_and_policy(scenario, ruleset, policy)
    chain = EndsChain(BrawlModel(spec), policy)
    e = chain.run(
        start_grid(spec),
        first_chance(spec),
        rolled_every_unit(spec),
        int(spec.opts[xs.O_MAX_UNITS]),
    )
    solution = e.solution()
    left = [Spread.of(chain.left[f]) for f in (0, 1)]
    out = [Spread.of({0: left[f].total - chain.out[f], 1: chain.out[f]}) for f in (0, 1)]
    return Distributions(
        solution=solution,
        left_label="HPS",
        left=(left[0], left[1]),
        taken=(None, None),
        dealt=(None, None),
        out=(out[0], out[1]),
        missing=(("damage dealt", DAMAGE_MISSING), ("damage taken", DAMAGE_MISSING)),
    )
