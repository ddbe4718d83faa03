"""``--log`` and ``--db`` are checked before the first roll; --log never replaces an input or
a file that is not a fracas log (unless --force)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from fracas.cli import main


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def refused_before_any_roll(result: Result, words: str) -> None:
    assert result.exit_code == 2, result.output
    assert words in result.stderr
    assert "roll D" not in result.stderr  # no question was asked


def test_log_may_not_name_the_scenario(toy_file: Path) -> None:
    before = toy_file.read_text()
    result = run("fight", str(toy_file), "--ask", "--log", str(toy_file), "--force")
    refused_before_any_roll(result, "--log would overwrite")
    assert toy_file.read_text() == before


def test_log_may_not_name_the_rolls_file(toy_file: Path, tmp_path: Path) -> None:
    rolls = tmp_path / "r.txt"
    rolls.write_text("6 6 6 6\n")
    result = run("fight", str(toy_file), "--rolls", str(rolls), "--log", str(rolls))
    refused_before_any_roll(result, "--log would overwrite")
    assert rolls.read_text() == "6 6 6 6\n"


def test_log_refuses_a_file_that_is_not_a_fracas_log_unless_forced(
    toy_file: Path, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my campaign notes\n")
    result = run("fight", str(toy_file), "--ask", "--log", str(notes))
    refused_before_any_roll(result, "exists and is not a fracas log; pass --force")
    assert notes.read_text() == "my campaign notes\n"
    forced = run("fight", str(toy_file), "--seed", "1", "--log", str(notes), "--force")
    assert forced.exit_code == 0, forced.stderr
    assert notes.read_text().startswith('{"type":"EncounterStarted"')
    again = run("fight", str(toy_file), "--seed", "2", "--log", str(notes))
    assert again.exit_code == 0, again.stderr  # a fracas log may be replaced


def test_log_in_a_missing_folder_is_refused_before_any_roll(toy_file: Path, tmp_path: Path) -> None:
    result = run("fight", str(toy_file), "--ask", "--log", str(tmp_path / "no" / "f.jsonl"))
    refused_before_any_roll(result, "cannot write here")


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_log_in_a_folder_where_no_file_can_be_made_is_refused_before_any_roll(
    toy_file: Path,
) -> None:
    """/proc passes a permission check for root (os.access), yet no file can be made in it:
    the fight must not be played (typed in, with --ask) only to find that out at the end."""
    result = run("fight", str(toy_file), "--ask", "--log", "/proc/fracas-fight.jsonl")
    refused_before_any_roll(result, "/proc/fracas-fight.jsonl: cannot write here")


def test_a_db_that_cannot_be_opened_is_refused_before_any_roll(
    toy_file: Path, tmp_path: Path
) -> None:
    result = run("fight", str(toy_file), "--ask", "--db", str(tmp_path / "no" / "t.db"))
    refused_before_any_roll(result, str(tmp_path / "no" / "t.db"))
    foreign = tmp_path / "foreign.db"
    import sqlite3

    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE accounts (id INTEGER)")
    result = run("fight", str(toy_file), "--seed", "1", "--db", str(foreign))
    refused_before_any_roll(result, "not a fracas store")
