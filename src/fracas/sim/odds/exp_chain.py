"""The exact odds of an EXP one-on-one brawl: a Markov chain over both personas' HPS, unit by
unit. Each strike is a matrix over the target's HPS (miss; hit for each damage; stunned by the
DSS, knocked out or killed by oops damage: out of the fight), built once from the brawl
kernel's compiled arrays (``ExpSpec``) and the weapons' damage distributions; a unit applies
the two personas' actions in initiative order (rolled each unit, or fixed), with concessions
before a persona acts. Grapples and trips are outside this chain (``fracas sim`` covers them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.dice.exact import distribution
from fracas.rulesets.exp.state import ExpEncounter
from fracas.sim.batch import exp_spec as xs
from fracas.sim.batch.exp_tactics import T_BRAWL

SETTLED = 1e-12
Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True)
class BrawlOdds:
    spec: xs.ExpSpec
    win: tuple[float, float]
    draw: float
    length: tuple[float, ...]
    error: float


def chain_scope(scenario: Any, ruleset: Any) -> str | None:
    """Why a brawl (inside the kernel) is outside the chain, or None."""
    spec = xs.compile_brawl(scenario, ruleset)
    for f in (0, 1):
        if len(spec.stage_weapons[f]) > 1:
            return (
                f"combatants[{f}] ({spec.names[f]}) throws its {spec.stage_weapons[f][0][0]}: "
                "thrown weapons are outside the exact chain (fracas sim covers them)"
            )
        if spec.pi[f, xs.P_TACTIC] != T_BRAWL:
            return (
                f"combatants[{f}] ({spec.names[f]}) grapples or trips: the exact chain covers "
                "brawls of strikes (fracas sim covers the rest)"
            )
    return None


def _p_hit(bonus: int, cap: int, defence: int, sides: int) -> float:
    """``attack_roll``: P(min(kilodie + bonus, cap) > DR)."""
    if cap <= defence:
        return 0.0
    return (sides - min(max(defence - bonus, 0), sides)) / sides


def _half_up(num: int, den: int) -> int:
    return (2 * num + den) // (2 * den)


def strike_matrix(spec: xs.ExpSpec, a: int, damage: dict[int, float]) -> tuple[Matrix, Matrix]:
    """(stay, out): ``stay[h, h']`` = P(the target at h HPS is still in at h'), ``out[h]`` =
    P(it is out of the fight) after one strike by ``a`` (index = HPS, 0..max)."""
    o, pi, wi = spec.opts, spec.pi, spec.wi
    t = 1 - a
    top = int(pi[t, xs.P_HPS_MAX])
    stay = np.zeros((top + 1, top + 1))
    out = np.zeros(top + 1)
    hit = _p_hit(
        int(wi[a, 0, 0, xs.W_BONUS]),
        int(wi[a, 0, 0, xs.W_CAP]),
        int(pi[t, xs.P_DR]),
        int(o[xs.O_KILODIE]),
    )
    for h in range(1, top + 1):
        stay[h, h] += 1 - hit
        for d, q in damage.items():
            p = hit * q
            left = h - d
            if left <= 0:
                p_stun = 1.0
            elif o[xs.O_DSS_SAVE]:
                needed = min(
                    int(o[xs.O_SAVE_CAP]),
                    int(o[xs.O_SAVE_BASE]) + _half_up(int(o[xs.O_SAVE_SCALE]) * d, left),
                )
                base = int(pi[t, xs.P_SAVE_ATTR]) + int(pi[t, xs.P_LEVEL])
                sides = int(o[xs.O_SAVE_DIE])
                p_stun = sum(1 for r in range(1, sides + 1) if r + base <= needed) / sides
            else:
                needed = min(
                    int(o[xs.O_PCT_CAP]),
                    _half_up(int(o[xs.O_PCT_SCALE]) * left, int(pi[t, xs.P_HPS_MAX]))
                    + int(pi[t, xs.P_PCT_ATTR]),
                )
                sides = int(o[xs.O_PCT_DIE])
                p_stun = (sides - min(max(needed, 0), sides)) / sides
            sides = int(o[xs.O_OOPS_DIE])
            if wi[a, 0, 0, xs.W_OOPS]:
                limit = d - 1 if o[xs.O_OOPS_STRICT] else d
                p_oops = min(max(limit, 0), sides) / sides
            else:
                p_oops = 0.0
            actual = int(spec.actual[d])  # actual_damage.actual_damage, as a table
            for oops, po in ((False, 1 - p_oops), (True, p_oops)):
                if po == 0:
                    continue
                lost = d if oops else actual
                if oops and not o[xs.O_OOPS_REPLACES]:
                    lost += actual
                after = h - lost
                if after <= 0:
                    out[h] += p * po
                else:
                    out[h] += p * po * p_stun
                    stay[h, after] += p * po * (1 - p_stun)
    return stay, out


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


def brawl_odds(scenario: Any, ruleset: Any, policy: Any = None) -> BrawlOdds:
    """The exact odds of a brawl inside :func:`chain_scope`."""
    spec = xs.compile_brawl(scenario, ruleset)
    state = ruleset.build(scenario)
    assert isinstance(state, ExpEncounter)
    persona = [state.personas[n] for n in spec.names]
    mats = []
    for a in (0, 1):
        name = spec.stage_weapons[a][0][0]
        w = persona[a].weapon(name) or state.bare_hands
        force = int(spec.wi[a, 0, 0, xs.W_FORCE])
        damage: dict[int, float] = {}
        for v, q in distribution(w.damage).items():
            d = max(0, v + force)
            damage[d] = damage.get(d, 0.0) + float(q)
        mats.append(strike_matrix(spec, a, damage))
    h0, h1 = int(spec.pi[0, xs.P_HPS_MAX]), int(spec.pi[1, xs.P_HPS_MAX])
    concede = [np.arange(h + 1) < int(spec.pi[f, xs.P_CONCEDE]) for f, h in ((0, h0), (1, h1))]
    start = np.zeros((h0 + 1, h1 + 1))
    start[int(spec.pi[0, xs.P_HPS]), int(spec.pi[1, xs.P_HPS])] = 1.0
    p0 = first_chance(spec)
    fixed = not spec.opts[xs.O_INIT_EVERY] or int(spec.opts[xs.O_INITIATIVE]) != xs.INIT_ROLL
    # one grid per fixed order, or one grid re-ordered every unit
    grids = {0: start * p0, 1: start * (1 - p0)} if fixed else {-1: start}
    win = [0.0, 0.0]
    length: list[float] = []
    error = 0.0
    max_units = int(spec.opts[xs.O_MAX_UNITS])
    for _unit in range(1, max_units + 1):
        ended = 0.0
        nxt: dict[int, Matrix] = {}
        for order, grid in grids.items():
            orders = ((0, p0), (1, 1 - p0)) if order == -1 else ((order, 1.0),)
            total = np.zeros_like(grid)
            for first, share in orders:
                g = grid * share
                for a in (first, 1 - first):
                    # the persona concedes below its threshold (at its turn), else strikes
                    quits = concede[a][:, None] if a == 0 else concede[a][None, :]
                    gone = float(np.where(quits, g, 0.0).sum())
                    win[1 - a] += gone
                    ended += gone
                    g = np.where(quits, 0.0, g)
                    stay, out = mats[a]
                    if a == 0:
                        knocked = float((g * out[None, :]).sum())
                        g = g @ stay
                    else:
                        knocked = float((g * out[:, None]).sum())
                        g = stay.T @ g
                    win[a] += knocked
                    ended += knocked
                total += g
            nxt[order] = total
        length.append(ended)
        grids = nxt
        still = sum(float(g.sum()) for g in grids.values())
        if still < SETTLED:
            error = still
            break
    else:
        length[-1] += still
    draw = still if error == 0.0 else 0.0
    return BrawlOdds(spec=spec, win=(win[0], win[1]), draw=draw, length=tuple(length), error=error)
