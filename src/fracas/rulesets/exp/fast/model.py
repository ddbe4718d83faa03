"""An EXP one-on-one brawl as a finite decision process, for the exact chain (``chain``)
and the best move in each state (``advise``).

A state is both personas' HPS (a grid, ``[hps of 0, hps of 1]``) and a small discrete part
(:data:`Phase` tuple): who holds whom (a grapple), how many actions each still spends getting
up after a trip, each one's trip budget (the ``trip`` tactic's "not tripped by this persona
yet, not foiled ``TRIP_GIVE_UP`` times": 0.. foiled, ``give_up`` once tripped or given up), and
the weapon inventory (who holds which weapon: the kernel's weapon machine, weapons thrown and
snatched), and the +242 owed to the persona acting second after a snatch on it failed at
Dexterity. Within a unit the chain also knows whether the persona acting is the first or the
second of the unit (``phase``; the advised persona's policy may depend on it).

Every action's outcomes come from the brawl kernel's compiled arrays (``ExpSpec``), so the
chain, the kernel and the event engine read the same data: a strike is a matrix over the
target's HPS (``attack.nonlethal_hit``: hit, damage, the DSS, actual or oops damage, or a
lethal blow's damage in full; out of the fight is a column of its own); a grapple, trip,
snatch, break check or reversal changes only the discrete part (a snatch lost at Strength
gives the target its free attack, a blow), with the probabilities of the attack roll and
the attribute competitions (``challenges.compete``). What the tactics choose mirrors
``tactics.choose`` cell by cell (``tactic_choices``; a test compares the two).

Mirrors the chapter's "Non-Lethal Combat", as ``kernel.py`` mirrors it. Held to the event
engine by tests/batch/test_exp_odds.py (against the event engine and the kernel).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.rulesets.exp.fast import codes as xt
from fracas.rulesets.exp.fast import spec as xs

Matrix = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]
#: (hold, down0, down1, trip0, trip1, inventory, owed)
Disc = tuple[int, int, int, int, int, int, int]
HOLD, DOWN, TRIP, INV, OWED = 0, 1, 3, 5, 6
HOLD_NONE = 0  # otherwise 1 + the index of the persona who holds the other
OWED_NONE = 0  # otherwise 1 + the index of the persona owed +242 on its attacks this turn

#: a blow is applied band by band when the target's HPS axis is at least BAND_MIN long and
#: longer than its bands times BAND_RATIO (measured: a 40-HPS brawl is quicker by matrix
#: products, 13 ms against 17-39; a 140-HPS one ten times quicker by bands, 0.5 s against 5)
BAND_RATIO = 3
BAND_MIN = 64

#: a state space larger than this (cells of the HPS grid times discrete states) is refused
MAX_CELLS = 4_000_000


@dataclass(frozen=True)
class End:
    """The fight ends: ``winner`` (0 or 1) wins (a concession)."""

    p: float
    winner: int


@dataclass(frozen=True)
class Move:
    """The discrete part becomes ``d``; HPS unchanged."""

    p: float
    d: Disc


@dataclass(frozen=True)
class Blow:
    """A strike by persona ``by``: ``stay[h, h']`` over the target's HPS, ``out[h]`` the
    target out (the striker wins); the discrete part becomes ``d`` (a thrown weapon's next
    inventory). ``stay`` is banded (a blow takes off a few HPS at most), so it is applied
    band by band (:func:`bands`): ``(lost, c)`` with ``c[h] = stay[h, h - lost]``."""

    p: float
    d: Disc
    stay: Matrix
    out: Matrix
    by: int
    bands: tuple[tuple[int, Matrix], ...] = ()
    #: the blow as ``BrawlModel.knocked_at`` knows it: (striker, inventory, slot, owed)
    key: tuple[int, int, int, bool] = (0, 0, 0, False)

    def banded(self, n: int) -> bool:
        """Band by band pays once the target's HPS axis is long against the bands (else one
        matrix product is quicker)."""
        return n >= BAND_MIN and len(self.bands) * BAND_RATIO < n

    def forward(self, g: Matrix) -> Matrix:
        """The grid after the blow (mass staying in the fight), ``g`` before it."""
        n = g.shape[1 - self.by]
        if not self.banded(n):
            return g @ self.stay if self.by == 0 else self.stay.T @ g
        out = np.zeros_like(g)
        for lost, c in self.bands:
            if self.by == 0:  # the target's HPS on axis 1
                out[:, : n - lost] += g[:, lost:] * c[lost:]
            else:
                out[: n - lost, :] += g[lost:, :] * c[lost:, None]
        return out

    def backward(self, w: Matrix) -> Matrix:
        """E[w after the blow | before], over the cells where the target stays in."""
        n = w.shape[1 - self.by]
        if not self.banded(n):
            return w @ self.stay.T if self.by == 0 else self.stay @ w
        out = np.zeros_like(w)
        for lost, c in self.bands:
            if self.by == 0:
                out[:, lost:] += w[:, : n - lost] * c[lost:]
            else:
                out[lost:, :] += w[: n - lost, :] * c[lost:, None]
        return out


def bands(stay: Matrix) -> tuple[tuple[int, Matrix], ...]:
    """``stay``'s non-zero diagonals: (HPS lost, coefficient by HPS before)."""
    rows, cols = np.nonzero(stay)
    out = []
    for lost in sorted({int(x) for x in rows - cols}):
        c = np.zeros(stay.shape[0])
        h = np.arange(lost, stay.shape[0])
        c[lost:] = stay[h, h - lost]
        out.append((lost, c))
    return tuple(out)


