"""``--vary PATH=VALUES``: paths into a scenario as its validation errors name them
(``combatants[0].skills.epee``, ``options.full_damage``) and the values each takes:

- ``LOW..HIGH`` or ``LOW..HIGH:STEP`` whole numbers from LOW to HIGH, both included;
- ``[A, B, C]`` a list, each item read as YAML (``3``, ``true``, ``plate mail``);
- a single value, read as YAML.

The grid is every combination of the values (the first ``--vary`` varies slowest).
"""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fracas.engine.errors import FracasError
from fracas.scenario.yaml_input import YamlProblem, load_yaml

#: most grid points one sweep may have
MAX_POINTS = 100_000

_SEGMENT = re.compile(r"([^.\[\]]+)|\[(\d+)\]|(\.)")


class VaryError(FracasError):
    """A ``--vary`` that names no field, or values that cannot be read."""


@dataclass(frozen=True)
class Vary:
    """One varied field: its path as written, the path's segments, and its values."""

    path: str
    segments: tuple[str | int, ...]
    values: tuple[Any, ...]


def parse_path(path: str) -> tuple[str | int, ...]:
    """``combatants[0].skills.epee`` -> ``("combatants", 0, "skills", "epee")``."""
    out: list[str | int] = []
    pos = 0
    expect_name = True
    for m in _SEGMENT.finditer(path):
        if m.start() != pos:
            break
        pos = m.end()
        name, index, dot = m.groups()
        if dot:
            if expect_name:
                raise VaryError(f"--vary {path}: an empty name before a '.'")
            expect_name = True
        elif index is not None:
            if not out:
                raise VaryError(f"--vary {path}: a path starts with a field name")
            out.append(int(index))
            expect_name = False
        else:
            if not expect_name:
                raise VaryError(f"--vary {path}: expected '.' before {name!r}")
            out.append(name.strip())
            expect_name = False
    if pos != len(path) or not out or expect_name:
        raise VaryError(
            f"--vary {path}: not a field path (write it as the errors name fields, e.g. "
            "combatants[0].skills.epee)"
        )
    return tuple(out)


def _load(text: str, spec: str) -> Any:
    try:
        return load_yaml(text)
    except YamlProblem as exc:
        shown = repr(text) if len(text) <= 60 else repr(text[:60]) + "..."
        raise VaryError(f"--vary {spec}: cannot read the value {shown}: {exc}") from None


def parse_values(text: str, spec: str) -> tuple[Any, ...]:
    """The values of one ``--vary`` (see the module's docstring)."""
    text = text.strip()
    if not text:
        raise VaryError(f"--vary {spec}: no values after '='")
    if text.startswith("["):
        if not text.endswith("]"):
            raise VaryError(f"--vary {spec}: a list of values ends with ']'")
        items = [item.strip() for item in text[1:-1].split(",")]
        if not all(items):
            raise VaryError(f"--vary {spec}: an empty value in the list")
        return tuple(_load(item, spec) for item in items)
    m = re.fullmatch(r"(-?\d+)\s*\.\.\s*(-?\d+)(?:\s*:\s*(-?\d+))?", text)
    if m:
        low, high = int(m.group(1)), int(m.group(2))
        step = int(m.group(3)) if m.group(3) else 1
        if step <= 0:
            raise VaryError(f"--vary {spec}: the step must be at least 1")
        if high < low:
            raise VaryError(f"--vary {spec}: the range runs from {low} down to {high}")
        return tuple(range(low, high + 1, step))
    if ".." in text:
        raise VaryError(f"--vary {spec}: a range is LOW..HIGH or LOW..HIGH:STEP, in whole numbers")
    return (_load(text, spec),)


def parse_vary(spec: str) -> Vary:
    """``PATH=VALUES``."""
    path, sep, values = spec.partition("=")
    path = path.strip()
    if not sep or not path:
        raise VaryError(f"--vary {spec}: expected PATH=VALUES")
    return Vary(path, parse_path(path), parse_values(values, spec))


def _singular(name: str) -> str:
    return name[:-1] if name.endswith("s") and len(name) > 1 else name


def set_at(data: Any, vary: Vary, value: Any) -> None:
    """Set ``vary``'s field in ``data`` (raw scenario data) to ``value``. Missing mappings on
    the way are made (``options`` may be absent); a list index must exist."""
    cur = data
    segs = vary.segments
    where = ""
    for i, seg in enumerate(segs):
        last = i == len(segs) - 1
        if isinstance(seg, int):
            if not isinstance(cur, list):
                raise VaryError(f"--vary {vary.path}: {where} is not a list")
            if seg >= len(cur):
                prev = segs[i - 1]
                raise VaryError(
                    f"--vary {vary.path}: there is no {_singular(str(prev))} {seg} "
                    f"({where} has {len(cur)}, numbered from 0)"
                )
            if last:
                cur[seg] = value
                return
            cur = cur[seg]
            where += f"[{seg}]"
        else:
            if not isinstance(cur, dict):
                what = where or "the scenario"
                raise VaryError(f"--vary {vary.path}: {what} is not a mapping")
            if last:
                cur[seg] = value
                return
            if cur.get(seg) is None:
                cur[seg] = {}
            cur = cur[seg]
            where += f".{seg}" if where else seg


def check_paths(data: Any, varies: Sequence[Vary]) -> None:
    """Every path leads somewhere in ``data`` (tried on a copy with each first value)."""
    for vary in varies:
        set_at(copy.deepcopy(data), vary, vary.values[0])


def grid(data: Any, varies: Sequence[Vary]) -> list[tuple[tuple[Any, ...], Any]]:
    """Every grid point: (the values, in ``varies`` order; the scenario data with them)."""
    size = 1
    for vary in varies:
        size *= len(vary.values)
    if size > MAX_POINTS:
        raise VaryError(f"--vary: {size} grid points is more than the {MAX_POINTS} allowed")
    check_paths(data, varies)
    out = []
    for values in itertools.product(*(v.values for v in varies)):
        point = copy.deepcopy(data)
        for vary, value in zip(varies, values, strict=True):
            set_at(point, vary, value)
        out.append((values, point))
    return out
