"""Moving probability on an hp grid: every branch of an exchange at once (numba)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.sim.batch.jit import inline, njit
from fracas.sim.batch.percentile_tactics import base_stance

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
# by row, each row ``pad`` cells of padding then the ``m1`` live columns (``width = pad + m1``,
# ``pad = m1 - 1``): a move of every row of a block by (d0, d1) is then one shift of the
# flat array, a single long contiguous loop the compiler vectorises, instead of a short loop
# per row. What would land left of live column 0 (the one who goes down) falls into the
# padding, which nothing reads (the tallies come from each row's running sums); a padding
# cell of the source is zero, so the shift adds +0.0 to a few live cells, which leaves them
# as they were.
#
# What a branch sends down or ends is read from running sums made once per operation, not
# row by row per branch: ``pt[i, c]``, row i's mass in its columns below c (c = 0..m1, so
# ``pt[:, m1]`` is each row's total), and ``sc[r, c]``, the sum of ``pt[:r, c]`` (the rows
# below r); the rows still up after a branch are a range, so each tally is one difference
# of these sums. Both are built for all rows at once (the sums along a row run across the
# rows side by side, not one row after another: no chain of dependent additions).


@inline
def _shift_add(dst: F64, src: F64, x0: int, x1: int, off: int, qb: float) -> None:
    """``dst[x - off] += qb * src[x]`` for x in ``x0:x1`` (distinct arrays)."""
    d = dst[x0 - off : x1 - off]  # views: indices from 0, no wraparound to check
    s = src[x0:x1]
    for k in range(x1 - x0):
        d[k] += qb * s[k]


@inline
def _row(
    grid: F64,
    i: int,
    cells: npt.NDArray[np.bool_],
    ci: int,
    cj: int,
    vals: F64,
    width: int,
    pad: int,
    n1: int,
) -> tuple[int, int]:
    """Row ``i`` of the flat block ``grid`` where ``cells[ci + i, cj + j]``, into the same row
    of ``vals`` (flat, same layout): (first, last occupied column); last -1 when empty."""
    lo = n1
    hi = -1
    base = i * width + pad
    src = grid[base : base + n1]  # views: no wraparound to check, no branch in the loop
    out = vals[base : base + n1]
    mask = cells[ci + i, cj : cj + n1]
    for j in range(n1):
        v = src[j] if mask[j] else 0.0
        out[j] = v
        nz = v != 0.0
        lo = min(lo, j if nz else n1)
        hi = j if nz else hi
    return lo, hi


@inline
def _empty_row(i: int, vals: F64, width: int, pad: int, n1: int) -> None:
    """Row ``i`` holds nothing."""
    base = i * width + pad
    for j in range(n1):
        vals[base + j] = 0.0


@inline
def _sums(vals: F64, pt: F64, sc: F64, width: int, pad: int, m0: int, n1: int) -> None:
    """``pt`` and ``sc`` (see above) from the rows of ``vals``."""
    for i in range(m0):
        pt[i, 0] = 0.0
    for j in range(n1):
        for i in range(m0):
            pt[i, j + 1] = pt[i, j] + vals[i * width + pad + j]
    for c in range(n1 + 1):
        sc[0, c] = 0.0
    for r in range(m0):
        below = sc[r]
        row = pt[r]
        out = sc[r + 1]
        for c in range(n1 + 1):
            out[c] = below[c] + row[c]


@inline
def _spans(bounds: I64, reach: I64, m0: int) -> tuple[int, int]:
    """``reach[r]``: the last occupied column of any row from r on (-1: none); (first,
    last occupied row), first ``m0`` when empty."""
    reach[m0] = -1
    first, last = m0, -1
    for i in range(m0 - 1, -1, -1):
        hi = bounds[i, 1]
        reach[i] = max(reach[i + 1], hi)
        if hi >= 0:
            first = i
            if last < 0:
                last = i
    return first, last


@njit
def first_attacks(
    grids: F64,
    classes: I64,
    plans: I64,
    first_op0: I64,
    first_op1: I64,
    masks: npt.NDArray[np.bool_],
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
    live_rows: npt.NDArray[np.bool_],
    down: F64,
    touched: npt.NDArray[np.bool_],
    masses: F64,
    skip: float,
    acc: F64,
    hmass: F64,
    vals: F64,
    pt: F64,
    sc: F64,
    bounds: I64,
    reach: I64,
    pad: int,
) -> None:
    """Each class's first attack of the round (class ``classes[n]``, ``grids`` holding the
    live block of each, flat, by first plan ``plans[n]``, ``percentile_plan.Planner``): every
    operation moves the cells of its mask along its branches into the half-round grids
    ``dest`` (compact, see above), flagging the live rows it reaches and the half-round
    classes it touches (``vals``, ``pt``, ``sc``, ``bounds``, ``reach``: scratch,
    see above). A branch that would move less than ``skip`` (its probability times the
    class's mass ``masses[n]``) is left out, that much counted in the truncation error
    ``acc[4]``. ``hmass``: each half-round class's mass, added to."""
    m0 = live_rows.shape[1]
    width = grids.shape[1] // m0
    m1 = width - pad
    for n in range(classes.shape[0]):
        grid = grids[classes[n]]
        p = plans[n]
        least = skip / masses[n]  # the least probability of a branch taken
        for k in range(first_op0[p], first_op1[p]):
            for b in range(op_b0[k], op_b1[k]):
                if q[b] < least:
                    acc[4] += q[b] * masses[n]
            cells = masks[op_mask[k]]
            for i in range(m0):  # each row's masked values and span
                lo, hi = _row(grid, i, cells, c0, c1, vals, width, pad, m1)
                bounds[i, 0] = lo
                bounds[i, 1] = hi
            first, last = _spans(bounds, reach, m0)
            if last < 0:
                continue
            _sums(vals, pt, sc, width, pad, m0, m1)
            moved = 0.0
            for i in range(m0):
                moved += pt[i, m1]
            for b in range(op_b0[k], op_b1[k]):
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
                    for i in range(max(split, first), last + 1):
                        vec[i - da] += qb * pt[i, m1]
                    vec[2 * m0 + 2 * m1] += qb * sc[split, m1]
                    continue
                cg = min(db, m1)  # columns below cg: 1 goes down; below cd: dead
                cd = max(min(db - c1 + 1, m1), 0)
                if split < m0:
                    for i in range(max(split, first), last + 1):
                        dead = pt[i, cd]
                        vec[i - da] += qb * dead
                        vec[m0 + i - da] += qb * (pt[i, cg] - dead)
                    s = max(split, first)
                    if reach[s] >= db:  # every row that lands, in one shift
                        flags = live_rows[h]
                        for a in range(s - da, last - da + 1):
                            flags[a] = True
                        _shift_add(
                            live[h], vals, s * width + pad + db, last * width + pad + m1,
                            da * width + db, qb,
                        )  # fmt: skip
                if split > first:  # 0 goes down: by 1's live column
                    vec[2 * m0 + 2 * m1] += qb * sc[split, cg]
                    for i in range(first, min(split, last + 1)):
                        hi = bounds[i, 1]
                        if hi < db:
                            continue
                        a = -c0 if da < 0 else i - da
                        off = 2 * m0 if a <= -c0 else 2 * m0 + m1  # 0 dead, down
                        base = i * width + pad
                        for j in range(max(bounds[i, 0], db), hi + 1):
                            vec[off + j - db] += qb * vals[base + j]


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
    live_rows: npt.NDArray[np.bool_],
    down: F64,
    halves: I64,
    second_op0: I64,
    second_op1: I64,
    masks: npt.NDArray[np.bool_],
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
    sc: F64,
    bounds: I64,
    reach: I64,
    pad: int,
) -> None:
    """Each half-round class's second attack (``halves``; its second plan has its id), the
    end of the round. Where both are up the attack moves hp: what lands where both are
    still up (from ``out_u0[dest]``/``out_u1[dest]`` on) goes on into ``nxt[out_next]``
    (live blocks, flat, flagging ``present``), the rest is tallied by running sums (see
    above). Where someone is already down the round ends whatever happens, and the attack
    only decides whether the one still up goes down too (the masks read at a cell of that
    kind). Wins, draws and the ended mass go into ``acc`` = [win 0, win 1, draw, ended,
    error]. A branch that would move less than ``skip`` where both are up (its probability
    times the half-round class's mass ``masses[n]``) is left out there, that much counted in
    the error. The half-round grids of ``halves`` are left all zero, no row flagged (``up``:
    scratch, a live row and a live column). ``cmass``: each next class's mass, added to."""
    m0 = live_rows.shape[1]
    width = live.shape[1] // m0
    m1 = width - pad
    w0 = w1 = dr = 0.0
    for n in range(halves.shape[0]):
        h = halves[n]
        grid = live[h]
        flags = live_rows[h]
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
        least = skip / masses[n]
        for k in range(second_op0[h], second_op1[h]):
            cells = masks[op_mask[k]]
            b0, b1 = op_b0[k], op_b1[k]
            for b in range(b0, b1):
                if q[b] < least:
                    acc[4] += q[b] * masses[n]
            for i in range(m0):  # each row's masked values, span and running sums
                if flags[i]:
                    lo, hi = _row(grid, i, cells, c0, c1, vals, width, pad, m1)
                else:  # an empty row (the sums and the shift below read it)
                    _empty_row(i, vals, width, pad, m1)
                    lo, hi = m1, -1
                bounds[i, 0] = lo
                bounds[i, 1] = hi
            first, last = _spans(bounds, reach, m0)
            if last >= 0:
                _sums(vals, pt, sc, width, pad, m0, m1)
            tot = sc[m0, m1]
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
                    w0 += qb * (tot - sc[split, m1])
                    dr += qb * sc[split, m1]
                    continue
                # the last live column from which combatant 1 ends down
                cut = out_u1[o] - c1 + db - 1
                cl = max(min(cut + 1, m1), 0)
                low = sc[split, cl]
                dr += qb * low
                w1 += qb * (sc[split, m1] - low)
                w0 += qb * (sc[m0, cl] - low)
                s = max(split, first)
                if s > last or reach[s] <= cut:
                    continue
                t = out_next[o]
                block = nxt[t]
                landed = (tot - sc[split, m1]) - (sc[m0, cl] - low)
                present[t] = True
                cmass[t] += qb * max(landed, 0.0)
                if cut + 1 == db:  # from live column 0 on: every row in one shift
                    _shift_add(
                        block, vals, s * width + pad + db, last * width + pad + m1,
                        da * width + db, qb,
                    )  # fmt: skip
                    continue
                for i in range(s, last + 1):
                    a = i - da
                    base = i * width + pad
                    for j in range(max(bounds[i, 0], cut + 1), bounds[i, 1] + 1):
                        block[a * width + pad + j - db] += qb * vals[base + j]
            # someone already down: by the hp of the one still up
            if any0:
                _up_table(q, d0, dest, out_u0, b0, b1, c0, up[:m0])
                for i in range(m0):
                    for kind in range(2):  # combatant 1 dead, down
                        v = vec[kind * m0 + i]
                        if v == 0.0 or not cells[c0 + i, 0 if kind == 0 else c1 - 1]:
                            continue
                        w0 += v * up[i]
                        dr += v * (1.0 - up[i])
            if any1:
                _up_table(q, d1, dest, out_u1, b0, b1, c1, up[m0 : m0 + m1])
                for j in range(m1):
                    for kind in range(2):  # combatant 0 dead, down
                        v = vec[2 * m0 + kind * m1 + j]
                        if v == 0.0 or not cells[0 if kind == 0 else c0 - 1, c1 + j]:
                            continue
                        w1 += v * up[m0 + j]
                        dr += v * (1.0 - up[m0 + j])
        for i in range(m0):
            if flags[i]:
                flags[i] = False
                for x in range(i * width, (i + 1) * width):
                    grid[x] = 0.0
        for x in range(vec.shape[0]):
            vec[x] = 0.0
    acc[0] += w0
    acc[1] += w1
    acc[2] += dr
    acc[3] += w0 + w1 + dr


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
    """Fighter ``f``'s base stance (``percentile_tactics.base_stance``) in every cell of the
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