@dataclass(frozen=True)
class Again:
    """The actor broke free and acts again this unit (a won break check keeps the turn)."""

    p: float
    d: Disc


Outcome = End | Move | Blow | Again


def p_attack(bonus: int, cap: int, defence: int, sides: int) -> float:
    """``attack_roll``: P(min(kilodie + bonus, cap) > DR)."""
    if cap <= defence:
        return 0.0
    return (sides - min(max(defence - bonus, 0), sides)) / sides


def damage_distribution(offset: int, faces: Iterable[int], force: int) -> dict[int, float]:
    """The kernel's damage roll (``offset`` + one uniform 0..s-1 per face, + the Force Bonus,
    at least 0) as exact probabilities."""
    dist = {int(offset): 1.0}
    for s in faces:
        s = int(s)
        if s == 0:
            break
        nxt: dict[int, float] = {}
        for v, q in dist.items():
            for r in range(s):
                nxt[v + r] = nxt.get(v + r, 0.0) + q / s
        dist = nxt
    out: dict[int, float] = {}
    for v, q in dist.items():
        d = max(0, v + force)
        out[d] = out.get(d, 0.0) + q
    return out


@dataclass
class BrawlModel:
    """The decision process of one compiled brawl (see the module docstring)."""

    spec: xs.ExpSpec
    #: per persona: its tactic ('optimal' is the advised side's, read from a policy)
    tactic: tuple[int, int] = field(init=False)
    shape: tuple[int, int] = field(init=False)
    give_up: int = field(init=False)
    down_for: int = field(init=False)
    _blows: dict[tuple[int, int, int, bool], tuple[Matrix, Matrix, Any]] = field(
        init=False, default_factory=dict
    )
    _outcomes: dict[tuple[Disc, int, int, int], list[Outcome]] = field(
        init=False, default_factory=dict
    )
    _knocked: dict[tuple[int, int, int, bool], tuple[int, Matrix]] = field(
        init=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        pi, o = self.spec.pi, self.spec.opts
        self.tactic = (int(pi[0, xs.P_TACTIC]), int(pi[1, xs.P_TACTIC]))
        self.shape = (int(pi[0, xs.P_HPS_MAX]) + 1, int(pi[1, xs.P_HPS_MAX]) + 1)
        self.give_up = int(o[xs.O_TRIP_GIVE_UP])
        self.down_for = int(o[xs.O_TRIP_DOWN])

    # -- probabilities ----------------------------------------------------------------------
    def compete(self, attr: int, a: int) -> float:
        """``challenges.compete``: P(``a`` beats the other at d20 + attribute (+ level))."""
        pi, o = self.spec.pi, self.spec.opts
        t = 1 - a
        sides = int(o[xs.O_ATTR_DIE])
        lvl = o[xs.O_COMP_LEVEL] == 1
        ba = int(pi[a, attr]) + (int(pi[a, xs.P_LEVEL]) if lvl else 0)
        bd = int(pi[t, attr]) + (int(pi[t, xs.P_LEVEL]) if lvl else 0)
        wins = ties = 0
        for x in range(1, sides + 1):
            for y in range(1, sides + 1):
                wins += x + ba > y + bd
                ties += x + ba == y + bd
        total = sides * sides
        if o[xs.O_TIES_REROLL] == 1 and ties < total:
            return wins / (total - ties)
        return wins / total

    def maneuver_hit(self, a: int, owed: bool = False) -> float:
        """The Strike attack roll of a grapple, trip or snatch (``maneuver_attack_roll``),
        with the +242 owed after a failed snatch on ``a`` (after the cap)."""
        pi = self.spec.pi
        bonus = int(self.spec.opts[xs.O_SNATCH_BONUS]) if owed else 0
        return p_attack(
            int(pi[a, xs.P_STRIKE_BONUS]),
            int(pi[a, xs.P_STRIKE_CAP]),
            int(pi[1 - a, xs.P_DR]) - bonus,
            int(self.spec.opts[xs.O_KILODIE]),
        )

    def use(self, d: Disc, a: int, slot: int) -> int:
        """W_USE of ``a``'s blow in ``d``'s inventory (below 0: wait, or call it quits)."""
        return int(self.spec.iw[d[INV], a, slot, xs.W_USE])

    def blow(self, a: int, inv: int, slot: int, owed: bool) -> tuple[Matrix, Matrix, Any]:
        """(stay, out, bands) of one blow by ``a`` (its weapon of ``slot`` in ``inv``)."""
        key = (a, inv, slot, owed)
        if key not in self._blows:
            stay, out = self._strike_matrix(a, inv, slot, owed)
            self._blows[key] = (stay, out, bands(stay))
        return self._blows[key]

    def knocked_at(self, a: int, inv: int, slot: int, owed: bool) -> tuple[int, Matrix]:
        """Where a blow's ``out`` leaves the target: ``(low, m)`` with ``m[h, v - low]`` =
        P(the target, at ``h`` HPS, is out of the fight at ``v`` HPS after the blow) (a
        stunned target keeps HPS above 0; ``v`` may be below 0: HPS are not clipped, as in
        ``Damaged``). Its rows sum to ``out``. For the end-state distributions
        (``ends.py``); cached."""
        key = (a, inv, slot, owed)
        hit = self._knocked.get(key)
        if hit is None:
            ends: dict[tuple[int, int], float] = {}
            self._strike_matrix(a, inv, slot, owed, ends)
            low = min((v for _, v in ends), default=0)
            top = int(self.spec.pi[1 - a, xs.P_HPS_MAX])
            m = np.zeros((top + 1, top + 1 - low))
            for (h, v), p in ends.items():
                m[h, v - low] += p
            hit = self._knocked[key] = (low, m)
        return hit

    def _strike_matrix(
        self,
        a: int,
        k: int,
        slot: int,
        owed: bool,
        ends: dict[tuple[int, int], float] | None = None,
    ) -> tuple[Matrix, Matrix]:
        """``attack.nonlethal_hit`` or ``attack.lethal_hit`` (``kernel.blow``) over
        the target's HPS; into ``ends`` (if given), (HPS before, HPS after) -> P(out)."""
        spec = self.spec
        o, pi = spec.opts, spec.pi
        t = 1 - a
        top = int(pi[t, xs.P_HPS_MAX])
        stay = np.zeros((top + 1, top + 1))
        out = np.zeros(top + 1)
        w = spec.iw[k, a, slot]
        damage = damage_distribution(
            int(w[xs.W_OFFSET]), spec.ifaces[k, a, slot], int(w[xs.W_FORCE])
        )
        bonus = int(o[xs.O_SNATCH_BONUS]) if owed else 0
        hit = p_attack(
            int(w[xs.W_BONUS]), int(w[xs.W_CAP]), int(pi[t, xs.P_DR]) - bonus, int(o[xs.O_KILODIE])
        )
        lethal = w[xs.W_LETHAL] == 1
        for h in range(1, top + 1):
            stay[h, h] += 1 - hit
            for d, q in damage.items():
                p = hit * q
                if lethal:  # the damage off the HPS in full, no DSS, no oops
                    if h - d <= 0:
                        out[h] += p
                        if ends is not None:
                            ends[(h, h - d)] = ends.get((h, h - d), 0.0) + p
                    else:
                        stay[h, h - d] += p
                    continue
                left = h - d
                if left <= 0:
                    p_stun = 1.0
                else:  # dss.stun_check, from the ruleset's table (ExpSpec.stun_at)
                    at = int(spec.stun_at[t, d, left])
                    if o[xs.O_DSS_SAVE]:
                        sides = int(o[xs.O_SAVE_DIE])
                        p_stun = min(max(at, 0), sides) / sides  # stunned at or under it
                    else:
                        sides = int(o[xs.O_PCT_DIE])
                        p_stun = (sides - min(max(at, 0), sides)) / sides  # stunned above it
                sides = int(o[xs.O_OOPS_DIE])
                if w[xs.W_OOPS]:
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
                    knocked = p * po if after <= 0 else p * po * p_stun
                    out[h] += knocked
                    if after > 0:
                        stay[h, after] += p * po * (1 - p_stun)
                    if ends is not None and knocked:
                        ends[(h, after)] = ends.get((h, after), 0.0) + knocked
        return stay, out

    # -- the discrete part ------------------------------------------------------------------
    def start(self) -> Disc:
        return (HOLD_NONE, 0, 0, 0, 0, 0, OWED_NONE)

    @staticmethod
    def holding(d: Disc, a: int) -> bool:
        return d[HOLD] == 1 + a

    @staticmethod
    def held(d: Disc, a: int) -> bool:
        return d[HOLD] == 2 - a

    def trip_worth(self, d: Disc, a: int) -> bool:
        """``tactics.worth_tripping`` (``trip_worth`` of the kernel's ``choose``)."""
        return bool(self.spec.pi[a, xs.P_TIPPABLE] == 1) and d[TRIP + a] < self.give_up

    def snatch_open(self, d: Disc, a: int) -> bool:
        """``snatch.check_snatch`` allows ``a`` a snatch in ``d``'s inventory."""
        return bool(self.spec.snatch[d[INV], a, xs.X_NEXT] >= 0)

    def legal(self, d: Disc, a: int) -> list[int]:
        """What the advised persona may choose in ``d`` (its turn): a break check or a reversal when
        held (down or not: no getting up while held); getting up when down; a strike (or, with
        nothing to strike with, waiting) when free or holding; a grapple (not holding, the other
        free), a trip (not holding, the other on its feet and tippable) when it may maneuver
        (``grapple.check_grapple``, ``trip.check_trip``), and a snatch when ``snatch.check_snatch``
        allows one."""
        if self.held(d, a):  # held first: no getting up while held
            return [xt.A_BREAK_FREE, xt.A_REVERSE]
        if d[DOWN + a] > 0:
            return [xt.A_STAND_UP]
        holding = self.holding(d, a)
        out = [xt.A_STRIKE if self.use(d, a, int(holding)) >= 0 else xt.A_WAIT]
        if not holding and self.spec.pi[a, xs.P_CAN_MANEUVER] == 1:
            out.append(xt.A_GRAPPLE)
            if d[DOWN + 1 - a] == 0 and self.spec.pi[a, xs.P_TIPPABLE] == 1:
                out.append(xt.A_TRIP)
        if not holding and self.snatch_open(d, a):
            out.append(xt.A_SNATCH)
        return out

    def tactic_choices(self, d: Disc, a: int) -> list[tuple[int, Mask | None]]:
        """What ``a``'s tactics (not ``optimal``) choose in ``d``, as (action, cells; None:
        every cell): ``tactics.choose``, whose only dependence on the HPS is the
        concession (own HPS below the threshold)."""
        pi = self.spec.pi
        t = self.tactic[a]
        holding = self.holding(d, a)
        if self.held(d, a):  # held first: no getting up while held
            act = xt.A_REVERSE if t == xt.T_GRAPPLE else xt.A_BREAK_FREE
        elif d[DOWN + a] > 0:
            act = xt.A_STAND_UP
        else:
            can = pi[a, xs.P_CAN_MANEUVER] == 1
            wants = self.spec.snatch[d[INV], a, xs.X_WANTS] == 1
            if t == xt.T_GRAPPLE and not holding and not self.held(d, 1 - a) and can:
                act = xt.A_GRAPPLE
            elif (
                t == xt.T_TRIP
                and not holding
                and d[DOWN + 1 - a] == 0
                and self.trip_worth(d, a)
                and can
            ):
                act = xt.A_TRIP
            elif t == xt.T_SNATCH and wants and not holding and self.snatch_open(d, a):
                act = xt.A_SNATCH
            else:
                use = self.use(d, a, int(holding))
                act = (
                    xt.A_STRIKE
                    if use >= 0
                    else (xt.A_CONCEDE if use == xs.USE_CONCEDE else xt.A_WAIT)
                )
        below = int(pi[a, xs.P_CONCEDE])
        if below <= 0:
            return [(act, None)]
        own = np.arange(self.shape[a]) < below
        mask = own[:, None] if a == 0 else own[None, :]
        cells = np.broadcast_to(mask, self.shape)
        return [(xt.A_CONCEDE, cells), (act, ~cells)]

    def outcomes(self, d: Disc, a: int, action: int, phase: int) -> list[Outcome]:
        """Every outcome of ``a`` taking ``action`` in ``d`` as the ``phase``-th (0 first)
        to act in the unit (the kernel's ``brawls`` loop); cached."""
        key = (d, a, action, phase)
        hit = self._outcomes.get(key)
        if hit is None:
            hit = self._outcomes[key] = self._outcomes_of(d, a, action, phase)
        return hit

    def _outcomes_of(self, d: Disc, a: int, action: int, phase: int) -> list[Outcome]:
        t = 1 - a
        owed = d[OWED] == 1 + a
        # what is owed to ``a`` ends with its turn (TurnEnded), not with a won break check
        base = _with(d, OWED, OWED_NONE) if owed else d
        if action == xt.A_CONCEDE:
            return [End(1.0, t)]
        if action == xt.A_WAIT:
            return [Move(1.0, base)]
        if action == xt.A_STAND_UP:
            return [Move(1.0, _with(base, DOWN + a, max(0, d[DOWN + a] - 1)))]
        if action in (xt.A_BREAK_FREE, xt.A_REVERSE):
            p = self.compete(xs.P_PSTR, a)
            if action == xt.A_BREAK_FREE:
                return [Again(p, _with(d, HOLD, HOLD_NONE)), Move(1 - p, base)]
            return [Move(p, _with(base, HOLD, 1 + a)), Move(1 - p, base)]
        if action == xt.A_GRAPPLE:
            p = self.maneuver_hit(a, owed) * self.compete(xs.P_PSTR, a)
            return [Move(p, _with(base, HOLD, 1 + a)), Move(1 - p, base)]
        if action == xt.A_TRIP:
            hit = self.maneuver_hit(a, owed)
            both = self.compete(xs.P_PSTR, a) * self.compete(xs.P_DEX, a)
            tripped = _with(_with(base, DOWN + t, self.down_for), TRIP + a, self.give_up)
            foiled = _with(base, TRIP + a, min(self.give_up, d[TRIP + a] + 1))
            return [Move(hit * both, tripped), Move(hit * (1 - both), foiled), Move(1 - hit, base)]
        if action == xt.A_SNATCH:
            return self._snatch(d, base, a, owed, phase)
        if action == xt.A_STRIKE:
            return [self._blow(base, a, int(self.holding(d, a)), owed, 1.0)]
        raise ValueError(f"action {action} is outside the EXP chain")

    def _blow(self, d: Disc, a: int, slot: int, owed: bool, p: float) -> Blow:
        stay, out, diagonals = self.blow(a, d[INV], slot, owed)
        nxt = int(self.spec.iw[d[INV], a, slot, xs.W_NEXT])
        after = d if nxt < 0 else _with(d, INV, nxt)
        return Blow(p, after, stay, out, a, diagonals, (a, d[INV], slot, owed))

    def _snatch(self, d: Disc, base: Disc, a: int, owed: bool, phase: int) -> list[Outcome]:
        """``snatch.snatch`` (the snatch in ``kernel.brawls``): the Strike attack roll;
        the Dexterity competition (lost: the target, if it acts after the grabber this unit, is owed
        +242); the Strength competition (lost: the target's free attack with the weapon it
        kept, if it is on its feet and may strike with it); else the weapon changes hands."""
        t = 1 - a
        hit = self.maneuver_hit(a, owed)
        dex = self.compete(xs.P_DEX, a)
        pstr = self.compete(xs.P_PSTR, a)
        backlash = _with(base, OWED, 1 + t) if phase == 0 else base
        out: list[Outcome] = [Move(1 - hit, base), Move(hit * (1 - dex), backlash)]
        p_free = hit * dex * (1 - pstr)
        if d[DOWN + t] == 0 and self.use(base, t, xs.SLOT_FREE_ATTACK) >= 0:
            out.append(self._blow(base, t, xs.SLOT_FREE_ATTACK, False, p_free))
        else:
            out.append(Move(p_free, base))
        won = int(self.spec.snatch[d[INV], a, xs.X_NEXT])
        out.append(Move(hit * dex * pstr, _with(base, INV, won)))
        return out

    def reachable(self, choices: Callable[[Disc, int], Iterable[int]]) -> list[Disc]:
        """Every discrete state reachable from the start when each persona may take the
        actions ``choices(d, a)`` names (as first or second in the unit)."""
        seen = {self.start()}
        todo = [self.start()]
        while todo:
            d = todo.pop()
            for a in (0, 1):
                for action in choices(d, a):
                    for phase in (0, 1):
                        for r in self.outcomes(d, a, action, phase):
                            if isinstance(r, End):
                                continue
                            if r.d not in seen:
                                seen.add(r.d)
                                todo.append(r.d)
        return sorted(seen)

    def too_big(self, n_discrete: int, at_least: bool = False) -> str | None:
        """Why ``n_discrete`` discrete states (``at_least``: a lower bound on them) over the
        HPS grid are more cells than the chain holds, or None."""
        cells = n_discrete * self.shape[0] * self.shape[1]
        if cells > MAX_CELLS:
            return (
                f"{'at least ' if at_least else ''}{n_discrete} grapple/trip/weapon states x "
                f"{self.shape[0] * self.shape[1]} HPS "
                f"pairs = {cells:,} cells, over the chain's {MAX_CELLS:,} (option "
                "tripped_loses_actions or many weapons make it grow)"
            )
        return None


def _with(d: Disc, index: int, value: int) -> Disc:
    n = list(d)
    n[index] = value
    return _disc(n)


def _disc(values: list[int]) -> Disc:
    a, b, c, d, e, f, g = values
    return (a, b, c, d, e, f, g)


@dataclass(frozen=True)
class ExpPolicy:
    """The advised persona's move in each state: ``table[(phase, d)][h0, h1]`` (an action of
    ``tactics``), phase 0 when it acts first in the unit, 1 when second."""

    fighter: int
    table: dict[tuple[int, Disc], npt.NDArray[np.int64]]
    #: the win probability value iteration reached at the start (the chain's exact figure
    #: under the policy is the one reported; the two agree, a test checks it)
    start_value: float = float("nan")

    def action(self, phase: int, d: Disc, h0: int, h1: int) -> int | None:
        grid = self.table.get((phase, d))
        if grid is None:
            return None
        i = min(max(h0, 0), grid.shape[0] - 1)
        j = min(max(h1, 0), grid.shape[1] - 1)
        return int(grid[i, j])

    def choices(self, d: Disc, phase: int, model: BrawlModel) -> list[tuple[int, Mask | None]]:
        grid = self.table.get((phase, d))
        if grid is None:  # a state the solve never reached: the first legal move
            return [(model.legal(d, self.fighter)[0], None)]
        values = np.unique(grid)
        if len(values) == 1:
            return [(int(values[0]), None)]
        return [(int(v), grid == v) for v in values]
