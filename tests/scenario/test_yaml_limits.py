"""The one YAML reader (scenario files, ``-o`` and ``--vary`` values, the tracker's fields):
aliases within a small budget, no recursive alias, a size limit, every refusal early and
naming where. "Early" is counted (nodes composed, values built), never timed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.scenario.yaml_input import (
    MAX_ALIAS_NODES,
    MAX_NODES,
    MAX_YAML_CHARS,
    StrictLoader,
    YamlProblem,
    load_yaml,
)
from fracas.sim.grid import VaryError, parse_vary

EXAMPLE = Path(__file__).parents[2] / "examples" / "percentile" / "joanne-vs-ondkille.yaml"

#: ~500 bytes: ten levels of nine aliases, 9**10 (3.5 billion) strings written out
LAUGHS_500 = "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n"
    for a, b in zip("abcdefghi", "bcdefghij", strict=True)
)
LAUGHS_500 = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + LAUGHS_500
#: ~200 bytes, as sent to the tracker: eight levels of aliases, 6**8 (1.7 million) values
LAUGHS_200 = "a: &a [x,x,x,x,x,x]\n" + "".join(
    f"{b}: &{b} [*{a},*{a},*{a},*{a},*{a},*{a}]\n"
    for a, b in zip("abcdefg", "bcdefgh", strict=True)
)
#: the same through merge keys (``<<``), which PyYAML's constructor flattens in place
MERGE_LAUGHS = "a: &a {k0: 0, k1: 1, k2: 2, k3: 3}\n" + "".join(
    f"{b}: &{b} {{<<: [{', '.join([f'*{a}'] * 8)}]}}\n"
    for a, b in zip("abcdefg", "bcdefgh", strict=True)
)


class Counted:
    """How many nodes the reader composed and how many values it built."""

    composed = 0
    built = 0


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[Counted]]:
    Counted.composed = Counted.built = 0
    compose, construct = StrictLoader.compose_node, StrictLoader.construct_object

    def compose_node(self: Any, parent: Any, index: Any) -> Any:
        Counted.composed += 1
        return compose(self, parent, index)

    def construct_object(self: Any, node: Any, deep: bool = False) -> Any:
        Counted.built += 1
        return construct(self, node, deep)

    monkeypatch.setattr(StrictLoader, "compose_node", compose_node)
    monkeypatch.setattr(StrictLoader, "construct_object", construct_object)
    yield Counted


def test_the_billion_laughs_are_small() -> None:
    assert 400 <= len(LAUGHS_500) <= 550
    assert 150 <= len(LAUGHS_200) <= 250


@pytest.mark.parametrize("text", [LAUGHS_500, LAUGHS_200, MERGE_LAUGHS])
def test_billion_laughs_are_refused_before_anything_is_built(
    text: str, counted: type[Counted]
) -> None:
    with pytest.raises(YamlProblem, match=r"line \d+, column \d+, in [a-j]\[?.*: the aliases"):
        load_yaml(text)
    assert counted.built == 0
    assert counted.composed <= text.count("*") + text.count(",") + 20  # the text's own nodes


def test_aliases_within_the_budget_are_read() -> None:
    template = "{" + ", ".join(f"k{i}: {i}" for i in range(49)) + "}"  # 99 values
    text = f"t: &t {template}\nuse: [{', '.join(['*t'] * (MAX_ALIAS_NODES // 99))}]\n"
    data = load_yaml(text)
    assert data["use"][0] == data["t"] and len(data["use"]) == MAX_ALIAS_NODES // 99
    with pytest.raises(YamlProblem, match="aliases"):
        load_yaml(text.replace("]\n", ", *t]\n"))


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("&a [*a]", "in [0]: the alias *a is inside the list it stands for"),
        ("x: &a {y: *a}", "in x.y: the alias *a is inside the mapping it stands for"),
        ("x: &a {y: [1, {z: *a}]}", "in x.y[1].z: the alias *a is inside the mapping"),
        ("x: &a\n  <<: *a\n", "the alias *a is inside the mapping"),
    ],
)
def test_a_recursive_alias_is_refused_naming_where(
    text: str, where: str, counted: type[Counted]
) -> None:
    with pytest.raises(YamlProblem) as info:
        load_yaml(text)
    assert where in str(info.value)
    assert counted.built == 0 and counted.composed <= 10


def test_nesting_through_aliases_counts(counted: type[Counted]) -> None:
    deep = "[" * 40 + "]" * 40
    with pytest.raises(YamlProblem, match="nested more than 64 levels deep"):
        load_yaml(f"a: &a {deep}\nb: {'[' * 30}*a{']' * 30}\n")
    assert counted.built == 0


def test_more_values_than_the_limit_are_refused_at_the_limit(counted: type[Counted]) -> None:
    text = "x: [" + ",".join(["1"] * (MAX_NODES + 1000)) + "]\n"
    with pytest.raises(YamlProblem, match=f"in x\\[{MAX_NODES - 3}\\]: more than 100,000 values"):
        load_yaml(text)
    assert counted.built == 0 and counted.composed == MAX_NODES + 1


def test_text_over_the_size_limit_is_refused_unread(counted: type[Counted]) -> None:
    with pytest.raises(YamlProblem, match="more than the 16 MB limit"):
        load_yaml("#" * (MAX_YAML_CHARS + 1))
    assert counted.composed == 0


def test_a_self_referencing_alias_in_a_vary_value_is_refused(counted: type[Counted]) -> None:
    with pytest.raises(VaryError, match=r"--vary options\.x=&a \[\*a\]: cannot read the value"):
        parse_vary("options.x=&a [*a]")
    assert counted.built == 0 and counted.composed <= 3


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_cli_refuses_billion_laughs_in_a_scenario_and_in_an_option(tmp_path: Path) -> None:
    path = tmp_path / "laughs.yaml"
    path.write_text("ruleset: percentile\n" + LAUGHS_500)
    for args in (
        ("check", str(path)),
        ("check", str(EXAMPLE), "-o", "x=" + LAUGHS_200.replace("\n", ", ").join("{}")),
        ("sweep", str(EXAMPLE), "--vary", "options.max_rounds=&a [*a]", "-n", "1"),
    ):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
        assert "alias" in result.stderr, result.stderr
