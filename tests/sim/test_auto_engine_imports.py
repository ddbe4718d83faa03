"""``--engine auto`` learns that a fight is not a duel without importing numba or a kernel."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.mark.parametrize(
    ("scenario", "why"),
    [
        ("percentile/scout-and-medic.yaml", "the batch kernel covers duels"),
        ("exp/pile-on.yaml", "the batch kernel covers one-on-one brawls"),
    ],
)
def test_auto_falls_back_to_the_event_engine_without_numba(scenario: str, why: str) -> None:
    code = (
        "import sys\n"
        "from fracas.sim import simulate\n"
        f"r = simulate({str(EXAMPLES / scenario)!r}, n=5, seed=1, engine='auto')\n"
        "print(r.engine)\n"
        "print('numba' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    engine, numba_loaded = done.stdout.splitlines()
    assert engine.startswith("event (") and why in engine
    assert numba_loaded == "False"
