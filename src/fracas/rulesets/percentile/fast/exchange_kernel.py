"""One percentile attack's exact branches, compiled (numba), one call per state class for
``ExchangeRunner.branch_arrays``: the attack check's and the defence's distributions, each
cell of table 5.1 as its recipe (``ExchangeRunner.recipe``) carried out on every face of the
dice with its probability, the fumble table's rows, the parrying weapon's break value.

The rules themselves are ``rules.py``'s, the functions the batch kernel calls with the dice it
draws (who may defend and how, what a cell does, damage through armour, break value, what a
fumble does to the fumbler's kit); this module enumerates the faces and keeps the branches.
It takes the steps of the readable Python model (the test oracle,
tests/batch/exchange_oracle.py: ``_exchange``, ``_cell``, ``fumble``, ``deal``,
``_parry_damage``, ``put_back``) in the same order, so the branches come out the same to the
bit: the cells worked out on kits without what the exchange does not read (the "bare" kits),
equal outcomes merged first within a cell, then across the cells with the cell's weight, then
what the exchange did not read put back per distinct pair of kits.

A kit is a row of integers (``K_*`` below: wield, armour loosened, glitches, defenceless,
yielded, number of weapons, the weapons' conditions, padded with -1, and break values); the
kits met so far are a table (``kits``: the first ``nk[0]`` rows, looked up by hash in ``kh``)
that the caller mirrors as ``Kit`` objects, so the kernel takes and gives kits by their row
numbers. The fumble tables (per fumbler and kit) and the cells (per attacker, pair of bare
kits and recipe) are worked out once and kept, in arrays, between calls. Every array, scratch
and caches included, comes from the caller (``ExchangeRunner``): one too small is reported
(``OVERFLOW_*``), nothing half-written is kept, and the caller makes it larger and calls
again.

Each helper is compiled once (``jit.inlined_callee``: LLVM inlines it where it is called),
not inlined by numba at each call site, which took three times as long to compile for code
no faster; ``_work_cell`` (taken only for a cell not met before) stays a call.

Mirrors Chapter 5, "Attacking and defending" (table 5.1), "Fumbling" (table 5.2), "Armour",
"Break value". Held to the event engine by tests/batch/test_odds.py, and to the test oracle by
test_exchange_kernel.py (to the bit).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.rulesets.percentile.fast import spec as ps
from fracas.rulesets.percentile.fast.rules import (
    D_DODGE,
    D_NONE,
    D_PARRY,
    DEFENCELESS_NONE,
    FAIL,
    FALL_DIE,
    FUMBLE,
    PERFECT,
    SPECIAL,
    SUCCESS,
    cell_blow,
    check_counts,
    damage_dealt,
    damage_rolls,
    defence,
    defenceless_code,
    defenceless_next,
    defenceless_now,
    drop,
    fall_damage,
    fumble_kit,
    in_hand,
    may_be_struck,
    parries,
    self_blow,
    weapon_struck,
)
from fracas.sim.batch.jit import callee, inlined_callee, njit

#: the order of ``check``'s probabilities
RESULTS = (FUMBLE, FAIL, SUCCESS, SPECIAL, PERFECT)
assert tuple(range(5)) == RESULTS

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

__all__ = ["D_DODGE", "D_NONE", "D_PARRY"]

MW = ps.MAX_WEAPONS
#: a kit's row: these fields, then the weapons' conditions (``K_CONDS + i``, -1 past the
#: last weapon) and break values (``K_BVS + i``)
K_WIELD, K_ABS_LOSS, K_GLITCH, K_DEFENCELESS, K_YIELDED, K_N = range(6)
K_CONDS = 6
K_BVS = K_CONDS + MW
ROW = K_BVS + MW
#: a branch's integers (``bi``): hp lost by the attacker and the defender, killed flags
B_D0, B_D1, B_X0, B_X1 = range(4)
#: a merged outcome's integers (``mi``): its pair of bare kits (``lp``), then as ``bi``
M_PAIR = 0
#: the kernel's status (first of what it returns)
DONE, OVERFLOW_BRANCHES, OVERFLOW_KITS, OVERFLOW_OUT, OVERFLOW_FUMBLES, OVERFLOW_CELLS = range(6)
#: branch sets in the scratch arrays: two for a cell (each effect reads one, writes the
#: other), two for a fumble's row, and the fumble table worked out
CELL_A, CELL_B, FUMBLE_A, FUMBLE_B, FUMBLE_TABLE = range(5)
SETS = 5


@inlined_callee
def check(chance: int, skill: int, check_target: bool) -> tuple[float, float, float, float, float]:
    """P(fumble, fail, success, special, perfect) of a check: ``rules.check_counts`` (how many
    of the 10,000 pairs of d100 rolls ``rules.check_result``, the batch kernel's check, gives
    each result) divided once, so each is the float nearest the exact fraction. Held to the
    event engine's ``skill_check.check_outcome`` counted over every pair by
    tests/batch/test_odds.py's ``test_check_distribution_counts_every_pair_of_d100_rolls``."""
    fumble, fail, success, special, perfect = check_counts(chance, skill, 1 if check_target else 0)
    return (
        fumble / 10_000,
        fail / 10_000,
        success / 10_000,
        special / 10_000,
        perfect / 10_000,
    )  # (the result codes' order: RESULTS)


