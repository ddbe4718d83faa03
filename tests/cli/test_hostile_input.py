"""No traceback, whatever the input: each problem a message naming the file, exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from fracas.cli import main
from fracas.scenario.files import MAX_FILE_BYTES
from fracas.scenario.yaml_input import MAX_DEPTH, MAX_ERRORS

from .conftest import TOY_SCENARIO

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
FRACAS = [sys.executable, "-c", "import sys; from fracas.cli import main; sys.exit(main())"]


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def refused(result: Result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.stderr, result.stderr


def test_deep_nesting_in_a_scenario_is_refused_with_the_limit(tmp_path: Path) -> None:
    for depth in (MAX_DEPTH + 1, 5_000, 200_000):
        path = tmp_path / f"deep{depth}.yaml"
        path.write_text("ruleset: toy\nx: " + "[" * depth + "]" * depth + "\n")
        refused(run("fight", str(path)), f"{path}: ", f"nested more than {MAX_DEPTH} levels deep")
    block = tmp_path / "block.yaml"
    block.write_text("ruleset: toy\nx:\n" + "".join("  " * i + "- \n" for i in range(3000)))
    refused(run("check", str(block)), f"{block}: ")


def test_deep_nesting_in_an_option_value_is_refused_briefly(toy_file: Path) -> None:
    value = "[" * 10_000 + "]" * 10_000
    result = run("fight", str(toy_file), "-o", f"x={value}")
    refused(result, "nested more than")
    assert len(result.stderr) < 400


def test_deep_nesting_in_a_log_line_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "deep.jsonl"
    nest = "[" * 100_000 + "]" * 100_000
    log.write_text('{"type":"EncounterStarted","ruleset":"toy","scenario":' + nest + "}\n")
    refused(run("replay", str(log)), f"{log}: ")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_as_a_file_is_refused_at_the_size_limit(toy_file: Path, device: str) -> None:
    if not Path(device).exists():
        pytest.skip(f"no {device}")
    refused(run("fight", device), f"{device}: the scenario is larger than")
    refused(run("check", device), f"{device}: ")
    refused(run("fight", str(toy_file), "--rolls", device), f"{device}: the rolls file")
    refused(run("replay", device), f"{device}: ")


def test_a_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("# " + "x" * MAX_FILE_BYTES + "\n")
    refused(run("fight", str(big)), f"{big}: the scenario is larger than the 16 MB limit")


def test_an_account_the_terminal_cannot_encode_is_shown_with_replacements() -> None:
    result = subprocess.run(
        [*FRACAS, "fight", str(EXAMPLE), "--seed", "1"],
        capture_output=True,
        env={"PYTHONIOENCODING": "latin-1", "PATH": "/usr/bin:/bin"},
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    assert b"? Round 1 ?" in result.stdout  # the em dashes of "— Round 1 —"
    assert "Epée".encode("latin-1") in result.stdout
    as_json = subprocess.run(
        [*FRACAS, "fight", str(EXAMPLE), "--seed", "1", "--json"],
        capture_output=True,
        env={"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin"},
        cwd=ROOT,
    )
    assert as_json.returncode == 0, as_json.stderr
    assert "Epée".encode() in as_json.stdout  # a JSON log stays UTF-8, never replaced


def test_a_duplicate_key_is_an_error_naming_both_lines(tmp_path: Path) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text(
        "ruleset: toy\nfighters:\n  - name: Ann\n    side: red\n    hp: 10\n    hp: 12\n"
    )
    refused(run("check", str(path)), f"{path}: line 6: duplicate key 'hp' (first given at line 5)")


@pytest.mark.parametrize(
    ("name", "problem"),
    [("''", "cannot be blank"), ("' Ann'", "white space around it"), ('"A\\u0007nn"', "control")],
)
def test_bad_names_are_refused(tmp_path: Path, name: str, problem: str, toy_ruleset: None) -> None:
    path = tmp_path / "names.yaml"
    path.write_text(TOY_SCENARIO.replace("name: Ann", f"name: {name}"))
    refused(run("check", str(path)), f"{path}: fighters[0].name: ", problem)


def test_at_most_twenty_problems_are_listed_then_how_many_more(
    tmp_path: Path, toy_ruleset: None
) -> None:
    path = tmp_path / "many.yaml"
    fighters = "".join(f"  - {{name: F{i}, side: s, hp: x}}\n" for i in range(MAX_ERRORS + 5))
    path.write_text(f"ruleset: toy\nfighters:\n{fighters}")
    result = run("check", str(path))
    refused(result, f"{path}: and 5 more")
    assert result.stderr.count(f"{path}: fighters[") == MAX_ERRORS


@pytest.mark.parametrize("weight", ["1e-999999999", "٥", "5_000", "1e3", "true", "-2"])
def test_carried_kg_accepts_one_number_syntax_only(tmp_path: Path, weight: str) -> None:
    text = EXAMPLE.read_text().replace(
        "    tactics: normal-attack", f"    carried_kg: {weight}\n    tactics: normal-attack", 1
    )
    assert f"carried_kg: {weight}" in text
    path = tmp_path / "kg.yaml"
    path.write_text(text)
    refused(run("check", str(path)), f"{path}: combatants[0].carried_kg: ")


def test_carried_kg_as_digits_and_a_point_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "kg.yaml"
    path.write_text(
        EXAMPLE.read_text().replace(
            "    tactics: normal-attack", "    carried_kg: 4.5\n    tactics: normal-attack", 1
        )
    )
    assert run("check", str(path)).exit_code == 0


@pytest.mark.slow
def test_max_rounds_at_its_maximum_never_hits_the_engines_guard(tmp_path: Path) -> None:
    text = EXAMPLE.read_text()
    text = "\n".join(
        line for line in text.splitlines() if not line.strip().startswith(("script:", "then:"))
    )
    path = tmp_path / "endless.yaml"
    path.write_text(
        text.replace("tactics: normal-attack", "tactics: all-out-defence").replace(
            "tactics: scripted", "tactics: all-out-defence"
        )
    )
    result = run("fight", str(path), "--seed", "1", "-o", "max_rounds=100000", "--json")
    assert result.exit_code == 0, result.stderr[-500:]
    assert "100000 rounds without a winner" in result.stdout[-300:]


def test_roll_stats_prints_the_distribution_without_a_random_total() -> None:
    result = run("roll", "2D6", "--stats")
    assert result.exit_code == 0
    assert result.stdout.startswith("2D6: 2..12, mean 7")
    assert "seed" not in result.stderr
    both = run("roll", "2D6", "--stats", "--times", "2", "--seed", "1")
    assert len(both.stdout.splitlines()) == 2 + 1 + 11


def test_numbers_of_thousands_of_digits_are_refused_not_a_traceback(
    toy_file: Path, tmp_path: Path
) -> None:
    huge = "9" * 5000
    rolls = tmp_path / "huge.rolls"
    rolls.write_text(huge + "\n")
    refused(run("fight", str(toy_file), "--rolls", str(rolls)), f"{rolls}: line 1: ", "not a roll")
    refused(run("roll", f"{huge}d6"), "(5000 digits) dice at column 1")
    refused(run("roll", f"d6+{huge}"), "(5000 digits) at column 4")
    asked = run("fight", str(toy_file), "--ask", input=f"{huge}\n")
    refused(asked, "'99999999999999999999'... is not a number")
    menu = run("fight", str(toy_file), "--seed", "1", "--control", "Ann", input=f"{huge}\n")
    refused(menu, "type a number from 1 to 2")
