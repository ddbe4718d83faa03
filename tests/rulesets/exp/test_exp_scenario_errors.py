"""Bad scenarios: a clear message naming the field; nothing runs, nothing is written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from fracas.cli import main
from fracas.scenario import ScenarioError, parse_scenario

from .helpers import FLING, anthro, with_attrs


def problems(*combatants: dict[str, Any], **options: Any) -> str:
    data = {"ruleset": "exp", "combatants": list(combatants), "options": options}
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "brawl.yaml")
    return str(info.value)


def test_an_unknown_persona_kind_names_the_field() -> None:
    text = problems(anthro("Ann", "red", kind="mutant"), anthro("Bob", "blue"))
    assert "brawl.yaml: combatants[0].kind: Input should be 'anthro'" in text


def test_an_attribute_out_of_range_names_the_attribute_and_the_range() -> None:
    text = problems(anthro("Ann", "red"), with_attrs(anthro("Bob", "blue"), PSTR=40))
    assert (
        "brawl.yaml: combatants[1].attributes.PSTR: 40 is out of range 1-25 for an anthro" in text
    )


def test_an_alien_attribute_range_differs_from_an_anthro_one() -> None:
    alien = with_attrs(anthro("Zib", "blue", kind="alien", advanced=True), PSTR=31)
    parse_scenario({"ruleset": "exp", "combatants": [anthro("Ann", "red"), alien]})
    text = problems(anthro("Ann", "red"), with_attrs(alien, CHA=20))
    assert "combatants[1].attributes.CHA: 20 is out of range 3-18 for an alien" in text


def test_a_weapon_whose_attack_type_has_no_combat_table_row_is_refused() -> None:
    text = problems(anthro("Ann", "red", weapons=["fist", "bottle"]), anthro("Bob", "blue"))
    assert (
        "brawl.yaml: combatants[0].weapons[1]: bottle is a fling attack, but combat_table "
        "has no fling row"
    ) in text


def test_a_weapon_given_in_full_is_accepted_with_its_row() -> None:
    plate = {"name": "plate", "attack_type": "fling", "damage": "1d4"}
    ann = anthro("Ann", "red", weapons=[plate], combat_table={"fling": dict(FLING)})
    loaded = parse_scenario({"ruleset": "exp", "combatants": [ann, anthro("Bob", "blue")]})
    state = loaded.ruleset.build(loaded.scenario)
    (weapon,) = state.personas["Ann"].weapons  # type: ignore[attr-defined]
    assert (weapon.name, weapon.attack_type, weapon.damage, weapon.natural) == (
        "plate",
        "fling",
        "1d4",
        False,
    )


def test_a_brawler_with_only_a_dagger_is_refused_up_front() -> None:
    table = {"pointy-fling": {"skilled_bonus": 1, "raw_bonus": 1, "maximum_roll": 700}}
    text = problems(
        anthro("Ann", "red", weapons=["dagger"], combat_table=table), anthro("Bob", "blue")
    )
    assert "combatants[0].weapons: a non-lethal brawl needs a Strike or Fling weapon" in text
    assert "not allowed in non-lethal combat: dagger (Pointy Fling)" in text


def test_flora_with_a_non_lethal_tactic_is_refused_up_front() -> None:
    text = problems(anthro("Vine", "red", kind="flora"), anthro("Bob", "blue"))
    assert "combatants[0].tactics: brawl is non-lethal, but flora does not grasp surrender" in text


def test_a_tiny_grappler_with_only_giant_enemies_is_refused_up_front() -> None:
    zib = anthro("Zib", "red", kind="alien", advanced=True, size="tiny", tactics="grapple")
    text = problems(zib, anthro("Gort", "blue", size="giant"))
    assert (
        "combatants[0].tactics: Zib (tiny) cannot grapple: no enemy is of comparable size" in text
    )


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ({"tactics": "karate"}, "unknown tactic 'karate'"),
        ({"tactics": ["brawl", {"concede-below": 0}]}, "concede-below needs a whole number"),
        ({"size": "enormous"}, "unknown size 'enormous'"),
        (
            {"weapons": ["fist", "lightsaber"]},
            "combatants[0].weapons[1]: unknown weapon 'lightsaber'",
        ),
        ({"advanced": True}, "combatants[0].advanced: only aliens are advanced"),
        ({"treaded": True}, "combatants[0].treaded: only robots have treads"),
        (
            {"holds_back_force_bonus": True},
            "combatants[0].holds_back_force_bonus: only personas with hand-to-hand skill",
        ),
        ({"hps_now": 50}, "combatants[0].hps_now: 50 is above the maximum HPS 40"),
        ({"proficient_with": ["fist", "axe"]}, "combatants[0].proficient_with[1]: 'axe' is not"),
        (
            {
                "attributes": {
                    "AWE": 10,
                    "CHA": 10,
                    "CON": 10,
                    "DEX": -3,
                    "INT": 10,
                    "MSTR": 10,
                    "PSTR": 10,
                }
            },
            "combatants[0].attributes.DEX: -3 is out of range 1-25 for an anthro",
        ),
        ({"level": 0}, "combatants[0].level: Input should be greater than or equal to 1"),
        ({"hps": -3}, "combatants[0].hps: Input should be greater than or equal to 1"),
        ({"defence_rating": -1}, "combatants[0].defence_rating"),
        ({"colour": "red"}, "combatants[0].colour: Extra inputs are not permitted"),
        (
            {"weapons": [{"name": "zap", "attack_type": "strike", "damage": "1d6", "stun": True}]},
            "a stun weapon is powered",
        ),
        (
            {"weapons": [{"name": "zap", "attack_type": "strike", "damage": "1q6"}]},
            "brawl.yaml: combatants[0].weapons[0].damage: 1q6: unexpected 'q'",
        ),
    ],
)
def test_bad_persona_fields_are_named(override: dict[str, Any], message: str) -> None:
    assert message in problems(anthro("Ann", "red", **override), anthro("Bob", "blue"))


def test_bad_options_are_named() -> None:
    text = problems(anthro("Ann", "red"), anthro("Bob", "blue"), oops_die="hecto-die")
    assert "options.oops_die: unknown die 'hecto-die'" in text
    text = problems(anthro("Ann", "red"), anthro("Bob", "blue"), dss="table")
    assert "options.dss" in text
    text = problems(anthro("Ann", "red"), anthro("Bob", "blue"), weapon_damage={"fist": "1x"})
    assert "options.weapon_damage" in text


def test_names_must_differ_and_sides_must_be_two() -> None:
    assert "combatants[1].name: 'Ann' is used twice" in problems(
        anthro("Ann", "red"), anthro("Ann", "blue")
    )
    assert "at least two sides" in problems(anthro("Ann", "red"), anthro("Bob", "red"))


def test_the_cli_reports_a_bad_scenario_and_writes_no_log(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    data = {
        "ruleset": "exp",
        "combatants": [anthro("Ann", "red", kind="mutant"), anthro("Bob", "blue")],
    }
    bad.write_text(yaml.safe_dump(data))
    log = tmp_path / "fight.jsonl"
    result = CliRunner().invoke(main, ["fight", str(bad), "--seed", "1", "--log", str(log)])
    assert result.exit_code == 2
    assert "combatants[0].kind" in result.output
    assert not log.exists()


def test_a_bottle_only_brawler_is_refused_when_only_strike_attacks_are_allowed() -> None:
    table = {"fling": dict(FLING)}
    ann = anthro("Ann", "red", weapons=["bottle"], combat_table=table)
    parse_scenario({"ruleset": "exp", "combatants": [ann, anthro("Bob", "blue")]})
    text = problems(ann, anthro("Bob", "blue"), nonlethal_attacks="strike-only")
    assert (
        "combatants[0].weapons: a non-lethal brawl needs a Strike weapon or a powered stun "
        "weapon; not allowed in non-lethal combat: bottle (Fling)"
    ) in text


def test_a_snatch_tactic_is_refused_when_snatching_is_not_allowed() -> None:
    text = problems(
        anthro("Ann", "red", tactics="snatch"),
        anthro("Bob", "blue", weapons=["chair"]),
        allow_weapon_snatching=False,
    )
    assert "combatants[0].tactics: snatch, but the referee does not allow weapon snatching" in text


@pytest.mark.parametrize("value", [True, "13", 13.0], ids=["bool", "string", "float"])
def test_an_attribute_given_as_a_bool_string_or_float_is_refused_not_converted(
    value: object,
) -> None:
    bob = anthro("Bob", "blue")
    bob["attributes"]["PSTR"] = value
    text = problems(anthro("Ann", "red"), bob)
    assert "brawl.yaml: combatants[1].attributes.PSTR: Input should be a valid integer" in text


@pytest.mark.parametrize(
    ("field", "value"),
    [("hps", "40"), ("hps", True), ("level", "2"), ("defence_rating", "400")],
    ids=["hps-string", "hps-bool", "level-string", "defence-rating-string"],
)
def test_a_persona_number_given_as_text_or_bool_is_refused(field: str, value: object) -> None:
    text = problems(anthro("Ann", "red"), anthro("Bob", "blue", **{field: value}))
    assert f"brawl.yaml: combatants[1].{field}: Input should be a valid integer" in text


def test_a_combat_table_bonus_given_as_a_string_is_refused() -> None:
    row = {"skilled_bonus": "120", "raw_bonus": 40, "maximum_roll": 800}
    text = problems(anthro("Ann", "red", combat_table={"strike": row}), anthro("Bob", "blue"))
    assert "combatants[0].combat_table.strike.skilled_bonus: Input should be a valid integer" in (
        text
    )


ROW = {"skilled_bonus": 0, "raw_bonus": 0, "maximum_roll": 900}


@pytest.mark.parametrize(
    ("over", "field", "cap"),
    [
        ({"level": 101}, "level", 100),
        ({"hps": 10001}, "hps", 10000),
        ({"defence_rating": 2001}, "defence_rating", 2000),
        (
            {"combat_table": {"strike": {**ROW, "skilled_bonus": 1001}}},
            "combat_table.strike.skilled_bonus",
            1000,
        ),
        (
            {"combat_table": {"strike": {**ROW, "maximum_roll": 2001}}},
            "combat_table.strike.maximum_roll",
            2000,
        ),
    ],
    ids=["level", "hps", "defence-rating", "bonus", "maximum-roll"],
)
def test_an_absurd_number_is_refused_at_its_sanity_cap(
    over: dict[str, Any], field: str, cap: int
) -> None:
    text = problems(anthro("Ann", "red"), anthro("Bob", "blue", **over))
    assert f"combatants[1].{field}: Input should be less than or equal to {cap}" in text