@inlined_callee
def _ready(kit: I64) -> bool:
    """``rules.in_hand`` of a kit."""
    return in_hand(kit[K_CONDS:K_BVS], kit[K_WIELD])


@inlined_callee
def _drop(opts: I64, natural: I64, who: int, kit: I64) -> None:
    """``rules.drop`` on a kit, in place."""
    _, kit[K_WIELD] = drop(kit[K_CONDS:K_BVS], natural[who], kit[K_N], kit[K_WIELD], opts)


@inlined_callee
def _copy(bp: F64, bi: I64, bk: I64, s: int, i: int, t: int, j: int, p: float) -> None:
    """Branch ``i`` of set ``s`` as branch ``j`` of set ``t``, of probability ``p``."""
    bp[t, j] = p
    for c in range(4):
        bi[t, j, c] = bi[s, i, c]
    for r in range(2):
        for c in range(ROW):
            bk[t, j, r, c] = bk[s, i, r, c]


@inlined_callee
def _same(a: I64, b: I64) -> bool:
    same = True
    for c in range(ROW):
        if a[c] != b[c]:
            same = False
            break
    return same


@inlined_callee
def _deal(
    bp: F64, bi: I64, bk: I64, s: int, i: int, t: int, n: int, cap: int, role: int,
    who: int, src: int, w: int, kind: int, p: float,
    fi: I64, opts: I64, dmax: I64, dv: I64, dq: F64, dn: I64,
) -> int:  # fmt: skip
    """``ExchangeModel.deal``: branch ``i`` of set ``s`` (probability ``p``) with the damage
    of ``src``'s weapon ``w`` (``kind``) to the combatant in ``role`` (``who``), each
    amount a branch of set ``t`` from ``n`` (``rules``: ``damage_rolls``,
    ``damage_dealt``); the new count (past ``cap``: overflow)."""
    loss = bk[s, i, role, K_ABS_LOSS]
    c = B_D0 + role
    most = dmax[src, w]
    if damage_rolls(kind, opts):  # each face of the roll
        for k in range(dn[src, w]):
            if n < cap:
                _copy(bp, bi, bk, s, i, t, n, p * dq[src, w, k])
                bi[t, n, c] += damage_dealt(dv[src, w, k], kind, most, fi, who, loss, opts)
            n += 1
        return n
    if n < cap:
        _copy(bp, bi, bk, s, i, t, n, p * 1.0)
        bi[t, n, c] += damage_dealt(0, kind, most, fi, who, loss, opts)
    return n + 1


