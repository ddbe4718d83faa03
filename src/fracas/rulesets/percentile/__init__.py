"""The percentile ruleset (chapter 5, "Combat", of an untitled SF RPG).

Each rule lives in the module named after it: ``skill_check``, ``difficulty``, ``initiative``,
``stances``, ``attack_parry`` (table 5.1), ``fumble`` (table 5.2), ``armour`` (table 5.3),
``weapons``, ``break_value``, ``reload``, ``encumbrance``, ``fatigue``, ``hit_points``;
``attack`` and ``round`` put them together; ``options`` holds every interpretation.
"""

from fracas.rulesets.percentile.ruleset import PercentileRuleset

RULESET = PercentileRuleset()

__all__ = ["RULESET", "PercentileRuleset"]
