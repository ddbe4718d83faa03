"""The best stance in each state of a percentile duel (``fracas advise``).

Value iteration over the duel as a Markov decision process: the advised side picks, every
round, all-out attack, normal attack or all-out defence by both hp, and, with a ``dodge``
skill, each of them dodging instead of parrying (``all-out-attack+dodge`` ...: the
declaration's ``dodge``, Chapter 5, "Attacking and defending"; option ``all_out_dodge`` says
what dodging in an all-out attack costs); the other side keeps its tactics. The decision
process is the chain's with the kits held at their start (no fumble aftermath, no fatigue)
and every round simultaneous; the policy it finds is then evaluated exactly by the full chain
(``odds`` with ``tactics: optimal`` following the policy table), and that exact figure is the
one reported, next to the scenario's own tactics' exact figure. Extra parries are not a
choice here: in a duel a second parry is never needed (one attack a round).

What the decision process leaves out (kit changes, fatigue) can make a fixed stance win more
in the full chain than the table it finds (Ondkille in ``ondkille-dodges.yaml``: always
all-out defence wins 1.0e-3 more, as long fights tire Joanne out). So every fixed stance is
evaluated in the full chain too (``best_policy``), and the advice is the table that wins most
of these: the value iteration's, or a fixed stance where one beats it. That is the best of
these candidates, exactly; a table mixing stances by kit or round could still do better.

Mirrors Chapter 5, "Attacking and defending" (the stances a fighter may declare). Held to the
event engine by tests/batch/test_advise.py and test_percentile_dodging.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.rulesets.percentile.fast import spec as ps
from fracas.rulesets.percentile.fast.chain import (
    DuelChain,
    chain_scope,
    duel_odds,
    first_player,
    load_kernels,
)
from fracas.rulesets.percentile.fast.exchange_runner import ExchangeRunner
from fracas.rulesets.percentile.fast.grid_kernel import expect_branches
from fracas.rulesets.percentile.fast.kit import Kit
from fracas.rulesets.percentile.fast.tactics import (
    ATTACK_CODES,
    S_ALL_OUT_ATTACK,
    S_ALL_OUT_ATTACK_DODGING,
    S_ALL_OUT_DEFENCE,
    S_ALL_OUT_DEFENCE_DODGING,
    S_NORMAL_ATTACK,
    S_NORMAL_ATTACK_DODGING,
    STANCE_NAMES,
    T_OPTIMAL,
    base_stance,
)
from fracas.rulesets.percentile.ruleset import PercentileRuleset
from fracas.rulesets.percentile.scenario import PercentileScenario
from fracas.rulesets.percentile.state import Fighter, PercentileEncounter
from fracas.sim.odds import Odds, OutOfScope, timed

CHOICES = (S_ALL_OUT_ATTACK, S_NORMAL_ATTACK, S_ALL_OUT_DEFENCE)
#: the choices added for a fighter with a ``dodge`` skill
DODGING_CHOICES = (S_ALL_OUT_ATTACK_DODGING, S_NORMAL_ATTACK_DODGING, S_ALL_OUT_DEFENCE_DODGING)
Policy = npt.NDArray[np.int64]
#: what the event engine's ``optimal`` tactic reads: the stance in a state, for a fighter
StanceOf = Callable[[PercentileEncounter, Fighter], str]
#: the stances as the advice's table shows them
SHORT = {
    "all-out-attack": "AOA",
    "normal-attack": "norm",
    "all-out-defence": "AOD",
    "recover-weapon": "rec",
    "all-out-attack+dodge": "AOA+d",
    "normal-attack+dodge": "norm+d",
    "all-out-defence+dodge": "AOD+d",
}


@dataclass(frozen=True)
class Advice:
    """The advised side's policy (``policy[own hp, other's hp]``: a stance), the exact odds
    under it and under the scenario's own tactics. The policy maximises the win chance in a
    decision process without kit changes and fatigue, checked in the full chain against
    every fixed stance (``fixed``: each one's exact win chance; ``source``: "value
    iteration", or the fixed stance that won more and is the advice instead): the best of
    these, not of every possible table (module docstring)."""

    side: str
    fighter: int
    names: tuple[str, str]
    policy: Policy
    optimal: Odds
    own: Odds
    seconds: float
    source: str = "value iteration"
    fixed: tuple[tuple[str, float], ...] = ()

    @property
    def gain(self) -> float:
        return self.optimal.win[self.fighter] - self.own.win[self.fighter]

    def bands(
        self, width: int = 4
    ) -> list[tuple[tuple[int, int], list[tuple[tuple[int, int], str]]]]:
        """The policy by hp bands: rows of the advised fighter's hp, columns of the other's;
        a band's stance is the one most of its cells take."""
        own_max, other_max = self.policy.shape[0] - 1, self.policy.shape[1] - 1

        def cuts(top: int) -> list[tuple[int, int]]:
            out, lo = [], 1
            while lo <= top:
                hi = min(top, lo + width - 1)
                out.append((lo, hi))
                lo = hi + 1
            return out[::-1]

        rows = []
        for lo, hi in cuts(own_max):
            cols = []
            for clo, chi in cuts(other_max):
                block = self.policy[lo : hi + 1, clo : chi + 1].ravel()
                values, counts = np.unique(block, return_counts=True)
                cols.append(((clo, chi), STANCE_NAMES[int(values[np.argmax(counts)])]))
            rows.append(((lo, hi), cols))
        return rows

    def lines(self) -> list[str]:
        """The policy by hp bands and the gain, as lines for a terminal."""
        me, foe = self.names[self.fighter], self.names[1 - self.fighter]
        bands = self.bands()
        lines = [
            f"Best stance for {me} ({self.side}) by hp (rows: {me}'s hp, columns: {foe}'s hp):",
            f"  {'':7}" + "".join(f"{f'{lo}-{hi}':>7}" for (lo, hi), _ in bands[0][1]),
        ]
        for (lo, hi), cols in bands:
            lines.append(f"  {f'{lo}-{hi}':>7}" + "".join(f"{SHORT.get(s, s):>7}" for _, s in cols))
        legend = "AOA all-out attack, norm normal attack, AOD all-out defence"
        if any(s.endswith("+dodge") for _, cols in bands for _, s in cols):
            legend += "; +d dodging instead of parrying"
        lines.append(f"  ({legend})")
        lines.append(
            f"{me} wins {self.own.win[self.fighter]:.2%} with the scenario's tactics, "
            f"{self.optimal.win[self.fighter]:.2%} with this policy ({self.gain * 100:+.2f} "
            f"points); exact, truncation error <= {max(self.own.error, self.optimal.error):.1e}"
        )
        checked = ", ".join(f"{SHORT.get(s, s)} {p:.4%}" for s, p in self.fixed)
        lines.append(
            f"value iteration maximises {me}'s chance in a model without kit changes (fumbles, "
            f"breakage) or fatigue; in the full fight each fixed stance wins {checked}"
        )
        if self.source != "value iteration":
            lines.append(f"the {self.source} stance wins more than that table: it is the advice")
        lines.append("(the best of these; a table by kit or round might do better still)")
        lines.append(
            f"computed in {self.seconds:.2f} s CPU; put `tactics: optimal` on {me} to fight it"
        )
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "fighter": self.names[self.fighter],
            "win_own_tactics": self.own.win[self.fighter],
            "win_optimal": self.optimal.win[self.fighter],
            "gain": self.gain,
            "policy": {
                f"{lo}-{hi}": {f"{a}-{b}": s for (a, b), s in cols}
                for (lo, hi), cols in self.bands()
            },
            "policy_cells": self.policy.tolist(),
            "policy_source": self.source,
            "win_fixed_stances": dict(self.fixed),
            "stances": list(STANCE_NAMES),
            "odds_optimal": self.optimal.to_json(),
            "odds_own": self.own.to_json(),
            "seconds": self.seconds,
        }


