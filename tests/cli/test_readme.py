"""The README's tour runs as written (each ``fracas ...`` line, in order, in a fresh folder)."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main

ROOT = Path(__file__).parents[2]


def tour_lines() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    tour = text.split("## A short tour", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    joined = tour.replace("\\\n", " ")
    return [line.split("  #", 1)[0].strip() for line in joined.splitlines() if line.strip()]


def test_the_readme_tour_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    lines = tour_lines()
    assert len(lines) >= 10
    for line in lines:
        words = shlex.split(line)
        assert words[0] == "fracas", line
        target = None
        if ">" in words:
            words, target = words[: words.index(">")], words[words.index(">") + 1]
        stdin = (
            "6\n5\n" * 2000 if "--ask" in words else "t\n" * 5000 if "--control" in words else None
        )
        result = runner.invoke(main, words[1:], input=stdin)
        assert result.exit_code == 0, f"{line}\n{result.stderr}"
        if target is not None:
            Path(target).write_text(result.stdout)
    assert os.path.exists(tmp_path / "fracas.db")
