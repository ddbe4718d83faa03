"""The example scenarios run end to end from the CLI, readably and deterministically."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from fracas.cli import main
from fracas.dice import ScriptedRoller, SeededRoller
from fracas.engine import LogDecoder, Session, encode_log
from fracas.rulesets.exp import RULESET
from fracas.scenario import load_scenario

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "exp").glob("*.yaml"))


def test_there_is_an_example_of_each_kind_of_fight() -> None:
    assert {p.stem for p in EXAMPLES} >= {"bar-brawl", "grapple", "snatch", "trip", "robot-brawl"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_fracas_fight_runs_the_example_with_a_readable_account(path: Path) -> None:
    result = CliRunner().invoke(main, ["fight", str(path), "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "— Unit 1 —" in result.output
    assert "The fight is over" in result.output
    assert "At the end:" in result.output


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_same_seed_gives_a_byte_identical_log_that_replays(path: Path) -> None:
    loaded = load_scenario(path)
    first = Session.start(RULESET, loaded.scenario, SeededRoller(7))
    first.run()
    second = Session.start(RULESET, loaded.scenario, SeededRoller(7))
    second.run()
    data = encode_log(first.log)
    assert data == encode_log(second.log)
    events = LogDecoder(RULESET.event_types()).decode(data)
    replayed = Session.from_log(RULESET, events, ScriptedRoller([]))
    assert encode_log(replayed.log) == data
    assert replayed.state == first.state


def test_undo_restores_the_state_before_the_last_action() -> None:
    loaded = load_scenario(EXAMPLES[0])
    s = Session.start(RULESET, loaded.scenario, SeededRoller(3))
    for _ in range(6):
        s.step()
    before = encode_log(s.log)
    state_before = repr(s.state)
    s.step()
    s.undo()
    assert encode_log(s.log) == before and repr(s.state) == state_before


def test_example_expectations() -> None:
    """What each example is for shows in its account."""
    out = {
        p.stem: CliRunner().invoke(main, ["fight", str(p), "--seed", "1"]).output for p in EXAMPLES
    }
    assert "Skilled" in out["bar-brawl"] and "chair" in out["bar-brawl"]
    assert "bottle" in out["bar-brawl"]
    assert "tries to grapple" in out["grapple"]
    assert "grabs at the weapon" in out["snatch"]
    assert "tries to trip" in out["trip"]
    assert "BX-9 attacks Rollo non-lethally (fist)" in out["robot-brawl"]
    assert (
        "Rollo attacks BX-9 lethally (stick; BX-9 is a robot: it cannot be subdued)"
        in out["robot-brawl"]
    )


def test_an_option_can_be_switched_from_the_command_line() -> None:
    path = str(EXAMPLES[-1].parent / "trip.yaml")
    result = CliRunner().invoke(
        main, ["fight", path, "--seed", "1", "-o", "trip_order=summary", "-o", "dss=save-d20"]
    )
    assert result.exit_code == 0, result.output
    assert "(CON + level)" in result.output  # the save-style DSS


def test_an_unknown_option_value_is_refused_by_name() -> None:
    path = str(EXAMPLES[0])
    result = CliRunner().invoke(main, ["fight", path, "--seed", "1", "-o", "dss=table"])
    assert result.exit_code == 2
    assert "options.dss" in result.output


def test_a_copied_scenario_with_other_weapon_damage_builds_with_it() -> None:
    loaded = load_scenario(EXAMPLES[0])
    RULESET.build(loaded.scenario)
    options = loaded.scenario.options.model_copy(update={"weapon_damage": {"fist": "1d2"}})
    copy = loaded.scenario.model_copy(update={"options": options})
    state = RULESET.build(copy)
    assert state.personas["Vera"].weapons[0].damage == "1d2"  # type: ignore[attr-defined]
    assert RULESET.build(loaded.scenario).personas["Vera"].weapons[0].damage == "1d6"  # type: ignore[attr-defined]


MUTATIONS = [
    (("combatants", 0, "kind"), "mutant", "combatants[0].kind: Input should be 'anthro'"),
    (("combatants", 1, "attributes", "PSTR"), 99, "combatants[1].attributes.PSTR: 99 is out of"),
    (("combatants", 0, "weapons"), ["fist", "lightsaber"], "combatants[0].weapons[1]: unknown"),
    (("combatants", 1, "hps"), "lots", "combatants[1].hps: Input should be a valid integer"),
    (("combatants", 0, "combat_table"), {}, "combatants[0].weapons[0]: "),
    (("options",), {"dss": "table"}, "options.dss: Input should be 'percentile' or 'save-d20'"),
]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize(("where", "value", "message"), MUTATIONS, ids=lambda m: str(m)[:30])
def test_a_mutated_example_is_refused_with_file_field_and_problem(
    tmp_path: Path, path: Path, where: tuple[str | int, ...], value: object, message: str
) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    bad = tmp_path / path.name
    bad.write_text(yaml.safe_dump(data), encoding="utf-8")
    log = tmp_path / "fight.jsonl"
    result = CliRunner().invoke(main, ["fight", str(bad), "--seed", "1", "--log", str(log)])
    assert result.exit_code == 2
    assert f"{bad}: {message}" in result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)  # a clean exit, not a crash
    assert not log.exists()
