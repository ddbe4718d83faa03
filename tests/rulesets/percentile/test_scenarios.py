"""Scenario files: the examples run end to end; bad input is refused, naming the field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from fracas.cli import main
from fracas.engine import IllegalAction, encode_log
from fracas.rulesets.percentile import RULESET
from fracas.rulesets.percentile.options import PercentileOptions
from fracas.scenario import ScenarioError, parse_scenario

from .helpers import duel, start

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "percentile").glob("*.yaml"))


def problems(data: Any) -> str:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(data, "bad.yaml")
    return str(caught.value)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_each_example_fights_to_an_end_from_the_cli(path: Path) -> None:
    result = CliRunner().invoke(main, ["fight", str(path), "--seed", "7"])
    assert result.exit_code == 0, result.output
    assert "— Round 1 —" in result.stdout and "The fight is over" in result.stdout


def test_there_are_at_least_three_examples() -> None:
    assert len(EXAMPLES) >= 3


def test_an_unknown_weapon_names_the_field_and_lists_the_known_ones() -> None:
    msg = problems(duel(attacker={"weapons": ["lightsaber"]}))
    assert "bad.yaml: combatants[0].weapons[0]: " in msg
    assert "unknown weapon 'lightsaber'" in msg and "epee" in msg


def test_an_unknown_armour_is_refused() -> None:
    msg = problems(duel(defender={"armour": "mithril"}))
    assert "combatants[1].armour" in msg and "plate mail" in msg


def test_a_negative_stat_is_refused() -> None:
    assert "combatants[1].STR: Input should be greater than or equal to 0" in problems(
        duel(defender={"STR": -3})
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("STR", True),
        ("STR", "13"),
        ("CON", 13.0),
        ("hp", True),
        ("hp", "20"),
        ("fatigue", "20"),
    ],
    ids=["STR-bool", "STR-string", "CON-float", "hp-bool", "hp-string", "fatigue-string"],
)
def test_a_number_given_as_a_bool_string_or_float_is_refused_not_converted(
    field: str, value: object
) -> None:
    msg = problems(duel(defender={field: value}))
    assert f"bad.yaml: combatants[1].{field}: Input should be a valid integer" in msg


def test_a_skill_given_as_a_string_is_refused_naming_the_skill() -> None:
    msg = problems(duel(defender={"skills": {"dagger": "50"}}))
    assert "bad.yaml: combatants[1].skills.dagger: Input should be a valid integer" in msg


@pytest.mark.parametrize(
    ("field", "value", "cap"),
    [
        ("STR", 1001, 1000),
        ("hp", 2001, 2000),
        ("fatigue", 2001, 2000),
        ("skills", {"dagger": 1001}, 1000),
        ("carried_kg", 10001, 10000),
    ],
    ids=["STR", "hp", "fatigue", "skill", "carried_kg"],
)
def test_an_absurd_value_is_refused_at_its_sanity_cap(field: str, value: object, cap: int) -> None:
    msg = problems(duel(defender={field: value}))
    assert f"Input should be less than or equal to {cap}" in msg
    assert f"combatants[1].{field}" in msg


def test_the_sanity_caps_themselves_are_accepted() -> None:
    caps = {"STR": 1000, "hp": 2000, "fatigue": 2000, "carried_kg": 10000}
    loaded = parse_scenario(duel(defender={**caps, "skills": {"dagger": 1000}}), "ok.yaml")
    fighter = RULESET.build(loaded.scenario).combatants["D"]
    assert (fighter.hp, fighter.fatigue, fighter.p.fatigue_max) == (2000, 2000, 2000)


def test_carried_kg_takes_a_decimal_string_but_not_a_bool() -> None:
    loaded = parse_scenario(duel(defender={"carried_kg": "4.5"}), "ok.yaml")
    assert str(loaded.scenario.combatants[1].carried_kg) == "4.5"  # type: ignore[attr-defined]
    assert "combatants[1].carried_kg" in problems(duel(defender={"carried_kg": True}))


def test_a_missing_skill_for_the_wielded_weapon_is_refused() -> None:
    msg = problems(duel(attacker={"weapons": ["epee"], "skills": {"dagger": 40}}))
    assert "bad.yaml: combatants[0].skills: no skill for the wielded weapon Epée" in msg
    assert "'point swords'" in msg


def test_an_unknown_option_and_an_unknown_tactic_are_refused() -> None:
    assert "options.fatigue_per_round" in problems(duel(fatigue_per_round=True))
    assert "unknown tactics 'berserk'" in problems(duel(attacker={"tactics": "berserk"}))


def test_a_malformed_scenario_is_refused() -> None:
    assert "combatants" in problems({"ruleset": "percentile", "combatants": "Joanne"})
    assert "a fight needs at least two sides" in problems(
        {
            **duel(),
            "combatants": [duel()["combatants"][0], {**duel()["combatants"][0], "name": "B"}],
        }
    )


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def mutate(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node.setdefault(key, {}) if isinstance(key, str) else node[key]
        node[path[-1]] = value

    return mutate


def _first_skill_negative(data: dict[str, Any]) -> None:
    skills = data["combatants"][0]["skills"]
    skills[next(iter(skills))] = -5


def _repeat_first_name(data: dict[str, Any]) -> None:
    data["combatants"][1]["name"] = data["combatants"][0]["name"]


#: (id, mutation, exact field path, problem)
MUTATIONS: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    (
        "unknown-weapon",
        _set(("combatants", 1, "weapons", 0), "lightsaber"),
        "combatants[1].weapons[0]",
        "unknown weapon 'lightsaber' (known: ",
    ),
    (
        "negative-stat",
        _set(("combatants", 0, "AGL"), -2),
        "combatants[0].AGL",
        "Input should be greater than or equal to 0",
    ),
    (
        "missing-skill",
        _set(("combatants", 1, "skills"), {"cooking": 40}),
        "combatants[1].skills",
        "no skill for the wielded weapon",
    ),
    (
        "bad-option-value",
        _set(("options", "fatigue_loss"), "sometimes"),
        "options.fatigue_loss",
        "Input should be 'per-3-rounds' or 'per-round'",
    ),
    (
        "unknown-option",
        _set(("options", "fatigue_per_round"), True),
        "options.fatigue_per_round",
        "Extra inputs are not permitted",
    ),
    (
        "unknown-armour",
        _set(("combatants", 0, "armour"), "mithril"),
        "combatants[0].armour",
        "unknown armour 'mithril'",
    ),
    (
        "negative-skill",
        _first_skill_negative,
        "combatants[0].skills.",
        "Input should be greater than or equal to 0",
    ),
    (
        "unknown-tactic",
        _set(("combatants", 1, "tactics"), "berserk"),
        "combatants[1].tactics",
        "unknown tactics 'berserk'",
    ),
    (
        "repeated-name",
        _repeat_first_name,
        "combatants[1].name",
        "is already the name of combatants[0]",
    ),
    (
        "zero-hp",
        _set(("combatants", 0, "hp"), 0),
        "combatants[0].hp",
        "Input should be greater than or equal to 1",
    ),
    (
        "bool-stat",
        _set(("combatants", 0, "STR"), True),
        "combatants[0].STR",
        "Input should be a valid integer",
    ),
    (
        "string-stat",
        _set(("combatants", 0, "STR"), "13"),
        "combatants[0].STR",
        "Input should be a valid integer",
    ),
    (
        "absurd-hp",
        _set(("combatants", 1, "hp"), 99999999999999999999999),
        "combatants[1].hp",
        "Input should be less than or equal to 2000",
    ),
]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
@pytest.mark.parametrize(
    ("mutate", "field", "problem"),
    [m[1:] for m in MUTATIONS],
    ids=[m[0] for m in MUTATIONS],
)
def test_a_bad_field_in_an_example_names_file_field_and_problem_and_writes_nothing(
    tmp_path: Path,
    path: Path,
    mutate: Callable[[dict[str, Any]], None],
    field: str,
    problem: str,
) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    mutate(data)
    bad = tmp_path / path.name
    bad.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    log = tmp_path / "fight.jsonl"
    result = CliRunner().invoke(main, ["fight", str(bad), "--seed", "1", "--log", str(log)])
    assert result.exit_code == 2, result.output
    assert f"{bad}: {field}" in result.stderr and problem in result.stderr, result.stderr
    assert "Traceback" not in result.output
    assert result.stdout == "" and not log.exists()


def test_the_cli_reports_a_bad_file_with_exit_status_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(duel(attacker={"weapons": ["lightsaber"]})))
    result = CliRunner().invoke(main, ["fight", str(bad), "--seed", "1"])
    assert result.exit_code == 2
    assert "combatants[0].weapons[0]" in result.stderr


def test_a_scripted_list_that_runs_out_stops_with_a_clear_message_and_changes_nothing() -> None:
    data = duel(attacker={"tactics": "scripted", "script": ["normal-attack"]})
    session, _ = start(data, [20, 1, 90, 90])  # round 1: both miss
    session.step()
    session.step()
    before = encode_log(session.log)
    with pytest.raises(IllegalAction, match="scripted stances ran out at round 2"):
        session.step()
    assert encode_log(session.log) == before


def test_accented_and_capitalised_table_names_are_accepted() -> None:
    loaded = parse_scenario(
        duel(attacker={"weapons": ["Epée"], "armour": "Studded Leather", "skills": {"Epée": 30}}),
        "ok.yaml",
    )
    first = loaded.scenario.combatants[0]  # type: ignore[attr-defined]
    assert (first.weapons, first.armour, first.skills) == (
        ["epee"],
        "studded leather",
        {"epee": 30},
    )


def test_the_schema_command_describes_the_scenario() -> None:
    result = CliRunner().invoke(main, ["schema", "percentile"])
    assert result.exit_code == 0 and "fatigue_loss" in result.stdout


def test_a_saved_fight_replays_to_the_same_account(tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    example = str(EXAMPLES[0])
    fought = CliRunner().invoke(main, ["fight", example, "--seed", "5", "--log", str(log)])
    replayed = CliRunner().invoke(main, ["replay", str(log)])
    assert fought.exit_code == replayed.exit_code == 0
    assert replayed.stdout == fought.stdout


def test_every_option_is_documented_with_its_default() -> None:
    docs = (Path(__file__).parents[3] / "docs" / "rulesets" / "percentile.md").read_text()
    for name, field in PercentileOptions.model_fields.items():
        assert f"### `{name}`" in docs, name
        assert field.description, name
