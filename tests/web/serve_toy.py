"""Run ``fracas serve`` with the engine's toy ruleset registered (for the load test)."""

from __future__ import annotations

import sys

from fracas.cli import main
from fracas.rulesets import RULESETS

RULESETS["toy"] = "tests.engine.toy"

if __name__ == "__main__":
    main(["serve", *sys.argv[1:]])
