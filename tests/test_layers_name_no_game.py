"""``sim/``, ``web/`` and ``cli/`` serve every ruleset through the ``Ruleset`` interface and the
fast-path registry (``fracas.sim.fast``): they never import a ruleset's package, never test a
ruleset's name, and never name a game, in code, strings, comments or templates.

A game's name is any ruleset's registry name (``fracas.rulesets.RULESETS``) standing as a word
of its own; an underscore or a dot is a word boundary here (``percentile_kernel``,
``EXP_ENGINE``, ``rulesets.exp``). The statistics word is allowed after an ordinal
("5th-95th percentile"), and the exponential ``math.exp`` is no game.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from fracas.rulesets import RULESETS

SRC = Path(__file__).parents[1] / "src" / "fracas"
LAYERS = ("sim", "web", "cli")


def _pattern() -> re.Pattern[str]:
    names = "|".join(sorted(RULESETS, key=len, reverse=True))
    return re.compile(
        rf"(?<![A-Za-z0-9])(?<!th )(?<!math\.)({names})(?![A-Za-z0-9])", re.IGNORECASE
    )


def files() -> list[Path]:
    return sorted(
        path
        for layer in LAYERS
        for path in (SRC / layer).rglob("*")
        if path.is_file() and path.suffix in (".py", ".html", ".js", ".css", ".txt", ".md")
    )


def mentions(text: str) -> list[str]:
    """Each line of ``text`` that names a game, as ``line N: ...``."""
    pattern = _pattern()
    return [
        f"line {number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), 1)
        if pattern.search(line)
    ]


def test_the_pattern_finds_a_game_in_every_disguise_but_the_statistic() -> None:
    for game in RULESETS:
        for text in (
            f"from fracas.rulesets.{game}.fast import spec",
            f'if ruleset.name == "{game}":',
            f"{game.upper()}_ENGINE = 1",
            f"{game}_kernel.run()",
            f"# a {game.capitalize()} duel",
        ):
            assert mentions(text), text
    assert mentions("5th-95th percentile, expected, expect_branches, np.expm1, math.exp(x)") == []


@pytest.mark.parametrize("layer", LAYERS)
def test_the_layer_names_no_game(layer: str) -> None:
    found = {
        str(path.relative_to(SRC)): hits
        for path in files()
        if path.relative_to(SRC).parts[0] == layer
        for hits in [mentions(path.read_text(encoding="utf-8"))]
        if hits
    }
    assert found == {}


@pytest.mark.parametrize("layer", LAYERS)
def test_the_layer_imports_no_ruleset_package(layer: str) -> None:
    """Only the registry (``fracas.rulesets``) and the interface (``fracas.engine``)."""
    found = []
    for path in sorted((SRC / layer).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            if isinstance(node, ast.ImportFrom) and node.module == "fracas.rulesets":
                names += [f"fracas.rulesets.{a.name}" for a in node.names if a.name in RULESETS]
            for name in names:
                if name.startswith("fracas.rulesets."):
                    found.append(f"{path.relative_to(SRC)}:{node.lineno} {name}")
    assert found == []
