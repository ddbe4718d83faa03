"""The exact odds of a percentile duel: a Markov chain over the fight's state, round by round.

The state is both combatants' hp (a grid, one array per state class) and each one's kit
(``kit.Kit``: weapons, break values, armour, glitches, defenceless), plus who
goes first (fixed after the initiative roll). Fatigue and the round's rules (round 1 in
order, later rounds simultaneous) follow from the round number. A round's two attacks are
applied in order, each as the exact branch list of the compiled exchange
(``ExchangeRunner.branch_arrays``) shifting the hp grid; the second attack sees the first's
result cell by cell (a fighter downed in round 1 does not strike back; nobody attacks the
dead). Everything else of the event engine in a
melee duel is there. What the chain drops (a class below ``PRUNE``, a half-round class below
``PRUNE_HALF``, a branch moving less than ``SKIP``, the mass still fighting when it stops)
is reported as the truncation error, so every figure is a lower bound within it.

Mirrors Chapter 5, "The round", "Initiative", "Damage and fatigue". Held to the event engine by
tests/batch/test_odds.py and test_odds_fast_path.py.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.rulesets.percentile.fast import spec as ps
from fracas.rulesets.percentile.fast.exchange_kernel import warm_exchange
from fracas.rulesets.percentile.fast.exchange_runner import ExchangeRunner
from fracas.rulesets.percentile.fast.grid_kernel import (
    apply_branches,
    down_masks,
    expect_branches,
    first_attacks,
    second_attacks,
    settle_classes,
    settle_halves,
    sort_branches,
    stance_table,
    tally,
)
from fracas.rulesets.percentile.fast.kit import Kit
from fracas.rulesets.percentile.fast.plan import Key, Planner
from fracas.rulesets.percentile.fast.tactics import (
    ATTACK_CODES,
    C_LOST,
    S_ALL_OUT_DEFENCE,
    S_FLEE,
    S_RECOVER,
    S_SURRENDER,
    base_stance,
    declare,
)
from fracas.rulesets.percentile.ruleset import PercentileRuleset
from fracas.rulesets.percentile.scenario import PercentileScenario
from fracas.sim.fast import Solution

Grid = npt.NDArray[np.float64]
#: (the defender takes its extra defence, the cells)
Split = tuple[bool, npt.NDArray[np.bool_]]
#: a class below this probability is dropped (its mass counted in the truncation error)
PRUNE = 1e-10
#: a half-round class (after a round's first attack) below this is dropped (counted too)
PRUNE_HALF = PRUNE / 10
#: a branch that would move less than this (its probability times the mass it applies to)
#: is left out (counted too)
SKIP = 3e-12
#: the chain stops once less than this is still fighting (counted in the error too)
SETTLED = 1e-9
#: the bytes of hp grids set aside at once for the classes (twice: this round's and the
#: next's) and for the half-round classes; more when a duel needs more
ROOM = 8 << 20
ATTACKING = ATTACK_CODES  # dodging or not

#: a stance table: (round, fighter) -> stance per (own hp, other's hp)
StanceTable = Callable[[int, int], npt.NDArray[np.int64]]


def load_kernels() -> None:
    """Load the chain's compiled functions (from numba's cache) by calling each on nothing,
    so that a timing of the chain times the chain, not the loading."""
    i0 = np.zeros(0, np.int64)
    f0 = np.zeros(0)
    b2 = np.zeros((1, 1), np.bool_)
    b1 = np.zeros(1, np.bool_)
    acc = np.zeros(5)
    g2 = np.zeros((1, 1))
    rows = (
        np.zeros(1), np.zeros((2, 1)), np.zeros((2, 1)), np.zeros(2), np.zeros(4, np.int64),
        np.zeros(4),
    )  # fmt: skip
    r2 = np.zeros((1, 2), np.int64)
    first_attacks(
        g2, i0, i0, i0, i0, b2, i0, i0, i0, f0, i0, i0, i0, 1, 1, g2, r2, np.zeros((1, 1)), b1,
        f0, 0.0, acc, f0, *rows,
    )  # fmt: skip
    second_attacks(
        g2, r2, np.zeros((1, 1)), i0, i0, i0, b2, b2, b1, i0, i0, i0, f0, i0, i0, i0, i0, i0, i0,
        1, 1, g2, b1, acc, f0, 0.0, np.zeros(2), f0, *rows, np.zeros(2),
    )  # fmt: skip
    sort_branches(i0, i0, f0, i0, i0, i0, 0, 0)
    settle_halves(np.zeros(0, np.bool_), f0, g2, r2, np.zeros((1, 1)), 0.0, acc, i0, f0)
    settle_classes(np.zeros(0, np.bool_), f0, g2, 0.0, acc, i0, f0)
    one = np.ones(1, np.int64)
    stance_table(
        np.zeros((1, 1), np.int64), 0, one, one, 0, 1, 1, one, 0, 0, np.zeros((1, 1), np.int64)
    )
    expect_branches(np.zeros((1, 1)), f0, i0, i0, np.zeros((1, 1)))
    i1 = np.zeros(1, np.int64)  # the tactics' declaration (``DuelChain.declared``)
    declare(0, 0, i1, i1, 1, 0, np.zeros(1), 1.0, False, 0, False, False, i1)
    base_stance(0, 1, 1, 1, 1, i1, 0, 0, np.zeros((1, 1), np.int64))  # (advise calls it)
    warm_exchange()


def _zeroed(buffers: tuple[npt.NDArray[np.float64], ...], done: int, upto: int) -> int:
    """Rows ``done:upto`` of each buffer set to zero (the rows before are already): the
    rows now zeroed."""
    if upto > done:
        for b in buffers:
            b[done:upto] = 0.0
    return max(done, upto)


@dataclass(frozen=True)
class DuelOdds:
    """P(each combatant's side wins), P(draw), P(the fight lasts r rounds) for r = 1.., and
    the bound on what the chain left out (``error``: probability not accounted for)."""

    names: tuple[str, str]
    sides: tuple[str, str]
    win: tuple[float, float]
    draw: float
    length: tuple[float, ...]
    error: float
    rounds_computed: int
    classes: int

    @property
    def mean_rounds(self) -> float:
        return sum((r + 1) * p for r, p in enumerate(self.length)) / max(sum(self.length), 1e-300)


def first_player(spec: ps.PercentileSpec) -> float:
    """P(combatant 0 goes first): PER + AGL + D20 each, ties by scenario order or re-rolled."""
    a, b = int(spec.fi[0, ps.INIT]), int(spec.fi[1, ps.INIT])
    wins = ties = 0
    for x in range(1, 21):
        for y in range(1, 21):
            wins += a + x > b + y
            ties += a + x == b + y
    if spec.opts[ps.O_TIES_REROLL]:
        return (wins + ties * 0.5) / 400
    return (wins + ties) / 400


class DuelChain:
    """The chain of one compiled duel; ``stance(f, r)`` gives each fighter's stance table."""

    #: False: the attack step of the reference implementation (the bench's baseline)
    compiled = True

    def __init__(self, spec: ps.PercentileSpec, model: ExchangeRunner) -> None:
        self.spec = spec
        self.model = model
        fi = spec.fi
        self.con = (int(fi[0, ps.CON]), int(fi[1, ps.CON]))
        self.hp = (int(fi[0, ps.HP]), int(fi[1, ps.HP]))
        self.shape = (self.hp[0] + self.con[0] + 1, self.hp[1] + self.con[1] + 1)
        # hp of each grid index, per axis
        self.hp_axis = (
            np.arange(self.shape[0]) - self.con[0],
            np.arange(self.shape[1]) - self.con[1],
        )
        self._tired: dict[tuple[int, int], int] = {}
        self.recover_mode = int(spec.opts[ps.O_RECOVER])
        self._declared: dict[tuple[int, Kit, Kit, int], tuple[int, int]] = {}
        self._declared_by: dict[tuple[object, ...], tuple[int, int]] = {}
        self._pairs: dict[tuple[object, ...], list[Any]] = {}
        self._base_cells: dict[int, list[tuple[int, int, npt.NDArray[np.bool_] | None]]] = {}
        self._live = (self.hp_axis[0] > 0)[:, None] & (self.hp_axis[1] > 0)[None, :]
        # the exchange reads no tactic: chains sharing a model share its branch arrays
        self._arrays: dict[tuple[object, ...], tuple[Any, ...]] = model.arrays
        self._all = np.ones(self.shape, bool)
        # who may take the second turn of a round, cell by cell (state.acting and
        # attack_in_turn): in a simultaneous round everyone, on a target not dead; else an
        # able fighter on an able target
        self._acts: dict[tuple[int, bool], npt.NDArray[np.bool_]] = {}
        # who may yield at the second turn (round.resolve_round: an acting fighter not killed
        # earlier in the round, round.leaves_the_fight; whatever became of its target)
        self._yields: dict[tuple[int, bool], npt.NDArray[np.bool_]] = {}
        for f in (0, 1):
            g = 1 - f
            for simultaneous in (False, True):
                up = np.ones_like(self.hp_axis[f], bool) if simultaneous else self.hp_axis[f] > 0
                target = self.hp_axis[g] > -self.con[g] if simultaneous else self.hp_axis[g] > 0
                a = up[:, None] if f == 0 else up[None, :]
                b = target[None, :] if f == 0 else target[:, None]
                self._acts[(f, simultaneous)] = np.ascontiguousarray(
                    np.broadcast_to(a & b, self.shape)
                )
                alive = up & (self.hp_axis[f] > -self.con[f])
                y = alive[:, None] if f == 0 else alive[None, :]
                self._yields[(f, simultaneous)] = np.ascontiguousarray(
                    np.broadcast_to(y, self.shape)
                )
        self._idle = {k: ~v for k, v in self._acts.items()}
        self._stays = {k: ~v for k, v in self._yields.items()}
        self._splits: dict[tuple[int, bool, int, int], list[Split]] = {}
        self.round_dependent = False  # no tactic looks at the round beyond a script
        self._stances: dict[int, tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]] = {}

    # -- the tactics --------------------------------------------------------------------------
    @staticmethod
    def recovered(kit: Kit, stance: int) -> Kit:
        """``round.recover`` before the round's attacks (option recover_weapon)."""
        return kit.recovered(stance)

    def declared(self, f: int, kit: Kit, other: Kit, base: int) -> tuple[int, int]:
        """The kernel's ``declare`` (the tactics' ``take_stance``) for base stance ``base``
        with these kits: (stance, the weapon in hand for the round); cached."""
        key = (f, kit, other, base)
        hit = self._declared.get(key)
        if hit is None:
            spec = self.spec
            fi = spec.fi
            e = 1 - f
            lost = min(other.abs_loss, int(fi[e, ps.ABS]))
            ew = other.wield if other.ready else int(fi[e, ps.BODY])
            mine = 0 if fi[f, ps.PROJ_ONLY] else max(0, int(fi[f, ps.ABS]) - kit.abs_loss)
            # what ``declare`` reads: kits equal in it share the answer
            reads = (f, base, kit.wield, kit.conds, lost, bool(spec.dmax[e, ew] > mine))
            hit = self._declared_by.get(reads)
            if hit is not None:
                self._declared[key] = hit
                return hit
            cond = np.full(ps.MAX_WEAPONS, C_LOST, np.int64)
            cond[: len(kit.conds)] = kit.conds
            stance, wield = declare(
                base,
                kit.wield,
                cond,
                spec.natural[f],
                int(fi[f, ps.NWEAP]),
                int(fi[f, ps.BODY]),
                np.ascontiguousarray(spec.values[f, :, lost]),
                spec.switch_ratio,
                bool(spec.worth_unarmed[f, lost]),
                int(fi[f, ps.NO_WEAPON]),
                bool(spec.opts[ps.O_DRAW_TAKES_ROUND]),
                reads[5],
                np.ascontiguousarray(spec.through[f, :, lost]),
            )
            self._declared_by[reads] = (int(stance), int(wield))
            hit = self._declared[key] = self._declared_by[reads]
        return hit

    def stance_pairs(
        self,
        base_key: int,
        base: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]],
        k0: Kit,
        k1: Kit,
    ) -> list[tuple[int, int, Kit, Kit, npt.NDArray[np.bool_] | None]]:
        """The declarations over the live cells: (stance of each, kit of each with the
        weapon it takes in hand, the cells; None: all of them); cached per round class and
        kits."""
        key = (base_key, k0, k1)
        hit = self._pairs.get(key)
        if hit is None:
            hit = []
            for x, y, cells in self._base_pairs(base_key, base):
                s0, w0 = self.declared(0, k0, k1, x)
                n0 = k0 if w0 == k0.wield else k0.but(wield=w0)
                s1, w1 = self.declared(1, k1, k0, y)
                n1 = k1 if w1 == k1.wield else k1.but(wield=w1)
                hit.append((s0, s1, n0, n1, cells))
            self._pairs[key] = hit
        return hit

    def _base_pairs(
        self, base_key: int, base: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]
    ) -> list[tuple[int, int, npt.NDArray[np.bool_] | None]]:
        """The pairs of base stances over the live cells (None: all of them), each with
        its cells; once per stance table."""
        hit = self._base_cells.get(base_key)
        if hit is None:
            live = self._live
            b0 = sorted(set(base[0][live].tolist()))
            b1 = sorted(set(base[1][live].tolist()))
            found: list[tuple[int, int, npt.NDArray[np.bool_] | None]] = []
            for x in b0:
                for y in b1:
                    cells = (base[0] == x) & (base[1] == y) & live
                    if cells.any():
                        found.append((x, y, cells))
            if len(found) == 1:
                found = [(found[0][0], found[0][1], None)]
            hit = self._base_cells[base_key] = found
        return hit

    def tactic_stances(self, rnd: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Each fighter's base stance over the grid (own hp on its axis), by the kernel's
        tactic function (``tactics.base_stance``)."""
        spec = self.spec
        out = []
        for f in range(2):
            table = np.zeros(self.shape, np.int64)
            fi = spec.fi[f]
            stance_table(
                table, f, np.asarray(self.hp_axis[0], np.int64),
                np.asarray(self.hp_axis[1], np.int64), int(fi[ps.TACTIC]), rnd,
                int(fi[ps.HP_MAX]), np.ascontiguousarray(spec.script[f], np.int64),
                int(fi[ps.SCRIPT_LEN]), int(fi[ps.THEN]),
                np.ascontiguousarray(spec.policy[f], np.int64),
            )  # fmt: skip
            out.append(table)
        return out[0], out[1]

    def tired(self, f: int, rnd: int) -> int:
        """Fatigue at the start of round ``rnd`` is 0 (both fought every earlier round)."""
        hit = self._tired.get((f, rnd))
        if hit is None:
            hit = self._tired[(f, rnd)] = self._tired_now(f, rnd)
        return hit

    def _tired_now(self, f: int, rnd: int) -> int:
        return self.tired_rounds(f, rnd)[rnd - 1]

    def tired_rounds(self, f: int, rounds: int) -> list[int]:
        """``tired`` for rounds 1 to ``rounds`` at once: the fatigue spent round by round."""
        spec = self.spec
        fat = int(spec.fi[f, ps.FAT])
        per_round = bool(spec.opts[ps.O_FATIGUE_PER_ROUND])
        enc = int(spec.fi[f, ps.ENC_FAT])
        out = []
        for r in range(1, rounds + 1):
            out.append(1 if fat <= 0 else 0)  # at the start of round r
            fat -= min(fat, (1 if per_round or r % 3 == 0 else 0) + enc)
        return out

    # -- the compiled round ------------------------------------------------------------------
    def start_kits(self) -> list[Kit]:
        spec = self.spec
        w = tuple(0 if spec.fi[f, ps.NWEAP] else -1 for f in range(2))
        return [
            Kit(
                w[f],
                tuple([0] * int(spec.fi[f, ps.NWEAP])),
                tuple(int(b) for b in spec.bv[f, : spec.fi[f, ps.NWEAP]]),
            )
            for f in range(2)
        ]

    def run(self, p_first0: float, max_rounds: int) -> DuelOdds:
        """The chain, round by round: every class's round by its plans (``plan``),
        each round two compiled calls for all classes (``grid_kernel``)."""
        if not self.compiled:
            return self._run_reference(p_first0, max_rounds)
        # the plans are many small long-lived objects: a collection pass in the middle of
        # building them rescans them all (about a tenth of the time), and frees nothing
        with collector_paused():
            return self._run_compiled(p_first0, max_rounds)

    def _run_compiled(self, p_first0: float, max_rounds: int) -> DuelOdds:
        spec = self.spec
        kits = self.start_kits()
        planner = Planner(self)
        shape = self.shape
        c0, c1 = self.con[0] + 1, self.con[1] + 1
        m0, m1 = shape[0] - c0, shape[1] - c1  # the live block: both up
        # The grids of the classes (this round's and the next's) and of the half-round
        # classes are rows set aside ``ROOM`` bytes at a time, never zeroed as a whole: a
        # row is set to zero as the class or half-round class it holds comes into being
        # (``_zeroed``), so only the rows in use are ever touched. (np.zeros would do the
        # same for fresh memory, but zero all of it where the allocator hands memory back.)
        room = max(8, ROOM // (8 * m0 * m1))
        grids, nxt = np.empty((room, m0, m1)), np.empty((room, m0, m1))  # live blocks
        classes_zeroed = _zeroed((grids, nxt), 0, 4)
        starts: list[int] = []
        for order, share in ((0, p_first0), (1, 1 - p_first0)):
            if share > 0:
                i = planner.class_index((order, kits[0], kits[1]))
                grids[i, self.hp[0] - 1, self.hp[1] - 1] = share
                starts.append(i)
        active = np.asarray(starts, np.int64)
        acc = np.zeros(5)  # win 0, win 1, draw, ended (this round), error
        draw_frozen = 0.0
        length: list[float] = []
        held = 0.0
        seen: list[npt.NDArray[np.int64]] = []  # the classes active, round by round
        # the half-round grids (grid_kernel): live blocks, flagged rows, the rest compact
        live, down = np.empty((room, m0, m1)), np.empty((room, 2 * m0 + 2 * m1 + 1))
        halves_zeroed = 0
        live_rows = np.zeros((room, 2), np.int64)  # rows that may hold mass
        touched = np.zeros(room, np.bool_)
        hmass = np.zeros(room)  # each half-round class's mass
        gmass = np.zeros(room)  # each class's mass
        gmass[active] = grids[active].sum(axis=(1, 2))
        cmass = np.zeros(len(nxt))  # each next class's mass
        present, found = np.zeros(len(nxt), np.bool_), np.zeros(len(nxt), np.int64)
        half_ids, half_mass = np.zeros(0, np.int64), np.zeros(0)
        up = np.zeros(m0 + m1)  # scratch, and per live row:
        # scratch for the kernels (grid_kernel): the masked cells, their sums
        rows = (
            np.zeros((2 * m0 + 1) * m1), np.zeros((m1 + 1, m0)), np.zeros((m0 + 1, m1)),
            np.zeros(m1 + 1), np.zeros(4, np.int64), np.zeros(4),
        )  # fmt: skip
        rsum = np.zeros(m0 + 1)
        lmasks = np.zeros((0, m0 * m1), np.bool_)  # the masks' live blocks, flat
        dmasks = np.zeros((0, 2 * m0 + 2 * m1), np.bool_)  # and where someone is down
        lempty = np.zeros(0, np.bool_)  # and whether a mask has no live cell
        sorted_ops = 0  # the operations whose branches are sorted by d1 (grid_kernel)
        #: by the round's context for each order: each class's first plan (-1: not built)
        firsts: dict[tuple[tuple[Any, ...], ...], npt.NDArray[np.int64]] = {}
        alias: dict[int, int] = {}  # stance table key -> the key of an equal table
        script_len = max(int(spec.fi[f, ps.SCRIPT_LEN]) for f in (0, 1))
        tired = (self.tired_rounds(0, max_rounds), self.tired_rounds(1, max_rounds))
        rnd = 0
        for rnd in range(1, max_rounds + 1):
            simultaneous = rnd > 1 and bool(spec.opts[ps.O_SIMULTANEOUS])
            key = rnd if rnd <= script_len + 1 or self.round_dependent else 0
            if key not in alias:  # rounds whose stance tables are the same share plans
                tables = self.tactic_stances(rnd)
                alias[key] = next(
                    (
                        k
                        for k, (a, b) in self._stances.items()
                        if np.array_equal(a, tables[0]) and np.array_equal(b, tables[1])
                    ),
                    key,
                )
                self._stances.setdefault(alias[key], tables)
            base_key = alias[key]
            late = rnd > script_len
            t = (tired[0][rnd - 1], tired[1][rnd - 1])
            acc[3] = 0.0
            frozen = 0.0
            # each active class's first plan in this round's context (looked up by array)
            act = active
            seen.append(active)
            # one table over classes for the round's two contexts (a class's order picks)
            scenario_order = rnd > 1 and bool(spec.opts[ps.O_ORDER_SCENARIO])
            ctxs = tuple(
                (simultaneous, 0 if scenario_order else o, base_key, t[0], t[1], late)
                for o in (0, 1)
            )
            table = firsts.get(ctxs)
            if table is None or len(table) < len(planner.keys):
                grown = np.full(2 * len(planner.keys), -1, np.int64)
                if table is not None:
                    grown[: len(table)] = table
                table = firsts[ctxs] = grown
            plans = table[act]
            missing = np.flatnonzero(plans < 0).tolist()
            for n in sorted(missing, key=lambda n: planner.orders[int(act[n])]):  # 0's first
                i = int(act[n])
                plans[n] = table[i] = planner.first(i, ctxs[planner.orders[i]])
            stop = planner.frozen.view()[plans]
            if stop.any():
                frozen = float(grids[act[stop]].sum())
                grids[act[stop]] = 0.0
            classes = act[~stop]
            plans = plans[~stop]
            if len(planner.halves) > len(live):  # (they are all zero between rounds)
                n = 2 * len(planner.halves)
                live, down = np.empty((n, m0, m1)), np.empty((n, down.shape[1]))
                halves_zeroed = 0
                live_rows = np.zeros((n, 2), np.int64)
                touched = np.zeros(n, np.bool_)
                hmass = np.zeros(n)
            halves_zeroed = _zeroed((live, down), halves_zeroed, len(planner.halves))
            pl = planner
            pl.flush()
            if len(lmasks) != len(pl.masks):
                lmasks = np.ascontiguousarray(pl.masks[:, c0:, c1:]).reshape(len(pl.masks), -1)
            sort_branches(
                pl.op_b0.view(), pl.op_b1.view(), pl.q.view(), pl.d0.view(), pl.d1.view(),
                pl.dest.view(), sorted_ops, pl.op_mask.n,
            )  # fmt: skip
            sorted_ops = pl.op_mask.n
            first_attacks(
                grids.reshape(len(grids), -1), classes, plans,
                pl.first_op0.view(), pl.first_op1.view(), lmasks, pl.op_mask.view(),
                pl.op_b0.view(), pl.op_b1.view(), pl.q.view(), pl.d0.view(), pl.d1.view(),
                pl.dest.view(), c0, c1, live.reshape(len(live), -1), live_rows, down, touched,
                gmass[classes], SKIP, acc, hmass, *rows,
            )  # fmt: skip
            # the half-round classes reached; one below PRUNE_HALF dropped (in the error)
            if len(half_ids) < len(touched):
                half_ids, half_mass = np.zeros(len(touched), np.int64), np.zeros(len(touched))
            n = settle_halves(
                touched, hmass, live.reshape(len(live), -1), live_rows, down, PRUNE_HALF, acc,
                half_ids, half_mass,
            )  # fmt: skip
            ids, mass = half_ids[:n], half_mass[:n]
            for h in ids[~planner.built.view()[ids]].tolist():  # those not built yet
                planner.second(h)
            size = len(planner.keys)
            if size > len(nxt):  # room for the classes found (both buffers)
                # nothing to copy: this round's grids are read (first_attacks) and the next
                # round's not written yet
                grids, nxt = np.empty((2 * size, m0, m1)), np.empty((2 * size, m0, m1))
                classes_zeroed = 0
                cmass, gmass = np.zeros(len(nxt)), np.zeros(len(nxt))
                present, found = np.zeros(len(nxt), np.bool_), np.zeros(len(nxt), np.int64)
            classes_zeroed = _zeroed((grids, nxt), classes_zeroed, size)
            pl.flush()
            if len(lmasks) != len(pl.masks):
                lmasks = np.ascontiguousarray(pl.masks[:, c0:, c1:]).reshape(len(pl.masks), -1)
            if len(dmasks) != len(pl.masks):
                dmasks = down_masks(pl.masks, c0, c1)
                lempty = np.ascontiguousarray(lmasks.sum(axis=1) == 0)
            sort_branches(
                pl.op_b0.view(), pl.op_b1.view(), pl.q.view(), pl.d0.view(), pl.d1.view(),
                pl.dest.view(), sorted_ops, pl.op_mask.n,
            )  # fmt: skip
            sorted_ops = pl.op_mask.n
            second_attacks(
                live.reshape(len(live), -1), live_rows, down, ids, pl.second_op0.view(),
                pl.second_op1.view(), dmasks, lmasks, lempty, pl.op_mask.view(),
                pl.op_b0.view(), pl.op_b1.view(), pl.q.view(), pl.d0.view(), pl.d1.view(),
                pl.dest.view(), pl.out_next.view(),
                pl.out_u0.view(), pl.out_u1.view(), c0, c1, nxt.reshape(len(nxt), -1), present,
                acc, mass, SKIP, up, cmass, *rows, rsum,
            )  # fmt: skip
            # the classes the fight goes on in; one below PRUNE dropped (in the error)
            n = settle_classes(present, cmass, nxt.reshape(len(nxt), -1), PRUNE, acc, found, gmass)
            active = found[:n].copy()
            length.append(float(acc[3]))
            draw_frozen += frozen
            held += frozen
            grids, nxt = nxt, grids
            still = float(gmass[active].sum())
            if rnd == max_rounds:
                draw_frozen += still
                length[-1] += still + held
                held = 0.0
                break
            if still < SETTLED:
                acc[4] += still
                break
        if held:
            length.extend([0.0] * (max_rounds - len(length)))
            length[max_rounds - 1] += held
        return DuelOdds(
            names=(spec.names[0], spec.names[1]),
            sides=spec.sides,
            win=(float(acc[0]), float(acc[1])),
            draw=float(acc[2]) + draw_frozen,
            length=tuple(length),
            error=float(acc[4]),
            rounds_computed=rnd,
            classes=len({planner.keys[i][1:] for i in np.unique(np.concatenate(seen)).tolist()}),
        )

    # -- moving probability on the grid -------------------------------------------------------
    def shifted(self, grid: Grid, d0: int, d1: int, k0: bool, k1: bool) -> Grid:
        """``grid`` with d0 and d1 hp taken off (clipped at death, -CON, index 0); a kill
        moves the victim to index 0."""
        g = grid
        if k0:
            g = np.concatenate([g.sum(axis=0, keepdims=True), np.zeros_like(g[1:])], axis=0)
        elif d0:
            g = np.concatenate(
                [g[: d0 + 1].sum(axis=0, keepdims=True), g[d0 + 1 :], np.zeros_like(g[:d0])], axis=0
            )
        if k1:
            g = np.concatenate([g.sum(axis=1, keepdims=True), np.zeros_like(g[:, 1:])], axis=1)
        elif d1:
            g = np.concatenate(
                [
                    g[:, : d1 + 1].sum(axis=1, keepdims=True),
                    g[:, d1 + 1 :],
                    np.zeros_like(g[:, :d1]),
                ],
                axis=1,
            )
        return g

    def branch_arrays(
        self, f: int, kf: Kit, kg: Kit, sf: int, sg: int, tf: int, tg: int, low: bool = False
    ) -> tuple[
        list[tuple[Kit, Kit]],
        Grid,
        npt.NDArray[np.int64],
        npt.NDArray[np.int64],
        npt.NDArray[np.int64],
    ]:
        """The exchange's branches as arrays for ``apply_branches`` (cached per class):
        destination kits (combatant 0's, 1's; index 0 is "unchanged": no branch goes there,
        every other one is reached), probability, hp lost by combatant 0 and 1 (-1: killed),
        destination index."""
        key = (f, kf, kg, sf, sg, tf, tg, low)
        hit = self._arrays.get(key)
        if hit is not None:
            return hit
        made = self._arrays[key] = self.model.branch_arrays(f, kf, kg, sf, sg, tf, tg, low)
        return made

    def attack_step(
        self,
        grids: dict[Key, Grid],
        f: int,
        sf: int,
        sg: int,
        rnd: int,
        simultaneous: bool,
        first: bool,
    ) -> dict[Key, Grid]:
        """Combatant ``f`` takes its turn (attack in stance ``sf`` or recover) in every class."""
        out: dict[Key, Grid] = {}
        g = 1 - f
        tf, tg = self.tired(f, rnd), self.tired(g, rnd)

        def add(key: Key, grid: Grid) -> None:
            have = out.get(key)
            out[key] = grid if have is None else have + grid

        acts = self._all if first else self._acts[f, simultaneous]
        for key, grid in grids.items():
            order, k0, k1 = key
            kf = k0 if f == 0 else k1
            kg = k1 if f == 0 else k0
            if sf in (S_SURRENDER, S_FLEE):  # round.resolve_round: Yielded at its turn
                nk = kf.but(yielded=1 if sf == S_SURRENDER else 2)
                moved = np.where(self._all if first else self._yields[f, simultaneous], grid, 0.0)
                add((order, nk, kg) if f == 0 else (order, kg, nk), moved)
                add(key, grid - moved)
                continue
            if sf == S_RECOVER:
                if self.recover_mode == ps.RECOVER_START:
                    add(key, grid)
                    continue
                nk = kf.recovered(sf)
                if nk is not kf:
                    moved = np.where(acts, grid, 0.0)
                    add((order, nk, kg) if f == 0 else (order, kg, nk), moved)
                    grid = grid - moved
                add(key, grid)
                continue
            if sf not in ATTACKING or not kf.ready or kg.yielded:
                add(key, grid)
                continue
            self._reference_move(grid, key, f, kf, kg, sf, sg, tf, tg, acts, add)
        return out

    def _reference_move(
        self,
        grid: Grid,
        key: Key,
        f: int,
        kf: Kit,
        kg: Kit,
        sf: int,
        sg: int,
        tf: int,
        tg: int,
        acts: npt.NDArray[np.bool_],
        add: Callable[[Key, Grid], None],
    ) -> None:
        """One class's attack as the chain made it before the round plans (NumPy masks,
        every branch moved by ``apply_branches``): the baseline ``bench/batch.py`` times."""
        g = 1 - f
        order = key[0]
        # an all-out attacker defends beyond its free defences when a perfect attack's
        # full damage would down it anyway (tactics.wants_extra_defence): by its hp
        splits: list[tuple[bool, npt.NDArray[np.bool_]]] = [(False, acts)]
        if self.no_free_defence(sg):
            top = int(self.spec.dmax[f, kf.wield])
            hp_g = self.hp_axis[g]
            low = (hp_g <= top)[None, :] if g == 1 else (hp_g <= top)[:, None]
            low_cells = np.broadcast_to(low, self.shape)
            splits = [(True, acts & low_cells), (False, acts & ~low_cells)]
        rest = grid
        for flag, cells in splits:
            part = np.where(cells, grid, 0.0)
            rest = rest - part
            if not part.any():
                continue
            dests, q, d0, d1, dest = self.branch_arrays(f, kf, kg, sf, sg, tf, tg, flag)
            result = np.zeros((len(dests), *self.shape))
            apply_branches(part, self._all, q, d0, d1, dest, result)
            for i, (n0, n1) in enumerate(dests):
                if i == 0 or result[i].any():
                    add((order, n0, n1), result[i])
        add(key, rest)

    def record_end(self, grid: Grid, u0: int, u1: int) -> None:
        """Where the fight ends in ``grid`` at the end of a round of ``_run_reference``:
        the cells below row ``u0`` or column ``u1`` (someone down or gone; 0, 0: every cell,
        a draw). Nothing here; ``ends.EndsChain`` records them (``fracas odds
        --distributions``)."""

    def no_free_defence(self, stance: int) -> bool:
        """Whether ``stance`` has no free defence (``stances.free_defences``: an all-out attack,
        unless it bought a dodge under ``all_out_dodge: hard-attack``)."""
        return bool(self.spec.opts[ps.O_FREE + stance] == 0)

    def splits(self, f: int, sg: int, top: int, acts: npt.NDArray[np.bool_]) -> list[Split]:
        """The cells where ``f`` attacks, split by the defender's extra defence: an
        all-out attacker defends beyond its free defences when a perfect attack's full
        damage would down it anyway (tactics.wants_extra_defence), by its hp; cached."""
        key = (f, self.no_free_defence(sg), top, id(acts))
        hit = self._splits.get(key)
        if hit is None:
            if not key[1]:
                hit = [(False, acts)]
            else:
                g = 1 - f
                hp_g = self.hp_axis[g]
                low = (hp_g <= top)[None, :] if g == 1 else (hp_g <= top)[:, None]
                low_cells = np.broadcast_to(low, self.shape)
                hit = [
                    (True, np.ascontiguousarray(acts & low_cells)),
                    (False, np.ascontiguousarray(acts & ~low_cells)),
                ]
            self._splits[key] = hit
        return hit

    def _run_reference(self, p_first0: float, max_rounds: int) -> DuelOdds:
        """``run`` round by round in Python (the bench's baseline, ``compiled = False``)."""
        spec = self.spec
        w = tuple(0 if spec.fi[f, ps.NWEAP] else -1 for f in range(2))
        kits = [
            Kit(
                w[f],
                tuple([0] * int(spec.fi[f, ps.NWEAP])),
                tuple(int(b) for b in spec.bv[f, : spec.fi[f, ps.NWEAP]]),
            )
            for f in range(2)
        ]
        start = np.zeros(self.shape)
        start[self.hp[0] + self.con[0], self.hp[1] + self.con[1]] = 1.0
        grids: dict[Key, Grid] = {}
        if p_first0 > 0:
            grids[(0, kits[0], kits[1])] = start * p_first0
        if p_first0 < 1:
            grids[(1, kits[0], kits[1])] = start * (1 - p_first0)
        c0, c1 = self.con[0] + 1, self.con[1] + 1  # first index above 0 hp
        win = [0.0, 0.0]
        draw = 0.0
        length: list[float] = []
        error = 0.0
        held = 0.0  # frozen mass: ends as a draw after max_rounds
        seen: set[tuple[Kit, Kit]] = set()
        rnd = 0
        for rnd in range(1, max_rounds + 1):
            simultaneous = rnd > 1 and bool(spec.opts[ps.O_SIMULTANEOUS])
            script_len = max(int(spec.fi[f, ps.SCRIPT_LEN]) for f in (0, 1))
            base_key = rnd if rnd <= script_len + 1 or self.round_dependent else 0
            base = self._stances.get(base_key)
            if base is None:
                base = self._stances[base_key] = self.tactic_stances(rnd)
            ended = 0.0
            frozen = 0.0
            nxt: dict[Key, Grid] = {}
            for order in (0, 1):
                order_now = 0 if rnd > 1 and spec.opts[ps.O_ORDER_SCENARIO] else order
                group = {k: v for k, v in grids.items() if k[0] == order}
                if not group:
                    continue
                x = order_now
                y = 1 - x
                # split by stance pairs (stances are declared from the start of the round)
                for key, grid in group.items():
                    _, k0, k1 = key
                    seen.add((k0, k1))
                    pairs = self.stance_pairs(base_key, base, k0, k1)
                    if (
                        len(pairs) == 1
                        and pairs[0][:2] == (S_ALL_OUT_DEFENCE, S_ALL_OUT_DEFENCE)
                        and pairs[0][2:4] == (k0, k1)
                        and rnd > script_len
                    ):
                        # nobody will ever attack again: a draw after max_rounds
                        frozen += float(grid.sum())
                        self.record_end(grid, 0, 0)
                        continue
                    for s0, s1, d0, d1, mask in pairs:
                        declared = (key[0], d0, d1)
                        if self.recover_mode == ps.RECOVER_START:
                            d0 = self.recovered(d0, s0)
                            d1 = self.recovered(d1, s1)
                            declared = (key[0], d0, d1)
                        part = {declared: grid if mask is None else np.where(mask, grid, 0.0)}
                        sx, sy = (s0, s1) if x == 0 else (s1, s0)
                        part = self.attack_step(part, x, sx, sy, rnd, simultaneous, True)
                        part = self.attack_step(part, y, sy, sx, rnd, simultaneous, False)
                        for (o, n0, n1), g in part.items():
                            # end of the round: the fight ends if someone is down or gone
                            u0 = c0 if not n0.yielded else self.shape[0]
                            u1 = c1 if not n1.yielded else self.shape[1]
                            both, a_only, b_only, none = tally(g, u0, u1)
                            self.record_end(g, u0, u1)
                            win[0] += a_only
                            win[1] += b_only
                            draw += none
                            ended += a_only + b_only + none
                            if both < PRUNE:
                                error += both
                                continue
                            nk = (o, n0.next_round(), n1.next_round())
                            have = nxt.get(nk)
                            if have is None:
                                have = nxt[nk] = np.zeros(self.shape)
                            have[c0:, c1:] += g[c0:, c1:]
            length.append(ended)
            draw += frozen
            held += frozen
            grids = nxt
            still = sum(float(g.sum()) for g in grids.values())
            if rnd == max_rounds:
                draw += still
                length[-1] += still + held
                for g in grids.values():
                    self.record_end(g, 0, 0)
                held = 0.0
                break
            if still < SETTLED:
                error += still
                break
        if held:
            length.extend([0.0] * (max_rounds - len(length)))
            length[max_rounds - 1] += held
        names = (spec.names[0], spec.names[1])
        return DuelOdds(
            names=names,
            sides=spec.sides,
            win=(win[0], win[1]),
            draw=draw,
            length=tuple(length),
            error=error,
            rounds_computed=rnd,
            classes=len(seen),
        )


def chain_scope(scenario: PercentileScenario, ruleset: PercentileRuleset) -> str | None:
    """Why a duel is outside the chain: outside the kernel's scope (``spec.scope``), or one
    where a weapon cannot get through the other's armour (``spec.armour_stops``); or None."""
    why = ps.scope(scenario, ruleset)
    return ps.armour_stops(scenario, ruleset) if why is None else why


def duel_odds(
    ruleset: PercentileRuleset,
    scenario: PercentileScenario,
    policy: object | None = None,
    model: ExchangeRunner | None = None,
) -> Solution:
    """The exact odds of a duel inside the chain's scope; ``policy``: the kernel's policy
    array for ``tactics: optimal``; ``model``: an ``ExchangeRunner`` already built for these
    combatants (the exchange reads no tactic, so ``advise`` shares one between the policies
    it evaluates)."""
    if policy is not None and not isinstance(policy, np.ndarray):
        raise TypeError(f"a percentile policy is an array of stances, not {type(policy)}")
    # no collection pass while the chain runs, nor before what it made is dropped: the
    # model's many small objects would be scanned once more, and they free nothing
    with collector_paused():
        spec = ps.compile_duel(scenario, ruleset, policy)
        if model is None:
            model = ExchangeRunner(spec, ruleset.profiles(scenario))
        chain = DuelChain(spec, model)
        r = chain.run(first_player(spec), int(spec.opts[ps.O_MAX_ROUNDS]))
        del chain, model  # (the caller's model lives on)
    return solution_of(spec, r)


def solution_of(spec: ps.PercentileSpec, r: DuelOdds) -> Solution:
    """The chain's answer in ``fracas.sim.fast``'s terms."""
    return Solution(
        names=(spec.names[0], spec.names[1]),
        sides=(spec.sides[0], spec.sides[1]),
        win=(float(r.win[0]), float(r.win[1])),
        draw=float(r.draw),
        length=tuple(float(x) for x in r.length),
        error=float(r.error),
        classes=r.classes,
        unit="rounds",
    )


@contextmanager
def collector_paused() -> Iterator[None]:
    """No garbage-collection pass inside (the chain's many small long-lived objects would be
    rescanned and free nothing); collection as before afterwards."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()
