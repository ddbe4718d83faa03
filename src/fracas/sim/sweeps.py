"""``sweep``: one scenario over a grid of varied fields, a row of figures per grid point."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec
import pandas as pd

from fracas.engine.errors import FracasError
from fracas.scenario import ScenarioError, load_scenario, parse_scenario
from fracas.scenario.files import read_text
from fracas.scenario.yaml_input import load_yaml
from fracas.sim.api import check_file, check_run, check_strings, citation, run_all
from fracas.sim.figures import Rate, SimResult, figures, rate
from fracas.sim.grid import Vary, check_adds_nothing, grid, parse_vary
from fracas.sim.runner import Job, ProgressFn
from fracas.sim.variant import Variant


def raw_scenario(path: str | Path, overrides: Sequence[str] = ()) -> Any:
    """The scenario file's YAML data with the ``-o`` overrides in its ``options`` (the file
    is validated first, so a bad file is reported as ``fight`` reports it)."""
    load_scenario(path, overrides)
    data = load_yaml(read_text(str(path), "scenario"))
    options = dict(data.get("options") or {})
    for item in overrides:
        key, _, value = item.partition("=")
        options[key.strip()] = load_yaml(value)
    if options:
        data["options"] = options
    return data


def label_of(varies: Sequence[Vary], values: Sequence[Any]) -> str:
    return ", ".join(f"{v.path}={x}" for v, x in zip(varies, values, strict=True))


def grid_variants(
    path: str | Path, varies: Sequence[Vary], overrides: Sequence[str] = ()
) -> list[tuple[tuple[Any, ...], Variant]]:
    """Every grid point, validated before anything runs: a point whose scenario is invalid
    is refused with its values and the problem."""
    source = str(path)
    out: list[tuple[tuple[Any, ...], Variant]] = []
    raw = raw_scenario(path, overrides)
    for values, data in grid(raw, varies):
        label = label_of(varies, values)
        try:
            loaded = parse_scenario(data, source)
        except ScenarioError as exc:
            problems = "; ".join(exc.problems[:3])
            raise FracasError(f"{source}: grid point {label}: {problems}") from None
        if not out:  # (the paths are the same at every point)
            for vary in varies:
                check_adds_nothing(raw, loaded.scenario, vary)
        out.append((values, Variant.of(loaded, label, tuple(overrides))))
    return out


def _rate_columns(out: dict[str, Any], name: str, r: Rate) -> None:
    out[name] = r.rate
    out[f"{name}.low"] = r.low
    out[f"{name}.high"] = r.high


def row(
    varies: Sequence[Vary],
    values: Sequence[Any],
    result: SimResult,
    outcome_keys: Sequence[tuple[str, str]],
    notable_keys: Sequence[str],
) -> dict[str, Any]:
    """One grid point's row: the varied values, N, every rate with its interval, the mean
    fight length and each combatant's mean damage dealt and taken."""
    out: dict[str, Any] = {v.path: x for v, x in zip(varies, values, strict=True)}
    n = result.n
    out["n"] = n
    for s in result.sides:
        _rate_columns(out, f"win[{s.side}]", s.win)
        _rate_columns(out, f"loss[{s.side}]", s.loss)
    _rate_columns(out, "draw", result.draw)
    out["rounds.mean"] = result.rounds.mean
    out["rounds.median"] = result.rounds.median
    by_id = {c.id: c for c in result.combatants}
    for c in result.combatants:
        out[f"dealt[{c.id}]"] = c.dealt.mean
        out[f"taken[{c.id}]"] = c.taken.mean
    for cid, name in outcome_keys:
        person = by_id.get(cid)
        got = (
            None
            if person is None
            else next((o.rate for o in person.outcomes if o.outcome == name), None)
        )
        _rate_columns(out, f"outcome[{cid}: {name}]", got or rate(0, n))
    notes = {x.name: x.fights for x in result.notable}
    for name in notable_keys:
        _rate_columns(out, f"notable[{name}]", notes.get(name) or rate(0, n))
    return out


