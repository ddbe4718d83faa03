"""The best move in each state of an EXP brawl (``fracas advise`` for EXP).

Value iteration over the chain's decision process (``model``): the advised persona picks,
at each of its turns, the move that maximises its probability of winning among those the
rules leave open there (strike, grapple, trip, snatch; break free or reverse when held; a persona
down after a trip gets up first), by both HPS, who holds whom, who is down, the trip budgets
and whether it acts first or second in the unit; the other persona keeps its tactics. The
stationary policy value iteration converges to is then evaluated exactly by the chain, and
that exact figure is the one reported, next to the scenario's own tactics' exact figure.
A concession threshold on the advised persona (``optimal; concede-below N``) is kept: below
it the persona concedes, as the tactics do.

Mirrors the moves the chapter leaves open (strike, grapple, trip, snatch, break free, reverse,
get up). Held to the event engine by tests/batch/test_exp_advise.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.rulesets.exp.fast import codes as xt
from fracas.rulesets.exp.fast import spec as xs
from fracas.rulesets.exp.fast.chain import (
    BrawlOdds,
    chain_odds,
    chain_scope,
    compile_fight,
    first_chance,
    rolled_every_unit,
)
from fracas.rulesets.exp.fast.model import (
    DOWN,
    HOLD,
    HOLD_NONE,
    INV,
    OWED,
    OWED_NONE,
    TRIP,
    Again,
    Blow,
    BrawlModel,
    Disc,
    End,
    ExpPolicy,
    Matrix,
    Move,
)
from fracas.rulesets.exp.ruleset import ExpRuleset
from fracas.rulesets.exp.scenario import ExpScenario
from fracas.rulesets.exp.state import ExpEncounter, Persona
from fracas.sim.odds import Odds, OutOfScope, odds

#: the moves advise chooses among, as the table shows them
SHORT = {
    xt.A_STRIKE: "strike",
    xt.A_GRAPPLE: "grapple",
    xt.A_TRIP: "trip",
    xt.A_WAIT: "wait",
    xt.A_BREAK_FREE: "break",
    xt.A_REVERSE: "reverse",
    xt.A_STAND_UP: "get-up",
    xt.A_CONCEDE: "concede",
    xt.A_SNATCH: "snatch",
}
TIE = 1e-12

#: what the event engine's ``optimal`` tactic reads: the move in a state, for a persona
MoveOf = Callable[[ExpEncounter, Persona], str]


def optimal_name(tactics: object) -> bool:
    """Whether a persona's ``tactics`` (validated to its text) are ``optimal``."""
    return str(tactics).split(";", 1)[0].strip() == "optimal"


def with_policy(scenario: ExpScenario, fighter: int) -> ExpScenario:
    """``scenario`` with the advised persona's tactics set to ``optimal`` (its concession
    threshold kept)."""
    data = scenario.model_dump(mode="json")
    spec = data["combatants"][fighter]
    tail = spec["tactics"].split(";", 1)[1:] if isinstance(spec["tactics"], str) else []
    spec["tactics"] = "optimal" + (f";{tail[0]}" if tail else "")
    return type(scenario).model_validate(data)


