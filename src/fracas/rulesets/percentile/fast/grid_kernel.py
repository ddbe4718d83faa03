"""Moving probability on an hp grid: every branch of an exchange at once (numba).

Mirrors Chapter 5, "Damage and fatigue" (hp lost, down at 0, dead at -CON). Held to the event
engine by tests/batch/test_odds_fast_path.py.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.rulesets.percentile.fast.tactics import base_stance
from fracas.sim.batch.jit import inline, njit

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


@njit
def apply_branches(
    grid: F64, acts: npt.NDArray[np.bool_], q: F64, d0: I64, d1: I64, dest: I64, out: F64
) -> None:
    """For each cell where ``acts``, each branch b moves ``q[b]`` of it down by ``d0[b]``
    and ``d1[b]`` hp (index 0 is death: clipped there; a negative d is a kill, straight to 0)
    into ``out[dest[b]]``; cells that do not act stay in ``out[0]`` unchanged."""
    n0, n1 = grid.shape
    for i in range(n0):
        for j in range(n1):
            p = grid[i, j]
            if p == 0.0:
                continue
            if not acts[i, j]:
                out[0, i, j] += p
                continue
            for b in range(q.shape[0]):
                a = 0 if d0[b] < 0 else max(0, i - d0[b])
                c = 0 if d1[b] < 0 else max(0, j - d1[b])
                out[dest[b], a, c] += p * q[b]


@njit
def expect_branches(value: F64, q: F64, d0: I64, d1: I64, out: F64) -> None:
    """``out[i, j] = sum_b q[b] * value[i - d0[b], j - d1[b]]`` (clipped at index 0; a
    negative d is a kill, index 0): the expected value after one exchange, cell by cell."""
    n0, n1 = value.shape
    for i in range(n0):
        for j in range(n1):
            acc = 0.0
            for b in range(q.shape[0]):
                a = 0 if d0[b] < 0 else max(0, i - d0[b])
                c = 0 if d1[b] < 0 else max(0, j - d1[b])
                acc += q[b] * value[a, c]
            out[i, j] = acc


@njit
def tally(grid: F64, u0: int, u1: int) -> tuple[float, float, float, float]:
    """The mass of ``grid`` by who is still up at the end of a round (rows from ``u0``,
    columns from ``u1``): (both, only combatant 0, only combatant 1, neither)."""
    n0, n1 = grid.shape
    both = a_only = b_only = none = 0.0
    for i in range(n0):
        for j in range(n1):
            v = grid[i, j]
            if i >= u0:
                if j >= u1:
                    both += v
                else:
                    a_only += v
            elif j >= u1:
                b_only += v
            else:
                none += v
    return both, a_only, b_only, none


# A half-round grid (after a round's first attack) is kept compact: where both are still up,
# cell by cell (``live[h]``: rows from c0, columns from c1 of the hp grid); where someone is
# already down only what the second attack can still decide, by the hp of the one still up
# (``down[h]``, at these offsets: combatant 1 dead / down but not dead, by 0's live row;
# combatant 0 dead / down, by 1's live column; both down, one number).


# The live blocks (class grids, half-round grids, next round's grids) are stored flat, row
# by row, ``m1`` cells a row and no padding: a move of every row of a block by (d0, d1) is
# one shift of the flat array by ``d0 * m1 + d1``, a single long contiguous loop the
# compiler vectorises, instead of a short loop per row. Such a shift also carries the
# cells of columns below d1 into the tail of the row before: those are the cells where
# combatant 1 goes down, which are tallied (from the sums below), never read from the
# shifted grid, so they are set to zero first and add +0.0. An operation's branches are
# sorted by d1, then destination (``sort_branches``), so the columns are zeroed once each,
# in order, as d1 grows; everything read from the masked cells after that reads columns
# from d1 on. Up to four branches in a row into the same grid by the same d1 are one pass
# (``_shifts``).
#
# What a branch sends down or ends is read from sums made once per operation, not row by
# row per branch: ``pt[c, i]``, row i's mass in its columns below c (c = 0..m1, so
# ``pt[m1]`` holds each row's total), ``cs[r, j]``, column j's mass in the rows below r,
# and their running totals ``rsum[r]`` (the rows below r) and ``csum[c]`` (the columns
# below c). A rectangle of both (rows below r and columns below c) is needed only by a
# branch that takes hp off both, and is then summed from ``cs``.


@inline
def _shifts(dst: F64, src: F64, y0: int, y1: int, offs: I64, qs: F64, n: int) -> None:
    """``dst[y] += sum of qs[i] * src[y + offs[i]]`` for y in ``y0:y1``, i below ``n`` (at
    most 4): the moves of up to four branches into the same grid by the same d1 in one pass
    (each reads zeros where its own move would not reach: the rows without mass, the
    zeroed columns, and the rows of zeros after the block in ``vals``)."""
    d = dst[y0:y1]
    a = src[y0 + offs[0] : y1 + offs[0]]
    qa = qs[0]
    if n == 1:
        for k in range(y1 - y0):
            d[k] += qa * a[k]
        return
    b = src[y0 + offs[1] : y1 + offs[1]]
    qb = qs[1]
    if n == 2:
        for k in range(y1 - y0):
            d[k] += qa * a[k] + qb * b[k]
        return
    c = src[y0 + offs[2] : y1 + offs[2]]
    qc = qs[2]
    if n == 3:
        for k in range(y1 - y0):
            d[k] += qa * a[k] + qb * b[k] + qc * c[k]
        return
    e = src[y0 + offs[3] : y1 + offs[3]]
    qe = qs[3]
    for k in range(y1 - y0):
        d[k] += qa * a[k] + qb * b[k] + qc * c[k] + qe * e[k]


@inline
def _masked(grid: F64, cells: npt.NDArray[np.bool_], vals: F64) -> None:
    """``vals``: ``grid`` where ``cells`` (the live block's cells of a mask), else 0."""
    for x in range(grid.shape[0]):
        vals[x] = grid[x] if cells[x] else 0.0


@inline
def _zero_cols(vals: F64, r0: int, r1: int, j0: int, j1: int, m1: int) -> None:
    """Columns ``j0:j1`` of rows ``r0:r1`` of ``vals`` to zero."""
    for i in range(r0, r1):
        row = vals[i * m1 + j0 : i * m1 + j1]
        for j in range(j1 - j0):
            row[j] = 0.0


@inline
def _row_sums(vals: F64, pt: F64, m0: int, m1: int) -> tuple[int, int]:
    """``pt`` (see above) from ``vals``: (first, last row holding mass), last -1 if none."""
    start = pt[0]
    for i in range(m0):
        start[i] = 0.0
    for j in range(m1):
        prev = pt[j]
        out = pt[j + 1]
        for i in range(m0):  # the rows side by side: no chain of dependent additions
            out[i] = prev[i] + vals[i * m1 + j]
    return _span(pt[m1], m0)


@inline
def _span(tots: F64, m0: int) -> tuple[int, int]:
    """(first, last index of ``tots[:m0]`` above zero); (m0, -1) if none."""
    first, last = m0, -1
    for i in range(m0):
        if tots[i] != 0.0:
            first = min(first, i)
            last = i
    return first, last


@inline
def _col_sums(vals: F64, cs: F64, csum: F64, m0: int, m1: int) -> int:
    """``cs`` and ``csum`` (see above) from ``vals``: the last column holding mass (-1).
    Row by row, each row of ``cs`` the one before plus the row of ``vals``: one short loop
    across the columns, which the compiler vectorises."""
    first = cs[0]
    for j in range(m1):
        first[j] = 0.0
    for r in range(m0):
        prev, out = cs[r], cs[r + 1]
        row = vals[r * m1 : (r + 1) * m1]
        for j in range(m1):
            out[j] = prev[j] + row[j]
    tots = cs[m0]
    csum[0] = 0.0
    last = -1
    for j in range(m1):
        csum[j + 1] = csum[j] + tots[j]
        if tots[j] != 0.0:
            last = j
    return last


@inline
def _rect(cs: F64, r: int, c: int) -> float:
    """The mass in the rows below ``r`` and the columns below ``c``."""
    row = cs[r]
    t = 0.0
    for j in range(c):
        t += row[j]
    return t


@inline
def _widen(rows: I64, lo: int, hi: int) -> None:
    """Widen the row range ``rows`` (start, end; empty when end <= start) to ``lo:hi``."""
    if hi <= lo:
        return
    if rows[1] <= rows[0]:
        rows[0], rows[1] = lo, hi
    else:
        rows[0], rows[1] = min(rows[0], lo), max(rows[1], hi)


@inline
def _masked_add(s: F64, mask: npt.NDArray[np.bool_], d: F64, qb: float) -> None:
    """``d += qb * s`` where ``mask`` (same length; one flat loop)."""
    for x in range(s.shape[0]):
        d[x] += qb * (s[x] if mask[x] else 0.0)


@inline
def _clear(s: F64) -> None:
    """``s`` set to zero."""
    for x in range(s.shape[0]):
        s[x] = 0.0


@inline
def _move(
    src: F64,
    cells: npt.NDArray[np.bool_],
    dst: F64,
    r0: int,
    r1: int,
    qb: float,
    m1: int,
    rows: I64,
) -> float:
    """An unchanged move, which needs no sums: ``dst += qb * src`` where ``cells``, in rows
    ``r0:r1`` (one flat loop), widening the row range ``rows`` to the rows that receive
    mass: the mass moved (before ``qb``), summed row by row (the rows' sums side by side,
    not one chain). (``src`` is a class's grid, cleared once its round is read.)"""
    tot = 0.0
    lo, hi = r1, r0
    for i in range(r0, r1):
        s = src[i * m1 : (i + 1) * m1]
        mask = cells[i * m1 : (i + 1) * m1]
        rs = 0.0
        for j in range(m1):
            rs += s[j] if mask[j] else 0.0
        if rs != 0.0:
            lo = min(lo, i)
            hi = i + 1
            tot += rs
    _widen(rows, lo, hi)
    _masked_add(src[r0 * m1 : r1 * m1], cells[r0 * m1 : r1 * m1], dst[r0 * m1 : r1 * m1], qb)
    return tot


@inline
def _carry(
    src: F64,
    cells: npt.NDArray[np.bool_],
    dst: F64,
    r0: int,
    r1: int,
    qb: float,
    m1: int,
    buf: F64,
    clear: bool,
) -> float:
    """A second attack's unchanged move: ``dst += qb * src`` where ``cells``, in rows
    ``r0:r1`` (one flat loop), setting those rows of ``src`` to zero after (if ``clear``):
    the mass moved (before ``qb``), summed by halving (``buf``: scratch, half as long as
    the rows), each step one flat loop, not one chain of additions. (No row range: the
    next round's blocks keep none.)"""
    n = (r1 - r0) * m1
    s = src[r0 * m1 : r1 * m1]
    mask = cells[r0 * m1 : r1 * m1]
    _masked_add(s, mask, dst[r0 * m1 : r1 * m1], qb)
    k = n // 2
    tail = (s[n - 1] if mask[n - 1] else 0.0) if n % 2 else 0.0
    for x in range(k):
        buf[x] = (s[x] if mask[x] else 0.0) + (s[x + k] if mask[x + k] else 0.0)
    if clear:
        _clear(s)
    while k > 1:
        if k % 2:
            tail += buf[k - 1]
        k //= 2
        for x in range(k):
            buf[x] += buf[x + k]
    return (buf[0] if k == 1 else 0.0) + tail


@njit
def sort_branches(
    op_b0: I64, op_b1: I64, q: F64, d0: I64, d1: I64, dest: I64, k0: int, k1: int
) -> None:
    """The branches of operations ``k0:k1`` in order of d1, then destination, within each
    operation (a stable insertion sort: operations have tens of branches), as the kernels
    read them."""
    for k in range(k0, k1):
        b0, b1 = op_b0[k], op_b1[k]
        for b in range(b0 + 1, b1):
            kq, ka, kb, kd = q[b], d0[b], d1[b], dest[b]
            c = b - 1
            while c >= b0 and (d1[c] > kb or (d1[c] == kb and dest[c] > kd)):
                q[c + 1], d0[c + 1], d1[c + 1], dest[c + 1] = q[c], d0[c], d1[c], dest[c]
                c -= 1
            q[c + 1], d0[c + 1], d1[c + 1], dest[c + 1] = kq, ka, kb, kd


@njit
def first_attacks(
    grids: F64,
    classes: I64,
    plans: I64,
    first_op0: I64,
    first_op1: I64,
    lmasks: npt.NDArray[np.bool_],
    op_mask: I64,
    op_b0: I64,
    op_b1: I64,
    q: F64,
    d0: I64,
    d1: I64,
    dest: I64,
    c0: int,
    c1: int,
    live: F64,
    live_rows: I64,
    down: F64,
    touched: npt.NDArray[np.bool_],
    masses: F64,
    skip: float,
    acc: F64,
    hmass: F64,
    vals: F64,
    pt: F64,
    cs: F64,
    csum: F64,
    poffs: I64,
    pqs: F64,
) -> None:
    """Each class's first attack of the round (class ``classes[n]``, ``grids`` holding the
    live block of each, flat, by first plan ``plans[n]``, ``plan.Planner``; the
    masks' live blocks ``lmasks``, flat; each operation's branches sorted by d1): every
    operation moves the cells of its mask along its branches into the half-round grids
    ``dest`` (compact, see above), flagging the live rows it reaches and the half-round
    classes it touches (``vals``, ``pt``, ``cs``, ``csum``: scratch, see above). A branch
    that would move less than ``skip`` (its probability times the class's mass
    ``masses[n]``) is left out, that much counted in the truncation error ``acc[4]``.
    ``hmass``: each half-round class's mass, added to."""
    m0, m1 = pt.shape[1], pt.shape[0] - 1
    both_down = 2 * m0 + 2 * m1
    for n in range(classes.shape[0]):
        grid = grids[classes[n]]
        p = plans[n]
        least = skip / masses[n]  # the least probability of a branch taken
        for k in range(first_op0[p], first_op1[p]):
            b0, b1 = op_b0[k], op_b1[k]
            cells = lmasks[op_mask[k]]
            if b1 - b0 == 1 and d0[b0] == 0 and d1[b0] == 0:  # unchanged: no sums needed
                if q[b0] >= least:
                    h = dest[b0]
                    got = _move(grid, cells, live[h], 0, m0, q[b0], m1, live_rows[h])
                    if got != 0.0:
                        touched[h] = True
                        hmass[h] += q[b0] * got
                else:  # (at most the class's mass times q)
                    acc[4] += q[b0] * masses[n]
                continue
            _masked(grid, cells, vals)
            first, last = _row_sums(vals, pt, m0, m1)
            if last < 0:
                continue
            lastcol = _col_sums(vals, cs, csum, m0, m1)
            tots = pt[m1]
            moved = 0.0
            for i in range(m0):
                moved += tots[i]
            for b in range(b0, b1):  # a branch left out would have moved q of the cells' mass
                if q[b] < least:
                    acc[4] += q[b] * moved
            zeroed = 0  # columns below this are zero in vals
            pn = ph = pdb = py0 = py1 = 0  # moves waiting (into grid ph by d1 pdb, rows py0:py1)
            for b in range(b0, b1):
                qb = q[b]
                if qb < least:
                    continue
                h = dest[b]
                touched[h] = True
                hmass[h] += qb * moved
                vec = down[h]
                db = d1[b]
                da = d0[b]
                # rows from ``split`` on leave 0 up (live row i - da), those below put it down
                split = m0 if da < 0 else min(da, m0)
                if db < 0:  # combatant 1 killed
                    below = 0.0
                    for i in range(first, min(split, last + 1)):
                        below += tots[i]
                    for i in range(max(split, first), last + 1):
                        vec[i - da] += qb * tots[i]
                    vec[both_down] += qb * below
                    continue
                cg = min(db, m1)  # columns below cg: 1 goes down; below cd: dead
                cd = max(min(db - c1 + 1, m1), 0)
                if split < m0:
                    s = max(split, first)
                    if cg > 0:  # (where cg is 0 nothing goes down)
                        rows = last + 1 - s
                        gone = pt[cg, s : last + 1]
                        downs = vec[m0 + s - da : m0 + last + 1 - da]
                        if cd > 0:
                            dead = pt[cd, s : last + 1]
                            deads = vec[s - da : last + 1 - da]
                            for x in range(rows):
                                deads[x] += qb * dead[x]
                                downs[x] += qb * (gone[x] - dead[x])
                        else:
                            for x in range(rows):
                                downs[x] += qb * gone[x]
                    if lastcol >= db:  # every row that lands, in one shift
                        y0, y1 = (s - da) * m1, (last - da) * m1 + m1 - db
                        if pn > 0 and (zeroed < db or ph != h or pdb != db):
                            _shifts(live[ph], vals, py0, py1, poffs, pqs, pn)  # (before zeroing)
                            pn = 0
                        if zeroed < db:
                            _zero_cols(vals, first, last + 1, zeroed, db, m1)
                            zeroed = db
                        _widen(live_rows[h], s - da, last - da + 1)
                        if pn == 0:
                            ph, pdb, py0, py1 = h, db, y0, y1
                        py0, py1 = min(y0, py0), max(y1, py1)
                        poffs[pn] = da * m1 + db
                        pqs[pn] = qb
                        pn += 1
                        if pn == 4:
                            _shifts(live[h], vals, py0, py1, poffs, pqs, pn)
                            pn = 0
                if split > first:  # 0 goes down: by 1's live column
                    if cg > 0:
                        vec[both_down] += qb * _rect(cs, split, cg)
                    if lastcol >= db:
                        # rows below rd: 0 dead (live row i - da at or below -c0), then down
                        rd = split if da < 0 else min(max(da - c0 + 1, 0), split)
                        cols = m1 - db
                        dead = cs[rd, db:m1]
                        if rd > first:
                            deads = vec[2 * m0 : 2 * m0 + cols]
                            for x in range(cols):
                                deads[x] += qb * dead[x]
                        if split > rd:
                            gone = cs[split, db:m1]
                            downs = vec[2 * m0 + m1 : 2 * m0 + m1 + cols]
                            for x in range(cols):
                                downs[x] += qb * (gone[x] - dead[x])
            if pn > 0:
                _shifts(live[ph], vals, py0, py1, poffs, pqs, pn)
        for x in range(grid.shape[0]):  # read: cleared for the next round but one
            grid[x] = 0.0


@njit
def _up_table(q: F64, d: I64, dest: I64, up_from: I64, b0: int, b1: int, c: int, out: F64) -> None:
    """``out[x]``: P(the one at live index ``x`` (hp index ``c + x``) is still up after
    branches ``b0:b1``): its loss ``d`` (-1 killed) leaves it at or above its destination's
    first index up (``up_from``). A histogram of the least index that stays up, summed."""
    n = out.shape[0]
    for x in range(n):
        out[x] = 0.0
    for b in range(b0, b1):
        if d[b] < 0:
            continue
        least = d[b] + up_from[dest[b]] - c  # stays up from this live index on
        if least < n:
            out[max(least, 0)] += q[b]
    for x in range(1, n):
        out[x] += out[x - 1]


@njit
def second_attacks(
    live: F64,
    live_rows: I64,
    down: F64,
    halves: I64,
    second_op0: I64,
    second_op1: I64,
    dmasks: npt.NDArray[np.bool_],
    lmasks: npt.NDArray[np.bool_],
    lempty: npt.NDArray[np.bool_],
    op_mask: I64,
    op_b0: I64,
    op_b1: I64,
    q: F64,
    d0: I64,
    d1: I64,
    dest: I64,
    out_next: I64,
    out_u0: I64,
    out_u1: I64,
    c0: int,
    c1: int,
    nxt: F64,
    present: npt.NDArray[np.bool_],
    acc: F64,
    masses: F64,
    skip: float,
    up: F64,
    cmass: F64,
    vals: F64,
    pt: F64,
    cs: F64,
    csum: F64,
    poffs: I64,
    pqs: F64,
    rsum: F64,
) -> None:
    """Each half-round class's second attack (``halves``; its second plan has its id), the
    end of the round. Where both are up the attack moves hp: what lands where both are
    still up (from ``out_u0[dest]``/``out_u1[dest]`` on) goes on into ``nxt[out_next]``
    (live blocks, flat, flagging ``present``), the rest is tallied by the sums (see above).
    Where someone is already down the round ends whatever happens, and the attack only
    decides whether the one still up goes down too (the masks read at a cell of that kind:
    ``dmasks``, each mask's cells in the layout of a ``down`` vector, ``down_masks``;
    ``lmasks``: their live blocks, flat; ``lempty``: whether a mask has no live cell, so that
    an operation there skips the live block). Wins, draws and the ended mass go into ``acc`` =
    [win 0, win 1, draw, ended, error]. A branch that would move less than ``skip`` where
    both are up (its probability times the half-round class's mass ``masses[n]``) is left
    out there, that much counted in the error. The half-round grids of ``halves`` are left
    all zero, no row flagged (``up``: scratch, a live row and a live column; of ``pt`` only
    ``pt[m1]`` is used, each row's total). ``cmass``: each next class's mass, added to."""
    m0, m1 = pt.shape[1], pt.shape[0] - 1
    tots = pt[m1]  # each row's mass
    w0 = w1 = dr = 0.0
    for n in range(halves.shape[0]):
        h = halves[n]
        grid = live[h]
        vec = down[h]
        both = vec[2 * m0 + 2 * m1]
        dr += both
        any0 = False  # mass with combatant 1 down, 0 up
        for x in range(2 * m0):
            if vec[x] != 0.0:
                any0 = True
                break
        any1 = False  # mass with combatant 0 down, 1 up
        for x in range(2 * m0, 2 * m0 + 2 * m1):
            if vec[x] != 0.0:
                any1 = True
                break
        r0, r1 = live_rows[h, 0], live_rows[h, 1]  # (the other rows are zero)
        cleared = False
        least = skip / masses[n]
        for k in range(second_op0[h], second_op1[h]):
            b0, b1 = op_b0[k], op_b1[k]
            unlit = lempty[op_mask[k]]  # no cell where both are up: nothing moves there
            o = dest[b0]
            same = b1 - b0 == 1 and d0[b0] == 0 and d1[b0] == 0
            same = same and out_u0[o] == c0 and out_u1[o] == c1  # nobody's hp changes
            first, last = m0, -1
            if unlit:
                pass
            elif same:  # unchanged, on into the next round: no sums needed
                if q[b0] < least:  # (at most the class's mass times q)
                    acc[4] += q[b0] * masses[n]
                else:
                    t = out_next[o]
                    clear = k == second_op1[h] - 1  # the last operation: the grid is done
                    got = _carry(grid, lmasks[op_mask[k]], nxt[t], r0, r1, q[b0], m1, vals, clear)
                    cleared = clear
                    if got != 0.0:
                        present[t] = True
                        cmass[t] += q[b0] * got
            else:
                _masked(grid, lmasks[op_mask[k]], vals)  # (rows not flagged are zero)
                rsum[0] = 0.0
                for i in range(m0):
                    row = vals[i * m1 : (i + 1) * m1]
                    t_ = 0.0
                    for j in range(m1):
                        t_ += row[j]
                    tots[i] = t_
                for i in range(m0):
                    rsum[i + 1] = rsum[i] + tots[i]
                first, last = _span(tots, m0)
            lastcol = -1
            if last >= 0:
                lastcol = _col_sums(vals, cs, csum, m0, m1)
            tot = rsum[m0]
            if last >= 0:
                for b in range(b0, b1):  # a branch left out would have moved q of the mass
                    if q[b] < least:
                        acc[4] += q[b] * tot
            zeroed = 0
            pn = ph = pdb = py0 = py1 = 0  # moves waiting (into grid ph by d1 pdb, rows py0:py1)
            for b in range(b0, b1):
                qb = q[b]
                if qb < least or last < 0:
                    continue
                o = dest[b]
                db = d1[b]
                da = d0[b]
                # rows from ``split`` on leave 0 up, those below put it down
                split = m0 if da < 0 else min(max(da + out_u0[o] - c0, 0), m0)
                if db < 0:  # combatant 1 killed
                    w0 += qb * (tot - rsum[split])
                    dr += qb * rsum[split]
                    continue
                # the last live column from which combatant 1 ends down
                cut = out_u1[o] - c1 + db - 1
                cl = max(min(cut + 1, m1), 0)
                if split == 0 or cl == 0:  # both down: rows below split, columns below cl
                    low = 0.0
                elif split == m0:
                    low = float(csum[cl])
                elif cl == m1:
                    low = float(rsum[split])
                else:
                    low = _rect(cs, split, cl)
                dr += qb * low
                w1 += qb * max(rsum[split] - low, 0.0)
                w0 += qb * max(csum[cl] - low, 0.0)
                s = max(split, first)
                if s > last or lastcol <= cut:
                    continue
                t = out_next[o]
                block = nxt[t]
                landed = (tot - rsum[split]) - (csum[cl] - low)
                present[t] = True
                cmass[t] += qb * max(landed, 0.0)
                if cut + 1 == db:  # from live column 0 on: every row in one shift
                    y0, y1 = (s - da) * m1, (last - da) * m1 + m1 - db
                    if pn > 0 and (zeroed < db or ph != t or pdb != db):
                        _shifts(nxt[ph], vals, py0, py1, poffs, pqs, pn)  # (before zeroing)
                        pn = 0
                    if zeroed < db:
                        _zero_cols(vals, first, last + 1, zeroed, db, m1)
                        zeroed = db
                    if pn == 0:
                        ph, pdb, py0, py1 = t, db, y0, y1
                    py0, py1 = min(y0, py0), max(y1, py1)
                    poffs[pn] = da * m1 + db
                    pqs[pn] = qb
                    pn += 1
                    if pn == 4:
                        _shifts(block, vals, py0, py1, poffs, pqs, pn)
                        pn = 0
                    continue
                for i in range(s, last + 1):  # (columns from cut + 1 > db: not zeroed)
                    a = i - da
                    for j in range(cut + 1, m1):
                        block[a * m1 + j - db] += qb * vals[i * m1 + j]
            if pn > 0:
                _shifts(nxt[ph], vals, py0, py1, poffs, pqs, pn)
            # someone already down: by the hp of the one still up (the entries outside
            # the mask read as zero, which adds +0.0: no branch per entry)
            cells = dmasks[op_mask[k]]
            if same and q[b0] == 1.0:  # nobody's hp changes: the one up stays up
                if any0:
                    for i in range(m0):
                        w0 += vec[i] if cells[i] else 0.0  # combatant 1 dead
                        w0 += vec[m0 + i] if cells[m0 + i] else 0.0  # down
                if any1:
                    for j in range(m1):
                        x = 2 * m0 + j
                        w1 += vec[x] if cells[x] else 0.0  # combatant 0 dead
                        w1 += vec[x + m1] if cells[x + m1] else 0.0  # down
                continue
            if any0:
                _up_table(q, d0, dest, out_u0, b0, b1, c0, up[:m0])
                for i in range(m0):
                    u = up[i]
                    for x in (i, m0 + i):  # combatant 1 dead, down
                        v = vec[x] if cells[x] else 0.0
                        w0 += v * u
                        dr += v * (1.0 - u)
            if any1:
                _up_table(q, d1, dest, out_u1, b0, b1, c1, up[m0 : m0 + m1])
                for j in range(m1):
                    u = up[m0 + j]
                    for x in (2 * m0 + j, 2 * m0 + m1 + j):  # combatant 0 dead, down
                        v = vec[x] if cells[x] else 0.0
                        w1 += v * u
                        dr += v * (1.0 - u)
        if not cleared:  # (a slice: a loop from a computed start would check its sign)
            _clear(grid[r0 * m1 : r1 * m1])
        live_rows[h, 0] = live_rows[h, 1] = 0
        for x in range(vec.shape[0]):
            vec[x] = 0.0
    acc[0] += w0
    acc[1] += w1
    acc[2] += dr
    acc[3] += w0 + w1 + dr


def down_masks(masks: npt.NDArray[np.bool_], c0: int, c1: int) -> npt.NDArray[np.bool_]:
    """Each mask's cells where someone is already down, laid out as a half-round class's
    ``down`` vector (see above): by 0's live row, 1 dead (column 0) then down (column
    ``c1 - 1``); by 1's live column, 0 dead (row 0) then down (row ``c0 - 1``)."""
    parts = (masks[:, c0:, 0], masks[:, c0:, c1 - 1], masks[:, 0, c1:], masks[:, c0 - 1, c1:])
    return np.ascontiguousarray(np.concatenate(parts, axis=1))


@njit
def stance_table(
    out: I64,
    f: int,
    hp0: I64,
    hp1: I64,
    tactic: int,
    rnd: int,
    hp_max: int,
    script: I64,
    script_len: int,
    then: int,
    policy: I64,
) -> None:
    """Fighter ``f``'s base stance (``tactics.base_stance``) in every cell of the
    hp grid where both are up (``hp0``/``hp1``: the hp of each index); 0 elsewhere."""
    for i in range(hp0.shape[0]):
        for j in range(hp1.shape[0]):
            own, other = (hp0[i], hp1[j]) if f == 0 else (hp1[j], hp0[i])
            if own <= 0 or other <= 0:
                out[i, j] = 0
                continue
            out[i, j] = base_stance(
                tactic, rnd, own, hp_max, other, script, script_len, then, policy
            )


@njit
def settle_halves(
    touched: npt.NDArray[np.bool_],
    hmass: F64,
    live: F64,
    live_rows: I64,
    down: F64,
    least: float,
    acc: F64,
    ids: I64,
    masses: F64,
) -> int:
    """After the first attacks: the half-round classes touched, in id order, into ``ids``
    and their masses into ``masses`` (how many: returned); one below ``least`` is dropped
    before its second attack, its mass counted in the truncation error ``acc[4]`` and its
    grids cleared. ``touched`` and ``hmass`` are left cleared."""
    n = 0
    for h in range(touched.shape[0]):
        if not touched[h]:
            continue
        touched[h] = False
        m = hmass[h]
        hmass[h] = 0.0
        if m >= least:
            ids[n] = h
            masses[n] = m
            n += 1
            continue
        acc[4] += m
        grid = live[h]
        for x in range(grid.shape[0]):
            grid[x] = 0.0
        live_rows[h, 0] = 0
        live_rows[h, 1] = 0
        vec = down[h]
        for x in range(vec.shape[0]):
            vec[x] = 0.0
    return n


@njit
def settle_classes(
    present: npt.NDArray[np.bool_],
    cmass: F64,
    nxt: F64,
    least: float,
    acc: F64,
    active: I64,
    gmass: F64,
) -> int:
    """After the second attacks: the classes the fight goes on in, in id order, into
    ``active`` (how many: returned); one below ``least`` is dropped, its mass counted in the
    truncation error ``acc[4]`` and its grid cleared. ``gmass`` takes each class's mass for
    next round; ``present`` and ``cmass`` are left cleared."""
    n = 0
    for t in range(present.shape[0]):
        m = cmass[t]
        gmass[t] = m
        cmass[t] = 0.0
        if not present[t]:
            continue
        present[t] = False
        if m >= least:
            active[n] = t
            n += 1
            continue
        acc[4] += m
        grid = nxt[t]
        for x in range(grid.shape[0]):
            grid[x] = 0.0
    return n