def with_policy(scenario: PercentileScenario, fighter: int) -> PercentileScenario:
    """``scenario`` with the advised fighter's tactics set to ``optimal``."""
    data = scenario.model_dump(mode="json")
    spec = data["combatants"][fighter]
    spec["tactics"] = "optimal"
    spec.pop("script", None)
    spec.pop("then", None)
    return type(scenario).model_validate(data)


def choices(spec: ps.PercentileSpec, fighter: int) -> tuple[int, ...]:
    """The stances ``fighter`` may be advised: ``CHOICES``, and ``DODGING_CHOICES`` with a
    dodge skill (on equal values the first in this order wins: parrying before dodging)."""
    return CHOICES + (DODGING_CHOICES if spec.fi[fighter, ps.DODGE] else ())


def solve(
    spec: ps.PercentileSpec, model: ExchangeRunner, fighter: int, iterations: int = 400
) -> Policy:
    """Value iteration: the stance table maximising ``fighter``'s win probability in the
    decision process described in the module docstring."""
    chain = DuelChain(spec, model)
    shape = chain.shape
    con = chain.con
    other = 1 - fighter
    kits = [
        Kit(
            0,
            tuple([0] * int(spec.fi[f, ps.NWEAP])),
            tuple(int(b) for b in spec.bv[f, : spec.fi[f, ps.NWEAP]]),
        )
        for f in range(2)
    ]
    hp0, hp1 = chain.hp_axis
    alive = (hp0[:, None] > 0) & (hp1[None, :] > 0)
    mine = (hp0 > 0)[:, None] if fighter == 0 else (hp1 > 0)[None, :]
    theirs = (hp1 > 0)[None, :] if fighter == 0 else (hp0 > 0)[:, None]
    won = np.broadcast_to(mine & ~theirs, shape).astype(float)
    # the other side's stance over the grid (its tactics, after any script)
    fi = spec.fi[other]
    their = np.zeros(shape, np.int64)
    for i, a in enumerate(hp0):
        for j, b in enumerate(hp1):
            own_hp, foe_hp = (int(b), int(a)) if fighter == 0 else (int(a), int(b))
            if own_hp > 0 and foe_hp > 0:
                s = base_stance(
                    int(fi[ps.TACTIC]),
                    10_000,
                    int(own_hp),
                    int(fi[ps.HP_MAX]),
                    int(foe_hp),
                    spec.script[other],
                    0,
                    int(fi[ps.THEN]),
                    spec.policy[other],
                )
                their[i, j] = chain.declared(other, kits[other], kits[fighter], s)[0]
    p0 = first_player(spec)
    dead = {f: (chain.hp_axis[f] <= -con[f]) for f in (0, 1)}

    def exchange_value(
        f: int, sf: int, sg: int, value: npt.NDArray[np.float64], gate: npt.NDArray[np.bool_]
    ) -> npt.NDArray[np.float64]:
        """E[value after f's attack], where ``gate`` (f may attack), else value itself."""
        if sf not in ATTACK_CODES:
            return value
        g = 1 - f
        top = int(spec.dmax[f, kits[f].wield])
        hp_g = chain.hp_axis[g]
        low = np.broadcast_to((hp_g <= top)[None, :] if g == 1 else (hp_g <= top)[:, None], shape)
        result = value
        no_free = chain.no_free_defence(sg)  # its defence is an extra one: the tactics decide
        for flag in (False, True) if no_free else (False,):
            _, q, d0, d1, _ = chain.branch_arrays(f, kits[f], kits[g], sf, sg, 0, 0, flag)
            out = np.empty(shape)
            expect_branches(np.ascontiguousarray(value), q, d0, d1, out)
            cells = gate if not no_free else gate & (low if flag else ~low)
            result = np.where(cells, out, result)
        return result

    target_alive = {
        0: ~dead[1][None, :] & np.ones(shape, bool),
        1: ~dead[0][:, None] & np.ones(shape, bool),
    }
    value = np.zeros(shape)
    best = np.full(shape, S_NORMAL_ATTACK, np.int64)
    options = choices(spec, fighter)
    for _ in range(iterations):
        after = np.where(alive, value, won)  # the value of a cell at the end of a round
        q_values = []
        for s in options:
            total = np.zeros(shape)
            for first, share in ((0, p0), (1, 1 - p0)):
                second = 1 - first
                stances = {fighter: s}
                # the other side's stance depends on the cell: split by its stances
                part = np.zeros(shape)
                for t in np.unique(their[alive]):
                    stances[other] = int(t)
                    v2 = exchange_value(
                        second, stances[second], stances[first], after, target_alive[second]
                    )
                    v1 = exchange_value(
                        first, stances[first], stances[second], v2, np.ones(shape, bool)
                    )
                    part += np.where(their == t, v1, 0.0)
                total += share * part
            q_values.append(np.where(alive, total, 0.0))
        stacked = np.stack(q_values)
        new_best = np.array(options)[np.argmax(stacked, axis=0)]
        new_value = stacked.max(axis=0)
        delta = float(np.abs(new_value - value).max())
        value, best = new_value, new_best
        if delta < 1e-10:
            break
    # the table the tactic reads: [own hp, other's hp]
    h_own = int(spec.fi[fighter, ps.HP_MAX])
    h_other = int(spec.fi[other, ps.HP_MAX])
    policy = np.full((h_own + 1, h_other + 1), S_NORMAL_ATTACK, np.int64)
    for own_hp in range(1, h_own + 1):
        for foe_hp in range(1, h_other + 1):
            x, y = (
                (own_hp + con[0], foe_hp + con[1])
                if fighter == 0
                else (foe_hp + con[0], own_hp + con[1])
            )
            if x < shape[0] and y < shape[1]:
                policy[own_hp, foe_hp] = best[x, y]
    return policy


