from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fracas.rulesets import RULESETS

ROOT = Path(__file__).parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*/*.yaml"))
DUEL = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
PLATE = ROOT / "examples" / "percentile" / "joanne-in-plate.yaml"


@pytest.fixture
def toy_file(tmp_path: Path) -> Iterator[Path]:
    """The engine tests' toy ruleset (alternate d6 blows, 10 hp each) as a scenario file."""
    RULESETS["toy"] = "tests.engine.toy"
    path = tmp_path / "toy.yaml"
    path.write_text(
        "ruleset: toy\nfighters:\n  - {name: Ann, side: red, hp: 10}\n"
        "  - {name: Bob, side: blue, hp: 10}\n"
    )
    yield path
    del RULESETS["toy"]


@pytest.fixture
def faulty_file(tmp_path: Path) -> Iterator[Path]:
    RULESETS["faulty"] = "tests.sim.faulty"
    path = tmp_path / "faulty.yaml"
    path.write_text(
        "ruleset: faulty\nfighters:\n  - {name: Ann, side: red, hp: 30}\n"
        "  - {name: Bob, side: blue, hp: 30}\n"
    )
    yield path
    del RULESETS["faulty"]


@pytest.fixture
def always_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--jobs J`` starts its pool of processes whatever the work left (a test's runs are
    too small to be worth one otherwise, and would never leave this process)."""
    from fracas.sim import runner

    monkeypatch.setattr(runner, "POOL_MIN_SECONDS", 0.0)
