"""``fracas fight``, ``replay`` and ``schema`` on the toy ruleset: output, logs, bad input."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from fracas.cli import main
from fracas.store import SqliteStore


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_fight_prints_each_round_and_a_summary(toy_file: Path) -> None:
    code, out, _ = invoke("fight", str(toy_file), "--seed", "5")
    assert code == 0
    assert "— Round 1 —" in out
    assert "The fight is over:" in out
    last_two = out.rstrip().splitlines()[-2:]
    assert [line.split(":")[0] for line in last_two] == ["Ann", "Bob"]
    assert all(line.endswith(" hp") for line in last_two)


def test_fight_with_the_same_seed_prints_the_same_log(toy_file: Path) -> None:
    first = invoke("fight", str(toy_file), "--seed", "11", "--json")
    second = invoke("fight", str(toy_file), "--seed", "11", "--json")
    assert first[0] == 0
    assert first[1] == second[1]
    lines = [json.loads(line) for line in first[1].splitlines()]
    assert lines[0]["type"] == "EncounterStarted"
    assert lines[-1]["type"] == "EncounterEnded"


def test_a_saved_log_replays_to_the_same_account(toy_file: Path, tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    code, out, _ = invoke("fight", str(toy_file), "--seed", "3", "--log", str(log))
    assert code == 0
    code, replayed, _ = invoke("replay", str(log))
    assert code == 0
    assert replayed == out


def test_a_fight_saved_in_sqlite_replays_from_the_database(toy_file: Path, tmp_path: Path) -> None:
    db = tmp_path / "fracas.db"
    code, out, _ = invoke("fight", str(toy_file), "--seed", "3", "--db", str(db))
    assert code == 0
    with SqliteStore(db) as store:
        (record,) = store.encounters()
    assert record.ruleset == "toy"
    code, replayed, _ = invoke("replay", str(db), "--encounter", str(record.id))
    assert code == 0
    assert replayed == out


def test_scripted_rolls_that_run_out_exit_2_and_write_no_log(
    toy_file: Path, tmp_path: Path
) -> None:
    rolls = tmp_path / "rolls.txt"
    rolls.write_text("1 1  # only two rolls\n")
    log = tmp_path / "fight.jsonl"
    code, _, err = invoke("fight", str(toy_file), "--rolls", str(rolls), "--log", str(log))
    assert code == 2
    assert "ran out" in err
    assert "Traceback" not in err
    assert not log.exists()


def test_a_scenario_with_a_bad_field_names_file_and_field(toy_file: Path) -> None:
    toy_file.write_text(toy_file.read_text().replace("hp: 10}", "hp: ten}", 1))
    code, _, err = invoke("fight", str(toy_file), "--seed", "1")
    assert code == 2
    assert f"{toy_file}: fighters[0].hp:" in err


def test_an_unknown_ruleset_is_named(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("ruleset: chess\n")
    code, _, err = invoke("fight", str(path))
    assert code == 2
    assert "ruleset: unknown ruleset 'chess'" in err


def test_broken_yaml_says_where(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("ruleset: [toy\n")
    code, _, err = invoke("fight", str(path))
    assert code == 2
    assert "not valid YAML" in err


def test_seed_and_rolls_together_are_refused(toy_file: Path, tmp_path: Path) -> None:
    rolls = tmp_path / "rolls.txt"
    rolls.write_text("1\n")
    code, _, err = invoke("fight", str(toy_file), "--seed", "1", "--rolls", str(rolls))
    assert code == 2
    assert "only one of" in err


def test_a_corrupt_log_is_refused_with_its_line(toy_file: Path, tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    invoke("fight", str(toy_file), "--seed", "3", "--log", str(log))
    lines = log.read_text().splitlines()
    lines[2] = '{"type": "Damaged", "target": "Bob"}'
    log.write_text("\n".join(lines) + "\n")
    code, _, err = invoke("replay", str(log))
    assert code == 2
    assert "line 3" in err


def test_schema_prints_the_scenario_json_schema(toy_ruleset: None) -> None:
    code, out, _ = invoke("schema", "toy")
    assert code == 0
    schema = json.loads(out)
    assert "fighters" in schema["properties"]


def test_schema_of_an_unknown_ruleset_exits_2() -> None:
    code, _, err = invoke("schema", "chess")
    assert code == 2
    assert "unknown ruleset" in err


def test_ask_takes_typed_dice_and_asks_again_on_a_bad_answer(toy_file: Path) -> None:
    result = CliRunner().invoke(main, ["fight", str(toy_file), "--ask"], input="6\n9\n1\n5\n")
    assert result.exit_code == 0, result.stderr
    assert "Ann damage — roll D6: " in result.stderr
    assert "9 is impossible for D6: must be 1..6; try again" in result.stderr
    assert "Bob takes 6 (4 hp left)" in result.stdout
    assert "Ann takes 1 (9 hp left)" in result.stdout  # the 9 was refused and asked again
    assert "Bob takes 5 (-1 hp left)" in result.stdout


def test_ask_with_json_keeps_the_questions_off_stdout(toy_file: Path) -> None:
    result = CliRunner().invoke(
        main, ["fight", str(toy_file), "--ask", "--json"], input="6\n1\n5\n"
    )
    assert result.exit_code == 0
    assert all(line.startswith("{") for line in result.stdout.splitlines())


def test_ask_at_end_of_input_stops_with_a_message(toy_file: Path) -> None:
    result = CliRunner().invoke(main, ["fight", str(toy_file), "--ask"], input="6\n")
    assert result.exit_code == 2
    assert "no more input" in result.stderr


def test_answers_piped_to_ask_are_echoed_so_each_question_keeps_its_line() -> None:
    scenario = Path(__file__).parents[2] / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
    result = CliRunner().invoke(main, ["fight", str(scenario), "--ask"], input="0\n5\n")
    assert result.exit_code == 2  # the answers ran out
    assert "Joanne initiative — roll D20: 0\n0 is impossible for D20" in result.stderr
    assert "Joanne initiative — roll D20: 5\n" in result.stderr