@inlined_callee
def _fumble_effect(
    bp: F64, bi: I64, bk: I64, s: int, ns: int, t: int, cap: int, effect: int, role: int,
    who: int, fi: I64, opts: I64, natural: I64, dmax: I64, dv: I64, dq: F64, dn: I64,
) -> int:  # fmt: skip
    """``ExchangeModel._fumble_effect``: one effect of a fumble row on the fumbler (in
    ``role``) in every branch of set ``s``, into set ``t`` (``rules``: ``fall_damage``,
    ``self_blow``, ``fumble_kit``); the new count."""
    n = 0
    for i in range(min(ns, cap)):
        q = bp[s, i]
        kit = bk[s, i, role]
        if effect == ps.F_FALL:
            for rolled in range(1, FALL_DIE + 1):
                if n < cap:
                    _copy(bp, bi, bk, s, i, t, n, q / FALL_DIE)
                    hurt = fall_damage(rolled, fi, who, kit[K_ABS_LOSS], opts)
                    bi[t, n, B_D0 + role] += hurt
                n += 1
            continue
        w = self_blow(effect, kit[K_WIELD])
        if w >= 0:
            n = _deal(
                bp, bi, bk, s, i, t, n, cap, role, who, who, w, ps.K_NORMAL, q,
                fi, opts, dmax, dv, dq, dn,
            )  # fmt: skip
            continue
        if n >= cap:
            n += 1
            continue
        _copy(bp, bi, bk, s, i, t, n, q)
        out = bk[t, n, role]
        n += 1
        _, out[K_WIELD], out[K_ABS_LOSS], out[K_GLITCH], out[K_DEFENCELESS] = fumble_kit(
            effect, fi, who, natural[who], opts, out[K_CONDS:K_BVS], out[K_N],
            out[K_WIELD], out[K_ABS_LOSS], out[K_GLITCH], out[K_DEFENCELESS],
        )  # fmt: skip
    return n


@inlined_callee
def _fumble_table(
    bp: F64, bi: I64, bk: I64, kit: I64, cap: int, role: int, who: int,
    fi: I64, opts: I64, natural: I64, dmax: I64, dv: I64, dq: F64, dn: I64,
    row_fx: I64, frow: I64, fq: F64,
) -> int:  # fmt: skip
    """``ExchangeModel._fumble_table``: the fumble table's outcomes for a fumbler (in
    ``role``) with ``kit``, as set ``FUMBLE_TABLE``: probability, the fumbler's hp lost
    (``bi[., ., B_D0]``) and its kit (``bk[., ., 0]``), equal outcomes merged in the order
    first met; the count (past ``cap``: overflow)."""
    nt = 0
    for r in range(frow.shape[0]):
        row = frow[r]
        s = FUMBLE_A
        bp[s, 0] = fq[r]
        for c in range(4):
            bi[s, 0, c] = 0
        for c in range(ROW):
            bk[s, 0, 0, c] = kit[c]
            bk[s, 0, 1, c] = kit[c]
        n = 1
        for e in range(row_fx.shape[1]):
            effect = row_fx[row, e]
            if effect < 0:
                break
            t = FUMBLE_B if s == FUMBLE_A else FUMBLE_A
            n = _fumble_effect(
                bp, bi, bk, s, n, t, cap, effect, role, who, fi, opts, natural, dmax, dv, dq, dn
            )
            s = t
        if n > cap:
            return n
        for i in range(n):
            a = bi[s, i, B_D0 + role]
            k = bk[s, i, role]
            found = -1
            for j in range(nt):
                if bi[FUMBLE_TABLE, j, B_D0] == a and _same(bk[FUMBLE_TABLE, j, 0], k):
                    found = j
                    break
            if found >= 0:
                bp[FUMBLE_TABLE, found] = bp[FUMBLE_TABLE, found] + bp[s, i]
                continue
            if nt >= cap:
                return cap + 1
            bp[FUMBLE_TABLE, nt] = 0.0 + bp[s, i]
            bi[FUMBLE_TABLE, nt, B_D0] = a
            for c in range(ROW):
                bk[FUMBLE_TABLE, nt, 0, c] = k[c]
            nt += 1
    return nt


@inlined_callee
def _fumbled(who: int, kit: I64, fc_key: I64, fc_n: I64) -> int:
    """The number of the fumble table of ``who`` with ``kit`` among those worked out
    (``ExchangeModel._fumbled``: ``fc_key`` their fumbler and kit, ``fc_n[0]`` how many), -1
    if it is new."""
    for t in range(fc_n[0]):
        if fc_key[t, 0] == who and _same(fc_key[t, 1:], kit):
            return t
    return -1


