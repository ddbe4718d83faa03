"""The figures of ``fracas odds`` and ``fracas advise`` on a few scenarios, as the reference
(round-by-round Python) chain gave them before the compiled propagation replaced it.

``python -m tests.batch.odds_reference`` rewrites ``data/odds_reference.json`` (run it only
to record a deliberate change of results); ``test_odds_fast_path`` compares against it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from fracas.scenario import load_scenario, parse_scenario
from fracas.sim.odds import advise, odds

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples" / "percentile"
DATA = Path(__file__).parent / "data" / "odds_reference.json"


def scenarios() -> dict[str, Any]:
    """Duels that exercise different rules: the chapter's example, plate armour, breakage
    (weapon damage on parry rolled), and all-out attack on both sides. Plate is fought under
    ``full_damage: double``: under the default the dagger can never get through plate, the
    tactics give up, and the duel is outside the chain's scope."""
    out: dict[str, Any] = {}
    out["joanne-vs-ondkille"] = load_scenario(EXAMPLES / "joanne-vs-ondkille.yaml")
    out["joanne-in-plate"] = load_scenario(
        EXAMPLES / "joanne-in-plate.yaml", ["full_damage=double"]
    )
    data = yaml.safe_load((EXAMPLES / "joanne-vs-ondkille.yaml").read_text())
    data.pop("options", None)  # weapons take damage in parries (the default)
    for c in data["combatants"]:
        c["tactics"] = "all-out-attack"
        c.pop("script", None)
        c.pop("then", None)
    out["all-out-with-parry-damage"] = parse_scenario(data, "all-out-with-parry-damage")
    return out


def figures(loaded: Any) -> dict[str, Any]:
    o = odds(loaded.ruleset, loaded.scenario)
    return {
        "win": list(o.win),
        "draw": o.draw,
        "length": list(o.length),
        "error": o.error,
        "classes": o.classes,
    }


def advice_figures(loaded: Any) -> dict[str, Any]:
    a = advise(loaded.ruleset, loaded.scenario)
    return {
        "policy": a.policy.tolist(),
        "optimal": list(a.optimal.win),
        "own": list(a.own.win),
    }


def main(only: tuple[str, ...] = ()) -> None:
    """Record every scenario's figures (``only``: just these, keeping the others)."""
    found = scenarios()
    if only:
        old = json.loads(DATA.read_text())
        old.update({name: figures(found[name]) for name in only})
        DATA.write_text(json.dumps(old, indent=1) + "\n")
        return
    out = {name: figures(loaded) for name, loaded in found.items()}
    out["advise joanne-vs-ondkille"] = advice_figures(found["joanne-vs-ondkille"])
    DATA.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    import sys

    main(tuple(sys.argv[1:]))