def solve(model: BrawlModel, fighter: int, tol: float = 1e-10) -> ExpPolicy:
    """Value iteration (see the module docstring) for ``fighter`` over ``model``."""
    spec = model.spec
    other = 1 - fighter

    def moves(d: Disc, a: int) -> list[int]:
        if a == fighter:
            return model.legal(d, a)
        return [x for x, _ in model.tactic_choices(d, a)]

    states = model.reachable(moves)
    # states where the actor is held come last: a won break check is valued by the state
    # after it, computed first in the same turn
    order = {a: sorted(states, key=lambda d: model.held(d, a)) for a in (0, 1)}
    below = int(spec.pi[fighter, xs.P_CONCEDE])
    own = np.arange(model.shape[fighter]) < below
    concede = np.broadcast_to(own[:, None] if fighter == 0 else own[None, :], model.shape)
    zero = np.zeros(model.shape)

    def q_value(
        d: Disc,
        a: int,
        action: int,
        phase: int,
        after: dict[Disc, Matrix],
        before: dict[Disc, Matrix],
    ) -> Matrix:
        total = np.zeros(model.shape)
        for r in model.outcomes(d, a, action, phase):
            if r.p == 0.0:
                continue
            if isinstance(r, End):
                total += r.p * (1.0 if r.winner == fighter else 0.0)
            elif isinstance(r, Move):
                total += r.p * after.get(r.d, zero)
            elif isinstance(r, Blow):
                w = after.get(r.d, zero)
                won = 1.0 if r.by == fighter else 0.0
                reach = r.out[None, :] if r.by == 0 else r.out[:, None]
                total += r.p * (r.backward(w) + won * reach)
            elif isinstance(r, Again):
                total += r.p * before[r.d]
        return total

    def turn_back(
        a: int,
        phase: int,
        after: dict[Disc, Matrix],
        best: dict[Disc, npt.NDArray[np.int64]] | None,
    ) -> dict[Disc, Matrix]:
        """The value before ``a``'s turn, from the value after it (``best``: the argmax)."""
        before: dict[Disc, Matrix] = {}
        for d in order[a]:
            if a != fighter:
                v = np.zeros(model.shape)
                for x, cells in model.tactic_choices(d, a):
                    q = q_value(d, a, x, phase, after, before)
                    v += q if cells is None else np.where(cells, q, 0.0)
                before[d] = v
                continue
            legal = model.legal(d, a)
            qs = np.stack([q_value(d, a, x, phase, after, before) for x in legal])
            top = qs.max(axis=0)
            pick = np.argmax(qs >= top - TIE, axis=0)  # the first of the tied moves
            v = top
            acts = np.array(legal, np.int64)[pick]
            if below > 0:
                v = np.where(concede, 0.0, v)
                acts = np.where(concede, xt.A_CONCEDE, acts)
            before[d] = v
            if best is not None:
                best[d] = acts
        return before

    p0 = first_chance(spec)
    rolled = rolled_every_unit(spec)
    ctxs = (-1,) if rolled else (0, 1)
    value = {c: {d: np.zeros(model.shape) for d in states} for c in ctxs}
    best: dict[tuple[int, Disc], npt.NDArray[np.int64]] = {}
    for _ in range(int(spec.opts[xs.O_MAX_UNITS])):
        new: dict[int, dict[Disc, Matrix]] = {}
        for c in ctxs:
            firsts = ((0, p0), (1, 1 - p0)) if c == -1 else ((c, 1.0),)
            acc = {d: np.zeros(model.shape) for d in states}
            for first, share in firsts:
                if share == 0.0:
                    continue
                phase_best: dict[Disc, npt.NDArray[np.int64]] = {}
                mid = turn_back(1 - first, 1, value[c], phase_best if first == other else None)
                start = turn_back(first, 0, mid, phase_best if first == fighter else None)
                phase = 0 if first == fighter else 1
                for d, acts in phase_best.items():
                    best[(phase, d)] = acts
                for d in states:
                    acc[d] += share * start[d]
            new[c] = acc
        delta = max(float(np.abs(new[c][d] - value[c][d]).max()) for c in ctxs for d in states)
        value = new
        if delta < tol:
            break
    h0, h1 = int(spec.pi[0, xs.P_HPS]), int(spec.pi[1, xs.P_HPS])
    d0 = model.start()
    if rolled:
        reached = float(value[-1][d0][h0, h1])
    else:
        reached = p0 * float(value[0][d0][h0, h1]) + (1 - p0) * float(value[1][d0][h0, h1])
    return ExpPolicy(fighter=fighter, table=best, start_value=reached)


def solve_scenario(scenario: ExpScenario, ruleset: ExpRuleset) -> ExpPolicy:
    """The policy of the scenario's persona with ``tactics: optimal``."""
    fighter = next(i for i, c in enumerate(scenario.combatants) if optimal_name(c.tactics))
    return solve(BrawlModel(compile_fight(scenario, ruleset)), fighter)


