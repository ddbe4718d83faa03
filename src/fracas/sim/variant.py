"""A ``Variant``: one scenario as the analysis layer ships it to a worker (plain data, so it
pickles for local processes and Dask), and the seeds of each chunk of fights."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from fracas.engine import Ruleset
from fracas.scenario.loader import LoadedScenario, parse_scenario

#: fights per chunk: the unit of work and of random streams. Fixed, so the fights a seed
#: gives do not depend on --jobs, the scheduler or -n (a longer run starts with the shorter).
CHUNK = 500


@dataclass(frozen=True)
class Variant:
    """A validated scenario as data: ``data`` is the scenario model's JSON dump (what a
    fight's log holds in its first event), ``source`` where it came from (a file), ``label``
    its name in a report, ``overrides`` the ``-o NAME=VALUE`` it was loaded with (to print a
    command that reproduces a fight)."""

    ruleset: str
    data: dict[str, Any]
    source: str
    label: str
    overrides: tuple[str, ...] = ()
    digest: str = field(default="", compare=False)

    @classmethod
    def of(
        cls, loaded: LoadedScenario, label: str | None = None, overrides: tuple[str, ...] = ()
    ) -> Variant:
        data: dict[str, Any] = loaded.scenario.model_dump(mode="json")
        return cls(
            ruleset=loaded.ruleset.name,
            data=data,
            source=loaded.source,
            label=label or loaded.source,
            overrides=overrides,
            digest=scenario_hash(data),
        )

    def load(self) -> tuple[Ruleset[Any, Any, Any], Any]:
        """The ruleset and validated scenario model (cached per process)."""
        key = self.digest or scenario_hash(self.data)
        hit = _LOADED.get(key)
        if hit is None:
            loaded = parse_scenario(self.data, self.source)
            if len(_LOADED) >= 8:  # a worker runs one grid point's chunks after another
                _LOADED.clear()
            hit = _LOADED[key] = (loaded.ruleset, loaded.scenario)
        return hit

    def options(self) -> dict[str, Any]:
        options = self.data.get("options")
        return dict(options) if isinstance(options, dict) else {}


_LOADED: dict[str, tuple[Ruleset[Any, Any, Any], Any]] = {}


def scenario_hash(data: dict[str, Any]) -> str:
    """SHA-256 of the validated scenario as canonical JSON (sorted keys, no spaces): two
    files that validate to the same scenario have the same hash."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def chunk_seeds(seed: int, chunk: int, count: int = CHUNK) -> list[int]:
    """The per-fight seeds of chunk ``chunk`` (``count`` <= CHUNK of them): NumPy's
    ``SeedSequence(seed).spawn(...)[chunk]`` (built directly as the child with spawn key
    ``(chunk,)``), 64-bit words from its ``generate_state``. Each is a ``SeededRoller`` seed,
    so fight ``i`` of chunk ``c`` is ``fracas fight SCENARIO --seed <that number>``."""
    import numpy as np  # here: a command that does not analyse does not load NumPy

    child = np.random.SeedSequence(entropy=seed, spawn_key=(chunk,))
    words = child.generate_state(CHUNK, dtype=np.uint64)
    seeds: list[int] = words[:count].tolist()
    return seeds


def fight_seeds(seed: int, start: int, count: int) -> Any:
    """The per-fight seeds of fights ``start .. start + count - 1`` of a run, as a uint64
    array: fight ``i`` has seed ``chunk_seeds(seed, i // CHUNK)[i % CHUNK]`` whatever task
    it runs in, so a run's fights do not depend on how its work is cut into tasks."""
    import numpy as np

    out = np.empty(count, np.uint64)
    done = 0
    while done < count:
        i = start + done
        block, at = divmod(i, CHUNK)
        child = np.random.SeedSequence(entropy=seed, spawn_key=(block,))
        words = child.generate_state(CHUNK, dtype=np.uint64)
        take = min(CHUNK - at, count - done)
        out[done : done + take] = words[at : at + take]
        done += take
    return out


def task_counts(n: int, size: int) -> list[int]:
    """How many fights each task of an ``n``-fight run holds, ``size`` a task (the last
    holds the rest)."""
    full, rest = divmod(n, size)
    return [size] * full + ([rest] if rest else [])


def chunk_counts(n: int) -> list[int]:
    """How many fights each chunk of an ``n``-fight run holds (all CHUNK but the last)."""
    full, rest = divmod(n, CHUNK)
    return [CHUNK] * full + ([rest] if rest else [])
