"""Every fast path's figures are the saved ones, to the bit: ``odds``, ``advise`` and
``sim --engine batch`` on every example and every scenario the fast-path tests build
(``figures_snapshot.py`` says how the file is made and when it may be rewritten)."""

from __future__ import annotations

import pytest

from tests.batch.figures_snapshot import figures, load, scenarios

SAVED = load()
SCENARIOS = scenarios()


def test_every_scenario_has_saved_figures() -> None:
    assert sorted(SCENARIOS) == sorted(SAVED)


@pytest.mark.parametrize("key", sorted(SCENARIOS))
def test_fast_path_figures_are_the_saved_ones(key: str) -> None:
    got = figures(SCENARIOS[key]())
    want = SAVED[key]
    for path in ("odds", "advise", "sim"):
        assert got[path] == want[path], f"{key}: {path} moved"