def brawl_odds(
    scenario: ExpScenario, ruleset: ExpRuleset, policy: object | None = None
) -> BrawlOdds:
    """The exact odds of a fight inside :func:`chain_scope` (a persona with ``tactics:
    optimal`` follows ``policy``, or the policy :func:`solve_scenario` computes)."""
    return chain_odds(*fight_and_policy(scenario, ruleset, policy))


def fight_and_policy(
    scenario: ExpScenario, ruleset: ExpRuleset, policy: object | None
) -> tuple[xs.ExpSpec, ExpPolicy | None]:
    """The compiled fight and the policy its ``tactics: optimal`` persona follows:
    ``policy``, or the one :func:`solve_scenario` computes (None if no one is optimal)."""
    spec = compile_fight(scenario, ruleset)
    if policy is not None and not isinstance(policy, ExpPolicy):
        raise TypeError(f"an EXP policy is an ExpPolicy, not {type(policy)}")
    if policy is None and any(int(spec.pi[f, xs.P_TACTIC]) == xt.T_OPTIMAL for f in (0, 1)):
        policy = solve_scenario(scenario, ruleset)
    return spec, policy


@dataclass(frozen=True)
class ExpAdvice:
    """The advised persona's policy, the exact odds under it and under its own tactics."""

    side: str
    fighter: int
    names: tuple[str, str]
    policy: ExpPolicy
    model: BrawlModel
    optimal: Odds
    own: Odds
    seconds: float

    @property
    def gain(self) -> float:
        return self.optimal.win[self.fighter] - self.own.win[self.fighter]

    def grid(self, keep: Callable[[Disc], bool]) -> npt.NDArray[np.int64] | None:
        """The policy's move by [own HPS, other's HPS] over the states ``keep`` picks (both
        phases): the move most of them take in each cell (-1 where none is kept)."""
        f = self.fighter
        grids = [g for (_, d), g in self.policy.table.items() if keep(d)]
        if not grids:
            return None
        stack = np.stack([g if f == 0 else g.T for g in grids])
        out = np.full(stack.shape[1:], -1, np.int64)
        for i in range(stack.shape[1]):
            for j in range(stack.shape[2]):
                values, counts = np.unique(stack[:, i, j], return_counts=True)
                out[i, j] = values[np.argmax(counts)]
        return out

    def situations(self) -> list[tuple[str, Callable[[Disc], bool]]]:
        f = self.fighter
        o = 1 - f
        free = self.model.start()

        def standing_free(d: Disc) -> bool:
            return d[HOLD] == HOLD_NONE and d[DOWN + o] == 0 and d[DOWN + f] == 0

        out: list[tuple[str, Callable[[Disc], bool]]] = [
            ("both free and standing, no trip tried yet", lambda d: d == free),
            ("both free and standing", standing_free),
            (f"{self.names[o]} down after a trip", lambda d: d[DOWN + o] > 0 and d[HOLD] == 0),
            (f"holding {self.names[o]}", lambda d: d[HOLD] == 1 + f and d[DOWN + f] == 0),
            (f"held by {self.names[o]}", lambda d: d[HOLD] == 1 + o and d[DOWN + f] == 0),
        ]
        inventories = self.model.spec.inventories
        used = sorted({d[INV] for _, d in self.policy.table})
        if len(used) > 1:  # weapons thrown or snatched: one table per way they are shared
            for k in used[:6]:
                mine, theirs = inventories[k][f], inventories[k][o]
                label = (
                    f"both free and standing, {self.names[f]} with {', '.join(mine)}, "
                    f"{self.names[o]} with {', '.join(theirs)}"
                )

                def keep(d: Disc, k: int = k) -> bool:
                    return standing_free(d) and d[INV] == k

                out.append((label, keep))
        return out

    def bands(
        self, grid: npt.NDArray[np.int64], width: int = 5
    ) -> list[tuple[tuple[int, int], list[tuple[tuple[int, int], str]]]]:
        """``grid`` by HPS bands: rows of the advised persona's HPS, columns of the other's;
        a band's move is the one most of its cells take."""

        def cuts(top: int) -> list[tuple[int, int]]:
            out, lo = [], 1
            while lo <= top:
                hi = min(top, lo + width - 1)
                out.append((lo, hi))
                lo = hi + 1
            return out[::-1]

        rows = []
        for lo, hi in cuts(grid.shape[0] - 1):
            cols = []
            for clo, chi in cuts(grid.shape[1] - 1):
                block = grid[lo : hi + 1, clo : chi + 1].ravel()
                block = block[block >= 0]
                if len(block) == 0:
                    cols.append(((clo, chi), "-"))
                    continue
                values, counts = np.unique(block, return_counts=True)
                cols.append(((clo, chi), SHORT[int(values[np.argmax(counts)])]))
            rows.append(((lo, hi), cols))
        return rows

    def tables(self) -> list[tuple[str, list[Any]]]:
        """One banded table per situation; situations with the same table share it (their
        labels joined with ``; ``)."""
        out: list[tuple[str, list[Any]]] = []
        for label, keep in self.situations():
            g = self.grid(keep)
            if g is None:
                continue
            bands = self.bands(g)
            for i, (seen, other) in enumerate(out):
                if other == bands:
                    out[i] = (f"{seen}; {label}", other)
                    break
            else:
                out.append((label, bands))
        return out

    def lines(self) -> list[str]:
        me, foe = self.names[self.fighter], self.names[1 - self.fighter]
        lines = [f"Best move for {me} ({self.side}) by HPS (rows: {me}'s, columns: {foe}'s):"]
        for label, bands in self.tables():
            parts = label.split("; ")
            lines.extend(
                f"  {part}{';' if i < len(parts) - 1 else ':'}" for i, part in enumerate(parts)
            )
            lines.append(f"  {'':8}" + "".join(f"{f'{lo}-{hi}':>8}" for (lo, hi), _ in bands[0][1]))
            for (lo, hi), cols in bands:
                lines.append(f"  {f'{lo}-{hi}':>8}" + "".join(f"{s:>8}" for _, s in cols))
        lines.append(
            "  (strike: the brawler's best blow; break: a break check, the turn kept if won; "
            "reverse: a reversal; get-up: getting up after a trip)"
        )
        lines.append(
            f"{me} wins {self.own.win[self.fighter]:.2%} with the scenario's tactics, "
            f"{self.optimal.win[self.fighter]:.2%} with this policy "
            f"({self.gain * 100:+.2f} points); exact, truncation error <= "
            f"{max(self.own.error, self.optimal.error):.1e}"
        )
        lines.append(
            f"computed in {self.seconds:.2f} s; put `tactics: optimal` on {me} to fight it"
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
                label: {
                    f"{lo}-{hi}": {f"{a}-{b}": s for (a, b), s in cols} for (lo, hi), cols in bands
                }
                for label, bands in self.tables()
            },
            "policy_states": [
                {
                    "phase": phase,
                    "holding": d[HOLD],
                    "down": [d[DOWN], d[DOWN + 1]],
                    "trip_budget": [d[TRIP], d[TRIP + 1]],
                    "inventory": list(self.model.spec.inventories[d[INV]]),
                    "owed": d[OWED] - 1,
                    "moves": grid.tolist(),
                }
                for (phase, d), grid in sorted(self.policy.table.items())
            ],
            "moves": list(xt.ACTION_NAMES),
            "odds_optimal": self.optimal.to_json(),
            "odds_own": self.own.to_json(),
            "seconds": self.seconds,
        }


