"""Moving probability on an hp grid: every branch of an exchange at once (numba)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.sim.batch.jit import njit

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


@njit
def _move(
    grid: F64,
    rows: npt.NDArray[np.bool_],
    cells: npt.NDArray[np.bool_],
    q: F64,
    d0: I64,
    d1: I64,
    dest: I64,
    b0: int,
    b1: int,
    out: F64,
    out_rows: npt.NDArray[np.bool_],
    row: F64,
    prefix: F64,
    i_lo: int,
    j_lo: int,
) -> None:
    """``apply_branches`` for branches ``b0:b1`` on the cells of ``grid`` where ``cells``
    from row ``i_lo`` and column ``j_lo`` on, row by row over each flagged row's occupied
    span (contiguous columns inside), flagging in ``out_rows`` each row of ``out`` they
    reach (``row``, ``prefix``: scratch)."""
    n0, n1 = grid.shape
    for i in range(i_lo, n0):
        if not rows[i]:
            continue
        lo = n1
        hi = -1
        for j in range(j_lo, n1):
            v = grid[i, j] if cells[i, j] else 0.0
            row[j] = v
            if v != 0.0:
                if lo == n1:
                    lo = j
                hi = j
        if hi < 0:
            continue
        total = 0.0
        for j in range(lo, hi + 1):
            total += row[j]
            prefix[j] = total  # the row's mass up to column j
        for b in range(b0, b1):
            qb = q[b]
            a = 0 if d0[b] < 0 else max(0, i - d0[b])
            k = dest[b]
            out_rows[k, a] = True
            if d1[b] < 0:
                out[k, a, 0] += qb * total
                continue
            db = d1[b]
            target = out[k, a]
            if db >= lo:
                target[0] += qb * (total if db >= hi else prefix[db])
            for j in range(max(lo, db + 1), hi + 1):
                target[j - db] += qb * row[j]


@njit
def _settle_down(
    grid: F64,
    rows: npt.NDArray[np.bool_],
    cells: npt.NDArray[np.bool_],
    q: F64,
    d0: I64,
    d1: I64,
    dest: I64,
    b0: int,
    b1: int,
    out_u0: I64,
    out_u1: I64,
    c0: int,
    c1: int,
    acc: F64,
    up: F64,
) -> None:
    """Branches ``b0:b1`` on the cells of ``grid`` where ``cells`` and someone is already
    down (a row below ``c0`` or a column below ``c1``): the round ends there, so only the
    tally is needed. The one still up stays up with probability ``up[hp index]`` (the
    branches that leave it at or above its destination's first index counted as up,
    ``out_u0``/``out_u1``); the rest is a draw. ``up``: scratch (a row and a column)."""
    n0, n1 = grid.shape
    total = 0.0
    for b in range(b0, b1):
        total += q[b]
    need0 = False
    need1 = False
    both = a_only = b_only = 0.0
    for i in range(n0):
        if not rows[i]:
            continue
        if i < c0:
            for j in range(n1):
                if cells[i, j] and grid[i, j] != 0.0:
                    if j < c1:
                        both += grid[i, j]
                    else:
                        need1 = True
        else:
            for j in range(c1):
                if cells[i, j] and grid[i, j] != 0.0:
                    need0 = True
    acc[2] += both * total
    acc[3] += both * total
    if need0:  # combatant 1 is down: does 0 stay up, by its hp
        for i in range(c0, n0):
            if not rows[i]:
                continue
            p = 0.0
            for b in range(b0, b1):
                if d0[b] >= 0 and i - d0[b] >= out_u0[dest[b]]:
                    p += q[b]
            v = 0.0
            for j in range(c1):
                if cells[i, j]:
                    v += grid[i, j]
            a_only += v * p
            acc[2] += v * (total - p)
            acc[3] += v * total
    if need1:  # combatant 0 is down: does 1 stay up, by its hp
        for j in range(c1, n1):
            p = 0.0
            for b in range(b0, b1):
                if d1[b] >= 0 and j - d1[b] >= out_u1[dest[b]]:
                    p += q[b]
            up[j] = p
        for i in range(c0):
            if not rows[i]:
                continue
            for j in range(c1, n1):
                if cells[i, j]:
                    v = grid[i, j]
                    b_only += v * up[j]
                    acc[2] += v * (total - up[j])
                    acc[3] += v * total
    acc[0] += a_only
    acc[1] += b_only


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
    rows: npt.NDArray[np.bool_],
    half: F64,
    half_rows: npt.NDArray[np.bool_],
    row: F64,
) -> None:
    """Each class's first attack of the round (class ``classes[n]`` by first plan
    ``plans[n]``, ``percentile_plan.Planner``): every operation moves the cells of its mask
    of the class's grid (rows flagged in ``rows``) into the half-round grids ``half[dest]``,
    flagging the rows it reaches (``row``: scratch)."""
    n1 = grids.shape[2]
    for n in range(classes.shape[0]):
        grid = grids[classes[n]]
        p = plans[n]
        for k in range(first_op0[p], first_op1[p]):
            _move(
                grid, rows, masks[op_mask[k]], q, d0, d1, dest, op_b0[k], op_b1[k],
                half, half_rows, row, row[n1:], 0, 0,
            )  # fmt: skip


@njit
def _move_settle(
    grid: F64,
    rows: npt.NDArray[np.bool_],
    cells: npt.NDArray[np.bool_],
    q: F64,
    d0: I64,
    d1: I64,
    dest: I64,
    b0: int,
    b1: int,
    out_next: I64,
    out_u0: I64,
    out_u1: I64,
    c0: int,
    c1: int,
    nxt: F64,
    present: npt.NDArray[np.bool_],
    acc: F64,
    row: F64,
    prefix: F64,
) -> None:
    """The last move of a round for branches ``b0:b1`` on the cells of ``grid`` where
    ``cells`` and both are up (rows from ``c0``, columns from ``c1``), settled as it goes:
    what lands where both are still up (from ``out_u0[dest]``/``out_u1[dest]`` on) goes on
    into ``nxt[out_next[dest]]`` (flagging ``present``); the rest is tallied into ``acc``
    (win 0, win 1, draw, ended) by running sums along the row, never written out."""
    n0, n1 = grid.shape
    w0 = w1 = dr = 0.0
    for i in range(c0, n0):
        if not rows[i]:
            continue
        lo = n1
        hi = -1
        for j in range(c1, n1):
            v = grid[i, j] if cells[i, j] else 0.0
            row[j] = v
            if v != 0.0:
                if lo == n1:
                    lo = j
                hi = j
        if hi < 0:
            continue
        total = 0.0
        for j in range(lo, hi + 1):
            total += row[j]
            prefix[j] = total  # the row's mass up to column j
        for b in range(b0, b1):
            qb = q[b]
            o = dest[b]
            up0 = d0[b] >= 0 and i - d0[b] >= out_u0[o]
            if d1[b] < 0:  # combatant 1 killed
                if up0:
                    w0 += qb * total
                else:
                    dr += qb * total
                continue
            db = d1[b]
            cut = out_u1[o] + db - 1  # the last column from which combatant 1 ends down
            if cut >= hi:
                low = total
            elif cut < lo:
                low = 0.0
            else:
                low = prefix[cut]
            if not up0:
                dr += qb * low
                w1 += qb * (total - low)
                continue
            w0 += qb * low
            if cut < hi:
                t = out_next[o]
                present[t] = True
                target = nxt[t, i - d0[b]]
                for j in range(max(lo, cut + 1), hi + 1):
                    target[j - db] += qb * row[j]
    acc[0] += w0
    acc[1] += w1
    acc[2] += dr
    acc[3] += w0 + w1 + dr


@njit
def second_attacks(
    half: F64,
    halves: I64,
    half_rows: npt.NDArray[np.bool_],
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
    row: F64,
) -> None:
    """Each half-round class's second attack (``halves``; its second plan has its id), the
    end of the round: the fights still on go into ``nxt[out_next]`` (alive cells only),
    flagging ``present``; wins, draws and the ended mass into ``acc`` = [win 0, win 1,
    draw, ended, error]. The grids of ``halves`` are left all zero, no row flagged."""
    n0, n1 = half.shape[1], half.shape[2]
    for n in range(halves.shape[0]):
        h = halves[n]
        grid = half[h]
        flags = half_rows[h]
        down = False  # any mass where someone is already down
        for i in range(n0):
            if flags[i]:
                if i < c0:
                    down = True
                    break
                for j in range(c1):
                    if grid[i, j] != 0.0:
                        down = True
                        break
                if down:
                    break
        for k in range(second_op0[h], second_op1[h]):
            # where both are up, the attack moves hp; elsewhere the round ends whatever
            # happens, and the attack only decides whether the one still up goes down too
            _move_settle(
                grid, flags, masks[op_mask[k]], q, d0, d1, dest, op_b0[k], op_b1[k],
                out_next, out_u0, out_u1, c0, c1, nxt, present, acc, row, row[n1:],
            )  # fmt: skip
            if down:
                _settle_down(
                    grid, flags, masks[op_mask[k]], q, d0, d1, dest, op_b0[k], op_b1[k],
                    out_u0, out_u1, c0, c1, acc, row,
                )  # fmt: skip
        for i in range(n0):
            if flags[i]:
                flags[i] = False
                for j in range(n1):
                    grid[i, j] = 0.0
