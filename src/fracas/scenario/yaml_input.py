"""YAML as scenarios and ``-o`` values are read: strict, bounded, and fast.

- libyaml's C parser where PyYAML has it (``yaml.CSafeLoader``), the pure-Python one else;
- a key given twice in one mapping is an error naming both lines (PyYAML keeps the last);
- numbers are read as YAML 1.2 writes them: ``12``, ``-3``, ``2.5``, ``.5``, and nothing
  else: ``5_000``, ``1:30``, ``010``, ``0x1F`` or ``1e3`` stay text (YAML 1.1 would read
  them as numbers), so a field that wants a number reports them instead of guessing;
- nesting deeper than :data:`MAX_DEPTH` is refused (no ``RecursionError``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any, ClassVar

import yaml

#: Deepest nesting of mappings and lists a scenario or an option value may have.
MAX_DEPTH = 64
#: Problems listed for one file before "and N more".
MAX_ERRORS = 20

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"


class YamlProblem(ValueError):
    """Text that is not YAML fracas reads: ``line L, column C: what is wrong``."""


class StrictLoader(_Base):  # type: ignore[misc]
    """The safe loader, with duplicate keys refused and YAML 1.2 numbers."""

    yaml_implicit_resolvers: ClassVar[dict[str | None, list[tuple[str, re.Pattern[str]]]]] = {
        first: [(tag, rx) for tag, rx in resolvers if tag not in (_INT, _FLOAT)]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: dict[Any, int] = {}
        for key_node, _value in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            try:
                first = seen.get(key)
            except TypeError:
                continue  # an unhashable key: the base class reports it
            if first is not None:
                raise YamlProblem(
                    f"line {line}: duplicate key {key!r} (first given at line {first})"
                )
            seen[key] = line
        return super().construct_mapping(node, deep)


_INT_RX = re.compile(r"^[-+]?(0|[1-9][0-9]*)$")
_FLOAT_RX = re.compile(r"^([-+]?([0-9]+\.[0-9]*|\.[0-9]+)|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$")
StrictLoader.add_implicit_resolver(_INT, _INT_RX, list("-+0123456789"))
StrictLoader.add_implicit_resolver(_FLOAT, _FLOAT_RX, list("-+0123456789."))


def load_yaml(text: str) -> Any:
    """The data in ``text``; :class:`YamlProblem` for anything fracas does not read."""
    try:
        data = yaml.load(text, Loader=StrictLoader)  # StrictLoader is a safe loader
    except yaml.YAMLError as exc:
        raise YamlProblem(_yaml_problem(exc)) from None
    except RecursionError:
        raise YamlProblem(f"nested more than {MAX_DEPTH} levels deep") from None
    if _depth_exceeds(data, MAX_DEPTH):
        raise YamlProblem(f"nested more than {MAX_DEPTH} levels deep")
    return data


def _yaml_problem(exc: yaml.YAMLError) -> str:
    """``line 3, column 1: not valid YAML: expected ',' or ']'`` (no library internals)."""
    mark = getattr(exc, "problem_mark", None)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    problem = getattr(exc, "problem", None) or str(exc)
    if "nesting depth" in problem:
        problem = f"nested more than {MAX_DEPTH} levels deep"
        return f"{where}{problem}"
    return f"{where}not valid YAML: {problem}"


def _depth_exceeds(data: Any, limit: int) -> bool:
    """Whether ``data`` nests lists and mappings deeper than ``limit`` (no recursion)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def check_names(data: Any) -> list[str]:
    """Problems with the ``name`` fields anywhere in ``data``: blank, with white space around
    it, or holding control characters (they would break the account and the menus)."""
    return [f"{where}: {problem}" for where, problem in _name_problems(data, "")]


def _name_problems(data: Any, where: str) -> Iterator[tuple[str, str]]:
    stack: list[tuple[Any, str]] = [(data, where)]
    while stack:
        item, at = stack.pop(0)
        if isinstance(item, dict):
            for key, value in item.items():
                here = f"{at}.{key}" if at else str(key)
                if key == "name" and isinstance(value, str):
                    problem = name_problem(value)
                    if problem:
                        yield here, problem
                else:
                    stack.append((value, here))
        elif isinstance(item, list):
            stack.extend((value, f"{at}[{i}]") for i, value in enumerate(item))


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a combatant (or anything), or ``None`` if it can."""
    if not name.strip():
        return "a name cannot be blank"
    if name != name.strip():
        return f"{name!r} has white space around it"
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return f"{name!r} holds a control character"
    return None
