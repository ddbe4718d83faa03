"""The exact odds of an EXP one-on-one brawl: a Markov chain over the brawl's state
(``model``: both personas' HPS, who holds whom, who is down after a trip, trip budgets,
who holds which weapon, the +242 owed after a failed snatch), unit by unit. A unit applies
the two personas' actions in initiative order (rolled each unit, or fixed once), each action
split by what the persona's tactics choose in each cell (``tactics.choose``; the
concession before anything else), a won break check letting the persona act again, a snatch
lost at Strength giving the target its free attack; a persona with ``tactics: optimal``
follows an :class:`~fracas.rulesets.exp.fast.model.ExpPolicy` (``fracas advise``).

Mirrors the chapter's combat unit (initiative each unit or once, the two actions in order).
Held to the event engine by tests/batch/test_exp_odds.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from fracas.rulesets.exp.fast import codes as xt
from fracas.rulesets.exp.fast import spec as xs
from fracas.rulesets.exp.fast.model import (
    Again,
    Blow,
    BrawlModel,
    Disc,
    End,
    ExpPolicy,
    Mask,
    Matrix,
    Move,
)
from fracas.rulesets.exp.ruleset import ExpRuleset
from fracas.rulesets.exp.scenario import ExpScenario
from fracas.sim.fast import Solution

SETTLED = 1e-12

#: tactics of the brawl kernel the chain follows
COVERED = (xt.T_BRAWL, xt.T_GRAPPLE, xt.T_TRIP, xt.T_SNATCH, xt.T_LETHAL, xt.T_OPTIMAL)


@dataclass(frozen=True)
class BrawlOdds:
    spec: xs.ExpSpec
    win: tuple[float, float]
    draw: float
    length: tuple[float, ...]
    error: float
    states: int = 0

    def solution(self) -> Solution:
        """These odds in ``fracas.sim.fast``'s terms."""
        return Solution(
            names=(self.spec.names[0], self.spec.names[1]),
            sides=(self.spec.sides[0], self.spec.sides[1]),
            win=self.win,
            draw=self.draw,
            length=self.length,
            error=self.error,
            classes=self.states,
            unit="units",
        )


def chain_scope(scenario: ExpScenario, ruleset: ExpRuleset) -> str | None:
    """Why a fight is outside the chain (the kernel's scope first, lethal fights included),
    or None. A persona still fighting at 0 HPS or below (a robot under option
    ``robot_at_zero_hps: fights-on``) is outside it: the chain's HPS start at 1."""
    why = xs.scope(scenario, ruleset, lethal=True)
    if why is not None:
        return why
    optimal = [
        i
        for i, c in enumerate(scenario.combatants)
        if str(c.tactics).split(";", 1)[0].strip() == "optimal"  # (validated to a str)
    ]
    if len(optimal) > 1:
        return "tactics 'optimal' for one side of a brawl only"
    spec = compile_fight(scenario, ruleset)
    for f in (0, 1):
        floor = int(spec.pi[f, xs.P_HPS_FLOOR])
        if any(int(spec.condition[f, h - floor]) == 0 for h in range(floor, 1)):
            return (
                f"combatants[{f}] ({spec.names[f]}) fights on at 0 HPS or below: outside the "
                "exact chain (fracas sim covers it)"
            )
        if int(spec.pi[f, xs.P_TACTIC]) not in COVERED:
            return f"combatants[{f}] ({spec.names[f]}): a tactic outside the exact chain"
    model = BrawlModel(spec)
    # the HPS grid alone may be over the bound: say so before walking the states, whose
    # masks are HPS grids too (gigabytes and tens of seconds at 10,000 HPS a side)
    why = model.too_big(1, at_least=True)
    if why is not None:
        return why

    def moves(d: Disc, a: int) -> list[int]:
        if a in optimal:  # the advised persona may make any legal move
            return model.legal(d, a)
        return [x for x, _ in model.tactic_choices(d, a)]

    return model.too_big(len(model.reachable(moves)))


def every_move(model: BrawlModel, d: Disc, a: int) -> list[int]:
    """Every move ``a``'s tactics or, advised, ``a`` itself may make in ``d``."""
    moves = {x for x, _ in model.tactic_choices(d, a)}
    moves.update(model.legal(d, a))
    return sorted(moves)


def first_chance(spec: xs.ExpSpec) -> float:
    """P(persona 0 acts first in a unit) (``initiative.start_unit_order``)."""
    mode = int(spec.opts[xs.O_INITIATIVE])
    d0, d1 = int(spec.pi[0, xs.P_DEX]), int(spec.pi[1, xs.P_DEX])
    if mode == xs.INIT_DEX:
        return 0.0 if d1 > d0 else 1.0
    if mode == xs.INIT_SCENARIO:
        return 1.0
    sides = int(spec.opts[xs.O_ATTR_DIE])
    wins = ties = 0
    for x in range(1, sides + 1):
        for y in range(1, sides + 1):
            wins += x + d0 > y + d1
            ties += x + d0 == y + d1
    tie_share = 0.5 if d0 == d1 else (1.0 if d0 > d1 else 0.0)
    return (wins + ties * tie_share) / sides**2


def rolled_every_unit(spec: xs.ExpSpec) -> bool:
    """Is the order rolled afresh each unit (else fixed by the first unit's)?"""
    return bool(spec.opts[xs.O_INIT_EVERY]) and int(spec.opts[xs.O_INITIATIVE]) == xs.INIT_ROLL


