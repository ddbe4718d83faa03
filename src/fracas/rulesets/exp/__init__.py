"""EXP: The Other Role Playing Game, 'Non-Lethal Combat' (with the tactical rules it uses)."""

from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.ruleset import ExpRuleset
from fracas.rulesets.exp.scenario import ExpScenario

RULESET = ExpRuleset()

__all__ = ["RULESET", "ExpOptions", "ExpRuleset", "ExpScenario"]
