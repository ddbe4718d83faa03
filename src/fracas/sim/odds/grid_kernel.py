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
def apply_masked(
    grid: F64,
    cells: npt.NDArray[np.bool_],
    q: F64,
    d0: I64,
    d1: I64,
    dest: I64,
    out: F64,
    row: F64,
    touched: npt.NDArray[np.bool_],
) -> None:
    """``apply_branches`` on the cells of ``grid`` where ``cells`` (the others are left out),
    row by row over each row's occupied span, so the inner loop runs over contiguous
    columns; ``row`` is scratch (a row's length); ``touched[d]`` is set for each destination
    that received probability."""
    n0, n1 = grid.shape
    for i in range(n0):
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
        for b in range(q.shape[0]):
            qb = q[b]
            a = 0 if d0[b] < 0 else max(0, i - d0[b])
            k = dest[b]
            touched[k] = True
            if d1[b] < 0:
                out[k, a, 0] += qb * total
                continue
            db = d1[b]
            clipped = 0.0
            for j in range(lo, min(db, hi) + 1):
                clipped += row[j]
            if clipped != 0.0:
                out[k, a, 0] += qb * clipped
            for j in range(max(lo, db + 1), hi + 1):
                out[k, a, j - db] += qb * row[j]


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