@inlined_callee
def _keep_fumbles(
    nf: int, cap: int, who: int, kit: I64, bp: F64, bi: I64, bk: I64,
    fc_key: I64, fc_at: I64, fc_p: F64, fc_a: I64, fc_k: I64, fc_n: I64,
) -> int:  # fmt: skip
    """The fumble table just worked out (``_fumble_table``: ``nf`` outcomes) kept as the
    next one of ``who`` with ``kit`` (``fc_at``: where its outcomes are in ``fc_p``,
    ``fc_a``, ``fc_k``; ``fc_n``: how many tables and outcomes); its number, or minus a
    status if an array is too small."""
    if nf > cap:
        return -OVERFLOW_BRANCHES
    new: int = fc_n[0]
    e = fc_n[1]
    if new >= fc_key.shape[0] or e + nf > fc_p.shape[0]:
        return -OVERFLOW_FUMBLES
    fc_key[new, 0] = who
    for c in range(ROW):
        fc_key[new, 1 + c] = kit[c]
    fc_at[new, 0] = e
    fc_at[new, 1] = e + nf
    for j in range(nf):
        fc_p[e + j] = bp[FUMBLE_TABLE, j]
        fc_a[e + j] = bi[FUMBLE_TABLE, j, B_D0]
        for c in range(ROW):
            fc_k[e + j, c] = bk[FUMBLE_TABLE, j, 0, c]
    fc_n[0] = new + 1
    fc_n[1] = e + nf
    return new


@inlined_callee
def _hash(a: I64, n: int) -> int:
    """A hash of ``a[:n]`` (kept within 40 bits: no overflow, compiled or not)."""
    h = 0
    for c in range(n):
        h = (h * 131 + a[c] + 3) & 0xFF_FFFF_FFFF
    return h ^ (h >> 13)


@inlined_callee
def _kit_id(kits: I64, nk: I64, kh: I64, row: I64) -> int:
    """The number of kit ``row`` in the table of kits (``kits``, ``nk[0]`` rows, hashed in
    ``kh``: row + 1, 0 empty), added if new; -1 if the table is full (or ``kh`` half)."""
    mask = kh.shape[0] - 1
    h = _hash(row, ROW) & mask
    while kh[h] != 0:
        k: int = kh[h] - 1
        if _same(kits[k], row):
            return k
        h = (h + 1) & mask
    k = nk[0]
    if k >= kits.shape[0] or 2 * (k + 1) > kh.shape[0]:
        return -1
    for c in range(ROW):
        kits[k, c] = row[c]
    kh[h] = k + 1
    nk[0] = k + 1
    nk[1] = k + 1
    return k


@inlined_callee
def _rehash(kits: I64, nk: I64, kh: I64) -> None:
    """Hash the kits added to the table since the last hashed one (``nk[1]``): those the
    caller added, or all of them in a fresh ``kh``."""
    mask = kh.shape[0] - 1
    for k in range(nk[1], nk[0]):
        h = _hash(kits[k], ROW) & mask
        while kh[h] != 0:
            h = (h + 1) & mask
        kh[h] = k + 1
    nk[1] = nk[0]


@inlined_callee
def _find(
    keys: I64, n: int, key: I64, width: int, stamp: I64, slot: I64, gen: int
) -> tuple[int, int]:
    """Look ``key[:width]`` up among ``keys[:n, :width]`` through the hash table (``stamp``,
    ``slot``: entries of generation ``gen`` are live): (its index or -1, the free entry)."""
    mask = stamp.shape[0] - 1
    h = _hash(key, width) & mask
    while stamp[h] == gen:
        k = slot[h]
        same = True
        for c in range(width):
            if keys[k, c] != key[c]:
                same = False
                break
        if same:
            return k, h
        h = (h + 1) & mask
    return -1, h


