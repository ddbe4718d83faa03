"""``--vary PATH=VALUES``: paths into a scenario as its validation errors name them
(``combatants[0].skills.epee``, ``options.full_damage``) and the values each takes:

- ``LOW..HIGH`` or ``LOW..HIGH:STEP`` whole numbers from LOW to HIGH, both included;
- ``[A, B, C]`` a list, each item read as YAML (``3``, ``true``, ``plate mail``);
- a single value, read as YAML.

A value written ``@FILE`` is the content of a YAML file, and ``@FILE#PATH`` a field of it
(``@thugs.yaml#combatants[1]``: a combatant taken from another scenario; ``@kit.yaml#armour``
an armour list): whole items, not only numbers.

The grid is every combination of the values (the first ``--vary`` varies slowest).
"""

from __future__ import annotations

import copy
import difflib
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
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


def load_value(text: str, spec: str, flag: str = "--vary") -> Any:
    """One value as YAML, or ``@FILE[#PATH]``: the content of a YAML file (or one field of
    it, a path as the errors name fields)."""
    if text.startswith("@"):
        return _from_file(text[1:], spec, flag)
    try:
        return load_yaml(text)
    except YamlProblem as exc:
        shown = repr(text) if len(text) <= 60 else repr(text[:60]) + "..."
        raise VaryError(f"{flag} {spec}: cannot read the value {shown}: {exc}") from None


def _from_file(ref: str, spec: str, flag: str) -> Any:
    """``FILE[#PATH]``, read through the one YAML reader every input goes through."""
    from fracas.scenario.files import read_text

    name, _, inner = ref.partition("#")
    if not Path(name).is_file():
        raise VaryError(f"{flag} {spec}: @{name}: no such file")
    try:
        data = load_yaml(read_text(name, "YAML file"))
    except (FracasError, YamlProblem) as exc:
        raise VaryError(f"{flag} {spec}: @{name}: cannot read it as YAML ({exc})") from None
    if not inner:
        return data
    cur = data
    for seg in parse_path(inner):
        found = (isinstance(seg, int) and isinstance(cur, list) and seg < len(cur)) or (
            isinstance(seg, str) and isinstance(cur, dict) and seg in cur
        )
        if found:
            cur = cur[seg]
        else:
            raise VaryError(f"{flag} {spec}: @{name}#{inner}: there is no {seg!r} there")
    return copy.deepcopy(cur)


def _load(text: str, spec: str) -> Any:
    return load_value(text, spec)


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


_MISSING = object()


def _at(obj: Any, seg: str | int) -> Any:
    """One step along a path, in raw data or a validated scenario (a model's attribute)."""
    if isinstance(seg, int):
        return obj[seg] if isinstance(obj, list | tuple) and seg < len(obj) else _MISSING
    if isinstance(obj, dict):
        return obj.get(seg, _MISSING)
    return getattr(obj, seg, _MISSING)


def check_adds_nothing(raw: Any, scenario: Any, vary: Vary, flag: str = "--vary") -> None:
    """Refuse a path that ends in a new name of a free-form mapping (a fighter's skills, say:
    in the validated ``scenario`` a plain dict, not a model whose fields validation checks by
    name) that the file's ``raw`` data does not have: it would be read as a new entry that
    nothing uses, and a misspelled skill would run unnoticed."""
    *head, last = vary.segments
    if not isinstance(last, str):
        return
    model = scenario
    for seg in head:
        model = _at(model, seg)
        if model is _MISSING:
            return  # (a name the model spells otherwise: validation has checked it)
    if not isinstance(model, dict):
        return
    parent = raw
    for seg in head:
        parent = _at(parent, seg)
        if parent is _MISSING:
            break
    have = sorted(str(k) for k in parent) if isinstance(parent, dict) else []
    if last in have:
        return
    where = vary.path[: -len(last)].rstrip(".") or "the scenario"
    listed = f" (it has {', '.join(have)})" if have else " (it has none)"
    near = difflib.get_close_matches(last, have, n=1, cutoff=0.75)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    raise VaryError(
        f"{flag} {vary.path}: {where} has no {last!r}{listed}{hint} "
        f"({flag} changes what the scenario sets: to add {last!r}, write it in the file first)"
    )


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
