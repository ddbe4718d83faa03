"""Hit location by species table, re-rolls, Wounds on parts, part failure and maiming."""

from __future__ import annotations

import pytest

from fracas.dice import ScriptedRoller
from fracas.engine import Context
from fracas.rulesets.starflight.actions import Attack, Move, Standby, Strike
from fracas.rulesets.starflight.conditions import can_move, is_unconscious
from fracas.rulesets.starflight.events import (
    Checked,
    Located,
    PartFailed,
    PartMaimed,
    WeaponDropped,
    WoundHealed,
)
from fracas.rulesets.starflight.hit_location import roll_location
from fracas.rulesets.starflight.line_of_sight import eyesight
from fracas.rulesets.starflight.part_failure import amputee_after, stamina_dc
from fracas.rulesets.starflight.species import SPECIES
from fracas.rulesets.starflight.stamina_check import check_part
from fracas.rulesets.starflight.wounds import inflict_wounds

from .helpers import fight_of, of_type, shooter, start, target, who

INIT = [10, 1]


def ctx_for(s: object, rolls: list[int]) -> Context:
    from fracas.engine import Session

    assert isinstance(s, Session)
    return Context(s.state, ScriptedRoller(rolls), s.options, [])


ROWS = [(k, f) for k, sp in sorted(SPECIES.items()) for f in sorted(sp.hit_locations)]
SUB_ROWS = [
    (k, f)
    for k, sp in sorted(SPECIES.items())
    for f, part in sorted(sp.sensory_locations.items())
    if part is not None
]


@pytest.mark.parametrize(("species", "face"), ROWS, ids=[f"{k}-d10-{f}" for k, f in ROWS])
def test_hit_location_row(species: str, face: int) -> None:
    s = start([shooter(), target(species=species)], [*INIT])
    table = SPECIES[species]
    sub = [5] if table.hit_locations[face] == "sensory" else []
    part = roll_location(ctx_for(s, [face, *sub]), who(s, "t"))
    expected = table.sensory_locations[5] if sub else table.hit_locations[face]
    assert part == expected and who(s, "t").part_kinds[part] in (
        "cognitive",
        "sensory",
        "motor",
        "propulsive",
        "body",
    )


@pytest.mark.parametrize(
    ("species", "face"), SUB_ROWS, ids=[f"{k}-sensory-{f}" for k, f in SUB_ROWS]
)
def test_sensory_sub_table_row(species: str, face: int) -> None:
    s = start([shooter(), target(species=species)], [*INIT])
    table = SPECIES[species]
    sensory = next(f for f, p in table.hit_locations.items() if p == "sensory")
    part = roll_location(ctx_for(s, [sensory, face]), who(s, "t"))
    assert part == table.sensory_locations[face]
    assert who(s, "t").part_kinds[part] == "sensory"


def test_empty_sensory_faces_and_maimed_parts_are_rolled_again() -> None:
    s = start([shooter(), target()], [*INIT])
    t = who(s, "t")
    t.maimed.append("left_leg")
    ctx = ctx_for(s, [4, 8, 1, 2])  # sensory 8: nothing there; left leg maimed; right leg
    assert roll_location(ctx, t) == "right_leg"
    assert next(e for e in ctx.log if isinstance(e, Located)).rolls == [4, 8, 1, 2]


def test_stamina_dc_is_50_plus_20_per_wound_there_plus_10_per_other() -> None:
    s = start([shooter(), target()], [*INIT])
    t = who(s, "t")
    t.wounds.update({"left_arm": 2, "chest": 3})
    assert stamina_dc(t, "left_arm") == 50 + 40 + 30


def test_wounds_equal_to_durability_fail_a_part_and_twice_maim_it() -> None:
    s = start([shooter(), target(durability=2)], [*INIT])
    t = who(s, "t")
    ctx = ctx_for(s, [])
    inflict_wounds(ctx, t, "left_leg", 2, "test")
    assert "left_leg" in t.failed and not can_move(t, fight_of(s))
    inflict_wounds(ctx, t, "left_leg", 5, "test")
    assert t.wounds["left_leg"] == 4 and t.maimed == ["left_leg"] and t.amputee == 10
    assert [type(e) for e in ctx.log if isinstance(e, PartFailed | PartMaimed)] == [
        PartFailed,
        PartMaimed,
    ]


def test_amputee_complication_grows_by_5_up_to_25() -> None:
    assert [amputee_after(x) for x in (0, 10, 20, 25)] == [10, 15, 25, 25]


def test_the_body_area_never_fails() -> None:
    s = start([shooter(), target(durability=1)], [*INIT])
    t = who(s, "t")
    inflict_wounds(ctx_for(s, []), t, "chest", 2, "test")
    assert t.failed == []


def test_failed_stamina_check_fails_a_motor_part_and_drops_its_weapon() -> None:
    s = start([shooter(), target()], [*INIT])
    a = who(s, "a")
    a.wounds["right_arm"] = 1
    ctx = ctx_for(s, [10])
    assert not check_part(ctx, a, "right_arm")
    assert any(isinstance(e, WeaponDropped) for e in ctx.log)


def test_motor_appendage_is_checked_when_the_weapon_is_used() -> None:
    s = start([shooter(), target()], [*INIT, 10])
    who(s, "a").wounds["right_arm"] = 1
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0)]))
    assert of_type(s, Checked)[0].what == "Stamina (right arm)"
    assert of_type(s, PartFailed)[0].part == "right_arm"


def test_stamina_critical_success_removes_a_wound() -> None:
    s = start([shooter(), target()], [*INIT])
    a = who(s, "a")
    a.wounds["right_arm"] = 1
    ctx = ctx_for(s, [99])
    assert check_part(ctx, a, "right_arm")
    assert a.wounds["right_arm"] == 0
    assert any(isinstance(e, WoundHealed) for e in ctx.log)


def test_stamina_critical_failure_adds_basic_damage_and_a_wound() -> None:
    s = start([shooter(), target()], [*INIT])
    a = who(s, "a")
    a.wounds["left_leg"] = 1
    ctx = ctx_for(s, [100, 7, 60])  # Stamina 00; 1d10 = 7 Basic; Fortitude 60 vs DC 53
    assert not check_part(ctx, a, "left_leg")
    assert (a.hp, a.nhp, a.wounds["left_leg"]) == (97, 96, 2)
    fort = [e for e in ctx.log if isinstance(e, Checked)][-1]
    assert (fort.what, fort.dc, fort.success) == ("Fortitude save (wounded)", 53, True)


def test_propulsive_appendages_are_checked_on_a_move() -> None:
    s = start([shooter(), target(position=[100, 0])], [*INIT, 10])
    who(s, "a").wounds["left_leg"] = 1
    s.act(Move(actor="a", toward="t"))
    assert of_type(s, PartFailed)[0].part == "left_leg"
    assert who(s, "a").x == 0


def test_cognitive_and_sensory_organs_are_checked_at_the_start_of_the_turn() -> None:
    s = start([shooter(), target()], [*INIT, 10, 10])
    t = who(s, "t")
    t.wounds.update({"brain": 1, "left_eye": 1})
    s.act(Standby(actor="a"))
    s.act(Standby(actor="a"))
    assert {e.part for e in of_type(s, PartFailed)} == {"brain", "left_eye"}
    assert is_unconscious(t, fight_of(s).options)


def test_a_failed_eye_blurs_sight_and_both_blind() -> None:
    s = start([shooter(), target()], [*INIT])
    a = who(s, "a")
    a.failed.append("left_eye")
    assert eyesight(a) == "impaired"
    a.failed.append("right_eye")
    assert eyesight(a) == "blind"
