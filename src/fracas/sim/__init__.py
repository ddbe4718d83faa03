"""The analysis layer: many fights of a scenario, reduced to rates with intervals.

``simulate`` runs one scenario, ``compare`` several variants on the same fights, ``sweep`` a
grid of varied fields. No rules of any game live here: how a fight ended, what was notable
and who dealt what damage come from the ruleset's analysis hooks (``Ruleset.outcome``,
``notable``, ``damage``, ``analyse``). Fights run through a
:class:`~fracas.sim.backend.Backend` (the event engine is the reference) in chunks, locally
or on a Dask cluster.

The names below are imported on first use (NumPy and pandas are not loaded for a command
that does not analyse).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fracas.lazy_names import lazy_getattr

if TYPE_CHECKING:
    from fracas.sim.api import CompareResult, Difference, compare, exact, simulate
    from fracas.sim.backend import BACKENDS, FAST_BACKENDS, Backend, FightFailed
    from fracas.sim.figures import SimResult
    from fracas.sim.sweeps import sweep
    from fracas.sim.tally import Tally
    from fracas.sim.variant import CHUNK, Variant, chunk_seeds

_WHERE = {
    "CompareResult": "api",
    "Difference": "api",
    "compare": "api",
    "exact": "api",
    "simulate": "api",
    "BACKENDS": "backend",
    "FAST_BACKENDS": "backend",
    "Backend": "backend",
    "FightFailed": "backend",
    "SimResult": "figures",
    "sweep": "sweeps",
    "Tally": "tally",
    "CHUNK": "variant",
    "Variant": "variant",
    "chunk_seeds": "variant",
}

__all__ = [
    "BACKENDS",
    "CHUNK",
    "FAST_BACKENDS",
    "Backend",
    "CompareResult",
    "Difference",
    "FightFailed",
    "SimResult",
    "Tally",
    "Variant",
    "chunk_seeds",
    "compare",
    "exact",
    "simulate",
    "sweep",
]


if not TYPE_CHECKING:  # hidden from type checkers: a misspelt name is an error there, not Any
    __getattr__ = lazy_getattr(
        "fracas.sim", {name: f"fracas.sim.{m}" for name, m in _WHERE.items()}, globals()
    )
