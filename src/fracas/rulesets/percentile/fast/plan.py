"""A round of the percentile chain for one state class, compiled once into a plan.

What happens to a class in a round depends only on the class (who goes first, both kits)
and the round's context (simultaneous or not, who strikes first, the stance tables, both
fatigue flags, whether scripts are over), never on the probabilities it holds. So the chain
works out, once per class and context, the same moves ``DuelChain.attack_step`` makes (the
stance pairs' cells, who acts, each exchange's branches, weapons recovered, yielding) as flat
arrays of operations, in two half-steps (``Planner``), and ``grid_kernel.first_attacks`` /
``second_attacks`` carry out a round of every class in two compiled calls. Every operation
moves the cells of a mask along a list of branches (probability, hp lost by each,
destination); an unchanged move is one branch (1, 0, 0).

Mirrors Chapter 5, "The round" (the attacks of a round in order). Held to the event engine by
tests/batch/test_odds_fast_path.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from fracas.rulesets.percentile.fast import spec as ps
from fracas.rulesets.percentile.fast.kit import (
    Kit,
    defenceless_code,
    defenceless_next,
    defenceless_now,
)
from fracas.rulesets.percentile.fast.tactics import (
    ATTACK_CODES,
    S_ALL_OUT_DEFENCE,
    S_FLEE,
    S_RECOVER,
    S_SURRENDER,
)

Mask = npt.NDArray[np.bool_]
I64 = npt.NDArray[np.int64]
#: a state class: (who goes first, kit of combatant 0, kit of combatant 1)
Key = tuple[int, Kit, Kit]


class DuelChain(Protocol):
    """What a plan reads of the chain (``chain.DuelChain``), named here so that the chain
    imports the planner and not the other way round."""

    spec: ps.PercentileSpec
    con: tuple[int, int]
    shape: tuple[int, int]
    recover_mode: int
    _all: Mask
    _acts: dict[tuple[int, bool], Mask]
    _idle: dict[tuple[int, bool], Mask]
    _yields: dict[tuple[int, bool], Mask]
    _stays: dict[tuple[int, bool], Mask]
    _stances: dict[int, tuple[I64, I64]]

    @staticmethod
    def recovered(kit: Kit, stance: int) -> Kit: ...

    def stance_pairs(
        self, base_key: int, base: tuple[I64, I64], k0: Kit, k1: Kit
    ) -> list[tuple[int, int, Kit, Kit, Mask | None]]: ...

    def splits(self, f: int, sg: int, top: int, acts: Mask) -> list[tuple[bool, Mask]]: ...

    def branch_arrays(
        self, f: int, kf: Kit, kg: Kit, sf: int, sg: int, tf: int, tg: int, low: bool = False
    ) -> tuple[list[tuple[Kit, Kit]], npt.NDArray[np.float64], I64, I64, I64]: ...


#: the round's context: (simultaneous, who strikes first, stance table key, fatigue of
#: combatant 0, of 1, scripts over)
Context = tuple[bool, int, int, int, int, bool]


class Pool:
    """A growing one-dimensional array, appended to in Python and made an array only when
    the kernels read it (``view()``: the filled part): plans append a few values at a time,
    thousands of times a run, so the values wait in a list (``extend``/``append``: the
    index of the first; ``pool[i]`` reads and writes them) or as array chunks
    (``extend_array``) until then. A pool takes values or chunks, never both."""

    def __init__(self, dtype: type[Any]) -> None:
        self.dtype = dtype
        self.data: npt.NDArray[Any] = np.zeros(0, dtype)
        self.n = 0
        self._items: list[Any] = []  # values not in ``data`` yet, in order
        self._chunks: list[npt.NDArray[Any]] = []  # or arrays of them (not both at once)
        self._view = self.data

    def append(self, value: Any) -> int:
        self._items.append(value)
        self.n += 1
        return self.n - 1

    def extend(self, values: list[Any]) -> int:
        start = self.n
        self._items.extend(values)
        self.n += len(values)
        return start

    def extend_array(self, values: npt.NDArray[Any]) -> int:
        if self._items:
            raise ValueError("a pool of values takes no chunks")
        start = self.n
        self._chunks.append(values)
        self.n += len(values)
        return start

    def __setitem__(self, i: int, value: Any) -> None:
        waiting = self.n - len(self._items)  # (a pool of values, not of chunks)
        if i >= waiting:
            self._items[i - waiting] = value
        else:
            self.data[i] = value

    def __getitem__(self, i: int) -> Any:
        waiting = self.n - len(self._items)
        return self._items[i - waiting] if i >= waiting else self.data[i]

    def view(self) -> npt.NDArray[Any]:
        if len(self._view) == self.n:
            return self._view
        if self._items or self._chunks:
            have = len(self.data)
            new: npt.NDArray[Any]
            if self._items:
                new = np.asarray(self._items, self.dtype)
            else:
                new = np.concatenate(self._chunks)
            if self.n > have:
                grown: npt.NDArray[Any] = np.zeros(max(2 * have, self.n, 256), self.dtype)
                grown[: self.n - len(new)] = self.data[: self.n - len(new)]
                self.data = grown
            self.data[self.n - len(new) : self.n] = new
            self._items, self._chunks = [], []
        self._view = self.data[: self.n]
        return self._view


ONE_Q = np.ones(1)
ZERO = np.zeros(1, np.int64)

#: a half-round class: the kits after the first attack, both declared stances (combatant
#: 0's, 1's) and the round's context
Half = tuple[Key, int, int, Context]


class Planner:
    """Builds and keeps the plans of one chain as flat arrays (pools) for ``grid_kernel``.

    A round is two half-steps: each class's first attack moves its mass into half-round
    classes (the kits after the attack and the declared stances), shared by every class
    whose first attack leads there; each half-round class's second attack is then applied
    once to all of it, settling the round.

    Every operation moves the cells of a mask (``op_mask``, into ``masks``) along branches
    ``op_b0:op_b1`` (probability ``q``, hp lost by combatant 0 and 1 (-1: killed),
    destination ``dest``). A first plan (one per class and round context) is operations
    ``first_op0:first_op1`` whose destinations are half-round classes; a second plan (one
    per half-round class, same id) is operations ``second_op0:second_op1`` whose
    destinations index ``out_next`` (the class the fight goes on in; 0 where one yielded:
    the kernel tallies those, never reads the class), ``out_u0``/
    ``out_u1`` (the first hp index counted as up: past the grid for one who yielded)."""

    def __init__(self, chain: DuelChain) -> None:
        self.chain = chain
        self._mask_list: list[Mask] = []
        self._mask_ids: dict[tuple[int, int], int] = {}
        self._keep: list[Mask] = []
        self.masks = np.zeros((0, *chain.shape), np.bool_)
        self.index: dict[Key, int] = {}
        self.keys: list[Key] = []
        self.orders = Pool(np.int64)  # who goes first, by class
        self.half_index: dict[Half, int] = {}
        self.halves: list[Half] = []
        self._lumped: dict[Kit, Kit] = {}
        self._onwards: dict[Kit, Kit] = {}  # ``_onward``
        self._firsts: dict[tuple[int, Context], int] = {}
        self._half_ids: dict[Half, int] = {}  # by the half-round class before lumping
        self._next_ids: dict[Key, int] = {}  # by the class before ``next_round``
        self.frozen = Pool(np.bool_)  # by first plan: nobody will attack again
        self.q = Pool(np.float64)
        self.d0 = Pool(np.int64)
        self.d1 = Pool(np.int64)
        self.dest = Pool(np.int64)
        self.op_mask = Pool(np.int64)
        self.n_ops = 0  # operations so far, flushed or not
        #: operations not flushed yet: (mask, q, d0, d1, each branch's code, the destination
        #: of each code) (``_op``)
        self._new_ops: list[tuple[int, npt.NDArray[np.float64], I64, I64, I64, list[int]]] = []
        self.op_b0 = Pool(np.int64)
        self.op_b1 = Pool(np.int64)
        self.first_op0 = Pool(np.int64)
        self.first_op1 = Pool(np.int64)
        self.second_op0 = Pool(np.int64)
        self.second_op1 = Pool(np.int64)
        self.built = Pool(np.bool_)  # per half-round class: its second plan is built
        self.out_next = Pool(np.int64)
        self.out_u0 = Pool(np.int64)
        self.out_u1 = Pool(np.int64)

    def class_index(self, key: Key) -> int:
        """The id of the class ``key`` (kits lumped: ``Kit.lumped``)."""
        return self._class_of((key[0], self._lump(key[1]), self._lump(key[2])))

    def _class_of(self, key: Key) -> int:
        """``class_index`` of a key whose kits are lumped already."""
        hit = self.index.get(key)
        if hit is None:
            hit = self.index[key] = len(self.keys)
            self.keys.append(key)
            self.orders.append(key[0])
        return hit

    def _lump(self, kit: Kit) -> Kit:
        hit = self._lumped.get(kit)
        if hit is None:
            hit = self._lumped[kit] = kit.lumped()
        return hit

    def _onward(self, kit: Kit) -> Kit:
        """``kit`` at the start of the next round, lumped (cached: a few dozen kits make
        thousands of classes' next rounds)."""
        hit = self._onwards.get(kit)
        if hit is None:
            hit = self._onwards[kit] = self._lump(kit.next_round())
        return hit

    def _half(self, half: Half) -> int:
        """The id of a half-round class, lumped: kits by ``Kit.lumped``, the second
        attacker's "defenceless this round" dropped (it only attacks, and it ends with
        the round either way), and the parts of the round's context the second attack does
        not read."""
        hit = self._half_ids.get(half)
        if hit is None:
            hit = self._half_ids[half] = self._lumped_half(half)
        return hit

    def _lumped_half(self, half: Half) -> int:
        (order, k0, k1), s0, s1, ctx = half
        k0, k1 = self._lump(k0), self._lump(k1)
        if ctx[1] == 1 and defenceless_now(k0.defenceless):
            k0 = k0.but(defenceless=defenceless_code(False, defenceless_next(k0.defenceless)))
        elif ctx[1] == 0 and defenceless_now(k1.defenceless):
            k1 = k1.but(defenceless=defenceless_code(False, defenceless_next(k1.defenceless)))
        # the second attack reads neither the stance tables nor whether scripts are over
        half = ((order, k0, k1), s0, s1, (ctx[0], ctx[1], 0, ctx[3], ctx[4], False))
        hit = self.half_index.get(half)
        if hit is None:
            hit = self.half_index[half] = len(self.halves)
            self.halves.append(half)
            self.second_op0.append(0)
            self.second_op1.append(0)
            self.built.append(False)
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

    def first(self, idx: int, ctx: Context) -> int:
        """The id of class ``idx``'s first plan in round context ``ctx`` (built once)."""
        hit = self._firsts.get((idx, ctx))
        if hit is None:
            hit = self._firsts[(idx, ctx)] = self._build_first(self.keys[idx], ctx)
        return hit

    def second(self, h: int) -> None:
        """Build half-round class ``h``'s second plan if it is not built yet."""
        if not self.built[h]:
            self._build_second(h)
            self.built[h] = True

    def _op(
        self,
        mask: int,
        bq: npt.NDArray[np.float64],
        bd0: I64,
        bd1: I64,
        code: I64,
        where: list[int],
    ) -> None:
        """Append one operation (the cells of mask ``mask`` along these branches, branch b
        into destination ``where[code[b]]``); it goes into the pools with the others at
        ``flush``, which looks the destinations up for all of them at once."""
        self._new_ops.append((mask, bq, bd0, bd1, code, where))
        self.n_ops += 1

    def flush(self) -> None:
        """Put the operations appended since the last flush into the pools (before the
        kernels read them): a few array calls a round, not a few per operation."""
        if not self._new_ops:
            return
        mask, q, d0, d1, code, where = zip(*self._new_ops, strict=True)
        self._new_ops = []
        n = len(q)
        lengths = np.fromiter(map(len, q), np.int64, n)
        ends = self.q.n + np.cumsum(lengths)
        self.op_mask.extend_array(np.array(mask, np.int64))
        self.op_b0.extend_array(ends - lengths)
        self.op_b1.extend_array(ends)
        for pool, chunks in ((self.q, q), (self.d0, d0), (self.d1, d1)):
            pool.extend_array(np.concatenate(chunks))
        # each operation's table of destinations, one after the other; a branch's code
        # indexes its operation's table
        sizes = np.fromiter(map(len, where), np.int64, n)
        tables = np.fromiter(itertools.chain.from_iterable(where), np.int64, int(sizes.sum()))
        starts = np.repeat(np.cumsum(sizes) - sizes, lengths)
        self.dest.extend_array(tables[np.concatenate(code) + starts])

    def _step(
        self,
        at: Callable[[Key], int],
        pre: Mask | None,
        key: Key,
        f: int,
        sf: int,
        sg: int,
        first: bool,
        ctx: Context,
        slots: dict[Key, int] | None = None,
        base: int = 0,
    ) -> None:
        """``DuelChain.attack_step`` for one class, as operations appended to the pools
        (``at``: the id of a destination; a second plan's: ``base`` + its number in
        ``slots``)."""
        chain = self.chain
        simultaneous = ctx[0]
        tired = (ctx[3], ctx[4])
        mask = self._mask

        def unchanged(cells: Mask | None, k: Key) -> None:
            self._op(mask(pre, cells), ONE_Q, ZERO, ZERO, ZERO, [at(k)])

        order, k0, k1 = key
        kf, kg = (k0, k1) if f == 0 else (k1, k0)
        g = 1 - f
        tf, tg = tired[f], tired[g]
        acts = chain._all if first else chain._acts[f, simultaneous]
        idle = None if first else chain._idle[f, simultaneous]

        def swap(nk: Kit) -> Key:
            return (order, nk, kg) if f == 0 else (order, kg, nk)

        if sf in (S_SURRENDER, S_FLEE):  # whatever became of its target (``_yields``)
            nk = kf.but(yielded=1 if sf == S_SURRENDER else 2)
            unchanged(chain._all if first else chain._yields[f, simultaneous], swap(nk))
            if not first:
                unchanged(chain._stays[f, simultaneous], key)
            return
        if sf == S_RECOVER:
            nk = kf.recovered(sf)
            if chain.recover_mode != ps.RECOVER_START and nk is not kf:
                unchanged(acts, swap(nk))
                if idle is not None:
                    unchanged(idle, key)
                return
            unchanged(None, key)
            return
        if sf not in ATTACK_CODES or not kf.ready or kg.yielded:
            unchanged(None, key)
            return
        for flag, cells in chain.splits(f, sg, int(chain.spec.dmax[f, kf.wield]), acts):
            dests, bq, bd0, bd1, bdest = chain.branch_arrays(f, kf, kg, sf, sg, tf, tg, flag)
            # every destination but "unchanged" (index 0) is reached by a branch
            if slots is not None and not slots:  # a second plan's first move: its slots
                for pair in dests[1:]:  # (distinct pairs: slots 0, 1, ... in this order)
                    slots[(order, *pair)] = len(slots)
                codes = list(range(base - 1, base - 1 + len(dests)))
                self._op(mask(pre, cells), bq, bd0, bd1, bdest, codes)
                continue
            where = [-1, *(at((order, *pair)) for pair in dests[1:])]
            self._op(mask(pre, cells), bq, bd0, bd1, bdest, where)
        if idle is not None:
            unchanged(idle, key)

    def _build_first(self, key: Key, ctx: Context) -> int:
        chain = self.chain
        x = ctx[1]
        _, k0, k1 = key
        base_key, late = ctx[2], ctx[5]
        pairs = chain.stance_pairs(base_key, chain._stances[base_key], k0, k1)
        plan = self.frozen.n
        if (
            len(pairs) == 1
            and pairs[0][:2] == (S_ALL_OUT_DEFENCE, S_ALL_OUT_DEFENCE)
            and pairs[0][2:4] == (k0, k1)
            and late
        ):
            self.frozen.append(True)
            self.first_op0.append(0)
            self.first_op1.append(0)
            return plan
        start = self.n_ops
        for s0, s1, n0, n1, mask in pairs:
            if chain.recover_mode == ps.RECOVER_START:
                n0 = chain.recovered(n0, s0)
                n1 = chain.recovered(n1, s1)
            declared: Key = (key[0], n0, n1)
            sx, sy = (s0, s1) if x == 0 else (s1, s0)

            def at(k: Key, s0: int = s0, s1: int = s1) -> int:
                return self._half((k, s0, s1, ctx))

            self._step(at, mask, declared, x, sx, sy, True, ctx)
        self.frozen.append(False)
        self.first_op0.append(start)
        self.first_op1.append(self.n_ops)
        return plan

    def _build_second(self, h: int) -> None:
        chain = self.chain
        key, s0, s1, ctx = self.halves[h]
        x = ctx[1]
        y = 1 - x
        sx, sy = (s0, s1) if x == 0 else (s1, s0)
        slots: dict[Key, int] = {}
        base = self.out_next.n

        def at(k: Key) -> int:
            return base + slots.setdefault(k, len(slots))

        start = self.n_ops
        self._step(at, None, key, y, sy, sx, False, ctx, slots, base)
        c0, c1 = chain.con[0] + 1, chain.con[1] + 1
        nxt, u0s, u1s = [], [], []
        next_ids, onward = self._next_ids, self._onward
        for slot in slots:
            o, m0, m1 = slot
            if m0.yielded or m1.yielded:
                # one who yielded is out: the kernel tallies the slot, never reads its class
                u0s.append(c0 if not m0.yielded else chain.shape[0])
                u1s.append(c1 if not m1.yielded else chain.shape[1])
                nxt.append(0)
                continue
            u0s.append(c0)
            u1s.append(c1)
            i = next_ids.get(slot)
            if i is None:
                i = next_ids[slot] = self._class_of((o, onward(m0), onward(m1)))
            nxt.append(i)
        self.out_next.extend(nxt)
        self.out_u0.extend(u0s)
        self.out_u1.extend(u1s)
        self.second_op0[h] = start
        self.second_op1[h] = self.n_ops
