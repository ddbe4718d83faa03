"""A slow odds computation for ``test_odds_never_block.py``: the real
:func:`fracas.web.odds_work.estimate`, run only once the file named by
``FRACAS_TEST_ODDS_GATE`` exists (so the test decides when the odds may come, whatever the
machine's speed)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from fracas.web.odds_work import Estimate, estimate

#: the longest the gate is waited for (a bound: the test opens it long before)
GATE_SECONDS = 600


def gated_estimate(*args: Any) -> Estimate:
    gate = Path(os.environ["FRACAS_TEST_ODDS_GATE"])
    deadline = time.monotonic() + GATE_SECONDS
    while not gate.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return estimate(*args)