@callee
def _work_cell(
    f: int, a: int, b: int, r: int, kits: I64, nk: I64, kh: I64,
    fi: I64, opts: I64, natural: I64, dmax: I64, row_fx: I64, frow: I64, fq: F64,
    dv: I64, dq: F64, dn: I64, rec_fx: I64, rec_n: I64, rec_parried: I64,
    bp: F64, bi: I64, bk: I64, tmp: I64,
    fc_key: I64, fc_at: I64, fc_p: F64, fc_a: I64, fc_k: I64, fc_n: I64,
    cc_key: I64, cc_at: I64, cm_i: I64, cm_p: F64, cc_n: I64, ms: I64, mslot: I64, gen: I64,
) -> int:  # fmt: skip
    """``ExchangeModel._cell`` then ``_numbered``: recipe ``r`` carried out by ``f`` (bare
    kit ``a``) on the other (bare kit ``b``), its outcomes merged in the order first met,
    stored as cell ``cc_n[0]`` (``cc_key``, ``cc_at``: its outcomes in ``cm_i``: kits of the
    attacker and the defender, hp lost, killed flags; ``cm_p``). Its number, or minus a
    status."""
    cap = bp.shape[1]
    g = 1 - f
    ids = (f, g)
    w = kits[a, K_WIELD]
    s = CELL_A
    bp[s, 0] = 1.0
    for c in range(4):
        bi[s, 0, c] = 0
    for c in range(ROW):
        bk[s, 0, 0, c] = kits[a, c]
        bk[s, 0, 1, c] = kits[b, c]
    n = 1
    for e in range(rec_n[r]):
        code = rec_fx[r, e, 0]
        on_attacker = rec_fx[r, e, 1] != 0
        dkind = rec_fx[r, e, 2]
        role = 0 if on_attacker else 1
        t = CELL_B if s == CELL_A else CELL_A
        nt = 0
        for i in range(n):
            q = bp[s, i]
            if code == ps.E_FUMBLE:
                kit = bk[s, i, role]
                ft = _fumbled(ids[role], kit, fc_key, fc_n)
                if ft < 0:  # (new: worked out now)
                    nf = _fumble_table(
                        bp, bi, bk, kit, cap, role, ids[role],
                        fi, opts, natural, dmax, dv, dq, dn, row_fx, frow, fq,
                    )  # fmt: skip
                    ft = _keep_fumbles(
                        nf, cap, ids[role], kit, bp, bi, bk, fc_key, fc_at, fc_p, fc_a, fc_k, fc_n
                    )
                    if ft < 0:
                        return ft
                for j in range(fc_at[ft, 0], fc_at[ft, 1]):
                    if nt < cap:
                        _copy(bp, bi, bk, s, i, t, nt, q * fc_p[j])
                        bi[t, nt, B_D0 + role] += fc_a[j]
                        out = bk[t, nt, role]
                        for c in range(ROW):
                            out[c] = fc_k[j, c]
                    nt += 1
            elif code == ps.E_KILL or code == ps.E_DISARM:
                if nt < cap:
                    _copy(bp, bi, bk, s, i, t, nt, q)
                    if code == ps.E_KILL:
                        bi[t, nt, B_X0 + role] = 1
                    else:
                        _drop(opts, natural, ids[role], bk[t, nt, role])
                nt += 1
            else:  # damage: ``rules.cell_blow`` says whose weapon, on the other side
                kd = bk[s, i, 1]
                bw = cell_blow(on_attacker, w, _ready(kd), kd[K_WIELD])
                if bw >= 0:
                    nt = _deal(
                        bp, bi, bk, s, i, t, nt, cap, role, ids[role], ids[1 - role], bw, dkind,
                        q, fi, opts, dmax, dv, dq, dn,
                    )  # fmt: skip
                else:
                    if nt < cap:
                        _copy(bp, bi, bk, s, i, t, nt, q)
                    nt += 1
        if nt > cap:
            return -OVERFLOW_BRANCHES
        n = nt
        s = t
    if rec_parried[r]:  # ``_parry_damage``: the attacker's rolled damage against the BV
        t = CELL_B if s == CELL_A else CELL_A
        nt = 0
        for i in range(n):
            q = bp[s, i]
            kd = bk[s, i, 1]
            if not may_be_struck(kd[K_CONDS:K_BVS], natural[g], kd[K_WIELD]):
                if nt < cap:
                    _copy(bp, bi, bk, s, i, t, nt, q)
                nt += 1
                continue
            for k in range(dn[f, w]):
                if nt < cap:
                    _copy(bp, bi, bk, s, i, t, nt, q * dq[f, w, k])
                    out = bk[t, nt, 1]
                    _, out[K_WIELD] = weapon_struck(
                        dv[f, w, k], out[K_CONDS:K_BVS], out[K_BVS:ROW], natural[g], out[K_N],
                        out[K_WIELD],
                    )  # fmt: skip
                nt += 1
        if nt > cap:
            return -OVERFLOW_BRANCHES
        n = nt
        s = t
    # ``_numbered``: merged by outcome in the order first met
    cell: int = cc_n[0]
    start = cc_n[1]
    if cell >= cc_key.shape[0] or start + n > cm_p.shape[0] or 2 * n > ms.shape[0]:
        return -OVERFLOW_CELLS
    gen[0] += 1
    now = gen[0]
    key = tmp[2]
    last_a = last_b = -1  # (the kits of the branch before, and their numbers)
    ka = kb = 0
    m = 0
    for i in range(n):
        if last_a < 0 or not _same(bk[s, i, 0], bk[s, last_a, 0]):
            ka = _kit_id(kits, nk, kh, bk[s, i, 0])
            last_a = i
        if last_b < 0 or not _same(bk[s, i, 1], bk[s, last_b, 1]):
            kb = _kit_id(kits, nk, kh, bk[s, i, 1])
            last_b = i
        if ka < 0 or kb < 0:
            return -OVERFLOW_KITS
        key[0] = ka
        key[1] = kb
        for c in range(4):
            key[2 + c] = bi[s, i, c]
        found, h = _find(cm_i[start:], m, key, 6, ms, mslot, now)
        if found >= 0:
            cm_p[start + found] = cm_p[start + found] + bp[s, i]
            continue
        ms[h] = now
        mslot[h] = m
        for c in range(6):
            cm_i[start + m, c] = key[c]
        cm_p[start + m] = 0.0 + bp[s, i]
        m += 1
    cc_key[cell, 0] = f
    cc_key[cell, 1] = a
    cc_key[cell, 2] = b
    cc_key[cell, 3] = r
    cc_at[cell, 0] = start
    cc_at[cell, 1] = start + m
    cc_n[0] = cell + 1
    cc_n[1] = start + m
    return cell


