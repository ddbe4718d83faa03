"""Batch kernels: many independent one-on-one fights at once, for ``fracas sim``.

``scope(ruleset, scenario)`` says why a scenario is outside every kernel (None: a kernel runs
it); ``run(ruleset, scenario, n, seed)`` fights ``n`` of them and returns per-fight arrays
(:class:`~fracas.sim.batch.results.BatchResult`). ``engine_label`` is the line ``fracas sim``
prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.sim.batch.results import BatchResult

__all__ = ["BatchResult", "engine_label", "run", "scope"]

PERCENTILE_ENGINE = "batch (percentile duel)"
EXP_ENGINE = "batch (EXP brawl)"


def scope(ruleset: Any, scenario: Any) -> str | None:
    """Why no batch kernel covers ``scenario`` (to print after ``engine: event``), or None."""
    name = getattr(ruleset, "name", "")
    people = len(getattr(scenario, "combatants", ()))
    if name == "percentile":
        if people != 2:  # said before the spec (and numba with it) is imported
            return f"{people} combatants; the batch kernel covers duels"
        from fracas.sim.batch.percentile_spec import scope as percentile_scope

        return percentile_scope(scenario, ruleset)
    if name == "exp":
        if any(c.tactics.split(";", 1)[0].strip() == "optimal" for c in scenario.combatants):
            return (
                "tactics 'optimal' follows advise's policy over the whole brawl state (holds, "
                "trips, turn order); the brawl kernel reads a table by HPS only"
            )
        if people != 2:  # said before the spec (and numba with it) is imported
            return f"{people} combatants; the batch kernel covers one-on-one brawls"
        from fracas.sim.batch.exp_spec import scope as exp_scope

        return exp_scope(scenario, ruleset, lethal=True)
    return f"no batch kernel for the {name} ruleset"


def engine_label(ruleset: Any, scenario: Any) -> str:
    """``batch (percentile duel)``, or ``event (<why not>)``."""
    why = scope(ruleset, scenario)
    if why is not None:
        return f"event ({why})"
    return PERCENTILE_ENGINE if ruleset.name == "percentile" else EXP_ENGINE


def run(
    ruleset: Any, scenario: Any, n: int, seed: int, per_fight: Sequence[int] | None = None
) -> BatchResult:
    """``n`` fights of ``scenario`` on its kernel (ValueError if it is outside every kernel's
    scope). The same ``seed`` gives the same arrays; with ``per_fight`` seeds, fight i runs
    from ``per_fight[i]`` alone (a backend's chunk: the same fights however runs are cut)."""
    spec = compiled(ruleset, scenario)
    if ruleset.name == "percentile":
        from fracas.sim.batch.percentile import run_spec as run_duels

        return run_duels(spec, n, seed, PERCENTILE_ENGINE, per_fight)
    from fracas.sim.batch.exp import run_spec as run_brawls

    return run_brawls(spec, n, seed, EXP_ENGINE, per_fight)


_COMPILED: dict[int, tuple[Any, Any]] = {}


def compiled(ruleset: Any, scenario: Any) -> Any:
    """The kernel's arrays for ``scenario`` (ValueError outside every kernel's scope), cached
    per scenario object (a run compiles a scenario once, not once per chunk; a scenario is
    taken as unchanging once fights start from it, as the rulesets' own caches take it)."""
    hit = _COMPILED.get(id(scenario))
    if hit is not None and hit[0] is scenario:
        return hit[1]
    why = scope(ruleset, scenario)
    if why is not None:
        raise ValueError(why)
    if ruleset.name == "percentile":
        from fracas.sim.batch.percentile_spec import compile_duel

        policy = None
        if any(c.tactics == "optimal" for c in scenario.combatants):
            from fracas.sim.odds.advise import install_policy

            policy = install_policy(ruleset, scenario)
        spec: Any = compile_duel(scenario, ruleset, policy)
    else:
        from fracas.sim.batch.exp_spec import compile_brawl

        spec = compile_brawl(scenario, ruleset, lethal=True)
    if len(_COMPILED) >= 16:
        _COMPILED.clear()
    _COMPILED[id(scenario)] = (scenario, spec)
    return spec
