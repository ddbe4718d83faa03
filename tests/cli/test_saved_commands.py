"""``fracas list``, ``undo``, ``check``, ``-`` for standard input, and what saved fights say."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner, Result

from fracas.cli import main
from fracas.store import SqliteStore

from .conftest import TOY_SCENARIO

ROOT = Path(__file__).parents[2]


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def two_fights(toy_file: Path, db: Path) -> None:
    assert run("fight", str(toy_file), "--seed", "1", "--db", str(db)).exit_code == 0
    stopped = run("fight", str(toy_file), "--ask", "--db", str(db), input="6\n1\n")
    assert stopped.exit_code == 2


def test_list_shows_each_encounter_with_its_round_and_whether_it_is_over(
    toy_file: Path, tmp_path: Path
) -> None:
    db = tmp_path / "t.db"
    two_fights(toy_file, db)
    result = run("list", str(db))
    assert result.exit_code == 0, result.stderr
    header, first, second = result.stdout.splitlines()
    assert header.split() == ["id", "name", "ruleset", "round", "over", "last", "change"]
    assert first.split()[:5] == ["1", "toy", "toy", first.split()[3], "yes"]
    assert second.split()[:5] == ["2", "toy", "toy", "3", "no"]
    assert second.split()[5].endswith("Z")


def test_list_and_undo_refuse_a_missing_file_and_create_nothing(tmp_path: Path) -> None:
    for command in ("list", "undo", "resume"):
        result = run(command, str(tmp_path / "none.db"))
        assert result.exit_code == 2
        assert "no such SQLite file" in result.stderr
    assert not (tmp_path / "none.db").exists()


def test_undo_drops_the_last_action_and_resume_plays_it_again(
    toy_file: Path, tmp_path: Path
) -> None:
    db = tmp_path / "t.db"
    two_fights(toy_file, db)
    with SqliteStore(db) as store:
        before = store.lines(2)
    result = run("undo", str(db), "--encounter", "2")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(
        "encounter 2: undid Bob: hit Ann (4 events); now round 2"  # the menu's label
    )
    with SqliteStore(db) as store:
        assert store.lines(2) == before[:-4]
    resumed = run("resume", str(db), "--encounter", "2", "--ask", input="1\n")
    assert resumed.exit_code == 2  # one roll typed, the next asked for: stopped again
    assert "Ann takes 1 (9 hp left)" in resumed.stdout


def test_undo_of_a_fight_that_has_only_begun_is_refused(toy_file: Path, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    assert run("fight", str(toy_file), "--ask", "--db", str(db), input="").exit_code == 2
    result = run("undo", str(db))
    assert result.exit_code == 2
    assert "has no action to undo" in result.stderr


def test_replay_says_which_encounter_it_picked(toy_file: Path, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    two_fights(toy_file, db)
    result = run("replay", str(db))
    assert result.exit_code == 0
    assert f"replaying encounter 2 (toy), the latest of 2 in {db}" in result.stderr


def test_a_finished_fight_points_to_replay_not_resume(toy_file: Path, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    result = run("fight", str(toy_file), "--ask", "--db", str(db), input="6\n" * 10)
    assert result.exit_code == 0, result.stderr
    assert "fracas replay" in result.stderr
    assert "resume" not in result.stderr


def test_resume_begins_with_the_round_and_each_combatants_state(
    toy_file: Path, tmp_path: Path
) -> None:
    db = tmp_path / "t.db"
    two_fights(toy_file, db)
    result = run("resume", str(db), "--ask", input="1\n1\n1\n1\n1\n1\n1\n1\n1\n")
    assert result.stdout.startswith("Resuming encounter 2 (toy), round 3:\nAnn: 9 hp\nBob: 4 hp\n")


def test_check_prints_what_would_fight_without_fighting(toy_file: Path) -> None:
    result = run("check", str(toy_file))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (
        f"{toy_file}: a valid toy scenario\n  side red: Ann (hit)\n  side blue: Bob (hit)\n"
    )


def test_check_reports_a_bad_scenario_like_fight(toy_file: Path) -> None:
    toy_file.write_text(TOY_SCENARIO.replace("hp: 10}", "hp: ten}", 1))
    result = run("check", str(toy_file))
    assert result.exit_code == 2
    assert f"{toy_file}: fighters[0].hp:" in result.stderr


def test_check_a_percentile_example_lists_options_set() -> None:
    example = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
    result = run("check", str(example), "-o", "max_rounds=7")
    assert result.exit_code == 0, result.stderr
    assert "a valid percentile scenario" in result.stdout
    assert "options set: max_rounds=7" in result.stdout


def test_dash_reads_a_scenario_a_log_and_rolls_from_standard_input(
    toy_file: Path, tmp_path: Path
) -> None:
    fought = run("fight", "-", "--seed", "3", "--json", input=TOY_SCENARIO)
    assert fought.exit_code == 0, fought.stderr
    replayed = run("replay", "-", input=fought.stdout)
    assert replayed.exit_code == 0, replayed.stderr
    assert "The fight is over" in replayed.stdout
    rolled = run("fight", str(toy_file), "--rolls", "-", input="6 6 6 6\n")
    assert rolled.exit_code == 0, rolled.stderr
    assert run("check", "-", input=TOY_SCENARIO).exit_code == 0


def test_the_scenario_and_the_dice_cannot_both_come_from_standard_input() -> None:
    result = run("fight", "-", "--ask", input=TOY_SCENARIO)
    assert result.exit_code == 2
    assert "give the scenario as a file" in result.stderr


def test_a_pipe_and_dev_stdin_work_as_paths() -> None:
    example = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
    fracas = [sys.executable, "-c", "import sys; from fracas.cli import main; sys.exit(main())"]
    text = example.read_text()
    fought = subprocess.run(
        [*fracas, "fight", "/dev/stdin", "--seed", "2", "--json"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert fought.returncode == 0, fought.stderr
    shell = f"{sys.executable} -c 'import sys; from fracas.cli import main; sys.exit(main())'"
    replayed = subprocess.run(
        ["bash", "-c", f"{shell} replay <(cat)"],
        input=fought.stdout,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert replayed.returncode == 0, replayed.stderr
    assert "The fight is over" in replayed.stdout


def test_rest_errors_name_the_saved_fight(toy_file: Path, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    assert run("fight", str(toy_file), "--seed", "1", "--db", str(db)).exit_code == 0
    before = db.read_bytes()
    refused = run("rest", str(db), "--hours", "2")
    assert refused.exit_code == 2
    assert refused.stderr.startswith(f"error: {db}: ") and "no rest" in refused.stderr
    assert db.read_bytes() == before
    not_a_log = run("rest", str(toy_file), "--hours", "2")
    assert not_a_log.exit_code == 2
    assert not_a_log.stderr.startswith(f"error: {toy_file}: line 1: not JSON")


def test_resume_shows_where_everyone_stands_without_an_end_of_fight_heading(
    tmp_path: Path,
) -> None:
    db = tmp_path / "t.db"
    brawl = str(ROOT / "examples" / "exp" / "bar-brawl.yaml")
    assert run("fight", brawl, "--seed", "1", "--db", str(db)).exit_code == 0
    undone = run("undo", str(db))
    assert undone.exit_code == 0, undone.stderr
    assert "undid Marta: hit Hobb non-lethally with the fist" in undone.stdout
    resumed = run("resume", str(db), "--seed", "1")
    assert resumed.exit_code == 0, resumed.stderr
    head = resumed.stdout.split("\n\n", 1)[0]
    assert head.startswith("Resuming encounter 1 (Bar brawl at the Rusty Airlock), round 10:\n")
    assert "At the end" not in head and "Vera (anthro, spacers)" in head