@dataclass
class BrawlChain:
    """The chain of one compiled brawl, with the advised persona's policy if any."""

    model: BrawlModel
    policy: ExpPolicy | None = None
    win: list[float] = field(default_factory=lambda: [0.0, 0.0])
    ended: float = 0.0
    _choices: dict[tuple[int, Disc, int], list[tuple[int, Mask | None]]] = field(
        default_factory=dict
    )

    def choices(self, d: Disc, a: int, phase: int) -> list[tuple[int, Mask | None]]:
        key = (a, d, phase)
        hit = self._choices.get(key)
        if hit is None:
            if self.policy is not None and self.policy.fighter == a:
                hit = self.policy.choices(d, phase, self.model)
            else:
                hit = self.model.tactic_choices(d, a)
            self._choices[key] = hit
        return hit

    def turn(self, a: int, phase: int, dist: dict[Disc, Matrix]) -> dict[Disc, Matrix]:
        """``a``'s action in every state of ``dist`` (mass ending the fight is counted)."""
        out: dict[Disc, Matrix] = {}
        for d, g in dist.items():
            for action, cells in self.choices(d, a, phase):
                gx = g if cells is None else np.where(cells, g, 0.0)
                for r in self.model.outcomes(d, a, action, phase):
                    if r.p == 0.0:
                        continue
                    if isinstance(r, End):
                        gone = r.p * float(gx.sum())
                        self.win[r.winner] += gone
                        self.ended += gone
                        self.record_end(r, gx)
                    elif isinstance(r, Move):
                        _add(out, r.d, r.p * gx)
                    elif isinstance(r, Blow):
                        b = r.by
                        knocked = r.p * float(
                            (gx * (r.out[None, :] if b == 0 else r.out[:, None])).sum()
                        )
                        self.win[b] += knocked
                        self.ended += knocked
                        self.record_end(r, gx)
                        _add(out, r.d, r.p * r.forward(gx))
                    elif isinstance(r, Again):
                        for d2, g2 in self.turn(a, phase, {r.d: r.p * gx}).items():
                            _add(out, d2, g2)
        return out

    def record_end(self, how: End | Blow | None, grid: Matrix) -> None:
        """Where the fight ends: ``grid`` (before ``how``'s probability) ended by a
        concession or a blow knocking its target out (``how``), or still going after the
        last unit (None: a draw). Nothing here; ``ends.EndsChain`` records it (``fracas odds
        --distributions``)."""

    def run(self, start: Matrix, p0: float, rolled: bool, max_units: int) -> BrawlOdds:
        model = self.model
        # one grid per fixed order (-1: rolled every unit)
        d0 = model.start()
        grids: dict[tuple[int, Disc], Matrix] = (
            {(-1, d0): start} if rolled else {(0, d0): start * p0, (1, d0): start * (1 - p0)}
        )
        length: list[float] = []
        error = 0.0
        still = 1.0
        seen: set[Disc] = {d0}
        for _unit in range(1, max_units + 1):
            self.ended = 0.0
            nxt: dict[tuple[int, Disc], Matrix] = {}
            for (ctx, d), grid in grids.items():
                orders = ((0, p0), (1, 1 - p0)) if ctx == -1 else ((ctx, 1.0),)
                for first, share in orders:
                    if share == 0.0:
                        continue
                    dist = {d: grid * share}
                    dist = self.turn(first, 0, dist)
                    dist = self.turn(1 - first, 1, dist)
                    for d2, g2 in dist.items():
                        seen.add(d2)
                        key = (ctx, d2)
                        if key in nxt:
                            nxt[key] += g2
                        else:
                            nxt[key] = g2
            length.append(self.ended)
            grids = nxt
            still = sum(float(g.sum()) for g in grids.values())
            if still < SETTLED:
                error = still
                break
        else:
            length[-1] += still
            for g in grids.values():
                self.record_end(None, g)
        draw = still if error == 0.0 else 0.0
        return BrawlOdds(
            spec=model.spec,
            win=(self.win[0], self.win[1]),
            draw=draw,
            length=tuple(length),
            error=error,
            states=len(seen),
        )


def _add(out: dict[Disc, Matrix], d: Disc, g: Matrix) -> None:
    if d in out:
        out[d] = out[d] + g
    else:
        out[d] = g


def start_grid(spec: xs.ExpSpec) -> Matrix:
    h0, h1 = int(spec.pi[0, xs.P_HPS_MAX]), int(spec.pi[1, xs.P_HPS_MAX])
    start = np.zeros((h0 + 1, h1 + 1))
    start[int(spec.pi[0, xs.P_HPS]), int(spec.pi[1, xs.P_HPS])] = 1.0
    return start


def chain_odds(spec: xs.ExpSpec, policy: ExpPolicy | None = None) -> BrawlOdds:
    """The exact odds of a compiled brawl (the advised persona following ``policy``)."""
    for f in (0, 1):
        if int(spec.pi[f, xs.P_TACTIC]) == xt.T_OPTIMAL and (policy is None or policy.fighter != f):
            raise ValueError(f"{spec.names[f]}'s tactics 'optimal' need the policy of advise")
    chain = BrawlChain(BrawlModel(spec), policy)
    return chain.run(
        start_grid(spec),
        first_chance(spec),
        rolled_every_unit(spec),
        int(spec.opts[xs.O_MAX_UNITS]),
    )


def compile_fight(scenario: ExpScenario, ruleset: ExpRuleset) -> xs.ExpSpec:
    """The kernel's arrays for a one-on-one fight (a brawl, or a lethal one)."""
    return xs.compile_brawl(scenario, ruleset, lethal=True)
