"""The compiled propagation of the percentile chain gives the figures the reference
(round-by-round Python) chain gave, to float rounding (``odds_reference.py`` recorded them)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from tests.batch.odds_reference import DATA, advice_figures, figures, scenarios

REFERENCE: dict[str, Any] = json.loads(DATA.read_text())
TOL = 1e-12


@pytest.mark.parametrize("name", sorted(scenarios()))
def test_odds_equal_the_reference_chain_to_float_rounding(name: str) -> None:
    got = figures(scenarios()[name])
    want = REFERENCE[name]
    assert np.allclose(got["win"], want["win"], rtol=0, atol=TOL)
    assert got["draw"] == pytest.approx(want["draw"], abs=TOL)
    assert got["error"] == pytest.approx(want["error"], abs=TOL)
    assert len(got["length"]) == len(want["length"])
    assert np.allclose(got["length"], want["length"], rtol=0, atol=TOL)
    assert got["classes"] == want["classes"]


def test_advise_equals_the_reference_chain_to_float_rounding() -> None:
    got = advice_figures(scenarios()["joanne-vs-ondkille"])
    want = REFERENCE["advise joanne-vs-ondkille"]
    assert got["policy"] == want["policy"]
    assert np.allclose(got["optimal"], want["optimal"], rtol=0, atol=TOL)
    assert np.allclose(got["own"], want["own"], rtol=0, atol=TOL)