def advise(
    ruleset: PercentileRuleset, scenario: PercentileScenario, side: str | None = None
) -> Advice:
    """The best stance table for ``side`` (default: the first combatant's) and its odds."""
    why = chain_scope(scenario, ruleset)
    if why is not None:
        raise OutOfScope(why)
    sides = [c.side for c in scenario.combatants]
    if side is None:
        side = sides[0]
    if side not in sides:
        raise OutOfScope(f"--side {side!r}: no such side (sides: {', '.join(sides)})")
    fighter = sides.index(side)
    load_kernels()  # the time reported is advise's, not numba loading its cache
    start = time.process_time()  # CPU time: what the computation took, load aside
    spec = ps.compile_duel(scenario, ruleset)
    model = ExchangeRunner(spec, ruleset.profiles(scenario))
    best = best_policy(ruleset, scenario, spec, model, fighter)
    own = _odds(ruleset, scenario, None, model)
    return Advice(
        side=side,
        fighter=fighter,
        names=(spec.names[0], spec.names[1]),
        policy=best.policy,
        optimal=best.odds,
        own=own,
        seconds=time.process_time() - start,
        source=best.source,
        fixed=best.fixed,
    )


def _odds(
    ruleset: PercentileRuleset,
    scenario: PercentileScenario,
    policy: Policy | None,
    model: ExchangeRunner,
) -> Odds:
    """``fracas odds``' figures, from an exchange model already built."""
    why = chain_scope(scenario, ruleset)
    if why is not None:
        raise OutOfScope(why)
    load_kernels()
    return timed(scenario.name, lambda: duel_odds(ruleset, scenario, policy, model))