@inlined_callee
def _defence(
    g: int, kit: I64, stance: int, tired: int, result: int, low: bool,
    fi: I64, skill: I64, def_chance: I64, extra_chance: I64, opts: I64,
) -> tuple[int, int, int]:  # fmt: skip
    """``ExchangeModel.defence`` of ``g`` (``kit``) against an attack of ``result``: (its
    kind, the number to roll under, the skill), ``D_NONE`` when it does not defend
    (``rules.defence``, unless defenceless this round)."""
    if not parries(opts, result) or defenceless_now(kit[K_DEFENCELESS]):
        return D_NONE, 0, 0
    return defence(
        g, result, stance, _ready(kit), kit[K_WIELD], tired, low,
        fi, skill, def_chance, extra_chance, opts,
    )  # fmt: skip


@njit
def exchange_branches(
    f: int, a: int, b: int, sf: int, sg: int, tf: int, tg: int, low: bool, at: int,
    kits: I64, nk: I64, kh: I64,
    fi: I64, skill: I64, att_chance: I64, def_chance: I64, extra_chance: I64, opts: I64,
    natural: I64, dmax: I64, row_fx: I64, frow: I64, fq: F64, dv: I64, dq: F64, dn: I64,
    recipe_of: I64, rec_fx: I64, rec_n: I64, rec_parried: I64,
    bp: F64, bi: I64, bk: I64, lp: I64, tmp: I64,
    fc_key: I64, fc_at: I64, fc_p: F64, fc_a: I64, fc_k: I64, fc_n: I64,
    cc_hash: I64, cc_key: I64, cc_at: I64, cm_i: I64, cm_p: F64, cc_n: I64,
    ms: I64, mslot: I64, gen: I64, mi: I64, mp: F64,
    out_q: F64, out_i: I64, out_pairs: I64,
) -> tuple[int, int, int]:  # fmt: skip
    """Combatant ``f`` (kit ``a`` of the table of kits) attacks the other (kit ``b``) in
    stances ``sf``, ``sg``, tired flags ``tf``, ``tg`` (``low``: the attack's full damage
    would down the defender): the exchange's branches merged by outcome, written from ``at``
    on as ``out_q`` (probability) and ``out_i`` (hp lost by combatant 0 and 1, -1 killed;
    the destination: 1 + a row of ``out_pairs``, the distinct pairs of kits reached, of
    combatant 0 and 1, in the order first reached). Returns (status, branches, pairs); a
    status other than ``DONE`` says which array was too small (nothing is lost: call again
    with it larger)."""
    _rehash(kits, nk, kh)
    if kits.shape[0] == 0:  # (a call on nothing: loads the compiled function)
        return DONE, 0, 0
    capm = mi.shape[0]
    capp = lp.shape[0]
    g = 1 - f
    kf = kits[a]
    kg = kits[b]
    w = kf[K_WIELD]
    wg = kg[K_WIELD]
    glitches = opts[ps.O_GLITCHES]
    check_target = opts[ps.O_CHECK_TARGET] != 0
    # the bare kits (``DuelChain.branch_arrays``): no break values nor "defenceless" for the
    # attacker, only the parrying weapon's break value for the defender, and its
    # "defenceless" only for this round
    bare_f = tmp[0]
    bare_g = tmp[1]
    for c in range(ROW):
        bare_f[c] = kf[c]
        bare_g[c] = kg[c]
    for i in range(MW):
        bare_f[K_BVS + i] = 0
        if i != wg:
            bare_g[K_BVS + i] = 0
    bare_f[K_DEFENCELESS] = DEFENCELESS_NONE
    bare_g[K_DEFENCELESS] = defenceless_code(defenceless_now(kg[K_DEFENCELESS]), False)
    ba = _kit_id(kits, nk, kh, bare_f)
    bb = _kit_id(kits, nk, kh, bare_g)
    if ba < 0 or bb < 0:
        return OVERFLOW_KITS, 0, 0
    att = att_chance[f, w, opts[ps.O_ATTACK_SHIFTS + sf], tf, min(kf[K_GLITCH], glitches - 1)]
    results = check(att, skill[f, w], check_target)
    hmask = cc_hash.shape[0] - 1
    gen[1] += 1
    now = gen[1]
    key = tmp[3]
    xs = ms[1]
    xslot = mslot[1]
    nm = 0  # merged outcomes (``mi``, ``mp``)
    npl = 0  # pairs of bare kits met (``lp``)
    for result in range(5):
        pr = results[result]
        if pr == 0:
            continue
        kind, chance, dskill = _defence(
            g, bare_g, sg, tg, result, low, fi, skill, def_chance, extra_chance, opts
        )
        dist = (0.0, 1.0, 0.0, 0.0, 0.0) if kind == D_NONE else check(chance, dskill, check_target)
        for parry in range(5):
            pp = dist[parry]
            if not pp > 0:
                continue
            r = recipe_of[result, parry, kind]
            # the cell, worked out once per (attacker, bare kits, recipe)
            h = ((ba * 8191 + bb) * 64 + r) * 2 + f
            h = (h ^ (h >> 11)) & hmask
            cell = -1
            while cc_hash[h] != 0:
                k = cc_hash[h] - 1
                key_f, key_a, key_b, key_r = cc_key[k, 0], cc_key[k, 1], cc_key[k, 2], cc_key[k, 3]
                if key_f == f and key_a == ba and key_b == bb and key_r == r:
                    cell = k
                    break
                h = (h + 1) & hmask
            if cell < 0:
                if 2 * (cc_n[0] + 1) > cc_hash.shape[0]:
                    return OVERFLOW_CELLS, 0, 0
                cell = _work_cell(
                    f, ba, bb, r, kits, nk, kh, fi, opts, natural, dmax, row_fx, frow, fq,
                    dv, dq, dn, rec_fx, rec_n, rec_parried, bp, bi, bk, tmp,
                    fc_key, fc_at, fc_p, fc_a, fc_k, fc_n,
                    cc_key, cc_at, cm_i, cm_p, cc_n, ms[0], mslot[0], gen,
                )  # fmt: skip
                if cell < 0:
                    return -cell, 0, 0
                cc_hash[h] = cell + 1
            # ``_exchange``: the cell's outcomes, weighed, into the exchange's
            weight = pr * pp
            for j in range(cc_at[cell, 0], cc_at[cell, 1]):
                pa = cm_i[j, 0]
                pb = cm_i[j, 1]
                pair = -1
                for k in range(npl):
                    if lp[k, 0] == pa and lp[k, 1] == pb:
                        pair = k
                        break
                if pair < 0:
                    if npl >= capp:
                        return OVERFLOW_BRANCHES, 0, 0
                    lp[npl, 0] = pa
                    lp[npl, 1] = pb
                    pair = npl
                    npl += 1
                key[0] = pair
                for c in range(4):
                    key[1 + c] = cm_i[j, 2 + c]
                found, hh = _find(mi, nm, key, 5, xs, xslot, now)
                if found >= 0:
                    mp[found] = mp[found] + weight * cm_p[j]
                    continue
                if nm >= capm or 2 * (nm + 1) > xs.shape[0]:
                    return OVERFLOW_BRANCHES, 0, 0
                xs[hh] = now
                xslot[hh] = nm
                for c in range(5):
                    mi[nm, c] = key[c]
                mp[nm] = weight * cm_p[j]
                nm += 1
    # ``put_back`` per pair of bare kits (in the order first met, as the branches reach
    # them), each kit then found among the kits met (or added); pairs made equal are one
    if at + nm > out_q.shape[0]:
        return OVERFLOW_OUT, 0, 0
    ndest = 0
    put = tmp[2]
    for j in range(npl):
        e0 = e1 = 0
        for r in range(2):
            bare = kits[lp[j, r]]
            for c in range(ROW):
                put[c] = bare[c]
            if r == 0:
                for c in range(MW):
                    put[K_BVS + c] = kf[K_BVS + c]
                put[K_DEFENCELESS] = defenceless_code(
                    defenceless_now(kf[K_DEFENCELESS]),
                    defenceless_next(kf[K_DEFENCELESS]) or defenceless_next(bare[K_DEFENCELESS]),
                )
            else:
                for c in range(MW):
                    if c != wg:
                        put[K_BVS + c] = kg[K_BVS + c]
                put[K_DEFENCELESS] = defenceless_code(
                    defenceless_now(bare[K_DEFENCELESS]),
                    defenceless_next(kg[K_DEFENCELESS]) or defenceless_next(bare[K_DEFENCELESS]),
                )
            found = _kit_id(kits, nk, kh, put)
            if found < 0:
                return OVERFLOW_KITS, 0, 0
            if (r == 0) == (f == 0):
                e0 = found
            else:
                e1 = found
        d = -1
        for k in range(ndest):
            if out_pairs[k, 0] == e0 and out_pairs[k, 1] == e1:
                d = k
                break
        if d < 0:
            d = ndest
            out_pairs[d, 0] = e0
            out_pairs[d, 1] = e1
            ndest += 1
        out_pairs[j, 2] = d + 1  # (the destination of bare pair j)
    for m in range(nm):
        o = at + m
        out_q[o] = mp[m]
        xf = -1 if mi[m, 1 + B_X0] else mi[m, 1 + B_D0]
        xg = -1 if mi[m, 1 + B_X1] else mi[m, 1 + B_D1]
        out_i[0, o] = xf if f == 0 else xg
        out_i[1, o] = xg if f == 0 else xf
        out_i[2, o] = out_pairs[mi[m, 0], 2]
    return DONE, nm, ndest


def warm_exchange() -> None:
    """Load ``exchange_branches`` (from numba's cache) by a call on nothing, with the
    argument types of ``ExchangeRunner.branch_arrays``' calls."""

    def i(*shape: int) -> I64:
        return np.zeros(shape, np.int64)

    def q(*shape: int) -> F64:
        return np.zeros(shape)

    exchange_branches(
        0, 0, 0, 0, 0, 0, 0, False, 0, i(0, ROW), i(2), i(1),
        i(1, 1), i(1, 1), i(1, 1, 1, 1, 1), i(1, 1, 1), i(1, 1, 1), i(1),
        i(1, 1), i(1, 1), i(1, 1), i(1), q(1), i(1, 1, 1), q(1, 1, 1), i(1, 1),
        i(1, 1, 1), i(1, 1, 1), i(1), i(1),
        q(1, 1), i(1, 1, 1), i(1, 1, 1, 1), i(1, 1), i(1, 1),
        i(1, 1), i(1, 1), q(1), i(1), i(1, 1), i(2),
        i(1), i(1, 1), i(1, 1), i(1, 1), q(1), i(2),
        i(2, 1), i(2, 1), i(2), i(1, 1), q(1),
        q(1), i(1, 1), i(1, 1),
    )  # fmt: skip
