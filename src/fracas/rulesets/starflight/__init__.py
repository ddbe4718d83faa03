"""Starflight RPG, chapter 9.2 'Character-scale Combat'."""

from fracas.rulesets.starflight.ruleset import StarflightRuleset

RULESET = StarflightRuleset()

__all__ = ["RULESET", "StarflightRuleset"]
