"""Every example's log at seeds 1-5 is byte-identical to the recorded one.

The hashes are in ``data/example_log_hashes.json``; regenerate them with
``python -m tests.engine.example_logs`` only for a deliberate rule change.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engine.example_logs import EXAMPLES, HASHES, SEEDS, example_key, log_hash

RECORDED: dict[str, str] = json.loads(HASHES.read_text())


def test_every_example_and_seed_has_a_recorded_hash() -> None:
    assert sorted(RECORDED) == sorted(example_key(p, s) for p in EXAMPLES for s in SEEDS)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
@pytest.mark.parametrize("seed", SEEDS)
def test_example_log_is_byte_identical(path: Path, seed: int) -> None:
    assert log_hash(path, seed) == RECORDED[example_key(path, seed)]
