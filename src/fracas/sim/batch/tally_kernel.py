"""A batch of fights' per-fight counters reduced in one compiled pass (for ``tally_of``).

Game-neutral: it reads the counters array ``counts[fight, combatant, counter]`` any kernel
fills. NumPy took a dozen whole-array passes for the same sums (each counter's total, the
sums of squares of damage, the fights in which each group of counters was nonzero), which on
a shared machine cost up to half as much as the kernel's fights themselves.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.sim.batch.jit import njit


@njit
def summarise(
    counts: npt.NDArray[np.int32],
    dealt: int,
    taken: int,
    groups: npt.NDArray[np.int64],
    totals: npt.NDArray[np.int64],
    squares: npt.NDArray[np.int64],
    fights: npt.NDArray[np.int64],
) -> None:
    """Add to ``totals[combatant, counter]`` every fight's counts, to ``squares[combatant]``
    the squares of columns ``dealt`` and ``taken`` (``[.., 0]``, ``[.., 1]``), and to
    ``fights[g]`` the fights in which any counter of group ``g`` (a bit mask of counters) was
    nonzero for anyone."""
    n, people, kinds = counts.shape
    for i in range(n):
        seen = 0
        for f in range(people):
            for c in range(kinds):
                x = counts[i, f, c]
                if x != 0:
                    totals[f, c] += x
                    seen |= 1 << c
            d = np.int64(counts[i, f, dealt])
            t = np.int64(counts[i, f, taken])
            squares[f, 0] += d * d
            squares[f, 1] += t * t
        if seen != 0:
            for g in range(groups.shape[0]):
                if seen & groups[g] != 0:
                    fights[g] += 1
