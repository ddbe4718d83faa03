"""What a GM reads at the table: a decision kept through a stop, an undo said once, a
Ctrl-C that does not glue its line to the prompt, a signed dice expression, an account
that does not start with an empty line."""

from __future__ import annotations

import os
import pty
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import msgspec
from click.testing import CliRunner

from fracas.cli import main
from fracas.store import SqliteStore

ROOT = Path(__file__).parents[2]
MELEE = ROOT / "examples" / "starflight" / "melee.yaml"
PERCENTILE = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
BRAWL = ROOT / "examples" / "exp" / "bar-brawl.yaml"
FRACAS = [sys.executable, "-c", "import sys; from fracas.cli import main; sys.exit(main())"]


def run(*args: str, input: str | None = None) -> object:
    return CliRunner().invoke(main, list(args), input=input)


def acted(db: Path) -> list[dict[str, object]]:
    with SqliteStore(db, read_only=True) as store:
        events = [msgspec.json.decode(line) for line in store.lines(1)]
    return [e["action"] for e in events if e["type"] == "Acted"]


def test_a_decision_is_kept_before_its_dice_and_goes_on_after_a_stop(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    # initiative 10 and 10; Lena's menu: 10 (a Stamina check); the stop comes at its D100
    stopped = CliRunner().invoke(
        main,
        ["fight", str(MELEE), "--control", "all", "--ask", "--db", str(db)],
        input="10\n10\n10\n",
    )
    assert stopped.exit_code == 2, stopped.output
    assert "Lena Marsh Stamina check — roll D100" in stopped.stderr
    before = acted(db)
    # resumed without --control: the choice made before the stop goes on, not the tactics'
    resumed = CliRunner().invoke(main, ["resume", str(db), "--ask"], input="55\n" + "50\n" * 400)
    assert "Traceback" not in resumed.output
    assert "use stamina (DC 95) (chosen before the stop)" in resumed.stderr
    after = acted(db)
    assert after[len(before)] == {
        "action": "UseSkill",
        "actor": "lena",
        "skill": "stamina",
        "dc": 95,
        "task": "",
    }
    assert "Stamina check: 55 +34 = 89 vs DC 95" in resumed.stdout
    assert run("replay", str(db)).exit_code == 0


def _on_a_terminal(args: list[str], answers: list[tuple[str, str]], interrupt: str = "") -> str:
    """Run fracas with stdin, stdout and stderr on one pseudo-terminal: each answer is typed
    once its prompt has shown; after them, Ctrl-C (SIGINT) once ``interrupt`` has shown.
    Returns all that was shown."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [*FRACAS, *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=ROOT,
        start_new_session=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    os.close(slave)
    shown = b""
    todo = list(answers)
    seen = 0  # what was shown up to the last prompt answered
    deadline = time.monotonic() + 120  # a guard against a hang, not a timing assertion
    while time.monotonic() < deadline:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal closed: the program ended
            break
        if not chunk:
            break
        shown += chunk
        text = shown.decode(errors="replace")
        if todo and todo[0][0] in text[seen:]:
            prompt, answer = todo.pop(0)
            seen = text.index(prompt, seen) + len(prompt)
            os.write(master, answer.encode() + b"\n")
        elif not todo and interrupt and interrupt in text[seen:]:
            seen = text.index(interrupt, seen) + len(interrupt)
            proc.send_signal(signal.SIGINT)
            interrupt = ""
    proc.wait(timeout=60)
    os.close(master)
    return shown.decode(errors="replace").replace("\r\n", "\n")


def test_an_undo_is_said_once_on_a_terminal() -> None:
    shown = _on_a_terminal(
        ["fight", str(PERCENTILE), "--seed", "1", "--control", "Joanne"],
        [("choose 1-8", "1"), ("choose 1-8", "u")],
        interrupt="choose 1-8",
    )
    assert shown.count("undone: ") == 1, shown


def test_after_ctrl_c_the_saved_line_starts_a_line_of_its_own(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    shown = _on_a_terminal(
        ["fight", str(PERCENTILE), "--control", "Joanne", "--ask", "--db", str(db)],
        [("roll D20", "3"), ("roll D20", "4")],
        interrupt="choose 1-8, t, u or ? >",
    )
    assert "saved as encounter 1" in shown, shown
    assert re.search(r"\? > *saved as", shown) is None, shown
    assert re.search(r"\? > *\n+saved as encounter 1", shown), shown


def test_roll_takes_an_expression_with_a_leading_sign() -> None:
    for expression, total in (("-2", "-2"), ("-D1", "-1"), ("-2+D1", "-1")):
        result = run("roll", expression, "--seed", "1")
        assert result.exit_code == 0, result.output
        assert result.stdout == f"{total}\n"
    stats = run("roll", "-D4", "--stats")
    assert stats.exit_code == 0 and stats.stdout.startswith("-D4: -4..-1, mean -2.5")


def test_a_fight_account_does_not_start_with_an_empty_line() -> None:
    for example in (BRAWL, MELEE, PERCENTILE):
        result = run("fight", str(example), "--seed", "1")
        assert result.exit_code == 0, result.output
        assert result.stdout.strip() and not result.stdout.startswith("\n"), example


def test_rest_ask_into_a_store_keeps_the_typed_rolls_through_a_stop(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    medic = ROOT / "examples" / "starflight" / "field-medic.yaml"
    assert run("fight", str(medic), "--seed", "2", "--db", str(db)).exit_code == 0
    with SqliteStore(db, read_only=True) as store:
        before = len(store.lines(1))
    stopped = run("rest", str(db), "--hours", "24", "--ask", input="50\n60\n")
    assert stopped.exit_code == 2 and "Traceback" not in stopped.output
    with SqliteStore(db, read_only=True) as store:
        assert [r.value for r in store.pending_rolls(1)] == [50, 60]  # kept as typed
        assert len(store.lines(1)) == before  # the rest is not half written
    again = run("rest", str(db), "--hours", "24", "--ask", input="70\n" * 500)
    assert again.exit_code == 0, again.output
    assert "(2 roll(s) typed before the stop are used first)" in again.stderr
    with SqliteStore(db, read_only=True) as store:
        rest = [msgspec.json.decode(line) for line in store.lines(1)[before:]]
        assert store.pending_rolls(1) == []
    assert [e["value"] for e in rest if e["type"] == "Rolled"][:3] == [50, 60, 70]
    assert run("replay", str(db)).exit_code == 0


def test_rest_says_times_naturally_stands_people_up_and_says_why_anyone_is_down(
    tmp_path: Path,
) -> None:
    db = tmp_path / "r.db"
    medic = ROOT / "examples" / "starflight" / "field-medic.yaml"
    assert run("fight", str(medic), "--seed", "2", "--db", str(db)).exit_code == 0
    result = run("rest", str(db), "--hours", "96", "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "[1 day after the fight]" in out and "[1 day 8 h after the fight]" in out
    assert "[day " not in out and " 0 h " not in out
    # Recuperation 0: a success for Lethal damage heals nothing, and says so
    assert "Vask heals no HP: one per point of Recuperation, and Vask has none" in out
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if "Recuperation (Lethal damage)" in line and line.endswith("success"):
            assert lines[i + 1].startswith("    "), line  # every success has its effect line
    assert "Vask stands up" in out and "Brin stands up" in out
    assert "Vask is still Dazed (NHP 2/80)" in out
    summary = out.split("Doc Amara (Interstel)", 1)[1]
    assert "prone" not in summary
