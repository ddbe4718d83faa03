"""Nothing the table has seen is lost: every typed roll is in the store before its result is
shown, and ``resume`` uses the rolls of the interrupted action before asking for more."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.store import SqliteStore

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
ROLLS = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.rolls"
FRACAS = [sys.executable, "-c", "import sys; from fracas.cli import main; sys.exit(main())"]
#: the end of a question for a roll, as AskRoller asks it
QUESTION = re.compile(rb"roll [0-9A-Za-z%+\- ]+: ")


def reference() -> tuple[list[str], list[int]]:
    """The example fought from the chapter's rolls: its log lines and every roll's total."""
    result = CliRunner().invoke(main, ["fight", str(EXAMPLE), "--rolls", str(ROLLS), "--json"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    totals = [json.loads(line)["value"] for line in lines if '"type":"Rolled"' in line]
    return lines, totals


def stored_rolls(db: Path) -> list[int]:
    """Every roll the store holds: in the log, then those of the action in progress."""
    with SqliteStore(db) as store:
        record = store.latest()
        logged = [
            json.loads(line)["value"] for line in store.lines(record.id) if '"Rolled"' in line
        ]
        return logged + [roll.value for roll in store.pending_rolls(record.id)]


def fight_until_killed(db: Path, answers: list[int], kill_after_lines: int) -> int:
    """Play the example with typed rolls, SIGKILL it once it has printed that many lines;
    return how many questions it had asked. Its stdout and stderr share one pipe, so what
    it prints and what it asks are seen in the order it wrote them."""
    proc = subprocess.Popen(
        [*FRACAS, "fight", str(EXAMPLE), "--ask", "--db", str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
    )
    assert proc.stdin and proc.stdout
    lines = asked = 0
    pending = b""
    try:
        while lines < kill_after_lines:
            chunk = os.read(proc.stdout.fileno(), 4096)
            if not chunk:
                break
            pending += chunk
            *done, pending = pending.split(b"\n")
            lines += len(done)
            if lines >= kill_after_lines:
                break
            if QUESTION.search(pending) and pending.endswith(b": "):
                asked += 1  # the process waits for this answer: nothing else comes first
                pending = b""
                proc.stdin.write(f"{answers[asked - 1]}\n".encode())
                proc.stdin.flush()
    finally:
        proc.kill()
        proc.wait()
    return asked


@pytest.mark.parametrize("kill_after_lines", [1, 2, 7, 11, 16, 25])
def test_a_fight_killed_after_a_printed_line_loses_no_roll_and_asks_none_again(
    tmp_path: Path, kill_after_lines: int
) -> None:
    lines, answers = reference()
    db = tmp_path / "table.db"
    asked = fight_until_killed(db, answers, kill_after_lines)
    stored = stored_rolls(db)
    assert stored == answers[: len(stored)]
    # each question is asked only once the roll before it is stored
    assert len(stored) >= asked - 1
    if len(stored) < len(answers):  # (on a busy machine the fight may have ended first)
        rest = "".join(f"{value}\n" for value in answers[len(stored) :])
        resumed = subprocess.run(
            [*FRACAS, "resume", str(db), "--ask"], input=rest, capture_output=True, text=True
        )
        assert resumed.returncode == 0, resumed.stderr
        assert "Traceback" not in resumed.stderr
    with SqliteStore(db) as store:
        assert store.lines(1) == lines
        assert store.pending_rolls(1) == []


def test_rolls_typed_before_a_stop_are_used_first_on_resume(tmp_path: Path) -> None:
    lines, answers = reference()
    db = tmp_path / "table.db"
    runner = CliRunner()
    # initiative (2 rolls), then the first round's first two rolls: the round is one action
    first = runner.invoke(
        main,
        ["fight", str(EXAMPLE), "--ask", "--db", str(db)],
        input="".join(f"{v}\n" for v in answers[:4]),
    )
    assert first.exit_code == 2
    with SqliteStore(db) as store:
        assert [r.value for r in store.pending_rolls(1)] == answers[2:4]
    second = runner.invoke(
        main, ["resume", str(db), "--ask"], input="".join(f"{v}\n" for v in answers[4:])
    )
    assert second.exit_code == 0, second.stderr
    assert "(2 roll(s) typed before the stop are used first)" in second.stderr
    assert f"roll D100: {answers[2]} (typed before)" in second.stderr
    with SqliteStore(db) as store:
        assert store.lines(1) == lines


def test_an_interactive_fight_without_a_db_says_before_the_first_roll_that_nothing_is_kept(
    tmp_path: Path,
) -> None:
    """Without --db an --ask or --control fight lives only in memory until it ends: a GM
    typing rolls for an hour must be told so before the first one, with the remedy."""
    log = str(tmp_path / "f.jsonl")
    for extra in (["--ask"], ["--control", "all"], ["--ask", "--log", log]):
        result = CliRunner().invoke(main, ["fight", str(EXAMPLE), *extra], input="")
        warning = result.stderr.split("roll D20", 1)[0].split("You decide", 1)[0]
        assert "nothing is saved until the fight ends" in warning, (extra, result.stderr)
        assert "--db" in warning
    for quiet in (["--ask", "--db", str(tmp_path / "t.db")], ["--seed", "1"]):
        result = CliRunner().invoke(main, ["fight", str(EXAMPLE), *quiet], input="")
        assert "nothing is saved until" not in result.stderr, quiet
