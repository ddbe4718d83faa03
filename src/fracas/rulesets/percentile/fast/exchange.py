"""The exact outcome distribution of one percentile attack (``attack.attack``): the attack
check, the parry or dodge, table 5.1's cell and the fumble table, as branches with their
probabilities. Computed once per state class (the combatants' weapons, armour, glitches,
stances, fatigue), never per hit point: hp only shift by the damage these branches carry.

It reads the same compiled arrays as the duel kernel (``PercentileSpec``) and the weapons'
damage distributions from ``fracas.dice.distribution`` (icepool).

Mirrors Chapter 5, "Attacking and defending" (table 5.1), "Fumbling" (table 5.2), "Armour",
"Break value". Held to the event engine by tests/batch/test_odds.py (against the event engine
and the kernel) and test_exchange_kernel.py (the compiled exchange against this model, to the
bit).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.dice.exact import distribution
from fracas.rulesets.percentile.fast import exchange_kernel as xk
from fracas.rulesets.percentile.fast import spec as ps
from fracas.rulesets.percentile.fast.kernel import (
    AUTO_FAIL,
    AUTO_SUCCESS,
    FAIL,
    FUMBLE,
    PERFECT,
    SPECIAL,
    SUCCESS,
)
from fracas.rulesets.percentile.fast.tactics import (
    C_BROKEN,
    C_DROPPED,
    C_LOST,
    C_READY,
    DODGING_CODES,
    S_RECOVER,
)
from fracas.rulesets.percentile.state import Profile

D_NONE, D_PARRY, D_DODGE = range(3)


KitFields = tuple[int, tuple[int, ...], tuple[int, ...], int, int, int, int]
_NAMES = ("wield", "conds", "bvs", "abs_loss", "glitch", "defenceless", "yielded")
#: every kit alive, by its fields: a kit is made once per value (``Kit.__new__``); a plain
#: dict of weak references (``WeakValueDictionary.get`` is Python code, and kits are looked up
#: thousands of times a run), each dropped as its kit dies
_KITS: dict[KitFields, weakref.ref[Kit]] = {}


def _forget(key: KitFields) -> Callable[[weakref.ref[Kit]], None]:
    def drop(ref: weakref.ref[Kit]) -> None:
        if _KITS.get(key) is ref:
            del _KITS[key]

    return drop


class Kit:
    """What changes about a combatant in a fight besides hp: the wielded weapon, each
    weapon's condition and break value, armour loosened, glitches, and the round of a
    fumble's "defenceless in next round" (relative: 0 this round, 1 the next, 2 both: a
    fighter defenceless who fumbles again stays so for the rest of the round, -1 none);
    ``yielded``: 1 surrendered, 2 fled (out of the fight).

    Immutable and interned: making a kit equal to one alive returns that one, so equal kits
    are the same object and equality and hashing are identity's (the chain keys dicts by
    kits hundreds of thousands of times; this keeps every lookup in C)."""

    __slots__ = (*_NAMES, "__weakref__")
    wield: int
    conds: tuple[int, ...]
    bvs: tuple[int, ...]
    abs_loss: int
    glitch: int
    defenceless: int
    yielded: int

    def __new__(
        cls,
        wield: int,
        conds: tuple[int, ...],
        bvs: tuple[int, ...],
        abs_loss: int = 0,
        glitch: int = 0,
        defenceless: int = -1,
        yielded: int = 0,
    ) -> Kit:
        key = (wield, conds, bvs, abs_loss, glitch, defenceless, yielded)
        ref = _KITS.get(key)
        hit = None if ref is None else ref()
        if hit is None:
            hit = object.__new__(cls)
            for name, value in zip(_NAMES, key, strict=True):
                object.__setattr__(hit, name, value)
            _KITS[key] = weakref.ref(hit, _forget(key))
        return hit

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Kit is immutable (setting {name})")

    def __reduce__(self) -> tuple[type[Kit], KitFields]:
        return (Kit, self.fields)

    @property
    def fields(self) -> KitFields:
        return (
            self.wield,
            self.conds,
            self.bvs,
            self.abs_loss,
            self.glitch,
            self.defenceless,
            self.yielded,
        )

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={v!r}" for n, v in zip(_NAMES, self.fields, strict=True))
        return f"Kit({inner})"

    @property
    def ready(self) -> bool:
        return self.wield >= 0 and self.conds[self.wield] == C_READY

    def but(
        self,
        wield: int | None = None,
        conds: tuple[int, ...] | None = None,
        bvs: tuple[int, ...] | None = None,
        abs_loss: int | None = None,
        glitch: int | None = None,
        defenceless: int | None = None,
        yielded: int | None = None,
    ) -> Kit:
        """This kit with the fields given changed (a kit made from the fields, interned)."""
        return Kit(
            self.wield if wield is None else wield,
            self.conds if conds is None else conds,
            self.bvs if bvs is None else bvs,
            self.abs_loss if abs_loss is None else abs_loss,
            self.glitch if glitch is None else glitch,
            self.defenceless if defenceless is None else defenceless,
            self.yielded if yielded is None else yielded,
        )

    def next_round(self) -> Kit:
        return self if self.defenceless < 0 else self.but(defenceless=_ONWARD[self.defenceless])

    def lumped(self) -> Kit:
        """This kit with what no later branch reads made equal: the break value of a
        weapon broken or lost (never wielded again) is 0."""
        pairs = list(zip(self.conds, self.bvs, strict=True))
        if all(c not in (C_BROKEN, C_LOST) or b == 0 for c, b in pairs):
            return self
        return self.but(bvs=tuple(0 if c in (C_BROKEN, C_LOST) else b for c, b in pairs))


#: ``Kit.defenceless`` codes: none, this round, the next, both
DEFENCELESS_NONE, DEFENCELESS_NOW, DEFENCELESS_NEXT, DEFENCELESS_BOTH = -1, 0, 1, 2
#: a code at the start of the next round
_ONWARD = {DEFENCELESS_NOW: -1, DEFENCELESS_NEXT: 0, DEFENCELESS_BOTH: 0}


def defenceless_code(now: bool, then: bool) -> int:
    """The ``Kit.defenceless`` code of a fighter defenceless this round (``now``) and, or, the
    next (``then``): table 5.2, 41-60, a fumble while defenceless ends nothing early."""
    if now:
        return DEFENCELESS_BOTH if then else DEFENCELESS_NOW
    return DEFENCELESS_NEXT if then else DEFENCELESS_NONE


def defenceless_now(code: int) -> bool:
    return code in (DEFENCELESS_NOW, DEFENCELESS_BOTH)


def defenceless_next(code: int) -> bool:
    return code in (DEFENCELESS_NEXT, DEFENCELESS_BOTH)


#: one branch inside an exchange: damage to (attacker, defender), their kits, killed flags
Micro = tuple[int, int, Kit, Kit, bool, bool]
Branches = list[tuple[float, Micro]]
#: what a cell of table 5.1 does (``ExchangeModel._recipe``)
Recipe = tuple[tuple[tuple[int, bool, int], ...], bool]
#: ``ExchangeModel.exchange_arrays``
ExchangeArrays = tuple[
    npt.NDArray[np.float64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    list[tuple["Kit", "Kit"]],
    npt.NDArray[np.int64],
]
#: ``DuelChain.branch_arrays``: destination kits (combatant 0's, 1's; index 0 "unchanged"),
#: probability, hp lost by combatant 0 and 1 (-1: killed), destination index
BranchArrays = tuple[
    list[tuple["Kit", "Kit"]],
    npt.NDArray[np.float64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
]


def kit_of(m: Micro, role: int) -> Kit:
    """The kit of the attacker (role 0) or the defender (role 1) in a branch."""
    return m[2] if role == 0 else m[3]


def check_distribution(chance: int, skill: int, check_target: bool) -> tuple[float, ...]:
    """P(fumble, fail, success, special, perfect) of ``skill_check`` for one number to roll
    under (d100; 01-05 and 95-00 roll again against the unmodified skill)."""
    p = [0.0] * 5
    if chance == AUTO_FAIL:
        p[FAIL] = 1.0
        return tuple(p)
    if chance == AUTO_SUCCESS:
        p[SUCCESS] = 1.0
        return tuple(p)
    under = min(max(skill, 0), 100) / 100
    p[PERFECT] = 0.05 * under
    p[SPECIAL] = 0.05 * (1 - under)
    middle = max(0, min(chance, 94) - 5)
    p[SUCCESS] += middle / 100
    p[FAIL] += (89 - middle) / 100
    for first in range(95, 101):
        fumbles = max(0, 100 - max(skill, 0)) if skill < 100 else 0
        if first == 100 and skill >= 100:
            fumbles = 1  # 00 then 00 always fumbles (below 100 it is among those above)
        p[FUMBLE] += fumbles / 10_000
        rest = (100 - fumbles) / 10_000
        if check_target and first <= chance:
            p[SUCCESS] += rest
        else:
            p[FAIL] += rest
    return tuple(p)


class ExchangeModel:
    """Exchange distributions for one compiled duel (cached per state class)."""

    #: the compiled exchange's first sizes (each doubled when too small): kits, branches a
    #: set, merged outcomes, pairs of kits, fumble tables, their outcomes, cells, theirs
    sizes = (256, 256, 256, 32, 16, 512, 1024, 8192)

    def __init__(self, spec: ps.PercentileSpec, profiles: tuple[Profile, ...]) -> None:
        self.spec = spec
        self.o: list[int] = spec.opts.tolist()  # (read thousands of times a run)
        self.damage: list[list[list[tuple[int, float]]]] = [
            [sorted((v, float(q)) for v, q in distribution(a.damage).items()) for a in p.arms]
            for p in profiles
        ]
        self.glitches = int(spec.opts[ps.O_GLITCHES])
        self._dealt: dict[tuple[int, int, int, int], list[tuple[float, int]]] = {}
        self._fumbled: dict[tuple[int, Kit], list[tuple[float, int, Kit]]] = {}
        self._cells: dict[tuple[int, Kit, Kit, Recipe], tuple[list[int], list[float]]] = {}
        self._recipes: dict[tuple[int, int, int], Recipe] = {}
        #: ``DuelChain.branch_arrays``, kept here so chains sharing the model share them (by
        #: its arguments, and by the exchange's arrays, which live as long as the model)
        self.arrays: dict[tuple[object, ...], tuple[Any, ...]] = {}
        self.put_back_arrays: dict[tuple[object, ...], tuple[Any, ...]] = {}
        # (a dict, not an lru_cache of the bound method: that would make the model a cycle,
        # freed only by a collection pass over all its objects, not as odds() returns)
        self._exchanges: dict[tuple[object, ...], dict[int, float]] = {}
        # every outcome of a cell met so far, numbered: the outcome, its pair of kits'
        # number, the hp it takes off the attacker and the defender (-1: killed)
        self._micros: list[Micro] = []
        self._micro_id: dict[Micro, int] = {}
        self._micro_pair: list[int] = []
        self._micro_xf: list[int] = []
        self._micro_xg: list[int] = []
        self._pair_id: dict[tuple[Kit, Kit], int] = {}
        self._pairs: list[tuple[Kit, Kit]] = []
        self._exchange_arrays: dict[tuple[object, ...], ExchangeArrays] = {}
        self._put_back: dict[tuple[Kit, Kit, int, int], Kit] = {}
        # the spec's small tables as Python values (read thousands of times a run)
        fx = spec.cell_fx.tolist()
        self._fx: list[list[list[tuple[int, int, int]]]] = [
            [
                [(int(c), int(w), int(k)) for c, w, k in fx[r][p][: int(spec.cell_n[r, p])]]
                for p in range(spec.cell_n.shape[1])
            ]
            for r in range(spec.cell_n.shape[0])
        ]
        self._hurt: list[list[bool]] = spec.hurt.astype(bool).tolist()
        self._abs = [int(spec.fi[w, ps.ABS]) for w in range(2)]
        self._proj_only = [bool(spec.fi[w, ps.PROJ_ONLY]) for w in range(2)]
        self._checks: dict[tuple[int, int], tuple[float, ...]] = {}
        self._attacks: dict[tuple[int, int, int, int, int], tuple[float, ...]] = {}
        self._defences: dict[tuple[object, ...], tuple[tuple[int, int, float], ...]] = {}
        #: exchanges by what they are made of (``_exchange``), kept alive: ``_arrays_of`` is
        #: keyed by their ids
        self._by_content: dict[tuple[object, ...], dict[int, float]] = {}
        self._arrays_of: dict[int, ExchangeArrays] = {}
        self._check_target = bool(self.o[ps.O_CHECK_TARGET])
        self._init_compiled()

    # -- the compiled exchange (``exchange_kernel``) -----------------------------------------
    def _init_compiled(self) -> None:
        """The spec's tables as ``exchange_kernel.exchange_branches`` takes them, its scratch
        arrays and caches, and the table of kits it reads and adds to (mirrored by
        ``_kit_list``)."""
        spec = self.spec

        def i64(a: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
            return np.ascontiguousarray(a, np.int64)

        rows = spec.fumble_row[1:]
        kinds = sorted(set(int(r) for r in rows))
        longest = max([1, *(len(d) for arms in self.damage for d in arms)])
        dv = np.zeros((2, ps.MAX_WEAPONS, longest), np.int64)
        dq = np.zeros((2, ps.MAX_WEAPONS, longest))
        dn = np.zeros((2, ps.MAX_WEAPONS), np.int64)
        for who, arms in enumerate(self.damage):
            for w, dist in enumerate(arms):
                dn[who, w] = len(dist)
                for k, (v, q) in enumerate(dist):
                    dv[who, w, k] = v
                    dq[who, w, k] = q
        # each cell's recipe (``_recipe``), numbered by what it does
        numbered: dict[Recipe, int] = {}
        recipe_of = np.zeros((5, 5, 3), np.int64)
        for result in range(5):
            for parry in range(5):
                for kind in (D_NONE, D_PARRY, D_DODGE):
                    recipe = self._recipe(result, parry, kind)
                    recipe_of[result, parry, kind] = numbered.setdefault(recipe, len(numbered))
        most = max([1, *(len(effects) for effects, _ in numbered)])
        rec_fx = np.zeros((len(numbered), most, 3), np.int64)
        rec_n = np.zeros(len(numbered), np.int64)
        rec_parried = np.zeros(len(numbered), np.int64)
        for (effects, parried), r in numbered.items():
            rec_n[r] = len(effects)
            rec_parried[r] = parried
            for e, (code, on_attacker, dkind) in enumerate(effects):
                rec_fx[r, e] = (code, on_attacker, dkind)
        self._tables: tuple[Any, ...] = (
            *map(i64, (spec.fi, spec.skill, spec.att_chance, spec.def_chance)),
            *map(i64, (spec.extra_chance, spec.opts, spec.natural, spec.dmax, spec.row_fx)),
            np.array(kinds, np.int64),
            np.array([float((rows == r).sum()) / 100 for r in kinds]),
            dv,
            dq,
            dn,
            recipe_of,
            rec_fx,
            rec_n,
            rec_parried,
        )
        kits, cap, capm, capp, fumbles, fumbled, cells, celled = self.sizes
        self._kit_rows = np.zeros((kits, xk.ROW), np.int64)
        self._nk = np.zeros(2, np.int64)  # kits in the table, kits hashed
        self._kh = np.zeros(4 * kits, np.int64)
        self._kit_ids: dict[Kit, int] = {}
        self._kit_list: list[Kit] = []
        self._scratch(cap, capm, capp)
        self._fumble_cache(fumbles, fumbled)
        self._cell_cache(cells, celled)
        self._fresh_out()

    def _scratch(self, cap: int, capm: int, capp: int) -> None:
        """``exchange_branches``' scratch arrays: ``cap`` branches a set, ``capm`` merged
        outcomes, ``capp`` pairs of kits."""
        sets, row = xk.SETS, xk.ROW
        self._work: tuple[Any, ...] = (
            np.zeros((sets, cap)),
            np.zeros((sets, cap, 4), np.int64),
            np.zeros((sets, cap, 2, row), np.int64),
            np.zeros((capp, 2), np.int64),
            np.zeros((4, row), np.int64),
        )
        gen = self._merge[2] if hasattr(self, "_merge") else np.zeros(2, np.int64)
        hashed = 4 * max(cap, capm)
        self._merge: tuple[Any, ...] = (
            np.zeros((2, hashed), np.int64),
            np.zeros((2, hashed), np.int64),
            gen,
            np.zeros((capm, 5), np.int64),
            np.zeros(capm),
        )
        self._pairs_out = np.zeros((capp, 3), np.int64)
        self._capm = capm

    def _fumble_cache(self, tables: int, outcomes: int) -> None:
        """``exchange_branches``' fumble tables worked out (``_fumbles_of``), empty: room for
        ``tables`` tables of ``outcomes`` outcomes in all."""
        self._fumbles: tuple[Any, ...] = (
            np.zeros((tables, 1 + xk.ROW), np.int64),
            np.zeros((tables, 2), np.int64),
            np.zeros(outcomes),
            np.zeros(outcomes, np.int64),
            np.zeros((outcomes, xk.ROW), np.int64),
            np.zeros(2, np.int64),
        )

    def _cell_cache(self, cells: int, outcomes: int) -> None:
        """``exchange_branches``' cells worked out (``_work_cell``), empty: room for
        ``cells`` cells of ``outcomes`` outcomes in all."""
        self._cells_done: tuple[Any, ...] = (
            np.zeros(2 * cells, np.int64),
            np.zeros((cells, 4), np.int64),
            np.zeros((cells, 2), np.int64),
            np.zeros((outcomes, 6), np.int64),
            np.zeros(outcomes),
            np.zeros(2, np.int64),
        )

    def _kit_number(self, kit: Kit) -> int:
        """The row of ``kit`` in the kernel's table of kits (added if new)."""
        i = len(self._kit_list)
        if i >= self._kit_rows.shape[0]:
            self._grow_kits()
        n = len(kit.conds)
        pad = ps.MAX_WEAPONS - n
        self._kit_rows[i] = [
            kit.wield, kit.abs_loss, kit.glitch, kit.defenceless, kit.yielded, n,
            *kit.conds, *(-1,) * pad, *kit.bvs, *(0,) * pad,
        ]  # fmt: skip
        self._nk[0] = i + 1  # (the kernel hashes it)
        self._kit_ids[kit] = i
        self._kit_list.append(kit)
        return i

    def _grow_kits(self) -> None:
        """Twice the room in the table of kits (hashed afresh by the kernel)."""
        self._kit_rows = np.concatenate([self._kit_rows, np.zeros_like(self._kit_rows)])
        self._kh = np.zeros(2 * self._kh.shape[0], np.int64)
        self._nk[1] = 0
        self._pack()

    def _adopt(self, nk: int) -> None:
        """The kits the kernel added to its table, as ``Kit`` objects."""
        c, b = xk.K_CONDS, xk.K_BVS
        for r in self._kit_rows[len(self._kit_list) : nk].tolist():
            n = r[xk.K_N]
            kit = Kit(r[0], tuple(r[c : c + n]), tuple(r[b : b + n]), r[1], r[2], r[3], r[4])
            self._kit_ids[kit] = len(self._kit_list)
            self._kit_list.append(kit)

    def _fresh_out(self) -> None:
        """New arrays for ``branch_arrays``' results (those made keep the old ones)."""
        size = max(1 << 14, 4 * self._capm)
        self._out_q = np.zeros(size)
        self._out_i = np.zeros((3, size), np.int64)
        self._at = 0
        self._pack()

    def _grow(self, status: int) -> None:
        """The array ``exchange_branches`` found too small (``status``) made larger."""
        if status == xk.OVERFLOW_KITS:
            self._grow_kits()
        elif status == xk.OVERFLOW_CELLS:  # (the cells are worked out again as needed)
            self._cell_cache(2 * self._cells_done[1].shape[0], 2 * self._cells_done[4].shape[0])
        elif status == xk.OVERFLOW_FUMBLES:  # (so are the fumble tables)
            self._fumble_cache(2 * self._fumbles[0].shape[0], 2 * self._fumbles[2].shape[0])
        elif status == xk.OVERFLOW_OUT:
            self._fresh_out()
        else:
            cap, capm, capp = self._work[0].shape[1], self._capm, self._pairs_out.shape[0]
            self._scratch(2 * cap, 2 * capm, 2 * capp)
        self._pack()

    def _pack(self) -> None:
        """``exchange_branches``' arguments after the call's own (one tuple: one unpacking
        a call)."""
        self._args: tuple[Any, ...] = (
            self._kit_rows, self._nk, self._kh, *self._tables, *self._work, *self._fumbles,
            *self._cells_done, *self._merge, self._out_q, self._out_i, self._pairs_out,
        )  # fmt: skip

    def branch_arrays(
        self, f: int, kf: Kit, kg: Kit, sf: int, sg: int, tf: int, tg: int, low: bool
    ) -> BranchArrays:
        """``DuelChain.branch_arrays`` compiled (``exchange_kernel``): the same branches as
        ``exchange_arrays`` and ``put_back`` make, in the same order, to the bit."""
        ids = self._kit_ids
        a = ids.get(kf)
        if a is None:
            a = self._kit_number(kf)
        b = ids.get(kg)
        if b is None:
            b = self._kit_number(kg)
        at = self._at
        if self._out_q.shape[0] - at < self._capm:
            self._fresh_out()
            at = 0
        status, n, nd = xk.exchange_branches(f, a, b, sf, sg, tf, tg, low, at, *self._args)
        if status != xk.DONE:  # (an array too small: made larger, nothing lost)
            self._grow(status)
            return self.branch_arrays(f, kf, kg, sf, sg, tf, tg, low)
        if self._nk[0] > len(self._kit_list):
            self._adopt(int(self._nk[0]))
        kits = self._kit_list
        dests = [(kf, kg) if f == 0 else (kg, kf)]
        dests += [(kits[x], kits[y]) for x, y, _ in self._pairs_out[:nd].tolist()]
        end = at + n
        self._at = end
        out_i = self._out_i
        return dests, self._out_q[at:end], out_i[0, at:end], out_i[1, at:end], out_i[2, at:end]

    def check(self, chance: int, skill: int) -> tuple[float, ...]:
        """``check_distribution`` under this duel's options (cached)."""
        key = (chance, skill)
        hit = self._checks.get(key)
        if hit is None:
            hit = self._checks[key] = check_distribution(chance, skill, self._check_target)
        return hit

    def exchange_arrays(
        self, f: int, kf: Kit, kg: Kit, sf: int, sg: int, tf: int, tg: int, low: bool
    ) -> ExchangeArrays:
        """``exchange`` (the defender taking part) as arrays: probability, hp lost by the
        attacker and the defender (-1: killed), the distinct pairs of kits (attacker's,
        defender's) in the order the branches first reach them, and each branch's pair."""
        key = (f, kf, kg, sf, sg, tf, tg, low)
        hit = self._exchange_arrays.get(key)
        if hit is None:
            merged = self._merged(f, kf, kg, sf, sg, tf, tg, True, low)
            hit = self._arrays_of.get(id(merged))  # (the same exchange under other stances)
            if hit is not None:
                self._exchange_arrays[key] = hit
                return hit
            n = len(merged)
            q = np.fromiter(merged.values(), np.float64, n)
            x_f = np.fromiter(map(self._micro_xf.__getitem__, merged), np.int64, n)
            x_g = np.fromiter(map(self._micro_xg.__getitem__, merged), np.int64, n)
            pair_of = list(map(self._micro_pair.__getitem__, merged))
            first = {p: j for j, p in enumerate(dict.fromkeys(pair_of))}
            code = np.fromiter(map(first.__getitem__, pair_of), np.int64, n)
            pairs = [self._pairs[p] for p in first]
            hit = (q, x_f, x_g, pairs, code)
            self._exchange_arrays[key] = self._arrays_of[id(merged)] = hit
        return hit

    def put_back(self, bare: Kit, kit: Kit, role: int, w: int) -> Kit:
        """A kit out of an exchange worked out on bare kits (``DuelChain.branch_arrays``)
        with what the exchange did not read put back from ``kit`` (the attacker's, role 0,
        or the defender's, parrying with weapon ``w``): the break values (the parrying
        weapon's as the exchange left it) and "defenceless" (the attacker's, or the
        defender's next round, joined with a next round the exchange made defenceless)."""
        key = (bare, kit, role, w)
        hit = self._put_back.get(key)
        if hit is None:
            # the bare attacker is defenceless in no round, the bare defender this round
            # as ``kit`` is: the next round is defenceless if either says so
            now = defenceless_now(kit.defenceless if role == 0 else bare.defenceless)
            then = defenceless_next(kit.defenceless) or defenceless_next(bare.defenceless)
            code = defenceless_code(now, then)
            if role == 0:
                hit = bare.but(bvs=kit.bvs, defenceless=code)
            else:
                hit = bare.but(
                    bvs=tuple(b if i == w else kit.bvs[i] for i, b in enumerate(bare.bvs)),
                    defenceless=code,
                )
            self._put_back[key] = hit
        return hit

    # -- the pieces of an attack -----------------------------------------------------------
    def _rolled(self, src: int, w: int, kind: int) -> list[tuple[int, float]]:
        """``damage_rolled``: normal, full (maximum or twice a roll)."""
        if kind == ps.K_NORMAL:
            return self.damage[src][w]
        if self.o[ps.O_FULL_DOUBLE]:
            return [(2 * v, q) for v, q in self.damage[src][w]]
        return [(int(self.spec.dmax[src, w]), 1.0)]

    def _armour(self, who: int, kit: Kit) -> int:
        return max(0, self._abs[who] - kit.abs_loss)

    def deal(
        self,
        m: Micro,
        role: int,
        ids: tuple[int, int],
        src: int,
        w: int,
        kind: int,
        p: float = 1.0,
    ) -> Branches:
        """``damage.deal`` on the combatant in ``role`` (0 attacker, 1 defender), on a
        branch of probability ``p``."""
        who = ids[role]
        absorbs = kind != ps.K_FULL_NO_ARMOUR and not self._proj_only[who]
        armour = self._armour(who, m[2] if role == 0 else m[3]) if absorbs else 0
        key = (src, w, kind, armour)
        amounts = self._dealt.get(key)
        if amounts is None:
            amounts = self._dealt[key] = [
                (q, value - min(value, armour)) for value, q in self._rolled(src, w, kind)
            ]
        d0, d1, ka, kd, x0, x1 = m
        if role == 0:
            return [(p * q, (d0 + a, d1, ka, kd, x0, x1)) for q, a in amounts]
        return [(p * q, (d0, d1 + a, ka, kd, x0, x1)) for q, a in amounts]

    def _kit(self, m: Micro, role: int, kit: Kit) -> Micro:
        return (
            (m[0], m[1], kit, m[3], m[4], m[5])
            if role == 0
            else (m[0], m[1], m[2], kit, m[4], m[5])
        )

    def _draw_next(self, kit: Kit, who: int) -> Kit:
        """``damage.draw_next``: the next ready carried weapon (never body parts)."""
        natural = self.spec.natural[who]
        nxt = next((i for i, c in enumerate(kit.conds) if c == C_READY and not natural[i]), -1)
        return kit.but(wield=nxt)

    def _natural(self, who: int, kit: Kit) -> bool:
        return kit.wield >= 0 and bool(self.spec.natural[who, kit.wield])

    def drop(self, m: Micro, role: int, ids: tuple[int, int]) -> Micro:
        """``damage.drop_weapon`` (body parts stay put)."""
        kit = kit_of(m, role)
        if not kit.ready or self._natural(ids[role], kit):
            return m
        conds = list(kit.conds)
        if self.o[ps.O_DROP_LOST]:
            conds[kit.wield] = C_LOST
            kit = self._draw_next(kit.but(conds=tuple(conds)), ids[role])
        else:
            conds[kit.wield] = C_DROPPED
            kit = kit.but(conds=tuple(conds))
        return self._kit(m, role, kit)

    def fumble(self, m: Micro, role: int, ids: tuple[int, int]) -> Branches:
        """``fumble.roll_fumble``: a row of table 5.2 (d100), its effects in order. Every
        effect reads and changes only the fumbler (its kit, its hp), so the rows' outcomes
        are worked out once per fumbler and kit and added to ``m``."""
        who = ids[role]
        kit = kit_of(m, role)
        table = self._fumbled.get((who, kit))
        if table is None:
            table = self._fumbled[(who, kit)] = self._fumble_table(role, ids, kit)
        if role == 0:
            return [(q, (m[0] + a, m[1], k, m[3], m[4], m[5])) for q, a, k in table]
        return [(q, (m[0], m[1] + a, m[2], k, m[4], m[5])) for q, a, k in table]

    def _fumble_table(
        self, role: int, ids: tuple[int, int], kit: Kit
    ) -> list[tuple[float, int, Kit]]:
        """The fumble table's outcomes for a fumbler with ``kit``: (p, its hp lost, its kit),
        equal outcomes merged."""
        start: Micro = (0, 0, kit, kit, False, False)
        rows = self.spec.fumble_row[1:]
        merged: dict[tuple[int, Kit], float] = {}
        for row in sorted(set(int(r) for r in rows)):
            q = float((rows == row).sum()) / 100
            branches: Branches = [(q, start)]
            for effect in self.spec.row_fx[row]:
                if effect < 0:
                    break
                branches = self._fumble_effect(branches, int(effect), role, ids)
            for p, b in branches:
                key = (b[0] if role == 0 else b[1], kit_of(b, role))
                merged[key] = merged.get(key, 0.0) + p
        return [(p, a, k) for (a, k), p in merged.items()]

    def _fumble_effect(
        self, branches: Branches, effect: int, role: int, ids: tuple[int, int]
    ) -> Branches:
        who = ids[role]
        fi = self.spec.fi
        out: Branches = []
        for q, m in branches:
            kit = kit_of(m, role)
            if effect == ps.F_DROP:
                out.append((q, self.drop(m, role, ids)))
            elif effect == ps.F_DEFENCELESS:
                code = defenceless_code(defenceless_now(kit.defenceless), True)
                out.append((q, self._kit(m, role, kit.but(defenceless=code))))
            elif effect == ps.F_FALL:
                armour = self._armour(who, kit) if self.o[ps.O_FALL_ARMOUR] else 0
                for v in range(4):
                    d = [m[0], m[1]]
                    d[role] += v - min(v, armour)
                    out.append((q / 4, (d[0], d[1], m[2], m[3], m[4], m[5])))
            elif effect in (ps.F_HIT_SELF, ps.F_HIT_FRIEND):
                if kit.wield >= 0:
                    out.extend(self.deal(m, role, ids, who, kit.wield, ps.K_NORMAL, q))
                else:
                    out.append((q, m))
            elif effect == ps.F_ARMOUR:
                if fi[who, ps.ARMOURED]:
                    if fi[who, ps.TECH]:
                        kit = kit.but(glitch=min(kit.glitch + 1, self.glitches - 1))
                    else:
                        kit = kit.but(abs_loss=min(kit.abs_loss + 1, int(fi[who, ps.ABS])))
                out.append((q, self._kit(m, role, kit)))
            else:  # F_WEAPON
                if kit.ready and not self._natural(who, kit):
                    conds = list(kit.conds)
                    conds[kit.wield] = C_BROKEN
                    kit = self._draw_next(kit.but(conds=tuple(conds)), who)
                out.append((q, self._kit(m, role, kit)))
        return out

    def defence(
        self,
        g: int,
        kit: Kit,
        stance: int,
        tired: int,
        result: int,
        acting: bool,
        low: bool,
    ) -> list[tuple[int, int, float]]:
        """``attack.defend`` with the tactics' ``wants_extra_defence``: [(result, kind, p)];
        ``low``: the attacker's full damage would down the defender (its hp now)."""
        spec = self.spec
        none = [(FAIL, D_NONE, 1.0)]
        if (
            not (self.o[ps.O_PARRIED] >> result) & 1
            or not acting
            or defenceless_now(kit.defenceless)
        ):
            return none
        if stance == S_RECOVER and self.o[ps.O_RECOVER] == ps.RECOVER_NO_DEFENCE:
            return none
        if kit.ready and stance not in DODGING_CODES:  # attack.defence_skill: dodging, no parry
            kind, skill = D_PARRY, int(spec.skill[g, kit.wield])
            chance = int(spec.def_chance[g, kit.wield, tired])
        elif spec.fi[g, ps.DODGE]:
            kind, skill = D_DODGE, int(spec.fi[g, ps.DODGE_SKILL])
            chance = int(spec.def_chance[g, ps.MAX_WEAPONS, tired])
        else:
            return none
        counted = not (result == FUMBLE and self.o[ps.O_FUMBLE_PARRY_FREE])
        # a defence beyond the stance's free ones (stances.free_defences): the tactics decide
        if counted and self.o[ps.O_FREE + stance] == 0:
            chance = int(
                spec.extra_chance[g, kit.wield if kind == D_PARRY else ps.MAX_WEAPONS, tired]
            )
            if result == FAIL or chance < self.o[ps.O_EXTRA_MIN]:
                return none
            if result == PERFECT and not low:
                return none
        dist = self.check(chance, skill)
        return [(r, kind, q) for r, q in enumerate(dist) if q > 0]

    def _merged(
        self,
        f: int,
        kf: Kit,
        kg: Kit,
        sf: int,
        sg: int,
        tf: int,
        tg: int,
        acting: bool,
        low: bool = False,
    ) -> dict[int, float]:
        """``_exchange``, cached."""
        key = (f, kf, kg, sf, sg, tf, tg, acting, low)
        hit = self._exchanges.get(key)
        if hit is None:
            hit = self._exchanges[key] = self._exchange(f, kf, kg, sf, sg, tf, tg, acting, low)
        return hit

    def _exchange(
        self,
        f: int,
        kf: Kit,
        kg: Kit,
        sf: int,
        sg: int,
        tf: int,
        tg: int,
        acting: bool,
        low: bool = False,
    ) -> dict[int, float]:
        """``exchange`` by the outcomes' numbers."""
        spec = self.spec
        g = 1 - f
        w = kf.wield
        akey = (f, w, sf, tf, kf.glitch)
        results = self._attacks.get(akey)
        if results is None:
            att = int(
                spec.att_chance[
                    f, w, self.o[ps.O_ATTACK_SHIFTS + sf], tf, min(kf.glitch, self.glitches - 1)
                ]  # the stance's own modifiers (stances.attack_shifts)
            )
            results = self._attacks[akey] = self.check(att, int(spec.skill[f, w]))
        defences = self._defences
        weighed: list[tuple[int, float, tuple[tuple[int, int, float], ...]]] = []
        for result, pr in enumerate(results):
            if pr == 0:
                continue
            dkey = (g, kg, sg, tg, result, acting, low)
            options = defences.get(dkey)
            if options is None:
                options = defences[dkey] = tuple(self.defence(g, kg, sg, tg, result, acting, low))
            weighed.append((result, pr, options))
        # exchanges whose attack and defence results have the same chances (other stances,
        # the same options: often a defender recovering or yielding defends as it would
        # anyway) are the same exchange: merged once
        content = (f, kf, kg, tuple(weighed))
        hit = self._by_content.get(content)
        if hit is not None:
            return hit
        merged: dict[int, float] | None = None  # by outcome (its number, ``_micros``)
        recipes, cells = self._recipes, self._cells
        for result, pr, options in weighed:
            for parry, kind, pp in options:
                recipe = recipes.get((result, parry, kind))
                if recipe is None:
                    recipe = recipes[(result, parry, kind)] = self._recipe(result, parry, kind)
                key = (f, kf, kg, recipe)
                cell = cells.get(key)
                if cell is None:
                    cell = cells[key] = self._numbered(self._cell(f, kf, kg, *recipe))
                weight = pr * pp
                if merged is None:  # the first cell: 0.0 + weight * q is weight * q
                    merged = dict(zip(cell[0], map(weight.__mul__, cell[1]), strict=True))
                    get = merged.get
                    continue
                for i, q in zip(*cell, strict=True):
                    merged[i] = get(i, 0.0) + weight * q
        if merged is None:
            merged = {}
        self._by_content[content] = merged
        return merged

    def exchange(
        self,
        f: int,
        kf: Kit,
        kg: Kit,
        sf: int,
        sg: int,
        tf: int,
        tg: int,
        acting: bool,
        low: bool = False,
    ) -> tuple[tuple[float, Micro], ...]:
        """Every branch of ``f`` attacking the other (kits ``kf``/``kg``, stances, tired
        flags, whether the defender takes part), merged by outcome (cached)."""
        micros = self._micros
        merged = self._merged(f, kf, kg, sf, sg, tf, tg, acting, low)
        return tuple((q, micros[i]) for i, q in merged.items())

    def _numbered(self, branches: Branches) -> tuple[list[int], list[float]]:
        """A cell's branches merged by outcome, as the outcomes' numbers and their
        probabilities: merging exchanges by small ints is quicker than by tuples of kits."""
        merged: dict[int, float] = {}
        get = merged.get
        number = self._micro_id
        micros, pair_id, pairs = self._micros, self._pair_id, self._pairs
        for q, m in branches:
            i = number.get(m)
            if i is None:
                i = number[m] = len(micros)
                micros.append(m)
                pair = (m[2], m[3])
                p = pair_id.get(pair)
                if p is None:
                    p = pair_id[pair] = len(pairs)
                    pairs.append(pair)
                self._micro_pair.append(p)
                self._micro_xf.append(-1 if m[4] else m[0])
                self._micro_xg.append(-1 if m[5] else m[1])
            merged[i] = get(i, 0.0) + q
        return list(merged), list(merged.values())

    def _recipe(self, result: int, parry: int, kind: int) -> Recipe:
        """What table 5.1's cell (attack ``result``, defence ``parry`` of ``kind``) does:
        its effects in order (code, on the attacker, damage kind), and whether the parrying
        weapon then takes the attack's damage. Cells with the same recipe do the same."""
        o = self.o
        spared = o[ps.O_COUNTER_PARRY_ONLY] and kind != D_PARRY
        effects = tuple(
            (code, who == 0, dkind)
            for code, who, dkind in self._fx[result][parry]
            if not (spared and who == 0 and code in (ps.E_DAMAGE, ps.E_DISARM))
        )
        parry_damage = bool(
            kind == D_PARRY
            and o[ps.O_BV_ROLLED]
            and parry >= SUCCESS
            and result >= SUCCESS
            and not self._hurt[result][parry]
        )
        return effects, parry_damage

    def _cell(
        self, f: int, kf: Kit, kg: Kit, effects: tuple[tuple[int, bool, int], ...], parried: bool
    ) -> Branches:
        """A cell's recipe (``_recipe``) carried out on these kits, as branches (equal
        outcomes not merged yet: ``_numbered``): it reads the kits, never the stances or
        fatigue, so exchanges that differ only in those share it, and so do cells with the
        same recipe."""
        g = 1 - f
        ids = (f, g)
        w = kf.wield
        branches: Branches = [(1.0, (0, 0, kf, kg, False, False))]
        for code, on_attacker, dkind in effects:
            branches = self._effect(branches, code, on_attacker, dkind, ids, w)
        if parried:
            branches = self._parry_damage(branches, f, w, g)
        return branches

    def _effect(
        self,
        branches: Branches,
        code: int,
        on_attacker: bool,
        dkind: int,
        ids: tuple[int, int],
        w: int,
    ) -> Branches:
        out: Branches = []
        role = 0 if on_attacker else 1
        if code == ps.E_FUMBLE:
            for q, m in branches:
                out.extend((q * r, b) for r, b in self.fumble(m, role, ids))
        elif code == ps.E_KILL:
            for q, m in branches:
                out.append((q, (m[0], m[1], m[2], m[3], m[4] or role == 0, m[5] or role == 1)))
        elif code == ps.E_DISARM:
            for q, m in branches:
                out.append((q, self.drop(m, role, ids)))
        elif on_attacker:  # damage to the attacker, by the defender's weapon
            for q, m in branches:
                kd = m[3]
                if kd.ready:
                    out.extend(self.deal(m, 0, ids, ids[1], kd.wield, dkind, q))
                else:
                    out.append((q, m))
        else:
            for q, m in branches:
                out.extend(self.deal(m, 1, ids, ids[0], w, dkind, q))
        return out

    def _parry_damage(self, branches: Branches, f: int, w: int, g: int) -> Branches:
        """``parrying_weapon_takes_damage``: the attacker's rolled damage against the BV (not
        for body parts)."""
        out: Branches = []
        for q, m in branches:
            kd = m[3]
            pw = kd.wield
            if not kd.ready or self._natural(g, kd):
                out.append((q, m))
                continue
            for value, r in self.damage[f][w]:
                bv = kd.bvs[pw]
                if value > bv + 6:
                    conds = list(kd.conds)
                    conds[pw] = C_BROKEN
                    kit = self._draw_next(kd.but(conds=tuple(conds)), g)
                elif value > bv:
                    bvs = list(kd.bvs)
                    bvs[pw] -= 1
                    kit = kd.but(bvs=tuple(bvs))
                else:
                    kit = kd
                out.append((q * r, (m[0], m[1], m[2], kit, m[4], m[5])))
        return out
