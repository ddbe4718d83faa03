"""Every scenario in examples/ fights, is deterministic, and replays to the same account."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.dice import ScriptedRoller, SeededRoller
from fracas.engine import LogDecoder, Session, encode_log
from fracas.scenario import load_scenario

EXAMPLES = sorted((Path(__file__).parents[2] / "examples").glob("*/*.yaml"))


def test_there_are_examples_for_every_ruleset() -> None:
    assert {p.parent.name for p in EXAMPLES} == {"percentile", "exp", "starflight"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_example_fights_to_an_end_and_replays_identically(path: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    log = tmp_path / "fight.jsonl"
    fought = runner.invoke(main, ["fight", str(path), "--seed", "1", "--log", str(log)])
    assert fought.exit_code == 0, fought.stderr
    assert "The fight is over" in fought.stdout
    again = runner.invoke(main, ["fight", str(path), "--seed", "1", "--json"])
    assert again.stdout.encode() == log.read_bytes()
    replayed = runner.invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.stderr
    assert replayed.stdout == fought.stdout


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_example_log_refolds_to_the_state_the_fight_reached(path: Path) -> None:
    loaded = load_scenario(path)
    decoder = LogDecoder(loaded.ruleset.event_types())
    for seed in range(5):
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        session.run()
        events = decoder.decode(encode_log(session.log))
        again = Session.from_log(loaded.ruleset, events, ScriptedRoller([]))
        assert again.state == session.state
        assert encode_log(again.log) == encode_log(session.log)


@pytest.mark.parametrize(
    ("path", "option"),
    [
        ("percentile/joanne-vs-ondkille.yaml", "max_rounds=true"),
        ("percentile/joanne-vs-ondkille.yaml", "glitch_penalty=1000000000000"),
        ("exp/bar-brawl.yaml", "max_units=yes"),
        ("exp/bar-brawl.yaml", "tripped_loses_actions=100000000000000000000"),
        ("starflight/melee.yaml", "max_rounds='12'"),
    ],
)
def test_an_option_of_the_wrong_type_or_size_is_refused(path: str, option: str) -> None:
    example = EXAMPLES[0].parents[1] / path
    result = CliRunner().invoke(main, ["fight", str(example), "--seed", "1", "-o", option])
    assert result.exit_code == 2
    name = option.split("=")[0]
    assert f"{example}: options.{name}: Input should be" in result.stderr
