"""Batch kernels: many independent one-on-one fights at once, for ``fracas sim``.

``scope(ruleset, scenario)`` says why a scenario is outside the ruleset's kernel (None: the
kernel runs it); ``run(ruleset, scenario, n, seed)`` fights ``n`` of them and returns per-fight
arrays (:class:`~fracas.sim.batch.results.BatchResult`). ``engine_label`` is the line
``fracas sim`` prints. Each kernel is its ruleset's (``fracas.sim.fast``); this module knows
none by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.sim.batch.results import BatchResult
from fracas.sim.fast import AnyRuleset, AnyScenario, BatchKernel, Compiled, fast_paths

__all__ = ["BatchResult", "engine_label", "kernel", "run", "scope"]


def kernel(ruleset: AnyRuleset) -> BatchKernel[Any, Any] | None:
    """The ruleset's batch kernel, or None."""
    return fast_paths(ruleset).batch


def scope(ruleset: AnyRuleset, scenario: AnyScenario) -> str | None:
    """Why no batch kernel covers ``scenario`` (to print after ``engine: event``), or None."""
    found = kernel(ruleset)
    if found is None:
        return f"no batch kernel for the {ruleset.name} ruleset"
    return found.scope(ruleset, scenario)


def engine_label(ruleset: AnyRuleset, scenario: AnyScenario) -> str:
    """The kernel's ``batch (...)``, or ``event (<why not>)``."""
    why = scope(ruleset, scenario)
    found = kernel(ruleset)
    if why is not None or found is None:
        return f"event ({why})"
    return found.label


def run(
    ruleset: AnyRuleset,
    scenario: AnyScenario,
    n: int,
    seed: int,
    per_fight: Sequence[int] | None = None,
) -> BatchResult:
    """``n`` fights of ``scenario`` on its kernel (ValueError if it is outside every kernel's
    scope). The same ``seed`` gives the same arrays; with ``per_fight`` seeds, fight i runs
    from ``per_fight[i]`` alone (a backend's chunk: the same fights however runs are cut)."""
    found, spec = compiled(ruleset, scenario)
    return found.run(spec, n, seed, per_fight)


_COMPILED: dict[int, tuple[Any, BatchKernel[Any, Any], Compiled]] = {}


def compiled(ruleset: AnyRuleset, scenario: AnyScenario) -> tuple[BatchKernel[Any, Any], Compiled]:
    """The kernel and its arrays for ``scenario`` (ValueError outside every kernel's scope),
    cached per scenario object (a run compiles a scenario once, not once per chunk; a
    scenario is taken as unchanging once fights start from it, as the rulesets' own caches
    take it)."""
    hit = _COMPILED.get(id(scenario))
    if hit is not None and hit[0] is scenario:
        return hit[1], hit[2]
    why = scope(ruleset, scenario)
    found = kernel(ruleset)
    if why is not None or found is None:
        raise ValueError(why)
    spec = found.compile(ruleset, scenario)
    if len(_COMPILED) >= 16:
        _COMPILED.clear()
    _COMPILED[id(scenario)] = (scenario, found, spec)
    return found, spec
