"""The readings the chapter leaves open, as options, and rules added in the audit: the
multiple-fire example's numbers, touch attacks, encumbrance, Opportunity-Attack discharge,
fatigue's doubled Non-Lethal and save penalty, motor-appendage checks on other actions."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.starflight.actions import Attack, Draw, Move, Snipe, Standby, Strike
from fracas.rulesets.starflight.attack import shots_that_hit
from fracas.rulesets.starflight.events import (
    AttackRolled,
    BlueOnBlue,
    Checked,
    DamageTaken,
    Fired,
    PartFailed,
    WeaponDrawn,
    WoundsInflicted,
)
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.wounds import inflict_wounds

from .helpers import fight_of, fighter, of_type, shooter, start, target, who
from .test_sf_parts_and_locations import ctx_for

INIT = [10, 1]
SHOT = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])


@pytest.mark.parametrize(
    ("total", "hits"),
    [(75, 0), (76, 1), (80, 1), (81, 2), (86, 3), (91, 4)],
    ids=["75-misses", "76-first", "80-still-one", "81-second", "86-third", "91-fourth"],
)
def test_multiple_fire_follows_the_chapters_76_81_86_91(total: int, hits: int) -> None:
    # "if the first shot is successful with a result of 76, the second shot succeeds at 81,
    # the third at 86, the fourth at 91" - a DC of 75
    assert shots_that_hit(50, total, 75, 4, StarflightOptions()) == hits


def test_encumbrance_adds_to_the_hd() -> None:
    s = start([shooter(encumbrance=6), target()], [*INIT, 10])
    s.act(SHOT)
    assert of_type(s, AttackRolled)[0].effective_hd == 56


def test_touch_attack_uses_the_targets_thd() -> None:
    baton = [{"weapon": "stun baton", "class": 1}]
    s = start([shooter(weapons=baton), target(position=[3, 0], thd=30)], [*INIT, 10])
    s.act(SHOT)
    a = of_type(s, AttackRolled)[0]
    assert a.effective_hd == 30 and a.notes[0] == "THD 30"


def test_weapon_fired_in_an_opportunity_attack_is_discharged_for_its_turn() -> None:
    laser = [{"weapon": "hand laser", "class": 1}]
    s = start(
        [fighter("a", "red", initiative=9), target(position=[30, 0], weapons=laser)],
        [*INIT, 10],
        scale="melee",
    )
    s.act(Move(actor="a", toward="t"))  # comes within 10 m: 't' fires (10: a miss)
    assert of_type(s, Fired)[0].opportunity
    s.act(Standby(actor="a"))
    with pytest.raises(IllegalAction, match="discharged in an opportunity attack"):
        s.act(Attack(actor="t", strikes=[Strike(target="a", weapon=0)]))


def test_fatigued_takes_double_nonlethal_minus_20_on_saves_and_no_full_round_action() -> None:
    weapons = [{"weapon": "hand laser", "class": 1}, {"weapon": "stunner", "class": 1}]
    rolls = [*INIT, 80, 5, 50, 50, 99, 80, 5, 90, 90]
    s = start([shooter(weapons=weapons), target(hp=20)], rolls)
    s.act(SHOT)  # 10 lethal: HP 20 -> 10, fatigued
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=1)]))  # stunner: 20 non-lethal
    assert of_type(s, DamageTaken)[1].nonlethal == 40
    assert who(s, "t").nhp == 60
    reflex = [c for c in of_type(s, Checked) if c.what == "Reflex save (hit)"][1]
    assert (reflex.modifier, reflex.dc) == (-20, 40)
    assert fight_of(s).current == "t" and fight_of(s).phases_left == 1
    with pytest.raises(IllegalAction, match="1 action phase"):
        s.act(Snipe(actor="t", target="a", weapon=0))


@pytest.mark.parametrize(("reading", "dc"), [("damage-taken", 0), ("damage-dealt", 10)])
def test_hit_save_dc_option_when_armour_stops_everything(reading: str, dc: int) -> None:
    vest = [{"name": "plate", "hp": 30}]
    s = start(
        [shooter(), target(armour=vest)], [*INIT, 80, 5, 50, 50], options={"hit_save_dc": reading}
    )
    s.act(SHOT)
    assert of_type(s, DamageTaken)[0].armour_absorbed == 10
    saves = of_type(s, Checked)
    assert [(c.what, c.dc) for c in saves] == [
        ("Reflex save (hit)", dc),
        ("Willpower save (hit)", dc),
    ]


@pytest.mark.parametrize(("stacks", "penalty"), [(False, -25), (True, -50)])
def test_unclear_sight_stacks_option(stacks: bool, penalty: int) -> None:
    wall = {
        "name": "plaster wall",
        "start": [10, -5],
        "end": [10, 5],
        "kind": "penetrable",
        "hp": 50,
    }
    s = start(
        [shooter(facing=80), target()],
        [*INIT, 10],
        obstacles=[wall],
        options={"unclear_sight_stacks": stacks},
    )
    s.act(SHOT)  # peripheral arc and through the wall
    assert of_type(s, AttackRolled)[0].modifier == penalty


@pytest.mark.parametrize(("reading", "after"), [("capped", 4), ("kept", 5)])
def test_maiming_blow_wounds_option_and_no_wounds_after_maiming(reading: str, after: int) -> None:
    s = start([shooter(), target(durability=2)], [*INIT], options={"maiming_blow_wounds": reading})
    t = who(s, "t")
    ctx = ctx_for(s, [])
    inflict_wounds(ctx, t, "left_leg", 5, "test")
    assert t.wounds["left_leg"] == after and t.maimed == ["left_leg"]
    assert inflict_wounds(ctx, t, "left_leg", 2, "test") == 0  # "no longer available"
    inflict_wounds(ctx, t, "chest", 7, "test")  # the Body area takes any number
    assert t.wounds["chest"] == 7


@pytest.mark.parametrize(("counts", "hd"), [(False, 50), (True, 70)])
def test_ranged_into_melee_counts_shooter_option(counts: bool, hd: int) -> None:
    s = start(
        [shooter(), target(position=[8, 0])],
        [*INIT, 10],
        options={"ranged_into_melee_counts_shooter": counts},
    )
    s.act(SHOT)
    assert of_type(s, AttackRolled)[0].effective_hd == hd


@pytest.mark.parametrize(("formula", "si"), [("base-plus-gear", 100), ("hp-plus-gear", 90)])
def test_si_formula_option(formula: str, si: int) -> None:
    s = start([shooter(), target()], [*INIT, 80, 5, 90, 90, 90], options={"si_formula": formula})
    s.act(SHOT)
    assert of_type(s, DamageTaken)[0].si_after == si


def test_a_natural_00_that_still_hits_is_no_blue_on_blue() -> None:
    s = start(
        [shooter(skills={"security": 600}), target()],
        [*INIT, 100, 5, 90, 90, 90],
        options={"natural_extremes_decide": False},
    )
    s.act(SHOT)
    assert of_type(s, AttackRolled)[0].hits == 1
    assert not of_type(s, BlueOnBlue)
    assert of_type(s, DamageTaken)[0].target == "t"


def test_drawing_checks_the_wounded_motor_appendage_first() -> None:
    laser = [{"weapon": "hand laser", "class": 1, "drawn": False}]
    s = start([shooter(weapons=laser), target()], [*INIT, 10])
    who(s, "a").wounds["right_arm"] = 1
    s.act(Draw(actor="a", weapon=0))  # Stamina 10 vs DC 70 fails
    assert of_type(s, PartFailed)[0].part == "right_arm"
    assert not of_type(s, WeaponDrawn) and fight_of(s).phases_left == 1


def test_critical_part_failure_wound_calls_for_the_fortitude_save() -> None:
    s = start([shooter(), target()], [*INIT, 100, 8, 10])
    who(s, "a").wounds["right_arm"] = 1
    s.act(SHOT)  # Stamina 00: the arm fails, 1d10 = 8 Basic, a Wound, Fortitude 10 vs DC 54
    assert of_type(s, WoundsInflicted)[0].cause == "part failure"
    fort = of_type(s, Checked)[-1]
    assert (fort.what, fort.dc, fort.success) == ("Fortitude save (wounded)", 54, False)
    assert who(s, "a").nhp == 0


def test_no_unarmed_strike_while_wielding_a_weapon() -> None:
    s = start([shooter(), target(position=[3, 0])], [*INIT])
    with pytest.raises(IllegalAction, match="wielding a weapon"):
        s.act(Attack(actor="a", strikes=[Strike(target="t")]))


def test_sniping_needs_a_scope() -> None:
    rifle = [{"weapon": "laser rifle", "class": 3, "scope": False}]
    s = start([shooter(weapons=rifle), target(position=[400, 0])], [*INIT])
    with pytest.raises(IllegalAction, match="needs a scope"):
        s.act(Snipe(actor="a", target="t", weapon=0))
