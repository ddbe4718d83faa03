"""Load and validate a scenario file; every problem names the file, the field and what is wrong."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from fracas.engine.errors import FracasError
from fracas.engine.ruleset import Ruleset
from fracas.rulesets import UnknownRuleset, get_ruleset


class ScenarioError(FracasError):
    """A scenario that cannot be used. ``problems`` lists ``field: message`` lines."""

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.source = source
        self.problems = list(problems)
        super().__init__("\n".join(f"{source}: {p}" for p in self.problems))


@dataclass(frozen=True)
class LoadedScenario:
    """A validated scenario and the ruleset that runs it."""

    ruleset: Ruleset
    scenario: BaseModel
    source: str


def format_loc(loc: Sequence[str | int]) -> str:
    """``("combatants", 1, "skills", "dagger")`` -> ``combatants[1].skills.dagger``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


def parse_scenario(data: Any, source: str = "<scenario>") -> LoadedScenario:
    """Validate already-parsed YAML/JSON data as a scenario of the ruleset it names."""
    if not isinstance(data, dict):
        raise ScenarioError(source, ["(top level): expected a mapping with a 'ruleset' field"])
    name = data.get("ruleset")
    if not isinstance(name, str):
        raise ScenarioError(source, ["ruleset: missing or not a string"])
    try:
        ruleset = get_ruleset(name)
    except UnknownRuleset as exc:
        raise ScenarioError(source, [f"ruleset: {exc}"]) from None
    try:
        scenario = ruleset.scenario_model.model_validate(data)
    except ValidationError as exc:
        problems = [f"{format_loc(err['loc'])}: {err['msg']}" for err in exc.errors()]
        raise ScenarioError(source, problems) from None
    return LoadedScenario(ruleset, scenario, source)


def load_scenario(path: str | Path) -> LoadedScenario:
    """Read a YAML scenario file and validate it."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(source, [f"cannot read file: {exc.strerror}"]) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise ScenarioError(source, [f"{where}not valid YAML: {exc}"]) from None
    return parse_scenario(data, source)
