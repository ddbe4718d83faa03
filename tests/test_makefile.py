"""``make demo`` (a new user's first command) never sits silent: each slow step says what it
is doing before it starts, and pip shows what it fetches and installs as it goes (with
``--quiet`` the install of NumPy, numba, pyarrow... sat silent for 89 s on the shared
machine, looking hung)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]


def recipes() -> dict[str, list[str]]:
    """Each Makefile target's recipe lines (tabs stripped)."""
    found: dict[str, list[str]] = {}
    target = ""
    for line in (ROOT / "Makefile").read_text().splitlines():
        if line.startswith("\t") and target:
            found[target].append(line.strip())
        elif match := re.match(r"^([^\s:=#][^:=]*):(?!=)", line):
            target = match.group(1).strip()
            found[target] = []
        else:
            target = ""
    return found


def slow_steps() -> list[tuple[str, int, str]]:
    """(target, index, line) of every recipe line that creates the venv or runs pip."""
    return [
        (target, i, line)
        for target, lines in recipes().items()
        for i, line in enumerate(lines)
        if " -m venv " in line or " pip install " in line
    ]


def test_make_demo_says_what_each_slow_step_does_before_it_starts() -> None:
    steps = slow_steps()
    assert len(steps) >= 3  # the venv, the install, the install with the test extras
    for target, i, line in steps:
        lines = recipes()[target]
        said = lines[:i]
        assert any(s.startswith("@echo") for s in said), f"{target}: nothing said before {line}"


def test_make_demo_shows_pips_progress() -> None:
    for target, _, line in slow_steps():
        words = line.split()
        assert "--quiet" not in words and "-q" not in words, f"{target}: {line}"
