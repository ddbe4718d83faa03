"""The compiled exchange at work for the chain: one percentile attack's exact branches per
state class (``ExchangeRunner.branch_arrays``), by ``exchange_kernel.exchange_branches``.

It turns the compiled duel (``PercentileSpec``) and the weapons' damage distributions
(``fracas.dice.distribution``, icepool) into the kernel's tables, numbers table 5.1's cells
by what they do (``recipe``), keeps the kernel's scratch arrays and caches (each made larger
when the kernel says it is too small, nothing lost), and mirrors the kernel's table of kits
as ``Kit`` objects. The rules themselves are in the compiled code (``exchange_kernel`` and
the rules it shares with the batch kernel, ``rules``); the readable Python model of the same
exchange is a test oracle (tests/batch/exchange_oracle.py), not a runtime copy.

Mirrors Chapter 5, "Attacking and defending" (table 5.1), "Fumbling" (table 5.2), "Armour",
"Break value". Held to the event engine by tests/batch/test_odds.py (against the event engine
and the batch kernel) and test_exchange_kernel.py (against the oracle, to the bit).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.dice.exact import distribution
from fracas.rulesets.percentile.fast import exchange_kernel as xk
from fracas.rulesets.percentile.fast import spec as ps
from fracas.rulesets.percentile.fast.kit import Kit
from fracas.rulesets.percentile.fast.rules import (
    D_DODGE,
    D_NONE,
    D_PARRY,
    cell_effect_applies,
    counter_spared,
    parry_takes_damage,
)
from fracas.rulesets.percentile.state import Profile

__all__ = ["D_DODGE", "D_NONE", "D_PARRY", "BranchArrays", "ExchangeRunner", "Recipe"]

#: what a cell of table 5.1 does (``ExchangeRunner.recipe``)
Recipe = tuple[tuple[tuple[int, bool, int], ...], bool]
#: ``DuelChain.branch_arrays``: destination kits (combatant 0's, 1's; index 0 "unchanged"),
#: probability, hp lost by combatant 0 and 1 (-1: killed), destination index
BranchArrays = tuple[
    list[tuple["Kit", "Kit"]],
    npt.NDArray[np.float64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
]


def _python(func: Any) -> Any:
    """A shared rule (``rules``) as Python, for the few calls made from Python (its compiled
    self would be compiled, or loaded, for them alone)."""
    return getattr(func, "py_func", func)


class ExchangeRunner:
    """The compiled exchange of one compiled duel, its tables and caches (per state class)."""

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
        #: ``DuelChain.branch_arrays``, kept here so chains sharing the runner share them
        self.arrays: dict[tuple[object, ...], tuple[Any, ...]] = {}
        # the spec's small tables as Python values (read thousands of times a run)
        fx = spec.cell_fx.tolist()
        self._fx: list[list[list[tuple[int, int, int]]]] = [
            [
                [(int(c), int(w), int(k)) for c, w, k in fx[r][p][: int(spec.cell_n[r, p])]]
                for p in range(spec.cell_n.shape[1])
            ]
            for r in range(spec.cell_n.shape[0])
        ]
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
                    recipe = self.recipe(result, parry, kind)
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

    def recipe(self, result: int, parry: int, kind: int) -> Recipe:
        """What table 5.1's cell (attack ``result``, defence ``parry`` of ``kind``) does:
        its effects in order (code, on the attacker, damage kind), and whether the parrying
        weapon then takes the attack's damage. Cells with the same recipe do the same."""
        spec = self.spec
        spared = bool(_python(counter_spared)(spec.opts, kind))
        applies = _python(cell_effect_applies)
        effects = tuple(
            (code, who == 0, dkind)
            for code, who, dkind in self._fx[result][parry]
            if applies(code, who == 0, spared)
        )
        parry_damage = bool(_python(parry_takes_damage)(spec.opts, spec.hurt, result, parry, kind))
        return effects, parry_damage
