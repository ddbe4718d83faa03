"""Every option is described in the model and documented in docs/rulesets/exp.md."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fracas.rulesets.exp.options import ExpOptions

DOC = (Path(__file__).parents[3] / "docs" / "rulesets" / "exp.md").read_text(encoding="utf-8")
HEADINGS = [line for line in DOC.splitlines() if line.startswith("### ")]


@pytest.mark.parametrize("name", list(ExpOptions.model_fields), ids=str)
def test_option_has_a_description_and_a_documented_heading(name: str) -> None:
    assert ExpOptions.model_fields[name].description
    assert any(f"`{name}`" in heading for heading in HEADINGS), name


def test_options_forbid_unknown_names() -> None:
    with pytest.raises(ValueError, match="Extra inputs are not permitted"):
        ExpOptions.model_validate({"dss_table": "x"})


RULE_MODULES = [
    "attack",
    "attack_roll",
    "nonlethal_damage",
    "dss",
    "actual_damage",
    "oops",
    "victory",
    "grapple",
    "snatch",
    "trip",
    "challenges",
    "initiative",
    "legality",
]
#: bookkeeping helpers that carry out no rule of their own
HELPERS = {
    "check_attack",
    "sides_standing",
    "fallen",
    "check_held",
    "has_attack_left",
    "in_fight",
    "require",
    "check_turn",
    "check_target",
    "check_strike_row",
}


def _rule_functions() -> list[tuple[str, str, str]]:
    found = []
    for module in RULE_MODULES:
        path = Path(__file__).parents[3] / "src" / "fracas" / "rulesets" / "exp" / f"{module}.py"
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                found.append((module, node.name, ast.get_docstring(node) or ""))
    return found


@pytest.mark.parametrize(
    ("module", "name", "doc"),
    [f for f in _rule_functions() if f[1] not in HELPERS],
    ids=lambda v: v if isinstance(v, str) and "\n" not in v and len(v) < 40 else "",
)
def test_each_rule_function_cites_the_chapter_section_or_the_notes(
    module: str, name: str, doc: str
) -> None:
    assert "Chapter" in doc or "notes, section" in doc, f"{module}.{name}"
