"""``--control``: a person decides for the named combatants from the ruleset's legal actions."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from fracas.cli import main
from fracas.store import SqliteStore


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def actions(log_text: str) -> list[dict[str, object]]:
    events = [json.loads(line) for line in log_text.splitlines() if line.strip()]
    return [e["action"] for e in events if e["type"] == "Acted"]


def test_the_menu_lists_the_legal_actions_and_marks_the_tactics_choice(toy_file: Path) -> None:
    result = run("fight", str(toy_file), "--seed", "1", "--control", "Ann", input="t\n" * 20)
    assert result.exit_code == 0, result.stderr
    assert "You decide: Ann: hit" in result.stderr
    assert "1. [attack] hit Bob   <- tactics" in result.stderr
    assert "2. [wait] wait" in result.stderr
    assert "Bob decides" not in result.stderr  # Bob follows his tactics


def test_the_tactics_choice_plays_as_the_uncontrolled_fight_does(toy_file: Path) -> None:
    free = run("fight", str(toy_file), "--seed", "4", "--json")
    chosen = run(
        "fight", str(toy_file), "--seed", "4", "--json", "--control", "all", input="t\n" * 40
    )
    assert chosen.exit_code == 0, chosen.stderr
    assert chosen.stdout == free.stdout


def test_a_numbered_choice_is_the_action_taken(toy_file: Path) -> None:
    result = run(
        "fight",
        str(toy_file),
        "--seed",
        "2",
        "--json",
        "--control",
        "Ann",
        input="2\n" + "1\n" * 20,
    )
    assert result.exit_code == 0, result.stderr
    taken = actions(result.stdout)
    assert taken[0] == {"action": "Wait", "actor": "Ann"}
    assert taken[2] == {"action": "Hit", "actor": "Ann", "target": "Bob"}


def test_question_mark_shows_each_combatants_state_and_asks_again(toy_file: Path) -> None:
    result = run(
        "fight", str(toy_file), "--seed", "1", "--control", "side:red", input="?\n" + "1\n" * 20
    )
    assert result.exit_code == 0, result.stderr
    assert "Where everyone stands (Ann: hit):\nAnn: 10 hp\nBob: 10 hp" in result.stderr


def test_a_bad_answer_is_explained_and_asked_again(toy_file: Path) -> None:
    result = run(
        "fight", str(toy_file), "--seed", "1", "--control", "Ann", input="9\nfoo\n" + "1\n" * 20
    )
    assert result.exit_code == 0, result.stderr
    assert "'9': type a number from 1 to 2, t, u or ?" in result.stderr
    assert "'foo': type a number" in result.stderr


def test_undo_goes_back_to_the_last_decision_and_the_store_follows(
    toy_file: Path, tmp_path: Path
) -> None:
    db = tmp_path / "t.db"
    # Ann waits, Bob hits, then at her next decision Ann undoes and hits instead
    result = run(
        "fight",
        str(toy_file),
        "--seed",
        "1",
        "--db",
        str(db),
        "--control",
        "Ann",
        input="2\nu\n" + "1\n" * 20,
    )
    assert result.exit_code == 0, result.stderr
    assert "undone: Ann: wait and what followed" in result.stderr  # the menu's label
    assert "(undone: Ann: wait" in result.stdout
    with SqliteStore(db) as store:
        logged = actions("\n".join(store.lines(1)))
    assert logged[0] == {"action": "Hit", "actor": "Ann", "target": "Bob"}
    assert {"action": "Wait", "actor": "Ann"} not in logged
    assert run("replay", str(db)).exit_code == 0


def test_undo_with_no_decision_yet_says_so(toy_file: Path) -> None:
    result = run(
        "fight", str(toy_file), "--seed", "1", "--control", "Ann", input="u\n" + "1\n" * 20
    )
    assert result.exit_code == 0, result.stderr
    assert "nothing to undo" in result.stderr


def test_an_unknown_controlled_name_is_refused_before_any_roll(
    toy_file: Path, tmp_path: Path
) -> None:
    db = tmp_path / "t.db"
    result = run("fight", str(toy_file), "--ask", "--db", str(db), "--control", "Zed")
    assert result.exit_code == 2
    assert "--control 'Zed': no combatant of that name (combatants: Ann, Bob)" in result.stderr
    assert "roll" not in result.stderr
    assert not db.exists()
    bad_side = run("fight", str(toy_file), "--seed", "1", "--control", "side:green")
    assert bad_side.exit_code == 2
    assert "no side 'green' (sides: blue, red)" in bad_side.stderr


def test_running_out_of_answers_keeps_what_was_decided(toy_file: Path, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    stopped = run(
        "fight", str(toy_file), "--seed", "1", "--db", str(db), "--control", "Ann", input="1\n"
    )
    assert stopped.exit_code == 2
    assert "no more input (a decision was asked for)" in stopped.stderr
    assert "Traceback" not in stopped.output
    resumed = run("resume", str(db), "--seed", "9", "--control", "Ann", input="1\n" * 20)
    assert resumed.exit_code == 0, resumed.stderr
    assert resumed.stdout.startswith("Resuming encounter 1 (toy), round 3:\nAnn: ")
    assert "You decide: Ann: hit" in resumed.stderr


def test_the_menu_heading_is_the_rulesets_prompt_and_the_state_has_no_end_heading() -> None:
    exp = Path(__file__).parents[2] / "examples" / "exp" / "bar-brawl.yaml"
    result = run("fight", str(exp), "--seed", "2", "--control", "Vera", input="?\n" + "t\n" * 40)
    assert result.exit_code == 0, result.stderr
    assert "You decide: Vera's action (unit 1)" in result.stderr
    assert "Round 1" not in result.stderr  # EXP counts units
    state = result.stderr.split("Where everyone stands (Vera's action (unit 1)):\n", 1)[1]
    assert state.startswith("  Vera (anthro, spacers): 42/42 HPS, active")
    assert "At the end" not in result.stderr