@dataclass(frozen=True)
class Best:
    """``best_policy``'s answer: the table, its exact odds, where it came from, and each
    fixed stance's exact win chance."""

    policy: Policy
    odds: Odds
    source: str
    fixed: tuple[tuple[str, float], ...]


def best_policy(
    ruleset: PercentileRuleset,
    scenario: PercentileScenario,
    spec: ps.PercentileSpec,
    model: ExchangeRunner,
    fighter: int,
) -> Best:
    """The value iteration's table (``solve``) or, where one wins more in the full chain, a
    fixed stance (each of ``choices``, evaluated exactly as a table of that one stance):
    what the decision process leaves out (kit changes, fatigue) can favour one. On equal
    figures the value iteration's table is kept."""
    advised = with_policy(scenario, fighter)
    solved = solve(spec, model, fighter)
    best = Best(
        solved,
        _odds(ruleset, advised, _tables(solved, fighter, spec), model),
        "value iteration",
        (),
    )
    fixed: list[tuple[str, float]] = []
    for stance in choices(spec, fighter):
        table = np.full_like(solved, stance)
        if np.array_equal(table[1:, 1:], solved[1:, 1:]):  # (row and column 0: no fight)
            fixed.append((STANCE_NAMES[stance], best.odds.win[fighter]))
            continue
        o = _odds(ruleset, advised, _tables(table, fighter, spec), model)
        fixed.append((STANCE_NAMES[stance], o.win[fighter]))
        if o.win[fighter] > best.odds.win[fighter]:
            best = Best(table, o, f"fixed {STANCE_NAMES[stance]}", ())
    return Best(best.policy, best.odds, best.source, tuple(fixed))