def advise(ruleset: ExpRuleset, scenario: ExpScenario, side: str | None = None) -> ExpAdvice:
    """The best move table for ``side`` (default: the first combatant's) and its odds."""
    sides = [c.side for c in scenario.combatants]
    if side is None:
        side = sides[0]
    if side not in sides:
        raise OutOfScope(f"--side {side!r}: no such side (sides: {', '.join(sides)})")
    fighter = sides.index(side)
    if any(optimal_name(c.tactics) for c in scenario.combatants):
        raise OutOfScope("advise compares with the scenario's own tactics: none may be 'optimal'")
    why = chain_scope(scenario, ruleset)
    if why is not None:
        raise OutOfScope(why)
    start = time.perf_counter()
    advised = with_policy(scenario, fighter)
    why = chain_scope(advised, ruleset)
    if why is not None:
        raise OutOfScope(why)
    model = BrawlModel(compile_fight(advised, ruleset))
    policy = solve(model, fighter)
    own = odds(ruleset, scenario)
    optimal = odds(ruleset, advised, policy)
    return ExpAdvice(
        side=side,
        fighter=fighter,
        names=(model.spec.names[0], model.spec.names[1]),
        policy=policy,
        model=model,
        optimal=optimal,
        own=own,
        seconds=time.perf_counter() - start,
    )


