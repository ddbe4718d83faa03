"""Load and validate a scenario file; every problem names the file, the field and what is wrong."""

from __future__ import annotations

import difflib
import re
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from fracas.engine.errors import FracasError
from fracas.engine.ruleset import Ruleset
from fracas.rulesets import UnknownRuleset, get_ruleset
from fracas.scenario.files import InputError, read_text
from fracas.scenario.yaml_input import MAX_ERRORS, YamlProblem, check_names, load_yaml


class ScenarioError(FracasError):
    """A scenario that cannot be used. ``problems`` lists ``field: message`` lines; the
    message is each of them after ``source:`` (the file, or ``<scenario>`` for data). In the
    example, ``duel`` is the path of a scenario file.

    Example::

        >>> import fracas
        >>> try:
        ...     fracas.load_scenario(duel, ["nope=1"])
        ... except fracas.ScenarioError as error:
        ...     print(error.problems)
        ['options.nope: Extra inputs are not permitted']
    """

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.source = source
        self.problems = list(problems)
        shown = [f"{source}: {p}" for p in self.problems[:MAX_ERRORS]]
        if len(self.problems) > MAX_ERRORS:
            shown.append(f"{source}: and {len(self.problems) - MAX_ERRORS} more")
        super().__init__("\n".join(shown))


@dataclass(frozen=True)
class LoadedScenario:
    """A validated scenario and the ruleset that runs it (what a :class:`Session` starts
    from: ``Session.start(loaded.ruleset, loaded.scenario, roller)``). In the example,
    ``duel`` is the path of a scenario file of a duel.

    Example::

        >>> from fracas import load_scenario
        >>> loaded = load_scenario(duel)
        >>> [c.name for c in loaded.scenario.combatants]
        ['Joanne', 'Ondkille']
    """

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

    located = [(err, tuple(err["loc"])) for err in errors]
    places = {loc[:i] for _, loc in located if (i := branch_at(loc)) is not None}
    # what follows each union's place in any error (linear: a loc is a few parts long)
    following: dict[tuple[Any, ...], set[Any]] = {}
    for _, loc in located:
        for j in range(len(loc) + 1):
            if loc[:j] in places:
                following.setdefault(loc[:j], set()).add(loc[j] if j < len(loc) else None)
    kept = []
    for err, loc in located:
        i = branch_at(loc)
        if i is None or not (following[loc[:i]] - {loc[i]}):
            kept.append(err)
    return kept


