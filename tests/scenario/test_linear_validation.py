"""Reading and validating a scenario is linear in its size, up to the largest one allowed
(``MAX_NODES`` values): counted in Python operations (each line run and each call, through
``sys.settrace``), never timed. A 20-times larger input may cost at most about 20 times as
many operations per value as a small one (quadratic work would cost 20 times more again).

Work done inside built-ins (a slice, ``list.pop(0)``) is not counted by the tracer: the
walkers use ``deque`` and sets, never those, so each value costs a bounded number of lines.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from fracas.scenario import ScenarioError, parse_scenario
from fracas.scenario.yaml_input import MAX_NODES, load_yaml

EXAMPLE = Path(__file__).parents[2] / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
HEAD = "ruleset: percentile\nname: big\n"
COMBATANT = (
    "  - {{name: F{i}, side: s{side}, STR: 10, CON: 10, AGL: 10, PER: 10, fatigue: 20, "
    "hp: 20, armour: none, weapons: [dagger], skills: {{dagger: 40}}}}\n"
)
#: values in one COMBATANT line (scalars, keys, lists and mappings)
PER_COMBATANT = 27


def many_combatants(n: int) -> str:
    """A valid scenario of ``n`` combatants on two sides (every cross-check runs)."""
    return HEAD + "combatants:\n" + "".join(COMBATANT.format(i=i, side=i % 2) for i in range(n))


def many_bad_combatants(n: int) -> str:
    """``n`` combatants, each with a problem (``hp: x``): every error is listed and sorted."""
    return many_combatants(n).replace("hp: 20", "hp: x")


def one_long_list(n: int) -> str:
    """The issue's shape: a scenario with one long list of small mappings."""
    return HEAD + "combatants:\n" + "".join(f"  - {{name: n{i}}}\n" for i in range(n))


def operations(work: Callable[[], Any]) -> int:
    """Python lines run and calls made by ``work()`` (in this thread)."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        count += 1
        return tracer

    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        work()
    finally:
        sys.settrace(old)
    return count


def check(text: str) -> None:
    with contextlib.suppress(ScenarioError):
        parse_scenario(load_yaml(text), "big.yaml")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("shape", "values_per_item"),
    [(many_combatants, PER_COMBATANT), (many_bad_combatants, PER_COMBATANT), (one_long_list, 5)],
)
def test_the_largest_scenario_allowed_costs_a_bounded_number_of_operations(
    shape: Callable[[int], str], values_per_item: int
) -> None:
    largest = (MAX_NODES - 20) // values_per_item  # check() lets a YamlProblem through
    small = largest // 20
    small_text, large_text = shape(small), shape(largest)
    per_value_small = operations(lambda: check(small_text)) / (small * values_per_item)
    per_value_large = operations(lambda: check(large_text)) / (largest * values_per_item)
    assert per_value_large <= 1.25 * per_value_small, (per_value_small, per_value_large)
