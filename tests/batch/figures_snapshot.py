"""The figures every fast path gives, saved: ``odds``, ``advise`` and ``sim --engine batch``
(a fixed seed, a modest n) on every example and every scenario the fast-path tests build.

``tests/batch/test_figures_unchanged.py`` recomputes them and compares them with
``data/figures_snapshot.json`` exactly (floats by their repr, which JSON round-trips): a
refactor of the fast paths (moving them, sharing a compiled mirror) must not move a single
bit. A change that is meant to change a figure (a rule fixed) rewrites the file with

    .venv/bin/python -m tests.batch.figures_snapshot            # every scenario
    .venv/bin/python -m tests.batch.figures_snapshot KEY ...    # only these
    .venv/bin/python -m tests.batch.figures_snapshot --missing  # those not saved yet

and says in its commit which figures moved and why.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fracas.scenario import load_scenario, parse_scenario
from fracas.scenario.loader import LoadedScenario
from fracas.sim.batch.backend import BatchBackend
from fracas.sim.odds import OutOfScope, odds
from fracas.sim.variant import Variant, chunk_seeds

ROOT = Path(__file__).parents[2]
DATA = Path(__file__).parent / "data" / "figures_snapshot.json"
#: Tally fields added after the snapshot was taken, each a reading of the same per-fight
#: arrays as the saved ones (tests/sim/test_designer_answers.py holds them to those)
DERIVED = (
    "rows",
    "dealt_counts",
    "taken_counts",
    "left_counts",
    "left_label",
    "out_counts",
    "choices_fights",
    "choices_total",
    "choices_recorded",
)
#: ``sim --engine batch``: the fights of the first chunk of a run with this seed
SIM_SEED = 20261201
SIM_FIGHTS = 400


def scenarios() -> dict[str, Callable[[], LoadedScenario]]:
    """Every example and every scenario of the fast-path tests, by a stable key (loaded
    lazily, so that a run for some keys loads only those)."""
    from tests.batch import odds_reference
    from tests.batch.test_exp_agreement import MATCHUPS as EXP_MATCHUPS
    from tests.batch.test_exp_odds import cases as exp_odds_cases
    from tests.batch.test_percentile_agreement import MATCHUPS as PERCENTILE_MATCHUPS

    out: dict[str, Callable[[], LoadedScenario]] = {}
    for path in sorted((ROOT / "examples").glob("*/*.yaml")):
        out[f"example:{path.parent.name}/{path.name}"] = lambda path=path: load_scenario(path)
    for game, matchups in (("percentile", PERCENTILE_MATCHUPS), ("exp", EXP_MATCHUPS)):
        for key, (data, _) in matchups.items():
            out[f"agreement:{game}:{key}"] = lambda game=game, key=key, data=data: parse_scenario(
                {"ruleset": game, "name": key, **data}, key
            )
    # the tests' own variants (those that are an example or a matchup again are left out)
    for key in ("joanne-in-plate", "all-out-with-parry-damage"):
        out[f"odds-reference:{key}"] = lambda key=key: odds_reference.scenarios()[key]
    for key in exp_odds_cases():
        if key not in EXP_MATCHUPS and key not in ("grapple", "trip", "snatch"):
            out[f"exp-odds:{key}"] = lambda key=key: exp_odds_cases()[key]
    # ``tactics: optimal`` through odds and the kernel (the policy advise solves)
    for path, who in (("percentile/joanne-vs-ondkille.yaml", 0), ("exp/grapple.yaml", 0)):
        out[f"optimal:{path}"] = lambda path=path, who=who: _optimal(path, who)
    return out


def _optimal(path: str, who: int) -> LoadedScenario:
    loaded = load_scenario(ROOT / "examples" / path)
    data = loaded.scenario.model_dump(mode="json")
    data["combatants"][who]["tactics"] = "optimal"
    data["combatants"][who].pop("script", None)
    data["combatants"][who].pop("then", None)
    return parse_scenario(data, path)


def _without_seconds(value: Any) -> Any:
    """A figure's JSON without the time it took (the one thing allowed to move)."""
    if isinstance(value, dict):
        return {k: _without_seconds(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [_without_seconds(v) for v in value]
    return value


def _refused(exc: Exception) -> dict[str, str]:
    return {"refused": f"{type(exc).__name__}: {exc}"}


def figures(loaded: LoadedScenario) -> dict[str, Any]:
    """What ``odds``, ``advise`` (the first side) and ``sim --engine batch`` give, or the
    reason each refuses."""
    from fracas.sim.odds import advise

    ruleset, scenario = loaded.ruleset, loaded.scenario
    out: dict[str, Any] = {}
    try:
        out["odds"] = _without_seconds(odds(ruleset, scenario).to_json())
    except (OutOfScope, ValueError) as exc:
        out["odds"] = _refused(exc)
    try:
        out["advise"] = _without_seconds(advise(ruleset, scenario).to_json())
    except (OutOfScope, ValueError) as exc:
        out["advise"] = _refused(exc)
    variant = Variant.of(loaded)
    backend = BatchBackend()
    why = backend.unsupported(variant)
    if why is not None:
        out["sim"] = {"refused": why}
    else:
        tally = backend.run_chunk(variant, chunk_seeds(SIM_SEED, 0, SIM_FIGHTS))
        tally.rows = None  # per-fight arrays, kept only for compare's pairing
        fields = dataclasses.asdict(tally)
        for derived in DERIVED:  # the distributions and choices: counts of the same arrays
            fields.pop(derived)
        winners = bytes(fields.pop("winners"))
        fields["winners_sha256"] = hashlib.sha256(winners).hexdigest()
        fields["rounds"] = {str(k): v for k, v in sorted(fields["rounds"].items())}
        out["sim"] = {"label": backend.label(variant), **fields}
    # a JSON round trip: what is compared is what the file holds (tuples become lists)
    result: dict[str, Any] = compact(json.loads(json.dumps(out)))
    return result


#: a list longer than this, as JSON, is saved as its SHA-256 (a policy table, a grid)
LONG = 8000


def compact(value: Any) -> Any:
    """``value`` with each long list replaced by the SHA-256 of its JSON (exact all the same:
    any bit moved moves the hash; the file stays small)."""
    if isinstance(value, dict):
        return {k: compact(v) for k, v in value.items()}
    if isinstance(value, list):
        text = json.dumps(value, sort_keys=True)
        if len(text) > LONG:
            return f"sha256:{hashlib.sha256(text.encode()).hexdigest()} ({len(value)} items)"
        return [compact(v) for v in value]
    return value


def load() -> dict[str, Any]:
    saved: dict[str, Any] = json.loads(DATA.read_text())
    return saved


def main(keys: tuple[str, ...] = ()) -> None:
    """Compute and save the figures of ``keys`` (all when empty; ``--missing``: those the file
    does not hold yet), keeping the file's others."""
    every = scenarios()
    missing = keys == ("--missing",)
    saved = load() if DATA.exists() and keys else {}
    for key, make in every.items():
        if (missing and key in saved) or (keys and not missing and key not in keys):
            continue
        saved[key] = figures(make())
        print(key, file=sys.stderr)
        _write(saved)  # as it goes: a long run stopped keeps what it computed
    _write({key: saved[key] for key in every if key in saved})


def _write(saved: dict[str, Any]) -> None:
    """One scenario a line, in the order of :func:`scenarios`."""
    lines = [
        f"{json.dumps(key)}: {json.dumps(value, sort_keys=True)}" for key, value in saved.items()
    ]
    DATA.write_text("{\n" + ",\n".join(lines) + "\n}\n")


if __name__ == "__main__":
    main(tuple(sys.argv[1:]))
