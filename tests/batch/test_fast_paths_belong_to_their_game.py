"""A game's fast paths live in its own ruleset package, in a sub-package named ``fast`` in every
ruleset that has one, registered through ``Ruleset.fast_paths`` (docs/architecture.md, "Fast
paths belong to their game"); docs/adding-a-ruleset.md says how, naming what ``sim.fast``
gives a ruleset to declare them with."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from fracas.rulesets import RULESETS, get_ruleset
from fracas.sim.fast import FastPaths

ROOT = Path(__file__).parents[2]
SIM = ROOT / "src" / "fracas" / "sim"
#: what ``fracas.sim.fast`` gives a ruleset to declare its paths with, and the protocols
DECLARING = (
    "BatchKernel",
    "ExactOdds",
    "Advisor",
    "FastPaths",
    "FAST_PATHS",
    "Owner",
    "DeclaredKernel",
    "DeclaredOdds",
    "DeclaredAdvisor",
    "run_kernel",
)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_rulesets_fast_paths_are_its_own_fast_package(name: str) -> None:
    where = type(get_ruleset(name)).fast_paths
    if where is None:
        return
    assert where == f"fracas.rulesets.{name}.fast"
    assert isinstance(importlib.import_module(where).FAST_PATHS, FastPaths)


def test_sim_compiles_no_kernel_of_its_own() -> None:
    """``sim/`` holds the generic plumbing (``jit``, ``rng``, ``results``, the tally of
    figures); a kernel that mirrors a game's rules is the game's: the only compiled
    functions under ``sim/`` are in ``sim/batch/`` modules that name no game
    (tests/test_layers_name_no_game.py) and read no ruleset's package."""
    compiled = sorted(
        str(path.relative_to(SIM))
        for path in SIM.rglob("*.py")
        if "@njit" in path.read_text(encoding="utf-8")
    )
    assert all(p.startswith("batch/") for p in compiled), compiled


def test_adding_a_ruleset_says_how_to_declare_fast_paths() -> None:
    text = (ROOT / "docs" / "adding-a-ruleset.md").read_text(encoding="utf-8")
    section = text[text.index("## Fast paths") :]
    missing = [n for n in DECLARING if f"`{n}" not in section and f"{n}`" not in section]
    assert missing == []
