"""A rule exists at most twice: in the event engine and in one compiled mirror shared by a
game's batch kernel and its exact chain (docs/architecture.md, docs/batch-and-odds.md, "One
compiled mirror of the rules"); and each fast path cites the chapter it mirrors and the tests
that hold it (docs/adding-a-ruleset.md, "Fast paths").

Percentile's shared mirror is ``fast/rules.py``. The batch kernel, its grid kernel and the
exact chain's compiled exchange carry out what its functions decide, so they read none of the
tables' codes, the weapons' conditions and the options those functions decide on: a module
that reads one again is writing that rule a second time.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
RULESETS = ROOT / "src" / "fracas" / "rulesets"
FAST = RULESETS / "percentile" / "fast"
#: the compiled paths that must leave the exchange's rules to ``rules.py``
PATHS = ("kernel.py", "grid_kernel.py", "exchange_kernel.py")
#: what only ``rules.py`` decides on, by the rule
RULES_ONLY = {
    # the d100 check: ``rolled``, ``check_result``
    "AUTO_FAIL": "the check",
    "AUTO_SUCCESS": "the check",
    # who may parry or dodge: ``parries``, ``defence``
    "O_PARRIED": "the defence",
    "O_FUMBLE_PARRY_FREE": "the defence",
    "O_EXTRA_MIN": "the defence",
    "O_FREE": "the defence",
    "DODGE_SKILL": "the defence",
    # table 5.1's cell: ``counter_spared``, ``cell_effect_applies``, ``parry_takes_damage``
    "O_COUNTER_PARRY_ONLY": "table 5.1's cell",
    "O_BV_ROLLED": "table 5.1's cell",
    "E_DAMAGE": "table 5.1's cell",
    # damage: ``damage_rolls``, ``damage_dealt``
    "O_FULL_DOUBLE": "damage",
    "K_FULL_NO_ARMOUR": "damage",
    # weapons lost and broken: ``drop``, ``broken``, ``weapon_struck``
    "O_DROP_LOST": "a weapon lost",
    "C_LOST": "a weapon lost",
    "C_BROKEN": "a weapon broken",
    "C_DROPPED": "a weapon dropped, recovered (``recovers``)",
    "parried_weapon": "break value",
    # table 5.2: ``fall_damage``, ``self_blow``, ``fumble_kit``
    "F_DROP": "table 5.2",
    "F_DEFENCELESS": "table 5.2",
    "F_HIT_SELF": "table 5.2",
    "F_HIT_FRIEND": "table 5.2",
    "F_ARMOUR": "table 5.2",
    "F_WEAPON": "table 5.2",
    "O_FALL_ARMOUR": "table 5.2",
    "TECH": "table 5.2",
    "ARMOURED": "table 5.2",
    "armour_fumble": "table 5.2",
    # "defenceless": ``fumbled_defenceless``, ``defenceless_later``
    "DEFENCELESS_NOW": "defenceless",
    "DEFENCELESS_NEXT": "defenceless",
    "DEFENCELESS_BOTH": "defenceless",
}
#: what is still written once per path, and why (``rules.py``'s docstring)
STILL_TWICE: dict[str, set[str]] = {}


def names_read(path: Path) -> set[str]:
    """Every name a module reads or imports (``x``, ``ps.x``, ``from m import x``)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            out.update(a.name for a in node.names)
    return out


def test_the_finder_sees_a_rule_read_again(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from x import spec as ps\n\nif effect == ps.F_DROP:\n    c = C_LOST\n")
    assert {"F_DROP", "C_LOST"} <= names_read(module)


def test_rules_py_holds_every_rule_the_guard_names() -> None:
    held = names_read(FAST / "rules.py")
    assert set(RULES_ONLY) <= held


@pytest.mark.parametrize("name", PATHS)
def test_the_compiled_paths_leave_the_exchange_rules_to_rules_py(name: str) -> None:
    again = names_read(FAST / name) & set(RULES_ONLY)
    assert again == STILL_TWICE.get(name, set()), {n: RULES_ONLY[n] for n in again}


def fast_modules() -> list[Path]:
    return sorted(p for p in RULESETS.glob("*/fast/*.py") if p.name != "__init__.py")


def compiled(path: Path) -> bool:
    """Whether a module defines a compiled function (``jit``'s decorators)."""
    decorators = {"njit", "inline", "callee", "inlined_callee"}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                if isinstance(d, ast.Name) and d.id in decorators:
                    return True
    return False


@pytest.mark.parametrize("path", fast_modules(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_fast_module_cites_the_tests_that_hold_it(path: Path) -> None:
    """Each names at least one test file, and each it names exists."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    cited = re.findall(r"(?:tests/[\w/]+/)?test_\w+\.py", doc)
    assert cited, f"{path.name} names no test"
    for name in cited:
        where = ROOT / name if name.startswith("tests/") else ROOT / "tests" / "batch" / name
        assert where.exists(), f"{path.name} cites {name}, which does not exist"


@pytest.mark.parametrize(
    "path",
    [p for p in fast_modules() if compiled(p)],
    ids=lambda p: f"{p.parent.parent.name}/{p.name}",
)
def test_every_compiled_module_cites_the_chapter_it_mirrors(path: Path) -> None:
    """``Mirrors`` the chapter's sections (a tactics module: the ruleset's tactics module,
    which is no chapter's)."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    assert re.search(r"Mirrors .*(Chapter \d|chapter's|``rulesets/\w+/tactics)", doc, re.DOTALL), (
        path.name
    )
