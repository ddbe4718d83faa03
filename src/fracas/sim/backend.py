"""The backend protocol: what runs a chunk of fights and reduces them to a ``Tally``.

The event engine (``fracas.sim.event_backend``) is the reference backend: every fight is a
``Session`` run under the scenario's tactics. A faster backend (NumPy batch kernels) plugs in
behind the same commands by implementing :class:`Backend` and adding itself to
:data:`BACKENDS`; ``--engine auto`` takes the first listed fast backend that accepts every
variant of a run, else the event engine. A backend must give, for the same seeds, the same
kind of figures the event engine gives (``fight i`` of a chunk runs from ``seeds[i]``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import ClassVar, Protocol

from fracas.engine.errors import FracasError
from fracas.sim.tally import Tally
from fracas.sim.variant import Variant


class Backend(Protocol):
    """Runs fights. Implementations must be importable by name in a worker process (they are
    looked up in :data:`BACKENDS` there, never pickled)."""

    name: ClassVar[str]
    #: fights per task: enough that a task's fixed costs (a call, a tally, a result shipped
    #: back) are small against its fights, few enough to spread a run over the workers
    task_size: ClassVar[int]

    def unsupported(self, variant: Variant) -> str | None:
        """Why this backend cannot run ``variant`` (``None``: it can)."""
        ...

    def run_chunk(self, variant: Variant, seeds: Sequence[int]) -> Tally:
        """Run one fight per seed, in order, and return their tally, ``winners`` included
        (one byte per fight, in seed order). A fight that fails raises :class:`FightFailed`
        with its seed."""
        ...


# A backend may also have ``warm_up(variants)``: called once in the parent process before
# any worker starts (the batch kernels compile there, once, instead of in every worker);
# and ``fight_seeds(seed, start, count)``: its own per-fight seeds (each a function of the
# run's seed and the fight's index only), instead of ``variant.fight_seeds``.


#: engine name -> "module:Class", imported on first use (also inside workers)
BACKENDS: dict[str, str] = {
    "event": "fracas.sim.event_backend:EventBackend",
    "batch": "fracas.sim.batch.backend:BatchBackend",
}

#: the engines ``--engine auto`` tries before the event engine, in order
FAST_BACKENDS: list[str] = ["batch"]

_INSTANCES: dict[str, Backend] = {}


class FightFailed(FracasError):
    """A rule raised inside one fight of a run: the scenario, the seed and the error."""

    def __init__(self, source: str, seed: int, error: str, overrides: tuple[str, ...] = ()):
        self.source, self.seed, self.error, self.overrides = source, seed, error, overrides
        again = " ".join(f"-o {o}" for o in overrides)
        again = f" {again}" if again else ""
        super().__init__(
            f"{source}: the fight with seed {seed} failed: {error}\n"
            f"  reproduce it with: fracas fight {source} --seed {seed}{again}"
        )

    def __reduce__(self) -> tuple[type[FightFailed], tuple[str, int, str, tuple[str, ...]]]:
        return (FightFailed, (self.source, self.seed, self.error, self.overrides))


def get_backend(name: str) -> Backend:
    """The backend called ``name`` (one of :data:`BACKENDS`)."""
    hit = _INSTANCES.get(name)
    if hit is not None:
        return hit
    try:
        where = BACKENDS[name]
    except KeyError:
        known = ", ".join(sorted(BACKENDS))
        raise FracasError(f"--engine {name}: no such engine (known: {known}, auto)") from None
    module, _, cls = where.partition(":")
    backend: Backend = getattr(importlib.import_module(module), cls)()
    _INSTANCES[name] = backend
    return backend


def choose_backend(engine: str, variants: Sequence[Variant]) -> Backend:
    """The backend ``--engine`` names; ``auto``: the first fast one that accepts every
    variant, else the event engine. A named engine that cannot run a variant is refused."""
    if engine == "auto":
        for name in FAST_BACKENDS:
            backend = get_backend(name)
            if all(backend.unsupported(v) is None for v in variants):
                return backend
        return get_backend("event")
    backend = get_backend(engine)
    for v in variants:
        why = backend.unsupported(v)
        if why is not None:
            raise FracasError(f"--engine {engine}: cannot run {v.label}: {why}")
    return backend
