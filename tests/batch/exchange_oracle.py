"""The readable Python model of one percentile attack (``attack.attack``), a test oracle: the
attack check, the parry or dodge, table 5.1's cell and the fumble table, as branches with
their probabilities, worked out once per state class (the combatants' weapons, armour,
glitches, stances, fatigue), never per hit point.

It is the reference the compiled exchange (``exchange_kernel``, run by ``ExchangeRunner``)
is held to, to the bit: ``ExchangeModel`` is an ``ExchangeRunner`` whose ``branch_arrays``
works the branches out here instead when ``compiled`` is False (``DuelChain`` then runs on
it). Nothing under src/ imports it (tests/test_import_graph.py).

Mirrors Chapter 5, "Attacking and defending" (table 5.1), "Fumbling" (table 5.2), "Armour",
"Break value". Used by tests/batch/test_exchange_kernel.py (the compiled exchange against
this model, to the bit), test_defenceless_twice.py and test_odds.py.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.rulesets.percentile.fast import spec as ps
from fracas.rulesets.percentile.fast.exchange_runner import (
    D_DODGE,
    D_NONE,
    D_PARRY,
    BranchArrays,
    ExchangeRunner,
    Recipe,
)
from fracas.rulesets.percentile.fast.kit import (
    DEFENCELESS_BOTH,
    DEFENCELESS_NEXT,
    DEFENCELESS_NONE,
    DEFENCELESS_NOW,
    Kit,
    defenceless_code,
    defenceless_next,
    defenceless_now,
)
from fracas.rulesets.percentile.fast.rules import (
    AUTO_FAIL,
    AUTO_SUCCESS,
    FAIL,
    FUMBLE,
    PERFECT,
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
from fracas.rulesets.percentile.skill_check import FumbleZone, check_outcome
from fracas.rulesets.percentile.state import Profile

__all__ = [
    "DEFENCELESS_BOTH",
    "DEFENCELESS_NEXT",
    "DEFENCELESS_NONE",
    "DEFENCELESS_NOW",
    "D_DODGE",
    "D_NONE",
    "D_PARRY",
    "ExchangeModel",
    "Kit",
    "check_distribution",
]

#: one branch inside an exchange: damage to (attacker, defender), their kits, killed flags
Micro = tuple[int, int, Kit, Kit, bool, bool]
Branches = list[tuple[float, Micro]]
#: ``ExchangeModel.exchange_arrays``
ExchangeArrays = tuple[
    npt.NDArray[np.float64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    list[tuple["Kit", "Kit"]],
    npt.NDArray[np.int64],
]


def kit_of(m: Micro, role: int) -> Kit:
    """The kit of the attacker (role 0) or the defender (role 1) in a branch."""
    return m[2] if role == 0 else m[3]


def check_distribution(chance: int, skill: int, check_target: bool) -> tuple[float, ...]:
    """P(fumble, fail, success, special, perfect) of ``skill_check`` for one number to roll
    under (d100; 01-05 and 95-00 roll again against the unmodified skill): the event engine's
    ``check_outcome`` counted over every pair of rolls, divided once."""
    counts = [0] * 5
    if chance == AUTO_FAIL:
        counts[FAIL] = 10_000
    elif chance == AUTO_SUCCESS:
        counts[SUCCESS] = 10_000
    else:
        zone: FumbleZone = "check-target" if check_target else "fail"
        for first in range(1, 101):
            if 5 < first < 95:
                counts[check_outcome(first, None, chance, skill, zone)] += 100
                continue
            for second in range(1, 101):
                counts[check_outcome(first, second, chance, skill, zone)] += 1
    return tuple(c / 10_000 for c in counts)


class ExchangeModel(ExchangeRunner):
    """Exchange distributions for one compiled duel (cached per state class), in Python."""

    #: False: ``branch_arrays`` by this Python model (the reference of the compiled one)
    compiled = True

    def __init__(self, spec: ps.PercentileSpec, profiles: tuple[Profile, ...]) -> None:
        super().__init__(spec, profiles)
        self._dealt: dict[tuple[int, int, int, int], list[tuple[float, int]]] = {}
        self._fumbled: dict[tuple[int, Kit], list[tuple[float, int, Kit]]] = {}
        self._cells: dict[tuple[int, Kit, Kit, Recipe], tuple[list[int], list[float]]] = {}
        self._recipes: dict[tuple[int, int, int], Recipe] = {}
        #: the Python ``branch_arrays`` by the exchange's arrays (which live as long as the
        #: model) and the class: the same for other stances
        self.put_back_arrays: dict[tuple[object, ...], BranchArrays] = {}
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
        self._bare: dict[tuple[Kit, Kit], tuple[Kit, Kit]] = {}  # branch_arrays' bare kits

    def branch_arrays(
        self, f: int, kf: Kit, kg: Kit, sf: int, sg: int, tf: int, tg: int, low: bool
    ) -> BranchArrays:
        """``ExchangeRunner.branch_arrays``, by this Python model unless ``compiled``."""
        if self.compiled:
            return super().branch_arrays(f, kf, kg, sf, sg, tf, tg, low)
        dests: list[tuple[Kit, Kit]] = [(kf, kg) if f == 0 else (kg, kf)]
        # the exchange reads neither the attacker's break values nor its "defenceless", nor
        # the defender's break values but the parrying weapon's, nor whether the defender is
        # defenceless next round (only this round): it is worked out for kits without them
        # (``ExchangeModel.exchange_arrays``, shared by every class equal but in those), and
        # they are put back once per distinct pair of kits the branches reach (two may
        # become one), in the order the branches first reach them.
        w = kg.wield
        bare = self._bare.get((kf, kg))
        if bare is None:
            bare = self._bare[(kf, kg)] = (
                kf.but(bvs=(0,) * len(kf.bvs), defenceless=DEFENCELESS_NONE),
                kg.but(
                    bvs=tuple(b if i == w else 0 for i, b in enumerate(kg.bvs)),
                    defenceless=defenceless_code(defenceless_now(kg.defenceless), False),
                ),
            )
        bare_f, bare_g = bare
        core = self.exchange_arrays(f, bare_f, bare_g, sf, sg, tf, tg, low)
        again = self.put_back_arrays.get((id(core), f, kf, kg))  # (other stances)
        if again is not None:
            return again
        q, x_f, x_g, outs, code = core
        index: dict[tuple[Kit, Kit], int] = {}
        slot = []
        put_back = self.put_back
        back_f: dict[Kit, Kit] = {}  # (the pairs share kits: each put back once here)
        back_g: dict[Kit, Kit] = {}
        for of, og in outs:
            nkf = back_f.get(of)
            if nkf is None:
                nkf = back_f[of] = put_back(of, kf, 0, w)
            nkg = back_g.get(og)
            if nkg is None:
                nkg = back_g[og] = put_back(og, kg, 1, w)
            pair = (nkf, nkg) if f == 0 else (nkg, nkf)
            i = index.get(pair)
            if i is None:
                i = index[pair] = len(dests)
                dests.append(pair)
            slot.append(i)
        where: npt.NDArray[np.int64] = np.array(slot, np.int64)[code]
        made = (dests, q, x_f if f == 0 else x_g, x_g if f == 0 else x_f, where)
        self.put_back_arrays[(id(core), f, kf, kg)] = made
        return made

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
                    recipe = recipes[(result, parry, kind)] = self.recipe(result, parry, kind)
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
