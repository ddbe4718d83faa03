"""Every ruleset has the same skeleton (docs/adding-a-ruleset.md), typed without casts, and
its modules import each other without a circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fracas.rulesets import RULESETS

SRC = Path(__file__).resolve().parents[2] / "src" / "fracas"
SKELETON = (
    "__init__.py",
    "ruleset.py",
    "scenario.py",
    "state.py",
    "events.py",
    "actions.py",
    "options.py",
    "tactics.py",
    "legality.py",
    "account.py",
    "tables.py",
    "demo.py",
)


def package(name: str) -> Path:
    return SRC / "rulesets" / name


def imports_of(path: Path, prefix: str) -> tuple[set[str], list[str]]:
    """The sibling modules ``path`` imports at module level, and any import made inside a
    function (``"line N"``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == prefix:
                top.update(alias.name for alias in node.names)
            elif node.module.startswith(prefix + "."):
                top.add(node.module[len(prefix) + 1 :].split(".")[0])
    local = [
        f"line {inner.lineno}"
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
        for inner in ast.walk(fn)
        if isinstance(inner, ast.Import | ast.ImportFrom)
    ]
    return top, local


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_ruleset_has_the_skeleton_files(name: str) -> None:
    missing = [f for f in SKELETON if not (package(name) / f).is_file()]
    assert missing == [], f"{name} lacks {missing}"


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_ruleset_modules_import_each_other_without_a_circle(name: str) -> None:
    prefix = f"fracas.rulesets.{name}"
    graph: dict[str, set[str]] = {}
    local: dict[str, list[str]] = {}
    for path in package(name).glob("*.py"):
        top, inner = imports_of(path, prefix)
        graph[path.stem] = top
        if inner:
            local[path.stem] = inner
    assert local == {}, f"function-local imports in {name}: {local}"
    done: set[str] = set()

    def visit(module: str, trail: tuple[str, ...]) -> None:
        if module in trail:
            circle = (*trail[trail.index(module) :], module)
            pytest.fail(f"import circle in {name}: {' -> '.join(circle)}")
        if module in done or module not in graph:
            return
        for dep in graph[module]:
            visit(dep, (*trail, module))
        done.add(module)

    for module in sorted(graph):
        if module != "__init__":
            visit(module, ())


def test_no_type_ignore_in_the_engine_or_the_rulesets() -> None:
    found = [
        f"{path.relative_to(SRC)}:{number}"
        for folder in ("engine", "rulesets")
        for path in sorted((SRC / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore" in line
    ]
    assert found == []
