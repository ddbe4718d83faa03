from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fracas.rulesets import RULESETS

TOY_SCENARIO = """\
ruleset: toy
fighters:
  - {name: Ann, side: red, hp: 10}
  - {name: Bob, side: blue, hp: 10}
"""


@pytest.fixture
def toy_ruleset() -> Iterator[None]:
    """Register the engine tests' toy ruleset under the name 'toy'."""
    RULESETS["toy"] = "tests.engine.toy"
    yield
    del RULESETS["toy"]


@pytest.fixture
def toy_file(tmp_path: Path, toy_ruleset: None) -> Path:
    path = tmp_path / "toy.yaml"
    path.write_text(TOY_SCENARIO)
    return path
