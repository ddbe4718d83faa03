"""Bad files given to the CLI: a message naming the file and the problem, exit 2, nothing
written; and a saved log that was tampered with is caught by ``fracas replay``."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from click.testing import CliRunner, Result

from fracas.cli import main


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def saved_log(toy_file: Path, tmp_path: Path) -> Path:
    log = tmp_path / "fight.jsonl"
    assert run("fight", str(toy_file), "--seed", "3", "--log", str(log)).exit_code == 0
    return log


def refused(result: Result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.stderr


def test_a_binary_scenario_file_is_not_a_text_file(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    refused(run("fight", str(path)), f"{path}: not a text file")


def test_a_yaml_error_names_the_line_not_the_library(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("ruleset: toy\nfighters: [\n")
    result = run("fight", str(path))
    refused(result, f"{path}: line 3, column 1: not valid YAML")
    assert "<unicode string>" not in result.stderr


def test_an_option_without_a_value_is_refused(toy_file: Path) -> None:
    refused(run("fight", str(toy_file), "-o", "fatigue"), "--option 'fatigue': expected NAME=VALUE")


def test_a_binary_rolls_file_is_refused(toy_file: Path, tmp_path: Path) -> None:
    rolls = tmp_path / "rolls.txt"
    rolls.write_bytes(b"\x80\x81")
    refused(run("fight", str(toy_file), "--rolls", str(rolls)), f"{rolls}: not a rolls file")


def test_an_impossible_scripted_roll_names_its_file_and_line(
    toy_file: Path, tmp_path: Path
) -> None:
    rolls = tmp_path / "rolls.txt"
    rolls.write_text("6\n# Bob\n7\n")
    result = run("fight", str(toy_file), "--rolls", str(rolls))
    refused(result, f"{rolls}: line 3: scripted roll 7 is impossible for D6 (Bob damage)")


def test_unused_scripted_rolls_are_pointed_out(toy_file: Path, tmp_path: Path) -> None:
    rolls = tmp_path / "rolls.txt"
    rolls.write_text("6 1 5 4 4\n")
    result = run("fight", str(toy_file), "--rolls", str(rolls))
    assert result.exit_code == 0
    assert "note: 2 scripted rolls were not used" in result.stderr


def test_a_log_path_that_cannot_be_written_leaves_nothing(toy_file: Path, tmp_path: Path) -> None:
    bad = tmp_path / "missing-dir" / "fight.jsonl"
    refused(run("fight", str(toy_file), "--seed", "1", "--log", str(bad)), "cannot write")


def test_a_failing_database_leaves_no_log_file(toy_file: Path, tmp_path: Path) -> None:
    db = tmp_path / "notes.db"
    db.write_text("not a database\n")
    log = tmp_path / "fight.jsonl"
    result = run("fight", str(toy_file), "--seed", "1", "--log", str(log), "--db", str(db))
    refused(result, str(db))
    assert not log.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]  # no temporary file


def test_replay_never_writes_to_a_foreign_sqlite_file(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE notes (text TEXT)")
    before = other.read_bytes()
    refused(run("replay", str(other)), "not a fracas store")
    assert other.read_bytes() == before


def test_replay_of_an_unknown_encounter_id_is_refused(toy_file: Path, tmp_path: Path) -> None:
    db = tmp_path / "fracas.db"
    run("fight", str(toy_file), "--seed", "1", "--db", str(db))
    refused(run("replay", str(db), "--encounter", "99"), "no encounter with id 99")


def test_replay_of_an_empty_or_binary_file_names_the_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    refused(run("replay", str(empty)), f"{empty}: the log is empty")
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\x00\xff\xfe")
    refused(run("replay", str(binary)), f"{binary}: not a fracas log")


def test_replay_catches_an_edited_roll(toy_file: Path, tmp_path: Path) -> None:
    log = saved_log(toy_file, tmp_path)
    lines = log.read_text().splitlines()
    n, event = next((n, json.loads(line)) for n, line in enumerate(lines) if '"Rolled"' in line)
    event["value"] = 1 if event["value"] != 1 else 2
    lines[n] = json.dumps(event, separators=(",", ":"))
    log.write_text("\n".join(lines) + "\n")
    refused(run("replay", str(log)), f"{log}: event ", "the log says")


def test_replay_catches_an_edited_name(toy_file: Path, tmp_path: Path) -> None:
    log = saved_log(toy_file, tmp_path)
    log.write_text(log.read_text().replace('"target":"Bob"', '"target":"Nobody"', 1))
    refused(run("replay", str(log)), f"{log}: event ")


def test_replay_of_a_log_cut_between_actions_says_the_fight_is_not_over(
    toy_file: Path, tmp_path: Path
) -> None:
    log = saved_log(toy_file, tmp_path)
    lines = log.read_text().splitlines()
    second_action = [n for n, line in enumerate(lines) if '"type":"Acted"' in line][1]
    log.write_text("\n".join(lines[:second_action]) + "\n")
    result = run("replay", str(log))
    assert result.exit_code == 0, result.stderr
    assert "(The log ends here: the fight is not over.)" in result.stdout


def test_replay_of_a_log_cut_inside_an_action_is_refused(toy_file: Path, tmp_path: Path) -> None:
    log = saved_log(toy_file, tmp_path)
    lines = log.read_text().splitlines()
    second_action = [n for n, line in enumerate(lines) if '"type":"Acted"' in line][1]
    log.write_text("\n".join(lines[: second_action - 1]) + "\n")
    refused(run("replay", str(log)), f"{log}: event {second_action}: the log says (end of log)")


def test_replay_reads_a_log_from_stdin(toy_file: Path, tmp_path: Path) -> None:
    log = saved_log(toy_file, tmp_path)
    from_file = run("replay", str(log))
    from_stdin = run("replay", "-", input=log.read_text())
    assert from_stdin.exit_code == 0, from_stdin.stderr
    assert from_stdin.stdout == from_file.stdout


def test_ask_shows_each_result_before_the_next_question(toy_file: Path) -> None:
    result = run("fight", str(toy_file), "--ask", input="6\n1\n5\n")
    assert result.exit_code == 0
    shown = result.output.index("Bob takes 6 (4 hp left)")
    next_question = result.output.index("Bob damage — roll D6")
    assert shown < next_question


def test_fight_never_adds_tables_to_a_foreign_sqlite_file(toy_file: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE users (name TEXT)")
    before = other.read_bytes()
    refused(run("fight", str(toy_file), "--seed", "1", "--db", str(other)), "not a fracas store")
    assert other.read_bytes() == before


def test_log_refuses_to_replace_something_that_is_not_a_file(
    toy_file: Path, tmp_path: Path
) -> None:
    target = tmp_path / "real.jsonl"
    target.write_text("keep me\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    refused(run("fight", str(toy_file), "--seed", "1", "--log", str(link)), "regular file")
    assert target.read_text() == "keep me\n"
    refused(run("fight", str(toy_file), "--seed", "1", "--log", "-"), "use --json")
    same = tmp_path / "both"
    refused(
        run("fight", str(toy_file), "--seed", "1", "--log", str(same), "--db", str(same)),
        "cannot be the same file",
    )
    assert not same.exists()


def test_replay_of_a_log_whose_scenario_was_edited_badly_names_event_1(
    toy_file: Path, tmp_path: Path
) -> None:
    log = saved_log(toy_file, tmp_path)
    log.write_text(log.read_text().replace('"hp":10', '"hp":"lots"', 1))
    refused(run("replay", str(log)), f"{log}: event 1: the scenario it holds is not valid")


def test_replay_reads_a_log_with_a_byte_order_mark(toy_file: Path, tmp_path: Path) -> None:
    log = saved_log(toy_file, tmp_path)
    plain = run("replay", str(log)).stdout
    log.write_text("\ufeff" + log.read_text(), encoding="utf-8")
    result = run("replay", str(log))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == plain


def test_rolls_that_run_out_name_the_rolls_file(toy_file: Path, tmp_path: Path) -> None:
    rolls = tmp_path / "rolls.txt"
    rolls.write_text("6\n")
    refused(run("fight", str(toy_file), "--rolls", str(rolls)), f"{rolls}: scripted rolls ran out")


def test_rolls_that_run_out_during_initiative_name_the_rolls_file(tmp_path: Path) -> None:
    scenario = Path(__file__).parents[2] / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
    rolls = tmp_path / "rolls.txt"
    rolls.write_text("5\n")  # Joanne's initiative only: Ondkille's runs out
    for extra in ([], ["--db", str(tmp_path / "t.db")]):
        result = run("fight", str(scenario), "--rolls", str(rolls), *extra)
        refused(result, f"{rolls}: scripted rolls ran out at roll 2 (Ondkille initiative")


def test_a_live_fight_is_saved_action_by_action_and_can_be_resumed(
    toy_file: Path, tmp_path: Path
) -> None:
    db = tmp_path / "table.db"
    # the dice run out after two actions: the table stopped for the night
    stopped = run("fight", str(toy_file), "--ask", "--db", str(db), input="6\n1\n")
    assert stopped.exit_code == 2
    assert "no more input" in stopped.stderr
    assert f"saved as encounter 1 in {db}" in stopped.stderr
    so_far = run("replay", str(db))
    assert so_far.exit_code == 0, so_far.stderr
    assert "Bob takes 6 (4 hp left)" in so_far.stdout
    assert "Ann takes 1 (9 hp left)" in so_far.stdout
    assert "the fight is not over" in so_far.stdout
    resumed = run("resume", str(db), "--ask", input="5\n")
    assert resumed.exit_code == 0, resumed.stderr
    assert "Bob takes 5 (-1 hp left)" in resumed.stdout
    assert "Bob takes 6" not in resumed.stdout  # what was told before is not told again
    finished = run("replay", str(db))
    assert finished.exit_code == 0
    assert "The fight is over: side red wins" in finished.stdout


def test_a_finished_fight_cannot_be_resumed(toy_file: Path, tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    assert run("fight", str(toy_file), "--seed", "1", "--db", str(db)).exit_code == 0
    refused(run("resume", str(db), "--seed", "1"), "is over; nothing to resume")


def test_sim_of_a_missing_scenario_prints_only_the_error(tmp_path: Path) -> None:
    missing = str(tmp_path / "nonexist.yaml")
    for command in (["sim", missing], ["compare", missing, missing]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 2
        assert result.stdout == ""
        assert (
            result.stderr
            == f"error: {missing}: cannot read the scenario: No such file or directory\n"
        )


def test_sim_with_a_random_seed_tells_it_after_the_run(tmp_path: Path) -> None:
    example = Path(__file__).parents[2] / "examples" / "percentile" / "scout-and-medic.yaml"
    result = CliRunner().invoke(main, ["sim", str(example), "-n", "4", "-j", "1"])
    assert result.exit_code == 0, result.output
    seed = result.stderr.split()[1]
    assert result.stderr == f"seed: {seed}  (pass --seed {seed} to run these fights again)\n"
    assert f"seed {seed} " in result.stdout