def sweep(
    scenario: str | Path,
    vary: Sequence[str | Vary],
    n: int = 1000,
    seed: int = 0,
    jobs: int = 1,
    overrides: Sequence[str] = (),
    engine: str = "auto",
    scheduler: str | None = None,
    progress: ProgressFn | None = None,
    precision: float | None = None,
) -> pd.DataFrame:
    """Run ``scenario`` at every point of the grid the ``vary`` fields span (``PATH=VALUES``
    strings or :class:`~fracas.sim.grid.Vary`), ``n`` fights each (fewer at a point once
    every rate's 95% interval there is narrower than ``precision``), every point on the same
    per-fight seeds. One row per grid point (see :func:`row`); a point whose figures are
    those of an earlier point in every fight names it in the ``same_as`` column (the varied
    value stops mattering there). ``attrs`` holds the run's metadata. In the example,
    ``duel`` is the path of a scenario file.

    Example::

        >>> from fracas import sweep
        >>> table = sweep(duel, ["combatants[1].skills.dagger=30..70:20"], n=500, seed=1)
        >>> print(table[["combatants[1].skills.dagger", "win[Joanne]"]].to_string(index=False))
         combatants[1].skills.dagger  win[Joanne]
                                  30        0.994
                                  50        0.980
                                  70        0.980
    """
    check_run(n, seed, jobs, precision)
    check_file("scenario", scenario)
    check_strings("vary", vary, "PATH=VALUES strings")
    varies = [parse_vary(v) if isinstance(v, str) else v for v in vary]
    if not varies:
        raise FracasError("sweep needs at least one --vary PATH=VALUES")
    paths = [v.path for v in varies]
    if len(set(paths)) != len(paths):
        raise FracasError("--vary: the same path is varied twice")
    points = grid_variants(scenario, varies, overrides)
    jobs_ = [Job((variant,), n, precision) for _, variant in points]
    t0 = time.perf_counter()
    results, name, _ = run_all(jobs_, seed, jobs, engine, scheduler, progress)
    wall = time.perf_counter() - t0
    sims = [
        figures(r.tallies[0], **citation(v, name, r.tallies[0], seed, None, wall))
        for (_, v), r in zip(points, results, strict=True)
    ]
    outcome_keys = list(
        dict.fromkeys((c.id, o.outcome) for s in sims for c in s.combatants for o in c.outcomes)
    )
    notable_keys = sorted({x.name for s in sims for x in s.notable})
    rows = [
        row(varies, values, sim, outcome_keys, notable_keys)
        for (values, _), sim in zip(points, sims, strict=True)
    ]
    for r, same in zip(rows, same_as([label_of(varies, v) for v, _ in points], sims), strict=True):
        r["same_as"] = same
    table = pd.DataFrame(rows)
    for path in paths:
        column = table[path]
        kinds = {type(x) for x in column}
        if len(kinds) > 1 or not kinds <= {int, float, bool, str}:
            table[path] = column.map(str)
    first = sims[0]
    table.attrs.update(
        {
            "varied": paths,
            "seed": seed,
            "engine": name,
            "sides": [s.side for s in first.sides],
            "fracas_version": first.fracas_version,
            "ruleset": first.ruleset,
            "scenario": str(scenario),
            "scenario_hash": points[0][1].digest,
            "options": first.options,
            "n": n,
            "precision": precision,
            "vary": [f"{v.path}={list(v.values)}" for v in varies],
        }
    )
    return table


def same_as(labels: Sequence[str], sims: Sequence[SimResult]) -> list[str]:
    """For each grid point, the label of the first earlier point with the same figures
    (every fight ended the same way: the varied value makes no difference there), or ``""``."""
    seen: dict[bytes, str] = {}
    out = []
    for label, sim in zip(labels, sims, strict=True):
        figures = sim.figures()
        for key in ("scenario", "scenario_hash", "options", "precision"):
            figures.pop(key, None)
        key_bytes = msgspec.json.encode(figures)
        out.append(seen.get(key_bytes, ""))
        seen.setdefault(key_bytes, label)
    return out
