"""``fracas odds`` and ``fracas advise`` report the time of the chain, not of numba loading
its cache: the loading is done before the clock starts (``percentile_chain.load_kernels``),
so a run must not meet a compiled function, or a type of argument, that loading did not. (A
function met for the first time in the timed run loads from the cache there, a millisecond
or more each, or compiles there when the cache is empty: 0.15 s for advise's ``base_stance``.)
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from fracas.rulesets.percentile.fast import exchange_kernel, grid_kernel, tactics
from fracas.rulesets.percentile.fast.chain import load_kernels
from fracas.scenario import load_scenario
from fracas.sim.batch import jit
from fracas.sim.odds import advise, odds
from tests.batch.odds_reference import EXAMPLES


def compiled(*modules: ModuleType) -> dict[str, Any]:
    """The compiled functions of ``modules`` (numba dispatchers: they have signatures)."""
    return {
        f"{m.__name__}.{name}": f
        for m in modules
        for name, f in vars(m).items()
        if hasattr(f, "signatures") and hasattr(f, "py_func")
    }


def test_a_timed_odds_or_advise_run_meets_no_compiled_function_loading_did_not() -> None:
    if jit.DISABLED:
        pytest.skip("FRACAS_NO_JIT: nothing is compiled")
    load_kernels()
    kernels = compiled(grid_kernel, exchange_kernel, tactics)
    loaded = {name: len(f.signatures) for name, f in kernels.items()}
    example = load_scenario(EXAMPLES / "joanne-vs-ondkille.yaml")
    odds(example.ruleset, example.scenario)
    advise(example.ruleset, example.scenario, "Joanne")
    after = {name: len(f.signatures) for name, f in kernels.items()}
    assert after == loaded
    assert loaded[f"{tactics.__name__}.declare"] == 1
    assert loaded[f"{tactics.__name__}.base_stance"] == 1
