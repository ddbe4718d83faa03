"""The toy ruleset with a bug: a 6 rolled after the first round raises (for the test that a
failing fight stops a sim with its seed)."""

from __future__ import annotations

from typing import Literal

from fracas.engine import Action, Context
from tests.engine.toy import ToyRuleset, ToyScenario


class FaultyScenario(ToyScenario):
    ruleset: Literal["faulty"] = "faulty"  # type: ignore[assignment]


class FaultyRuleset(ToyRuleset):
    name = "faulty"
    scenario_model = FaultyScenario

    def resolve(self, ctx: Context, action: Action) -> None:
        if ctx.state.round >= 3 and ctx.roll("1d6", "bug?") == 6:
            raise RuntimeError("a bug in the rules")
        super().resolve(ctx, action)


RULESET = FaultyRuleset()
