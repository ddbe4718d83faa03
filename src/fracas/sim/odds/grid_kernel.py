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
) -> None:
    """``apply_branches`` for branches ``b0:b1`` on the cells of ``grid`` where ``cells``,
    row by row over each flagged row's occupied span (contiguous columns inside), flagging
    in ``out_rows`` each row of ``out`` they reach (``row``, ``prefix``: scratch)."""
    n0, n1 = grid.shape
    for i in range(n0):
        if not rows[i]:
            continue
        lo = n1
        hi = -1
        for j in range(n1):
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
def run_round_plan(
    grids: F64,
    src: int,
    all_rows: npt.NDArray[np.bool_],
    masks: npt.NDArray[np.bool_],
    op_src: I64,
    op_mask: I64,
    op_b0: I64,
    op_b1: I64,
    op_level: I64,
    q: F64,
    d0: I64,
    d1: I64,
    dest: I64,
    n_level1: int,
    n_level2: int,
    level1: F64,
    rows1: npt.NDArray[np.bool_],
    level2: F64,
    rows2: npt.NDArray[np.bool_],
    row: F64,
    out_next: I64,
    out_u0: I64,
    out_u1: I64,
    c0: int,
    c1: int,
    prune: float,
    nxt: F64,
    present: npt.NDArray[np.bool_],
    acc: F64,
) -> None:
    """One round of one state class by its plan (``percentile_plan``): the first attack's
    operations (``op_level`` 1) move ``grids[src]`` into ``level1``, the second's (level 2)
    move ``level1[op_src]`` into ``level2``; each level-2 grid is then settled as the chain
    settles a round (``tally``: wins, draws, the ended mass and, below ``prune``, the
    truncation error into ``acc`` = [win 0, win 1, draw, ended, error]); the rest goes on
    into ``nxt[out_next]`` (alive cells only), flagging ``present``. ``level1``/``level2``
    are scratch, all zero with no row flagged on entry, and left so."""
    for k in range(op_src.shape[0]):
        if op_level[k] == 1:
            _move(
                grids[src], all_rows, masks[op_mask[k]], q, d0, d1, dest, op_b0[k], op_b1[k],
                level1, rows1, row, row[grids.shape[2] :],
            )  # fmt: skip
    for k in range(op_src.shape[0]):
        if op_level[k] == 2:
            s = op_src[k]
            _move(
                level1[s], rows1[s], masks[op_mask[k]], q, d0, d1, dest, op_b0[k], op_b1[k],
                level2, rows2, row, row[grids.shape[2] :],
            )  # fmt: skip
    n0, n1 = level2.shape[1], level2.shape[2]
    for s in range(n_level1):
        for i in range(n0):
            if rows1[s, i]:
                rows1[s, i] = False
                for j in range(n1):
                    level1[s, i, j] = 0.0
    for o in range(n_level2):
        both = a_only = b_only = none = 0.0
        u0, u1 = out_u0[o], out_u1[o]
        for i in range(n0):
            if not rows2[o, i]:
                continue
            for j in range(n1):
                v = level2[o, i, j]
                if i >= u0:
                    if j >= u1:
                        both += v
                    else:
                        a_only += v
                elif j >= u1:
                    b_only += v
                else:
                    none += v
        acc[0] += a_only
        acc[1] += b_only
        acc[2] += none
        acc[3] += a_only + b_only + none
        keep = both >= prune
        if not keep:
            acc[4] += both
        t = out_next[o]
        if keep:
            present[t] = True
        for i in range(n0):
            if not rows2[o, i]:
                continue
            rows2[o, i] = False
            for j in range(n1):
                if keep and i >= c0 and j >= c1:
                    nxt[t, i, j] += level2[o, i, j]
                level2[o, i, j] = 0.0
