"""Chapter 9.2's worked example (Xxksax's laser at the G'Nunk), every number in the text."""

from __future__ import annotations

from click.testing import CliRunner

from fracas.cli import main
from fracas.dice import ScriptedRoller
from fracas.engine import Session
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.damage import rider_multiplier
from fracas.rulesets.starflight.demo import ROLLS, example_scenario
from fracas.rulesets.starflight.effective_hd import dodge_term
from fracas.rulesets.starflight.events import (
    AttackRolled,
    Bled,
    Checked,
    ConditionGained,
    DamageTaken,
    Located,
    PartFailed,
    WoundsInflicted,
)
from fracas.rulesets.starflight.strength import strength_index
from fracas.scenario import parse_scenario

from .helpers import fight_of, of_type, who


def run_example(extra_rolls: tuple[int, ...] = (), rounds: int = 1) -> Session:
    data = example_scenario()
    data["options"] = {"max_rounds": rounds}
    loaded = parse_scenario(data)
    session = Session.start(RULESET, loaded.scenario, ScriptedRoller([*ROLLS, *extra_rolls]))
    session.run()
    return session


def test_effective_hd_of_the_example_is_60() -> None:
    # 34 / 10 = 3.4 -> 3; 3 - 4 = -1; 61 + -1 = 60
    assert dodge_term(34, 4, ignore_dodge=False) == -1
    session = run_example()
    assert who(session, "xxksax").ab_ranged == 4  # "a ranged Attack Bonus of 4"
    assert (who(session, "gnunk").hd, who(session, "gnunk").skills["dodge"]) == (61, 34)
    attack = of_type(session, AttackRolled)[0]
    assert attack.effective_hd == 60


def test_attack_roll_66_hits() -> None:
    attack = of_type(run_example(), AttackRolled)[0]
    assert (attack.natural, attack.total, attack.hits) == (66, 70, 1)


def test_location_six_is_the_groin() -> None:
    located = of_type(run_example(), Located)[0]
    assert (located.rolls, located.part) == ([6], "groin")


def test_laser_does_21_lethal_nhp_stays_100_hp_falls_to_79() -> None:
    session = run_example()
    damage = of_type(session, DamageTaken)[0]
    assert (damage.lethal, damage.nonlethal) == (21, 0)
    assert (damage.nhp_after, damage.hp_after) == (100, 79)


def test_si_is_not_lowered_without_gear() -> None:
    session = run_example()
    gnunk = who(session, "gnunk")
    si = strength_index(gnunk, "base-plus-gear")
    assert of_type(session, DamageTaken)[0].si_after == si == gnunk.si_base == 100


def test_groin_rider_dazes_three_minutes_and_stops_movement_three_rounds() -> None:
    session = run_example()
    gained = {e.condition: e for e in of_type(session, ConditionGained)}
    assert gained["dazed"].until == 1 + 30
    assert gained["immobile"].until == 1 + 3
    # "the NHP damage is doubled; since the hit did only did Lethal damage twice zero is zero"
    assert rider_multiplier(fight_of(session), who(session, "gnunk"), "groin") == 2
    assert of_type(session, DamageTaken)[0].nonlethal == 2 * 0


def test_one_wound_on_the_groin_then_three_on_the_nose_four_in_all() -> None:
    wounds = of_type(run_example(), WoundsInflicted)
    assert [(w.part, w.count, w.total) for w in wounds] == [("groin", 1, 1), ("nose", 3, 4)]


def test_reflex_save_00_is_a_critical_failure_and_knocks_him_prone() -> None:
    session = run_example()
    reflex = next(e for e in of_type(session, Checked) if e.what.startswith("Reflex"))
    assert (reflex.natural, reflex.dc, reflex.success, reflex.critical) == (0, 21, False, "failure")
    assert of_type(session, Located)[1].rolls == [4, 5]
    assert who(session, "gnunk").prone


def test_willpower_37_passes_dc_21() -> None:
    will = next(e for e in of_type(run_example(), Checked) if e.what.startswith("Willpower"))
    assert (will.natural, will.dc, will.success) == (37, 21, True)
    assert not who(run_example(), "gnunk").shaken


def test_fortitude_dc_71_against_59_plus_modifier_just_holds() -> None:
    session = run_example()
    fort = next(e for e in of_type(session, Checked) if e.what.startswith("Fortitude"))
    assert (fort.natural, fort.dc, fort.total, fort.success) == (59, 71, 72, True)
    assert who(session, "gnunk").nhp == 100


def test_four_wounds_cost_four_hp_ten_rounds_later() -> None:
    # round 2: the nose's Stamina check (d% 50) fails; no more rolls until the bleed
    session = run_example(extra_rolls=(50,), rounds=10)
    assert of_type(session, PartFailed)[0].part == "nose"
    bled = of_type(session, Bled)
    assert [(b.amount, b.hp_after) for b in bled] == [(4, 75)]
    assert fight_of(session).round == 10


def test_demo_command_prints_the_example(tmp_path: object) -> None:
    result = CliRunner().invoke(main, ["demo", "starflight", "--db", f"{tmp_path}/d.db"])
    assert result.exit_code == 0, result.output
    assert "vs effective HD 60" in result.output
    assert "Fortitude save (wounded): 59 +13 = 72 vs DC 71: success" in result.output
    assert "no winner (the chapter's worked example ends after this one attack)" in result.output
    assert "round limit" not in result.output
