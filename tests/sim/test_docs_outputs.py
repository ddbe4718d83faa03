"""The example outputs in docs/analysis.md are what their commands print today.

Each ``<!-- output of: fracas ... -->`` comment is followed by a fenced block; the test runs
the command (``{tmp}`` is a fresh folder) and compares its standard output with the block,
the wall time aside. ``FRACAS_REGENERATE_DOCS=1`` rewrites the blocks instead, so a change
that moves a figure is one command away from docs that say so."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from tests.sim.conftest import ROOT

DOC = ROOT / "docs" / "analysis.md"
MARK = re.compile(r"<!-- output of: (?P<cmd>.+?) -->\n```text\n(?P<body>.*?)```", re.S)
WALL = re.compile(r", \d+\.\d s\)$", re.M)
#: the CPU time ``fracas odds`` reports
CPU = re.compile(r"computed in \d+ ms CPU$", re.M)
#: the commands that take --jobs
WITH_JOBS = ("sim", "compare", "sweep", "balance")


def _blocks() -> list[tuple[str, str]]:
    return [(m["cmd"], m["body"]) for m in MARK.finditer(DOC.read_text(encoding="utf-8"))]


def _run(command: str, tmp: Path) -> str:
    args = shlex.split(command.replace("{tmp}", str(tmp)))
    assert args[0] == "fracas"
    old = Path.cwd()
    os.chdir(ROOT)
    try:
        jobs = ["-j", "1"] if args[1] in WITH_JOBS else []
        result = CliRunner().invoke(main, [*args[1:], *jobs])
    finally:
        os.chdir(old)
    assert result.exit_code == 0, result.stderr
    return _masked(result.stdout)


def _masked(text: str) -> str:
    """``text`` without what changes from run to run (the wall and CPU times)."""
    return CPU.sub("computed in … ms CPU", WALL.sub(", … s)", text))


def test_every_marked_block_has_a_command() -> None:
    assert len(_blocks()) >= 5


@pytest.mark.parametrize("command", [cmd for cmd, _ in _blocks()])
def test_the_docs_show_what_each_command_prints(command: str, tmp_path: Path) -> None:
    printed = _run(command, tmp_path)
    if os.environ.get("FRACAS_REGENERATE_DOCS"):
        text = DOC.read_text(encoding="utf-8")
        marker = f"<!-- output of: {command} -->\n```text\n"
        head, _, rest = text.partition(marker)
        _, _, tail = rest.partition("```")
        DOC.write_text(head + marker + printed + "```" + tail, encoding="utf-8")
        return
    shown = dict(_blocks())[command]
    assert _masked(shown) == printed, (
        f"docs/analysis.md no longer shows what `{command}` prints; "
        "run the tests with FRACAS_REGENERATE_DOCS=1 to rewrite it"
    )
