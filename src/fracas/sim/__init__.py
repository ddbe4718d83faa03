"""The analysis layer: many fights of a scenario, reduced to rates with intervals.

``simulate`` runs one scenario, ``compare`` several variants on the same fights, ``sweep`` a
grid of varied fields. No rules of any game live here: how a fight ended, what was notable
and who dealt what damage come from the ruleset's analysis hooks (``Ruleset.outcome``,
``notable``, ``damage``). Fights run through a :class:`~fracas.sim.backend.Backend` (the
event engine is the reference) in chunks, locally or on a Dask cluster.
"""

from fracas.sim.api import CompareResult, Difference, compare, simulate
from fracas.sim.backend import BACKENDS, FAST_BACKENDS, Backend, FightFailed
from fracas.sim.figures import SimResult
from fracas.sim.sweep import sweep
from fracas.sim.tally import Tally
from fracas.sim.variant import CHUNK, Variant, chunk_seeds

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
    "simulate",
    "sweep",
]
