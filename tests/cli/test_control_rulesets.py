"""``--control`` on the real rulesets' examples: the tactics' choice plays exactly as an
uncontrolled fight, and any listed action can be picked.

Every ruleset lists its actions now; one that did not (``legal_actions`` raising
NotImplementedError) would be skipped here, and ``--control`` says so clearly (the last test)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.scenario import load_scenario

ROOT = Path(__file__).parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*/*.yaml"))


def lists_its_actions(example: Path) -> bool:
    loaded = load_scenario(example)
    from fracas.dice import SeededRoller
    from fracas.engine import Session

    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(1))
    pending = session.pending()
    if pending is None:
        return True
    try:
        loaded.ruleset.legal_actions(session.state, pending)
    except NotImplementedError:
        return False
    return True


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_controlling_everyone_with_the_tactics_choice_is_the_uncontrolled_fight(
    example: Path,
) -> None:
    if not lists_its_actions(example):
        pytest.skip(f"{example.parent.name}: legal_actions not written yet")
    runner = CliRunner()
    free = runner.invoke(main, ["fight", str(example), "--seed", "3", "--json"])
    chosen = runner.invoke(
        main,
        ["fight", str(example), "--seed", "3", "--json", "--control", "all"],
        input="t\n" * 5000,
    )
    assert chosen.exit_code == 0, chosen.stderr[-2000:]
    assert chosen.stdout == free.stdout


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_any_listed_action_can_be_picked_from_the_menu(example: Path) -> None:
    if not lists_its_actions(example):
        pytest.skip(f"{example.parent.name}: legal_actions not written yet")
    picks = random.Random(example.name)
    answers = "".join(f"{picks.randint(1, 3)}\n" for _ in range(3000))
    result = CliRunner().invoke(
        main,
        ["fight", str(example), "--seed", "5", "--control", "all"],
        input=answers,
    )
    assert "Traceback" not in result.output
    assert "that action is not allowed now" not in result.stderr
    assert result.exit_code in (0, 2), result.output[-2000:]
    if result.exit_code == 2:  # only when the answers ran out
        assert "no more input" in result.stderr


def test_control_on_a_ruleset_that_cannot_list_its_actions_says_so(
    toy_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fracas.engine import Ruleset
    from tests.engine.toy import ToyRuleset

    monkeypatch.setattr(ToyRuleset, "legal_actions", Ruleset.legal_actions)
    result = CliRunner().invoke(main, ["fight", str(toy_file), "--seed", "1", "--control", "all"])
    assert result.exit_code == 2
    assert "the toy ruleset cannot list its actions yet" in result.stderr
    assert "Traceback" not in result.output
