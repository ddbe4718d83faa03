"""Data tables load and validate; bad scenario input names the field and the problem."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.dice import SeededRoller
from fracas.engine import Session, encode_log
from fracas.rulesets.starflight.checks import critical_of, succeeds
from fracas.rulesets.starflight.materials import MATERIALS
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.species import SPECIES
from fracas.rulesets.starflight.weapons import WEAPONS
from fracas.scenario import ScenarioError, load_scenario, parse_scenario

from .helpers import scenario_data, shooter, target

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = sorted((ROOT / "examples" / "starflight").glob("*.yaml"))
DOC = ROOT / "docs" / "rulesets" / "starflight.md"


@pytest.mark.parametrize("key", sorted(SPECIES))
def test_species_has_a_body_area_and_a_dominant_motor_part(key: str) -> None:
    sp = SPECIES[key]
    assert any(p.kind == "body" for p in sp.parts)
    assert sp.motor_parts()


@pytest.mark.parametrize(
    ("name", "cls"),
    [(n, c) for n, w in sorted(WEAPONS.items()) for c in sorted(w.classes)],
    ids=[f"{n}-{c}" for n, w in sorted(WEAPONS.items()) for c in sorted(w.classes)],
)
def test_weapon_class_row(name: str, cls: int) -> None:
    w, row = WEAPONS[name], WEAPONS[name].classes[cls]
    if w.type == "melee":
        assert row.magazine == 0 and row.range_m == 0
    else:
        assert row.magazine > 0 and row.range_m > 0


CHAPTER_MATERIALS = {  # 'Damage Reduction and Hit Points of Common Materials'
    "glass": (0, 10),
    "wood": (5, 30),
    "stone": (10, 50),
    "metal": (15, 100),
    "dense metal": (20, 500),  # the chapter's DR cell is garbled ("2"): PROPOSED 20
}


@pytest.mark.parametrize("name", sorted(CHAPTER_MATERIALS))
def test_material_row(name: str) -> None:
    row = MATERIALS[name]
    assert (row.damage_reduction, row.hp_per_cm) == CHAPTER_MATERIALS[name]


def test_materials_table_has_exactly_the_chapters_rows() -> None:
    assert sorted(MATERIALS) == sorted(CHAPTER_MATERIALS)


def test_hand_laser_class_two_plus_finesse_bonus_is_the_examples_21() -> None:
    assert WEAPONS["hand laser"].classes[2].damage + 50 // 10 == 21


@pytest.mark.parametrize(
    ("natural", "total", "dc", "success", "critical"),
    [
        (0, 150, 10, False, "failure"),
        (99, 99, 500, True, "success"),
        (50, 60, 60, False, None),
        (50, 61, 60, True, None),
    ],
    ids=["00-always-fails", "99-always-succeeds", "tie-fails", "higher-succeeds"],
)
def test_checks_and_criticals(
    natural: int, total: int, dc: int, success: bool, critical: str | None
) -> None:
    opts = StarflightOptions()
    assert succeeds(natural, total, dc, opts) is success
    assert critical_of(natural, opts) == critical


def problems(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "bad.yaml")
    return str(info.value)


def test_species_without_a_body_area_is_refused_naming_the_field() -> None:
    blob = {
        "name": "Blob",
        "vision": {"optimal": 360, "peripheral": 360},
        "parts": [{"id": "eye", "name": "eye", "kind": "sensory", "sense": "visual"}],
        "hit_locations": dict.fromkeys(range(1, 11), "eye"),
    }
    text = problems(scenario_data(shooter(), target(), species={"blob": blob}))
    assert "species.blob" in text and "needs at least one Body (vital) area part" in text


def test_weapon_class_that_does_not_exist_is_refused_naming_the_field() -> None:
    text = problems(
        scenario_data(shooter(weapons=[{"weapon": "hand laser", "class": 7}]), target())
    )
    assert "combatants[0].weapons[0]" in text
    assert "class: hand laser has no Class 7 (its Classes: 1, 2, 3)" in text


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"weapons": [{"weapon": "phaser", "class": 1}]}, "weapon: unknown weapon 'phaser'"),
        ({"hp": -5}, "combatants[0].hp"),
        ({"tactics": "berserk"}, "combatants[0].tactics: unknown tactics 'berserk'"),
        ({"species": "klingon"}, "combatants[0].species: unknown species 'klingon'"),
        ({"skills": {"piloting": 3}}, "combatants[0].skills.piloting"),
        ({"armour": [{"name": "v", "hp": 3, "covers": ["tail"]}]}, "has no part 'tail'"),
    ],
    ids=[
        "unknown-weapon",
        "negative-hp",
        "unknown-tactics",
        "unknown-species",
        "unknown-skill",
        "armour-part",
    ],
)
def test_bad_combatant_fields_are_named(change: dict[str, Any], expected: str) -> None:
    assert expected in problems(scenario_data({**shooter(), **change}, target()))


def test_unknown_option_is_refused() -> None:
    assert "options.prone_bonus" in problems(
        scenario_data(shooter(), target(), options={"prone_bonus": 10})
    )


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_runs_from_the_command_line(path: Path) -> None:
    result = CliRunner().invoke(main, ["fight", str(path), "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "The fight is over" in result.output and "CSI:" in result.output


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_same_seed_gives_a_byte_identical_log(path: Path) -> None:
    def log(seed: int) -> bytes:
        loaded = load_scenario(path)
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        session.run()
        return encode_log(session.log)

    assert log(7) == log(7)


def test_examples_include_a_firefight_of_four_a_melee_of_two_and_a_field_medic() -> None:
    sizes = {p.stem: len(load_scenario(p).scenario.combatants) for p in EXAMPLES}  # type: ignore[attr-defined]
    assert {"firefight": 4, "melee": 2, "field-medic": 4}.items() <= sizes.items()


@pytest.mark.parametrize("field", sorted(StarflightOptions.model_fields))
def test_every_option_is_documented(field: str) -> None:
    assert f"`{field}`" in DOC.read_text(encoding="utf-8")


def test_a_saved_log_replays_to_the_same_account(tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    path = str(EXAMPLES[0])
    fought = CliRunner().invoke(main, ["fight", path, "--seed", "2", "--log", str(log)])
    replayed = CliRunner().invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.strip() in fought.output


MUTATIONS = [
    ("\n    hp: ", "\n    hp: -", "].hp: ", "greater than or equal to 1"),
    ("class: 2}", "class: 9}", "].weapons[0].class: ", "has no Class 9"),
    ("species: human", "species: klingon", "].species: ", "unknown species 'klingon'"),
    ("tactics: all-out-attack", "tactics: berserk", "].tactics: ", "unknown tactics 'berserk'"),
    ("scale: ", "scale: orbital #", "scale: ", "'melee' or 'ranged'"),
    ("durability: 5", "durability: 0", "].durability: ", "greater than or equal to 1"),
]


MUTATION_IDS = ["hp", "class", "species", "tactics", "scale", "durability"]
#: each example with each mutation whose text it contains (an example lacking a field is not
#: a case, rather than a skipped one)
MUTATED = [
    pytest.param(path, *mutation, id=f"{path.stem}-{name}")
    for path in EXAMPLES
    for name, mutation in zip(MUTATION_IDS, MUTATIONS, strict=True)
    if mutation[0] in path.read_text(encoding="utf-8")
]


def test_every_example_has_a_mutation_case() -> None:
    assert {param.values[0] for param in MUTATED} == set(EXAMPLES)


@pytest.mark.parametrize(("path", "old", "new", "where", "problem"), MUTATED)
def test_a_mutated_example_is_refused_naming_file_field_and_problem(
    tmp_path: Path, path: Path, old: str, new: str, where: str, problem: str
) -> None:
    text = path.read_text(encoding="utf-8")
    bad = tmp_path / path.name
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["fight", str(bad), "--seed", "1"])
    assert result.exit_code == 2, result.output
    assert str(bad) in result.output and where in result.output and problem in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"hp": True}, "combatants[0].hp"),
        ({"hp": "100"}, "combatants[0].hp"),
        ({"hd": 50.0}, "combatants[0].hd"),
        ({"attributes": {"power": True}}, "combatants[0].attributes.power"),
        ({"attributes": {"power": "13"}}, "combatants[0].attributes.power"),
        ({"skills": {"dodge": "30"}}, "combatants[0].skills.dodge"),
        ({"saves": {"reflex": True}}, "combatants[0].saves.reflex"),
        ({"weapons": [{"weapon": "hand laser", "class": "1"}]}, "combatants[0].weapons[0].class"),
        ({"armour": [{"name": "vest", "hp": "30"}]}, "combatants[0].armour[0].hp"),
        ({"position": ["0", 0]}, "combatants[0].position[0]"),
    ],
    ids=[
        "hp-bool",
        "hp-string",
        "hd-float",
        "power-bool",
        "power-string",
        "dodge-string",
        "reflex-bool",
        "class-string",
        "armour-hp-string",
        "position-string",
    ],
)
def test_a_number_given_as_a_bool_string_or_float_is_refused_not_converted(
    change: dict[str, Any], where: str
) -> None:
    text = problems(scenario_data({**shooter(), **change}, target()))
    assert f"bad.yaml: {where}: Input should be a valid integer" in text


@pytest.mark.parametrize(
    ("change", "where", "cap"),
    [
        ({"hp": 99999999999999999999999}, "combatants[0].hp", 100000),
        ({"nhp": 100001}, "combatants[0].nhp", 100000),
        ({"si": 100001}, "combatants[0].si", 100000),
        ({"hd": 1001}, "combatants[0].hd", 1000),
        ({"initiative": 1001}, "combatants[0].initiative", 1000),
        ({"durability": 1001}, "combatants[0].durability", 1000),
        ({"size_class": 101}, "combatants[0].size_class", 100),
        ({"attributes": {"finesse": 1001}}, "combatants[0].attributes.finesse", 1000),
        ({"skills": {"security": 1001}}, "combatants[0].skills.security", 1000),
        ({"shield": {"name": "s", "hp": 100001}}, "combatants[0].shield.hp", 100000),
        ({"position": [100001, 0]}, "combatants[0].position[0]", 100000),
    ],
    ids=[
        "hp",
        "nhp",
        "si",
        "hd",
        "initiative",
        "durability",
        "size-class",
        "attribute",
        "skill",
        "shield-hp",
        "position",
    ],
)
def test_an_absurd_number_is_refused_at_its_sanity_cap(
    change: dict[str, Any], where: str, cap: int
) -> None:
    text = problems(scenario_data({**shooter(), **change}, target()))
    assert f"bad.yaml: {where}: Input should be less than or equal to {cap}" in text


def test_an_obstacle_number_given_as_a_string_or_absurd_is_refused() -> None:
    wall = {"name": "wall", "start": [10, -5], "end": [10, 5], "kind": "penetrable", "hp": "20"}
    text = problems(scenario_data(shooter(), target(), obstacles=[wall]))
    assert "bad.yaml: obstacles[0].hp: Input should be a valid integer" in text
    thick = {**wall, "hp": None, "material": "steel", "thickness_cm": 10001}
    text = problems(scenario_data(shooter(), target(), obstacles=[thick]))
    assert "obstacles[0].thickness_cm: Input should be less than or equal to 10000" in text


def test_hp_at_the_sanity_cap_is_accepted_and_its_csi_stays_six_digits() -> None:
    loaded = parse_scenario(scenario_data(shooter(hp=100000), target()))
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(1))
    session.run()
    assert "CSI: red 100000, blue 100" in loaded.ruleset.summary(session.state)
