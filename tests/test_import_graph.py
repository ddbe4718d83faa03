"""No import circle anywhere in ``fracas``: the layers point down (docs/architecture.md), and
within a layer a module that needs another's name does not need it back.

Every ``import`` of a ``fracas`` module is an edge, wherever it stands: at module level,
under ``if TYPE_CHECKING:`` (a circle for the type checker is a circle in the design), and
inside a function (an import put off to break a circle still is one). ``from a.b import c``
is an edge to ``a.b.c`` when that is a module, else to ``a.b``. Importing a module also
runs its parent packages' ``__init__``, but that is not counted as an edge: a package that
re-exports its modules' names is not in a circle with them.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).parents[1] / "src"


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    out: dict[str, Path] = {}
    for path in sorted((SRC / "fracas").rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _package_of(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The ``fracas`` modules ``name`` imports (see the module docstring)."""
    out: set[str] = set()
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    out.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package_of(name, path)
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            if base not in known:
                continue
            for alias in node.names:
                child = f"{base}.{alias.name}"
                out.add(child if child in known else base)
    out.discard(name)
    return out


def circles() -> list[list[str]]:
    """Each strongly connected set of modules with more than one member (Tarjan)."""
    known = modules()
    graph = {name: sorted(imports(name, path, known)) for name, path in known.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_finder_sees_a_circle_through_a_function_level_import(tmp_path: Path) -> None:
    pkg = tmp_path / "fracas"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from fracas.b import x\n")
    (pkg / "b.py").write_text("def f():\n    from fracas import a\n")
    (pkg / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import fracas.a\n"
    )
    known = {"fracas": pkg / "__init__.py", **{f"fracas.{m}": pkg / f"{m}.py" for m in "abc"}}
    assert imports("fracas.a", pkg / "a.py", known) == {"fracas.b"}
    assert imports("fracas.b", pkg / "b.py", known) == {"fracas.a"}
    assert imports("fracas.c", pkg / "c.py", known) == {"fracas.a"}


def test_no_import_circle_anywhere_in_the_package() -> None:
    assert circles() == []


def test_nothing_in_the_package_imports_the_tests() -> None:
    """The test oracles (tests/batch/exchange_oracle.py: the readable Python exchange) are
    references, not runtime copies of a rule: no module of the package imports them."""
    found = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                targets = [node.module or ""]
            else:
                continue
            found += [(name, t) for t in targets if t == "tests" or t.startswith("tests.")]
    assert found == []
