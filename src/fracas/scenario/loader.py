"""Load and validate a scenario file; every problem names the file, the field and what is wrong."""

from __future__ import annotations

import re
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

    ruleset: Ruleset[Any, Any, Any]
    scenario: BaseModel
    source: str


#: loc segments pydantic adds for the branch of a union it tried (not field names)
_BRANCH = re.compile(r"^(function-(after|before|wrap|plain)\[.*\]|str|int|float|bool|none)$")


def format_loc(loc: Sequence[str | int]) -> str:
    """``("combatants", 1, "skills", "dagger")`` -> ``combatants[1].skills.dagger``.

    Segments naming a union's branch (``function-after[...]``) are left out."""
    out = ""
    for part in loc:
        if isinstance(part, str) and part.startswith("function-") and _BRANCH.match(part):
            continue
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


def _without_losing_branches(errors: list[Any]) -> list[Any]:
    """Drop a union's plain-type branch (``weapons[0].str: Input should be a valid string``)
    when another branch of the same union got further: that one says what is wrong."""

    def branch_at(loc: tuple[Any, ...]) -> int | None:
        for i, part in enumerate(loc):
            if isinstance(part, str) and part in ("str", "int", "float", "bool", "none"):
                return i
        return None

    kept = []
    for err in errors:
        loc = tuple(err["loc"])
        i = branch_at(loc)
        rivals = i is not None and any(
            tuple(o["loc"])[:i] == loc[:i] and tuple(o["loc"])[i : i + 1] != loc[i : i + 1]
            for o in errors
        )
        if not rivals:
            kept.append(err)
    return kept


def _message(msg: str) -> str:
    """pydantic's message without its "Value error, " prefix (our validators say it all)."""
    return msg.removeprefix("Value error, ")


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
        problems = [
            f"{format_loc(err['loc'])}: {_message(err['msg'])}"
            for err in _without_losing_branches(exc.errors())
        ]
        raise ScenarioError(source, problems) from None
    return LoadedScenario(ruleset, scenario, source)


def load_scenario(path: str | Path, overrides: Sequence[str] = ()) -> LoadedScenario:
    """Read a YAML scenario file and validate it.

    ``overrides`` are ``NAME=VALUE`` rule options (house rules for this encounter) that
    replace the file's ``options``; each VALUE is read as YAML (``3``, ``true``, ``per-round``).
    """
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(source, [f"not a text file (byte {exc.start} is not UTF-8)"]) from None
    except OSError as exc:
        raise ScenarioError(source, [f"cannot read file: {exc.strerror}"]) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ScenarioError(source, [_yaml_problem(exc)]) from None
    if overrides:
        data = _with_options(data, overrides, source)
    return parse_scenario(data, source)


def _yaml_problem(exc: yaml.YAMLError) -> str:
    """``line 3, column 1: not valid YAML: expected ',' or ']'`` (no library internals)."""
    mark = getattr(exc, "problem_mark", None)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    problem = getattr(exc, "problem", None) or str(exc)
    return f"{where}not valid YAML: {problem}"


def _with_options(data: Any, overrides: Sequence[str], source: str) -> Any:
    """``data`` with its ``options`` changed by ``NAME=VALUE`` overrides."""
    if not isinstance(data, dict):
        return data
    options = dict(data.get("options") or {})
    for item in overrides:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ScenarioError(source, [f"--option {item!r}: expected NAME=VALUE"])
        try:
            options[key.strip()] = yaml.safe_load(value)
        except yaml.YAMLError:
            raise ScenarioError(source, [f"--option {item!r}: cannot read the value"]) from None
    return {**data, "options": options}
