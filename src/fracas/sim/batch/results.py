"""What a batch run returns: per-fight arrays (winner, rounds, how each ended, event counts)."""

from __future__ import annotations

import mmap
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

#: arrays this large (glibc's largest threshold for mapping an allocation on fresh pages of
#: its own) come fresh from the kernel whoever allocates them; ``zeros`` maps them itself
FRESH = 32 << 20


def zeros(shape: tuple[int, ...], dtype: type[np.generic]) -> npt.NDArray[Any]:
    """``np.zeros``; an array of ``FRESH`` bytes or more (a batch run of some 350,000 fights
    or more: about 100 bytes a fight) on anonymous private pages mapped here, without the
    huge-page advice NumPy gives large arrays (``madvise(MADV_HUGEPAGE)``). Such an array is
    on fresh pages either way, which the kernel zeroes as the run first writes them; on the
    2-core host the figures were measured on, with huge pages that took 26-46% of a
    million-fight run's CPU time, without them 5-10 times less (docs/batch-and-odds.md,
    "What limits it"). Smaller arrays (``fracas sim``'s tasks) are NumPy's, reused from the
    allocator's heap. The pages go back to the system with the array."""
    size = int(np.prod(shape)) * np.dtype(dtype).itemsize
    private = getattr(mmap, "MAP_PRIVATE", None)  # (POSIX; shared memory is slower to fault)
    if size < FRESH or private is None:
        return np.zeros(shape, dtype)
    return np.frombuffer(mmap.mmap(-1, size, flags=private), dtype).reshape(shape)


@dataclass(frozen=True)
class BatchResult:
    """``n`` fights of one scenario. ``winner[i]`` is 0 or 1 (the combatant whose side won)
    or -1 for a draw; ``end[i, f]`` indexes ``end_names``; ``counts[i, f, k]`` is how often
    event ``counter_names[k]`` happened to combatant ``f`` in fight ``i``."""

    engine: str
    names: tuple[str, str]
    sides: tuple[str, str]
    winner: npt.NDArray[np.int8]
    rounds: npt.NDArray[np.int32]
    end: npt.NDArray[np.int8]
    end_names: tuple[str, ...]
    counts: npt.NDArray[np.int32]
    counter_names: tuple[str, ...]
    draws: int  # random numbers drawn

    @property
    def n(self) -> int:
        return int(self.winner.shape[0])

    def rates(self) -> dict[str, float]:
        """Win and draw rates, mean length, and per-fight means of each counter."""
        out: dict[str, float] = {
            f"win:{self.sides[0]}": float(np.mean(self.winner == 0)),
            f"win:{self.sides[1]}": float(np.mean(self.winner == 1)),
            "draw": float(np.mean(self.winner == -1)),
            "mean_rounds": float(np.mean(self.rounds)),
        }
        for f, name in enumerate(self.names):
            for k, counter in enumerate(self.counter_names):
                out[f"{name}:{counter}"] = float(np.mean(self.counts[:, f, k]))
            for e, how in enumerate(self.end_names):
                out[f"{name}:{how}"] = float(np.mean(self.end[:, f] == e))
        return out

    def summary(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {"engine": self.engine, "n": self.n, "draws": self.draws, **self.rates()}
