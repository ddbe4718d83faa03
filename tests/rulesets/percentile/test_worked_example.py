"""Chapter 5's worked example, Joanne vs Ondkille, from the chapter's own rolls."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.dice import ScriptedRoller, read_rolls
from fracas.engine import Session
from fracas.rulesets.percentile import RULESET
from fracas.rulesets.percentile.events import (
    AttackRolled,
    Damaged,
    DefenceRolled,
    InitiativeRolled,
)
from fracas.rulesets.percentile.skill_check import FAIL, SUCCESS
from fracas.scenario import load_scenario, parse_scenario

from .helpers import get

EXAMPLE = Path(__file__).parents[3] / "examples" / "percentile" / "joanne-vs-ondkille.yaml"


def run_demo(**options: str) -> Session:
    demo = RULESET.demo()
    data = dict(demo.scenario)
    data["options"] = {**data.get("options", {}), **options}
    loaded = parse_scenario(data, "<demo>")
    roller = ScriptedRoller(list(demo.rolls))
    session = Session.start(loaded.ruleset, loaded.scenario, roller)
    session.run()
    return session


def test_initiative_is_36_for_joanne_and_42_for_ondkille() -> None:
    log = run_demo().log
    totals = {e.who: e.total for e in log if isinstance(e, InitiativeRolled)}
    assert totals == {"Joanne": 36, "Ondkille": 42}


def test_each_attack_and_parry_comes_out_as_the_chapter_says() -> None:
    log = run_demo().log
    checks = [
        (type(e).__name__, e.who, list(e.rolls), e.chance, e.result)
        for e in log
        if isinstance(e, AttackRolled | DefenceRolled)
    ]
    assert checks == [
        ("AttackRolled", "Ondkille", [17], 60, SUCCESS),  # all-out attack: 40% Easy -> 60%
        ("DefenceRolled", "Joanne", [62], 67, SUCCESS),  # 30 + 37 = 67
        ("AttackRolled", "Joanne", [97, 5], 67, FAIL),  # possible fumble, re-roll 5: a fail
        ("AttackRolled", "Ondkille", [85], 40, FAIL),
        ("AttackRolled", "Joanne", [9], 67, SUCCESS),
        ("DefenceRolled", "Ondkille", [25], 40, SUCCESS),
        ("AttackRolled", "Ondkille", [83], 40, FAIL),
        ("AttackRolled", "Joanne", [11], 67, SUCCESS),
        ("DefenceRolled", "Ondkille", [58], 40, FAIL),
        ("AttackRolled", "Ondkille", [84], 40, FAIL),
        ("AttackRolled", "Joanne", [55], 67, SUCCESS),
        ("DefenceRolled", "Ondkille", [41], 40, FAIL),  # "just barely misses his parry"
        ("AttackRolled", "Ondkille", [86], 40, FAIL),
        ("AttackRolled", "Joanne", [23], 67, SUCCESS),
        ("DefenceRolled", "Ondkille", [61], 40, FAIL),
    ]


def test_ondkille_goes_from_16_to_9_to_5_to_minus_1_hp() -> None:
    session = run_demo()
    hits = [(e.rolled, e.absorbed, e.hp_after) for e in session.log if isinstance(e, Damaged)]
    assert hits == [(9, 2, 9), (6, 2, 5), (8, 2, -1)]
    assert get(session, "Ondkille").hp == -1
    assert not get(session, "Ondkille").dead  # -1 is above -CON = -8: he crumples
    assert get(session, "Joanne").hp == 28


def test_the_fight_ends_after_five_rounds_with_joanne_standing() -> None:
    state = run_demo().state
    assert state.over and state.winner == "Joanne"
    assert state.round == 5


def test_every_roll_of_the_chapter_is_used_in_order() -> None:
    demo = RULESET.demo()
    loaded = parse_scenario(demo.scenario, "<demo>")
    roller = ScriptedRoller(list(demo.rolls))
    Session.start(loaded.ruleset, loaded.scenario, roller).run()
    with pytest.raises(Exception, match="ran out"):
        roller.roll("d100", "one more")


@pytest.mark.parametrize(
    ("fatigue_loss", "joanne_fatigue"),
    [("per-3-rounds", 27), ("per-round", 23)],
    ids=["written-rule-27", "example-figure-23"],
)
def test_joannes_fatigue_under_each_fatigue_option(fatigue_loss: str, joanne_fatigue: int) -> None:
    assert get(run_demo(fatigue_loss=fatigue_loss), "Joanne").fatigue == joanne_fatigue


def test_the_example_file_is_the_packaged_demo_scenario() -> None:
    packaged = resources.files("fracas.rulesets.percentile").joinpath(
        "data", "joanne-vs-ondkille.yaml"
    )
    assert EXAMPLE.read_bytes() == packaged.read_bytes()


def test_the_example_characters_are_as_the_chapter_gives_them() -> None:
    scen = load_scenario(EXAMPLE).scenario
    joanne, ondkille = scen.combatants  # type: ignore[attr-defined]
    assert (joanne.STR, joanne.CON, joanne.AGL, joanne.PER) == (13, 15, 15, 16)
    assert (joanne.fatigue, joanne.hp, joanne.armour, joanne.weapons) == (
        28,
        28,
        "studded leather",
        ["epee"],
    )
    assert joanne.skills == {"point swords": 30, "epee": 37}
    assert (ondkille.STR, ondkille.CON, ondkille.AGL, ondkille.PER) == (8, 8, 10, 13)
    assert (ondkille.fatigue, ondkille.hp, ondkille.armour, ondkille.weapons) == (
        16,
        16,
        "boiled leather",
        ["dagger"],
    )
    assert ondkille.skills == {"dagger": 40}


def test_fracas_demo_prints_the_book_account(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["demo", "percentile", "--db", str(tmp_path / "d.db")])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Joanne initiative: D20 5 + PER 16 + AGL 15 = 36" in out
    for line in (
        "Ondkille attacks Joanne with the Dagger at 40%, Easy for all-out attack = 60%: "
        "rolled 17: success",
        "Joanne parries with the Epée at 67%: rolled 62: success",
        "Joanne attacks Ondkille with the Epée at 67%: "
        "rolled 97 (95-00, a possible fumble: re-rolled 5, not above the unmodified skill 67, "
        "so no fumble): fail",
        "Ondkille parries with the Dagger at 40%: rolled 41: fail",
        "Ondkille takes 9 - 2 ABS = 7 from Joanne's Epée: 16 -> 9 hp",
        "Ondkille takes 6 - 2 ABS = 4 from Joanne's Epée: 9 -> 5 hp",
        "Ondkille takes 8 - 2 ABS = 6 from Joanne's Epée: 5 -> -1 hp (unconscious, bleeding)",
        "Ondkille: -1/16 hp, fatigue 15/16, Dagger (ready), unconscious, bleeding",
    ):
        assert line in out, line


def test_the_example_file_fights_with_its_rolls_through_the_cli(tmp_path: Path) -> None:
    rolls = tmp_path / "rolls.txt"
    rolls.write_text(" ".join(str(r) for r in RULESET.demo().rolls))
    result = CliRunner().invoke(main, ["fight", str(EXAMPLE), "--rolls", str(rolls)])
    assert result.exit_code == 0, result.output
    assert "Ondkille: -1/16 hp" in result.stdout


def test_the_example_rolls_file_is_the_demo_rolls_and_gives_the_books_fatigue_23() -> None:
    rolls_file = EXAMPLE.with_suffix(".rolls")
    assert tuple(read_rolls(rolls_file.read_text())) == RULESET.demo().rolls
    result = CliRunner().invoke(
        main,
        ["fight", str(EXAMPLE), "--rolls", str(rolls_file), "-o", "fatigue_loss=per-round"],
    )
    assert result.exit_code == 0, result.output
    assert "Ondkille: -1/16 hp" in result.stdout
    assert "Joanne: 28/28 hp, fatigue 23/28" in result.stdout
