"""``fracas odds`` and ``fracas advise`` report the time of the chain, not of numba loading
its cache: the loading is done before the clock starts (``percentile_chain.load_kernels``),
so a run must not meet a compiled function, or a type of argument, that loading did not. (A
function met for the first time in the timed run loads from the cache there, a millisecond
or more each, or compiles there when the cache is empty: 0.15 s for advise's ``base_stance``.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from fracas.sim.batch import jit


def compiled(*modules: ModuleType) -> dict[str, Any]:
    """The compiled functions of ``modules`` (numba dispatchers: they have signatures)."""
    return {
        f"{m.__name__}.{name}": f
        for m in modules
        for name, f in vars(m).items()
        if hasattr(f, "signatures") and hasattr(f, "py_func")
    }


CHECK = """
import json, sys
from tests.batch.test_odds_loading import compiled
from fracas.rulesets.percentile.fast import exchange_kernel, grid_kernel, tactics
from fracas.rulesets.percentile.fast.chain import load_kernels
from fracas.scenario import load_scenario
from fracas.sim.odds import advise, odds
from tests.batch.odds_reference import EXAMPLES

load_kernels()
kernels = compiled(grid_kernel, exchange_kernel, tactics)
loaded = {name: len(f.signatures) for name, f in kernels.items()}
example = load_scenario(EXAMPLES / "joanne-vs-ondkille.yaml")
odds(example.ruleset, example.scenario)
advise(example.ruleset, example.scenario, "Joanne")
after = {name: len(f.signatures) for name, f in kernels.items()}
print(json.dumps({"loaded": loaded, "after": after, "tactics": tactics.__name__}))
"""


def test_a_timed_odds_or_advise_run_meets_no_compiled_function_loading_did_not() -> None:
    """In a process of its own: another test in the same process may have compiled other
    signatures of the same functions first."""
    if jit.DISABLED:
        pytest.skip("FRACAS_NO_JIT: nothing is compiled")
    root = Path(__file__).parents[2]
    done = subprocess.run(
        [sys.executable, "-c", CHECK], capture_output=True, text=True, check=True, cwd=root
    )
    result = json.loads(done.stdout.splitlines()[-1])
    loaded, after, name = result["loaded"], result["after"], result["tactics"]
    assert after == loaded
    assert loaded[f"{name}.declare"] == 1
    assert loaded[f"{name}.base_stance"] == 1