def _message(msg: str) -> str:
    """pydantic's message without its "Value error, " prefix (our validators say it all)."""
    return msg.removeprefix("Value error, ")


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The models an annotation holds at its top (``X``, ``X | None``, ``Annotated[X, ...]``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


def _items_of(annotation: Any) -> list[Any]:
    """What a list or tuple annotation (or a union holding one) holds."""
    if typing.get_origin(annotation) in (list, tuple, Sequence):
        return list(typing.get_args(annotation)[:1])
    return [i for arg in typing.get_args(annotation) for i in _items_of(arg)]


def _field_names_at(model: type[BaseModel], loc: Sequence[str | int]) -> list[str]:
    """The field names (and aliases) of the model at ``loc`` inside ``model``, where one model
    is found there; else none."""
    here: list[Any] = [model]
    for part in loc:
        found: list[Any] = []
        for kind in here:
            if isinstance(part, int):
                found += _items_of(kind)
            else:
                for m in _models_in(kind):
                    field = m.model_fields.get(part)
                    if field is not None:
                        found.append(field.annotation)
        here = found
    models = {m for kind in here for m in _models_in(kind)}
    if len(models) != 1:
        return []
    (one,) = models
    return [n for name, f in one.model_fields.items() for n in (name, f.alias) if n]


def _problem(model: type[BaseModel], err: Any) -> str:
    """One validation error as ``field: message``; an unknown field close to a known one
    also says which (``did you mean 'hps'?``)."""
    loc = tuple(err["loc"])
    text = f"{format_loc(loc)}: {_message(err['msg'])}"
    if err.get("type") == "extra_forbidden" and loc and isinstance(loc[-1], str):
        names = _field_names_at(model, loc[:-1])
        near = difflib.get_close_matches(loc[-1], names, n=1, cutoff=0.75)
        if near:
            text += f" (did you mean {near[0]!r}?)"
    return text


def parse_scenario(data: Any, source: str = "<scenario>") -> LoadedScenario:
    """Validate already-parsed YAML/JSON data as a scenario of the ruleset it names.

    Raises :class:`ScenarioError` listing every problem as ``field: what is wrong``
    (``source`` names the data in the message). In the example, ``brawl`` is the path of a
    scenario file.

    Example::

        >>> import yaml
        >>> from fracas import ScenarioError, parse_scenario
        >>> with open(brawl) as file:
        ...     data = yaml.safe_load(file)
        >>> [c.name for c in parse_scenario(data).scenario.combatants]
        ['Lin', 'Saboteur']
        >>> data["combatants"][0]["hps"] = "lots"
        >>> try:
        ...     parse_scenario(data, "trip")
        ... except ScenarioError as error:
        ...     print(error.problems)
        ['combatants[0].hps: Input should be a valid integer']
    """
    if not isinstance(data, dict):
        raise ScenarioError(source, ["(top level): expected a mapping with a 'ruleset' field"])
    bad_names = check_names(data)
    if bad_names:
        raise ScenarioError(source, bad_names)
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
        model = ruleset.scenario_model
        problems = [_problem(model, err) for err in _without_losing_branches(exc.errors())]
        raise ScenarioError(source, problems) from None
    return LoadedScenario(ruleset, scenario, source)


def load_scenario(path: str | Path, overrides: Sequence[str] = ()) -> LoadedScenario:
    """Read a YAML scenario file (``-``: standard input) and validate it.

    ``overrides`` are ``NAME=VALUE`` rule options (house rules for this encounter) that
    replace the file's ``options``; each VALUE is read as YAML (``3``, ``true``, ``per-round``).
    A file that cannot be read or used raises :class:`ScenarioError` naming the file and
    the field; a ``path`` that is not a ``str``/``Path`` raises ``TypeError``. In the
    example, ``duel`` is the path of a scenario file.

    Example::

        >>> from fracas import load_scenario
        >>> load_scenario(duel, ["fatigue_loss=per-round"]).scenario.options.fatigue_loss
        'per-round'
    """
    if not isinstance(path, str | Path):
        raise TypeError(f"path: expected a file path (str or Path), not {type(path).__name__}")
    if isinstance(overrides, str) or not isinstance(overrides, Sequence):
        raise TypeError(f"overrides: expected a list of NAME=VALUE strings, not {overrides!r}")
    source = str(path)
    try:
        text = read_text(source, "scenario")
    except InputError as exc:
        raise ScenarioError(source, [str(exc).removeprefix(f"{source}: ")]) from None
    return load_scenario_text(text, source, overrides)


def load_scenario_text(text: str, source: str, overrides: Sequence[str] = ()) -> LoadedScenario:
    """Validate the YAML scenario ``text`` read from ``source`` (named in every problem)."""
    try:
        data = load_yaml(text)
    except YamlProblem as exc:
        raise ScenarioError(source, [str(exc)]) from None
    if overrides:
        data = with_options(data, overrides, source)
    return parse_scenario(data, source)


def with_options(data: Any, overrides: Sequence[str], source: str) -> Any:
    """``data`` with its ``options`` changed by ``NAME=VALUE`` overrides."""
    if not isinstance(data, dict):
        return data
    options = dict(data.get("options") or {})
    for item in overrides:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ScenarioError(source, [f"--option {_short(item)}: expected NAME=VALUE"])
        try:
            options[key.strip()] = load_yaml(value)
        except YamlProblem as exc:
            problem = f"--option {_short(item)}: cannot read the value: {exc}"
            raise ScenarioError(source, [problem]) from None
    return {**data, "options": options}


def _short(text: str, limit: int = 60) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "..."
