"""The form that builds a scenario in the browser: rule options as fields, combatants added
one by one, validated exactly as a scenario file is (``parse_scenario``), each problem shown
at the field it names.

Built from the ruleset's pydantic models alone (their fields, defaults and descriptions),
so it serves every ruleset without knowing its rules."""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass, field
from typing import Any

import yaml
from pydantic import BaseModel

from fracas.engine.ruleset import Ruleset
from fracas.scenario.loader import LoadedScenario, ScenarioError, parse_scenario
from fracas.scenario.yaml_input import YamlProblem, load_yaml

#: the largest number of combatants one form may hold
MAX_COMBATANTS = 60


@dataclass(frozen=True, slots=True)
class OptionField:
    """One rule option as a form field: ``choices`` for a select, else free text (YAML)."""

    name: str
    default: str
    choices: tuple[str, ...]
    description: str


@dataclass
class Draft:
    """What the GM typed: kept when the form is shown again with its problems."""

    ruleset: str
    name: str = ""
    options: dict[str, str] = field(default_factory=dict)
    combatants: list[str] = field(default_factory=list)
    extra: str = ""
    problems: dict[str, list[str]] = field(default_factory=dict)  # field key -> messages

    def problems_at(self, key: str) -> list[str]:
        return self.problems.get(key, [])


def _yaml_value(value: Any) -> str:
    text = yaml.safe_dump(value, default_flow_style=True).strip()
    return text.removesuffix("...").strip()


def option_fields(ruleset: Ruleset[Any, Any, Any]) -> list[OptionField]:
    """The ruleset's rule options with their defaults and what each means."""
    model = _field_model(ruleset.scenario_model, "options")
    if model is None:
        return []
    out = []
    for name, info in model.model_fields.items():
        default = info.get_default(call_default_factory=True)
        annotation = info.annotation
        choices: tuple[str, ...] = ()
        if typing.get_origin(annotation) is typing.Literal:
            choices = tuple(_yaml_value(v) for v in typing.get_args(annotation))
        elif annotation is bool:
            choices = ("true", "false")
        out.append(OptionField(name, _yaml_value(default), choices, info.description or ""))
    return out


def combatant_template(ruleset: Ruleset[Any, Any, Any]) -> str:
    """A starting point for one combatant: its required fields, as YAML to fill in."""
    model = _item_model(ruleset.scenario_model, "combatants")
    if model is None:
        return "name: \nside: \n"
    lines = [f"{n}: " for n, info in model.model_fields.items() if info.is_required()]
    for wanted in ("side", "tactics"):
        if wanted in model.model_fields and f"{wanted}: " not in lines:
            lines.append(f"{wanted}: ")
    return "\n".join(lines) + "\n"


def _field_model(model: type[BaseModel], name: str) -> type[BaseModel] | None:
    info = model.model_fields.get(name)
    annotation = info.annotation if info is not None else None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return None


def _item_model(model: type[BaseModel], name: str) -> type[BaseModel] | None:
    info = model.model_fields.get(name)
    if info is None:
        return None
    for arg in typing.get_args(info.annotation):
        if isinstance(arg, type) and issubclass(arg, BaseModel):
            return arg
    return None


_AT = re.compile(r"^(combatants)\[(\d+)\]|^(options)\.(\w+)")


def build(draft: Draft, ruleset: Ruleset[Any, Any, Any]) -> LoadedScenario | None:
    """The scenario the draft describes, or ``None`` with ``draft.problems`` filled in (keyed
    ``combatants[1]``, ``options.NAME``, ``name``, ``extra`` or ``""`` for the whole form).
    Every box is read by the shared YAML reader, as a scenario file is; this blocks (the
    tracker runs it off the event loop)."""
    data: dict[str, Any] = {"ruleset": ruleset.name}
    if draft.name:
        data["name"] = draft.name
    problems: dict[str, list[str]] = {}
    if draft.extra.strip():
        try:
            extra = load_yaml(draft.extra)
        except YamlProblem as exc:
            extra = None
            problems.setdefault("extra", []).append(str(exc))
        if extra is not None and not isinstance(extra, dict):
            problems.setdefault("extra", []).append("expected a mapping of scenario fields")
        elif isinstance(extra, dict):
            data.update({k: v for k, v in extra.items() if k not in ("ruleset", "combatants")})
    defaults = {o.name: o.default for o in option_fields(ruleset)}
    options: dict[str, Any] = {}
    for name, text in draft.options.items():
        if name not in defaults:
            problems.setdefault("", []).append(f"options.{name}: not an option of {ruleset.name}")
        elif text.strip() and text.strip() != defaults[name]:
            try:
                options[name] = load_yaml(text)
            except YamlProblem as exc:
                problems.setdefault(f"options.{name}", []).append(f"cannot read the value: {exc}")
    if options:
        data["options"] = options
    combatants = []
    for i, text in enumerate(draft.combatants):
        try:
            one = load_yaml(text)
        except YamlProblem as exc:
            problems.setdefault(f"combatants[{i}]", []).append(str(exc))
            one = None
        combatants.append(one)
    data["combatants"] = combatants
    if problems:
        draft.problems = problems
        return None
    try:
        return parse_scenario(data, "the form")
    except ScenarioError as exc:
        for problem in exc.problems:
            where, _, message = problem.partition(": ")
            found = _AT.match(where)
            if found and found.group(1):
                key = f"combatants[{found.group(2)}]"
                rest = where[found.end() :].lstrip(".")
                text = f"{rest}: {message}" if rest else message
            elif found:
                key, text = f"options.{found.group(4)}", message
            elif where in ("name",):
                key, text = where, message
            else:
                key, text = "", problem
            problems.setdefault(key, []).append(text)
        draft.problems = problems
        return None
