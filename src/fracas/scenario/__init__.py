"""Scenario files: YAML naming a ruleset, its options and the combatants."""

from fracas.scenario.loader import ScenarioError, format_loc, load_scenario, parse_scenario

__all__ = ["ScenarioError", "format_loc", "load_scenario", "parse_scenario"]
