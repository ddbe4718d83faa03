"""Any mutation of an example scenario either loads and fights, or is refused with a
ScenarioError naming the field: never another exception, never a traceback."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.dice import SeededRoller
from fracas.engine import FracasError, Session
from fracas.scenario import ScenarioError, parse_scenario

EXAMPLES = sorted((Path(__file__).parents[2] / "examples").glob("*/*.yaml"))
DATA = {p: yaml.safe_load(p.read_text(encoding="utf-8")) for p in EXAMPLES}

ODD_VALUES = st.sampled_from(
    [None, -1, 0, 1, 10**9, -(10**9), "", "x", "2D6", [], {}, [1], {"a": 1}, True, 3.5]
)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in the tree (dict keys and list indices)."""
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += paths(value, (*prefix, i))
    return out


def replace(tree: Any, path: tuple[Any, ...], value: Any) -> Any:
    tree = copy.deepcopy(tree)
    node = tree
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return tree


@given(data=st.data(), value=ODD_VALUES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_mutated_scenario_loads_and_fights_or_names_its_field(
    data: st.DataObject, value: Any
) -> None:
    path_file = data.draw(st.sampled_from(EXAMPLES))
    tree = DATA[path_file]
    where = data.draw(st.sampled_from(paths(tree)))
    mutated = replace(tree, where, value)
    try:
        loaded = parse_scenario(mutated, path_file.name)
    except ScenarioError as exc:
        assert exc.problems
        assert all(": " in p for p in exc.problems)
        return
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(1))
    try:
        session.run(max_actions=5_000)
    except FracasError as exc:  # a rule refusing an action (a scripted tactic run out)
        assert str(exc)
