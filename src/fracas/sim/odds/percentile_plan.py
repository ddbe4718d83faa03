"""A round of the percentile chain for one state class, compiled once into a plan.

What happens to a class in a round depends only on the class (who goes first, both kits)
and the round's context (simultaneous or not, who strikes first, the stance tables, both
fatigue flags, whether scripts are over), never on the probabilities it holds. So the chain
works out, once per class and context, the same moves ``DuelChain.attack_step`` makes (the
stance pairs' cells, who acts, each exchange's branches, weapons recovered, yielding) as flat
arrays of operations, and ``grid_kernel.run_round_plan`` carries each round out in one
compiled call. Every operation moves the cells of a mask along a list of branches
(probability, hp lost by each, destination); an unchanged move is one branch (1, 0, 0).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from fracas.sim.batch import percentile_spec as ps
from fracas.sim.batch.percentile_tactics import (
    C_DROPPED,
    S_ALL_OUT_ATTACK,
    S_ALL_OUT_DEFENCE,
    S_FLEE,
    S_NORMAL_ATTACK,
    S_RECOVER,
    S_SURRENDER,
)
from fracas.sim.odds.percentile_exchange import Kit

if TYPE_CHECKING:
    from fracas.sim.odds.percentile_chain import DuelChain, Key

Mask = npt.NDArray[np.bool_]
I64 = npt.NDArray[np.int64]
#: the round's context: (simultaneous, who strikes first, stance table key, fatigue of
#: combatant 0, of 1, scripts over)
Context = tuple[bool, int, int, int, int, bool]


@dataclass(frozen=True)
class Plan:
    """One class's round as arrays for ``run_round_plan``; ``frozen``: nobody will attack
    again (the chain holds its mass as a draw)."""

    frozen: bool
    op_src: I64
    op_mask: I64
    op_b0: I64
    op_b1: I64
    op_level: I64
    q: npt.NDArray[np.float64]
    d0: I64
    d1: I64
    dest: I64
    n1: int
    n2: int
    out_next: I64
    out_u0: I64
    out_u1: I64


class Planner:
    """Builds and caches plans for one chain; ``masks`` holds every cell mask they use."""

    def __init__(self, chain: DuelChain) -> None:
        self.chain = chain
        self._mask_list: list[Mask] = []
        self._mask_ids: dict[tuple[int, int], int] = {}
        self._keep: list[Mask] = []
        self.masks = np.zeros((0, *chain.shape), np.bool_)
        self.index: dict[Key, int] = {}
        self.keys: list[Key] = []
        self._plans: dict[tuple[int, Context], Plan] = {}

    def class_index(self, key: Key) -> int:
        hit = self.index.get(key)
        if hit is None:
            hit = self.index[key] = len(self.keys)
            self.keys.append(key)
        return hit

    def _mask(self, a: Mask | None, b: Mask | None) -> int:
        """The id of the cells in both ``a`` and ``b`` (None: every cell)."""
        key = (id(a), id(b))
        hit = self._mask_ids.get(key)
        if hit is None:
            self._keep.extend(m for m in (a, b) if m is not None)  # ids stay valid
            cells = np.ones(self.chain.shape, np.bool_)
            for m in (a, b):
                if m is not None:
                    cells = cells & m
            hit = self._mask_ids[key] = len(self._mask_list)
            self._mask_list.append(np.ascontiguousarray(cells))
            self.masks = np.stack(self._mask_list)
        return hit

    def plan(self, idx: int, ctx: Context) -> Plan:
        hit = self._plans.get((idx, ctx))
        if hit is None:
            hit = self._plans[(idx, ctx)] = self._build(self.keys[idx], ctx)
        return hit

    def _build(self, key: Key, ctx: Context) -> Plan:
        chain = self.chain
        simultaneous, x, base_key, t0, t1, late = ctx
        tired = (t0, t1)
        y = 1 - x
        _, k0, k1 = key
        pairs = chain.stance_pairs(base_key, chain._stances[base_key], k0, k1)
        empty = np.zeros(0, np.int64)
        if (
            len(pairs) == 1
            and pairs[0][:2] == (S_ALL_OUT_DEFENCE, S_ALL_OUT_DEFENCE)
            and pairs[0][2:4] == (k0, k1)
            and late
        ):
            return Plan(True, empty, empty, empty, empty, empty, np.zeros(0), empty, empty,
                        empty, 0, 0, empty, empty, empty)  # fmt: skip
        ops: list[tuple[int, int, int, int, int]] = []  # src, mask, b0, b1, level
        q: list[float] = []
        d0: list[int] = []
        d1: list[int] = []
        dest: list[int] = []
        level1: dict[tuple[int, Key], int] = {}
        level2: dict[tuple[int, Key], int] = {}

        def emit(
            level: int,
            src: int,
            pre: Mask | None,
            cells: Mask | None,
            branches: list[tuple[float, int, int, int]],
        ) -> None:
            b0 = len(q)
            for p, a, b, d in branches:
                q.append(p)
                d0.append(a)
                d1.append(b)
                dest.append(d)
            ops.append((src, self._mask(pre, cells), b0, len(q), level))

        def step(
            level: int,
            pi: int,
            src: int,
            pre: Mask | None,
            key: Key,
            f: int,
            sf: int,
            sg: int,
            first: bool,
        ) -> None:
            """``DuelChain.attack_step`` for one class, as operations."""
            out = level1 if level == 1 else level2

            def at(k: Key) -> int:
                return out.setdefault((pi, k), len(out))

            order, k0, k1 = key
            kf, kg = (k0, k1) if f == 0 else (k1, k0)
            g = 1 - f
            tf, tg = tired[f], tired[g]
            acts = chain._all if first else chain._acts[f, simultaneous]
            idle = None if first else chain._idle[f, simultaneous]

            def swap(nk: Kit) -> Key:
                return (order, nk, kg) if f == 0 else (order, kg, nk)

            if sf in (S_SURRENDER, S_FLEE):
                nk = replace(kf, yielded=1 if sf == S_SURRENDER else 2)
                emit(level, src, pre, acts, [(1.0, 0, 0, at(swap(nk)))])
                if idle is not None:
                    emit(level, src, pre, idle, [(1.0, 0, 0, at(key))])
                return
            if sf == S_RECOVER:
                if chain.recover_mode != ps.RECOVER_START and (
                    kf.wield >= 0 and kf.conds[kf.wield] == C_DROPPED
                ):
                    conds = list(kf.conds)
                    conds[kf.wield] = 0
                    nk = Kit(kf.wield, tuple(conds), kf.bvs, kf.abs_loss, kf.glitch, kf.defenceless)
                    emit(level, src, pre, acts, [(1.0, 0, 0, at(swap(nk)))])
                    if idle is not None:
                        emit(level, src, pre, idle, [(1.0, 0, 0, at(key))])
                    return
                emit(level, src, pre, None, [(1.0, 0, 0, at(key))])
                return
            if sf not in (S_ALL_OUT_ATTACK, S_NORMAL_ATTACK) or not kf.ready or kg.yielded:
                emit(level, src, pre, None, [(1.0, 0, 0, at(key))])
                return
            for flag, cells in chain.splits(f, sg, int(chain.spec.dmax[f, kf.wield]), acts):
                dests, bq, bd0, bd1, bdest = chain.branch_arrays(f, kf, kg, sf, sg, tf, tg, flag)
                where = [at((order, *dests[int(i)])) for i in bdest]
                emit(
                    level,
                    src,
                    pre,
                    cells,
                    [
                        (float(p), int(a), int(b), w)
                        for p, a, b, w in zip(bq, bd0, bd1, where, strict=True)
                    ],
                )
            if idle is not None:
                emit(level, src, pre, idle, [(1.0, 0, 0, at(key))])

        for pi, (s0, s1, n0, n1, mask) in enumerate(pairs):
            if chain.recover_mode == ps.RECOVER_START:
                n0 = chain.recovered(n0, s0)
                n1 = chain.recovered(n1, s1)
            declared: Key = (key[0], n0, n1)
            sx, sy = (s0, s1) if x == 0 else (s1, s0)
            before = len(level1)
            step(1, pi, 0, mask, declared, x, sx, sy, True)
            for (p, k), i in list(level1.items())[before:]:
                step(2, p, i, None, k, y, sy, sx, False)
        c0, c1 = chain.con[0] + 1, chain.con[1] + 1
        nxt, u0s, u1s = [], [], []
        for _, (o, m0, m1) in level2:
            u0s.append(c0 if not m0.yielded else chain.shape[0])
            u1s.append(c1 if not m1.yielded else chain.shape[1])
            nxt.append(self.class_index((o, m0.next_round(), m1.next_round())))
        arr = np.array(ops, np.int64).reshape(-1, 5)
        return Plan(
            frozen=False,
            op_src=np.ascontiguousarray(arr[:, 0]),
            op_mask=np.ascontiguousarray(arr[:, 1]),
            op_b0=np.ascontiguousarray(arr[:, 2]),
            op_b1=np.ascontiguousarray(arr[:, 3]),
            op_level=np.ascontiguousarray(arr[:, 4]),
            q=np.array(q, np.float64),
            d0=np.array(d0, np.int64),
            d1=np.array(d1, np.int64),
            dest=np.array(dest, np.int64),
            n1=len(level1),
            n2=len(level2),
            out_next=np.array(nxt, np.int64),
            out_u0=np.array(u0s, np.int64),
            out_u1=np.array(u1s, np.int64),
        )
