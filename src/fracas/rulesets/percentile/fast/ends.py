"""The exact distributions of a percentile duel's end (``fracas odds --distributions``):
each combatant's hit points left, the damage it took, and whether it was out of the fight,
read from the chain's end states.

The chain (``chain.DuelChain``) follows both combatants' hp cell by cell; where the fight
ends (someone down, dead or gone at the end of a round, Chapter 5, "The round"; a draw
after the last round) the cells hold both hp. The compiled round tallies the ended mass
without keeping the cells, so these come from the chain's reference round
(``DuelChain._run_reference``, the same rules, ``record_end`` its hook), whose outcome and
length are reported with them. The hp grid stops at death (-CON, "Damage and fatigue"):
a dead combatant's hp are "-CON or below" and the damage it took "hp + CON or more". The
damage each one *dealt* is not exact here: the grid holds hp, not whose blow took them (a
fumble's blow on oneself, Table 5.2, counts as taken but not dealt by the other).

Held to the Monte Carlo by tests/batch/test_exact_distributions.py.
"""

from __future__ import annotations

import numpy as np

from fracas.rulesets.percentile.fast import spec as ps
from fracas.rulesets.percentile.fast.chain import (
    DuelChain,
    Grid,
    collector_paused,
    first_player,
    solution_of,
)
from fracas.rulesets.percentile.fast.exchange_runner import ExchangeRunner
from fracas.rulesets.percentile.ruleset import PercentileRuleset
from fracas.rulesets.percentile.scenario import PercentileScenario
from fracas.sim.fast import Distributions, Spread

DEALT_MISSING = (
    "the chain follows hit points, not whose blow took them; a fumble's blow on oneself is "
    "taken but not dealt"
)


class EndsChain(DuelChain):
    """The chain's reference round, keeping the hp of both where the fight ends."""

    compiled = False

    def __init__(self, spec: ps.PercentileSpec, model: ExchangeRunner) -> None:
        super().__init__(spec, model)
        #: per combatant: P(hp index at the end), P(out at the end)
        self.left = [np.zeros(self.shape[0]), np.zeros(self.shape[1])]
        self.out = [0.0, 0.0]

    def record_end(self, grid: Grid, u0: int, u1: int) -> None:
        if u0 == 0 and u1 == 0:  # a draw: every cell ends, both standing
            ended = grid
        else:
            ended = grid.copy()
            ended[u0:, u1:] = 0.0  # both still up: the fight goes on there
        self.left[0] += ended.sum(axis=1)
        self.left[1] += ended.sum(axis=0)
        self.out[0] += float(ended[:u0, :].sum())
        self.out[1] += float(ended[:, :u1].sum())


def duel_distributions(
    ruleset: PercentileRuleset, scenario: PercentileScenario, policy: object | None = None
) -> Distributions:
    """The exact distributions of a duel inside the chain's scope (``policy``: as
    ``chain.duel_odds``)."""
    if policy is not None and not isinstance(policy, np.ndarray):
        raise TypeError(f"a percentile policy is an array of stances, not {type(policy)}")
    with collector_paused():
        spec = ps.compile_duel(scenario, ruleset, policy)
        chain = EndsChain(spec, ExchangeRunner(spec, ruleset.profiles(scenario)))
        r = chain.run(first_player(spec), int(spec.opts[ps.O_MAX_ROUNDS]))
    solution = solution_of(spec, r)
    left: list[Spread] = []
    taken: list[Spread | None] = []
    out: list[Spread] = []
    for f in (0, 1):
        hp = chain.hp_axis[f]
        probs = {int(hp[i]): float(p) for i, p in enumerate(chain.left[f])}
        # index 0 is death, -CON or below (``DuelChain.shifted``)
        spread = Spread.of(probs, floor=bool(chain.left[f][0] > 0.0))
        left.append(spread)
        taken.append(spread.shifted(chain.hp[f]))
        total = spread.total
        out.append(Spread.of({0: total - chain.out[f], 1: chain.out[f]}))
    return Distributions(
        solution=solution,
        left_label="HP",
        left=(left[0], left[1]),
        taken=(taken[0], taken[1]),
        dealt=(None, None),
        out=(out[0], out[1]),
        missing=(("damage dealt", DEALT_MISSING),),
    )