def install(ruleset: ExpRuleset, scenario: ExpScenario) -> ExpPolicy | None:
    """For an EXP brawl with a persona on ``tactics: optimal``: solve its policy (as
    ``advise`` does) and install it for the event engine (``tactics.OPTIMAL_POLICIES``, read
    by the persona's id); None when no persona uses it."""
    optimal = [i for i, c in enumerate(scenario.combatants) if optimal_name(c.tactics)]
    if not optimal:
        return None
    from fracas.rulesets.exp.tactics import OPTIMAL_POLICIES

    why = chain_scope(scenario, ruleset)
    if why is not None:
        raise OutOfScope(f"tactics 'optimal' needs the chain: {why}")
    fighter = optimal[0]
    hit = _SOLVED.get(id(scenario))
    if hit is not None and hit[0] is scenario:  # solved for this very scenario: reinstall
        OPTIMAL_POLICIES[hit[1]] = hit[2]
        return hit[3]
    spec = compile_fight(scenario, ruleset)
    model = BrawlModel(spec)
    policy = solve(model, fighter)
    reader = situation_reader(ruleset, scenario, model, policy)
    OPTIMAL_POLICIES[spec.names[fighter]] = reader
    _SOLVED[id(scenario)] = (scenario, spec.names[fighter], reader, policy)
    return policy


#: policies solved, by scenario object (kept with it, so the id stays its own): a run that
#: switches between variants whose personas share a name reinstalls each one's own
_SOLVED: dict[int, tuple[ExpScenario, str, MoveOf, ExpPolicy]] = {}


def situation_reader(
    ruleset: ExpRuleset, scenario: ExpScenario, model: BrawlModel, policy: ExpPolicy
) -> MoveOf:
    """The installed policy: the event engine's state read as the chain's (HPS, who holds
    whom, who is down, trip budgets, who holds which weapon, the +242 owed, first or second
    in the unit)."""
    names = model.spec.names
    inventories = {inv: i for i, inv in enumerate(model.spec.inventories)}

    def move(state: ExpEncounter, p: Persona) -> str:
        f = names.index(p.id)
        two = [state.combatants[n] for n in names]
        hold = HOLD_NONE
        owed = OWED_NONE
        trips = []
        for x in (0, 1):
            foe = names[1 - x]
            if two[x].holding is not None:
                hold = 1 + x
            if two[x].bonus_against.get(foe, 0):
                owed = 1 + x
            tried = two[x].failed_trips.get(foe, 0)
            trips.append(model.give_up if foe in two[x].tripped else min(tried, model.give_up))
        inv = inventories.get(
            (tuple(w.name for w in two[0].weapons), tuple(w.name for w in two[1].weapons))
        )
        if inv is None:
            return "strike"
        d: Disc = (hold, int(two[0].down), int(two[1].down), trips[0], trips[1], inv, owed)
        phase = 1 if names[1 - f] in state.acted else 0
        act = policy.action(phase, d, int(two[0].hps), int(two[1].hps))
        return "strike" if act is None else xt.ACTION_NAMES[act]

    return move