def _tables(policy: Policy, fighter: int, spec: ps.PercentileSpec) -> Policy:
    """The kernel's ``policy`` array: [fighter, own hp, other's hp] (the other unused)."""
    shape = (2, *policy.shape)
    tables = np.zeros(shape, np.int64)
    tables[fighter] = policy
    return tables


__all__ = ["T_OPTIMAL", "Advice", "Best", "advise", "best_policy", "with_policy"]


def install_policy(ruleset: PercentileRuleset, scenario: PercentileScenario) -> Policy | None:
    """For a duel with ``tactics: optimal``: compute the policy (as ``advise`` does),
    install it for the event engine (``tactics.OPTIMAL_POLICIES``) and return the kernel's
    policy array; None when no combatant uses it."""
    optimal = [i for i, c in enumerate(scenario.combatants) if c.tactics == "optimal"]
    if not optimal:
        return None
    from fracas.rulesets.percentile.tactics import OPTIMAL_POLICIES

    why = chain_scope(scenario, ruleset)
    if why is not None:
        raise OutOfScope(f"tactics 'optimal' needs the chain: {why}")
    if len(optimal) > 1:
        raise OutOfScope("tactics 'optimal' for one side of a duel only")
    fighter = optimal[0]
    name = scenario.combatants[fighter].name
    hit = _SOLVED.get(id(scenario))
    if hit is not None and hit[0] is scenario:  # solved for this very scenario: reinstall
        OPTIMAL_POLICIES[name] = hit[1]
        return hit[2]
    # the policy is solved against the other side's tactics (the same decision process)
    spec = ps.compile_duel(scenario, ruleset, np.zeros((2, 1, 1), np.int64))
    model = ExchangeRunner(spec, ruleset.profiles(scenario))
    policy = best_policy(ruleset, scenario, spec, model, fighter).policy  # (advise's)
    other = scenario.combatants[1 - fighter].name

    def stance(state: PercentileEncounter, c: Fighter) -> str:
        foe = state.combatants[other]
        i = min(max(c.hp, 0), policy.shape[0] - 1)
        j = min(max(foe.hp, 0), policy.shape[1] - 1)
        return STANCE_NAMES[int(policy[i, j])]

    OPTIMAL_POLICIES[name] = stance
    tables = _tables(policy, fighter, spec)
    _SOLVED[id(scenario)] = (scenario, stance, tables)
    return tables


#: policies solved, by scenario object (kept with it, so the id stays its own): a run that
#: switches between variants whose combatants share a name reinstalls each one's own
_SOLVED: dict[
    int, tuple[PercentileScenario, Callable[[PercentileEncounter, Fighter], str], Policy]
] = {}
