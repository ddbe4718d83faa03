"""Issue 7, Starflight: steps, one armour per part, a groin hit of no damage, the massive-attack
threshold after gear conversion, unique names, and the tactics (stepping around a -25
obstacle, completing a withdrawal, the NPC movement rule)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from fracas.dice import SeededRoller
from fracas.engine import IllegalAction, Session
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.actions import Attack, Face, Move, Strike
from fracas.rulesets.starflight.events import (
    AttackRolled,
    Checked,
    ConditionGained,
    Faced,
    Moved,
    PhasesSpent,
    Withdrew,
)
from fracas.rulesets.starflight.tactics import TACTICS
from fracas.scenario import ScenarioError, parse_scenario

from .helpers import fight_of, fighter, of_type, scenario_data, shooter, start, target, who

INIT = [10, 1]
SHOT = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])


def problems(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "bad.yaml")
    return str(info.value)


# --- a step under 6 m is a free action -----------------------------------------------------


def test_a_move_under_6_m_is_a_free_step() -> None:
    s = start([shooter(), target()], [*INIT], scale="melee")
    s.act(Move(actor="a", toward="t", metres=5))
    assert of_type(s, Moved)[0].step and of_type(s, Moved)[0].metres == 5
    assert fight_of(s).phases_left == 2 and not of_type(s, PhasesSpent)


def test_the_account_calls_a_free_step_a_step() -> None:
    s = start([shooter(), target()], [*INIT], scale="melee")
    events = s.act(Move(actor="a", toward="t", metres=5))
    lines = [s.ruleset.describe(e, s.state) or "" for e in events]
    assert any(" steps 5 m to " in line and "(a free step)" in line for line in lines)


def test_a_second_step_in_the_turn_is_a_move_action_by_default() -> None:
    s = start([shooter(), target(position=[40, 0])], [*INIT], scale="melee")
    s.act(Move(actor="a", toward="t", metres=5))
    s.act(Move(actor="a", toward="t", metres=5))
    assert [m.step for m in of_type(s, Moved)] == [True, False]
    assert fight_of(s).phases_left == 1


def test_steps_per_turn_option_allows_more_free_steps() -> None:
    s = start(
        [shooter(), target(position=[40, 0])], [*INIT], scale="melee", options={"steps_per_turn": 2}
    )
    s.act(Move(actor="a", toward="t", metres=5))
    s.act(Move(actor="a", toward="t", metres=5))
    assert fight_of(s).phases_left == 2


def test_a_move_of_6_m_or_more_is_a_move_action() -> None:
    s = start([shooter(), target(position=[40, 0])], [*INIT], scale="melee")
    s.act(Move(actor="a", toward="t", metres=10))
    assert not of_type(s, Moved)[0].step and fight_of(s).phases_left == 1


# --- body armour needs the part it covers to be unarmoured ---------------------------------


def test_two_armours_on_one_part_are_refused_naming_the_field() -> None:
    armour = [
        {"name": "mesh", "hp": 10, "covers": ["body"]},
        {"name": "vest", "hp": 10, "covers": ["chest"]},
    ]
    text = problems(scenario_data(shooter(), target(armour=armour)))
    assert "combatants[1].armour[1].covers" in text
    assert "the vest covers the chest, which the mesh already covers" in text


def test_armours_on_different_parts_are_accepted() -> None:
    armour = [
        {"name": "helmet", "hp": 10, "covers": ["brain"]},
        {"name": "vest", "hp": 10, "covers": ["chest"]},
    ]
    loaded = parse_scenario(scenario_data(shooter(), target(armour=armour)), "ok.yaml")
    worn = loaded.scenario.combatants[1].armour
    assert [(a.name, list(a.covers)) for a in worn] == [("helmet", ["brain"]), ("vest", ["chest"])]


# --- the groin rider of a hit that does no damage ------------------------------------------


def test_a_groin_hit_doing_no_damage_neither_dazes_nor_immobilises() -> None:
    plate = [{"name": "plate", "hp": 100, "covers": ["all"]}]
    s = start([shooter(), target(sex="male", armour=plate)], [*INIT, 80, 6, *[50] * 6])
    s.act(SHOT)  # 10 lethal, all absorbed by the plate: 0 damage to the groin
    assert not [g for g in of_type(s, ConditionGained) if g.condition in ("dazed", "immobile")]
    assert who(s, "t").immobile_until == 0 and who(s, "t").dazed_until == 0


# --- massive attack: lethal after the gear's conversion ------------------------------------

BLOCKING = [{"name": "reflec", "hp": 5, "covers": ["all"], "blocks": ["beam"]}]


def massive_saves(**options: Any) -> list[str]:
    s = start(
        [shooter(attributes={"finesse": 40}), target(hp=200, armour=BLOCKING)],
        [*INIT, 80, 5, *[90] * 6],
        options={"damage_attribute": "score", **options},
    )
    s.act(SHOT)  # 50 lethal, all turned non-lethal by gear that blocks beams
    return [c.what for c in of_type(s, Checked) if c.who == "t"]


def test_lethal_turned_non_lethal_by_gear_is_no_massive_attack_by_default() -> None:
    assert "Fortitude save (massive attack)" not in massive_saves()


def test_massive_attack_lethal_before_conversion_option() -> None:
    saves = massive_saves(massive_attack_lethal="before-conversion")
    assert "Fortitude save (massive attack)" in saves


# --- unique names ----------------------------------------------------------------------------


def test_two_combatants_with_the_same_name_are_refused() -> None:
    text = problems(scenario_data(shooter(name="Vex"), target(name="Vex")))
    assert "combatants[1].name" in text and "two combatants have the name 'Vex'" in text


def test_a_name_equal_to_another_combatants_id_is_refused() -> None:
    text = problems(scenario_data(shooter(), target(name="a")))
    assert "two combatants have the name 'a'" in text


# --- tactics -------------------------------------------------------------------------------


def test_a_shooter_steps_out_of_a_minus_25_obstacles_line_then_faces_and_fires() -> None:
    wall = {
        "name": "plaster wall",
        "start": [10, -2],
        "end": [10, 2],
        "kind": "penetrable",
        "hp": 50,
    }
    s = start(
        [shooter(tactics="all-out-attack"), target()],
        [*INIT, *[50] * 10],
        obstacles=[wall],
    )
    moved = s.step()
    move = next(e for e in moved if isinstance(e, Moved))
    assert move.step and move.metres == 5 and (move.x, move.y) == (4, 4)  # 45 degrees left
    while not of_type(s, AttackRolled):
        s.step()  # faces the target if it needs to (free), then fires
    assert fight_of(s).phases_left == 1
    shot = of_type(s, AttackRolled)[0]
    assert "unclear sight" not in [label for label, _ in shot.roll_terms]


def test_a_cautious_fighter_completes_its_withdrawal() -> None:
    """Shaken once, it keeps leaving even after it shakes Shaken off, until it withdraws."""
    data = scenario_data(
        shooter(tactics="cautious", initiative=9),
        target(position=[30, 0], tactics="standby"),
        options={"max_rounds": 40},
    )
    loaded = parse_scenario(data)
    session = Session.start(RULESET, loaded.scenario, SeededRoller(3))
    who(session, "a").shaken, who(session, "a").shaken_dc = True, 1
    session.run()
    assert [w.who for w in of_type(session, Withdrew)] == ["a"]


def npc_fight(**top: Any) -> Session:
    strong = target(id="t", position=[0, 40], hp=200, si=200, tactics="standby")
    weak = fighter("w", "blue", position=[40, 0], hp=20, si=20, tactics="standby")
    knife = [{"weapon": "knife", "class": 1}]
    orc = fighter("n", "red", tactics="npc", initiative=9, facing=0, weapons=knife)
    return start([orc, strong, weak], [10, 1, 1, *[50] * 20], scale="melee", **top)


def test_npc_moves_towards_the_weaker_target_by_si_within_45_degrees() -> None:
    s = npc_fight()
    assert fight_of(s).current == "n"
    action = TACTICS["npc"](fight_of(s), who(s, "n"))
    assert isinstance(action, Move) and action.to is not None
    s.act(action)
    n = who(s, "n")
    assert n.facing in (0, 45, 315)
    assert n.x > 0 and abs(n.y) <= n.x  # towards w (east), not t (north)


def test_npc_turns_by_at_most_45_degrees_per_move() -> None:
    s = npc_fight()
    facings = [who(s, "n").facing]
    for _ in range(6):
        if fight_of(s).over or fight_of(s).current != "n":
            break
        action = TACTICS["npc"](fight_of(s), who(s, "n"))
        if not isinstance(action, Move):
            break
        s.act(action)
        facings.append(who(s, "n").facing)
    turns = [abs((b - a + 180) % 360 - 180) for a, b in pairwise(facings)]
    assert turns and all(t <= 45 for t in turns)


def test_npc_tactic_faces_then_attacks_the_weaker_target_in_reach() -> None:
    s = npc_fight()
    who(s, "w").x, who(s, "w").y = 0, -8
    action = TACTICS["npc"](fight_of(s), who(s, "n"))
    assert action == Face(actor="n", target="w")


# --- readings named as options -------------------------------------------------------------


@pytest.mark.parametrize(("per", "falloff"), [("scale", 4), ("ranged", 0)])
def test_range_falloff_per_increment_of_the_scale_option(per: str, falloff: int) -> None:
    s = start(
        [shooter(), target()],
        [*INIT, 50, *[50] * 4],
        scale="melee",
        options={"falloff_increment": per},
    )
    s.act(SHOT)  # 20 m, a hand laser's falloff 1 per increment: 4 melee or 0 ranged ones
    assert of_type(s, AttackRolled)[0].effective_hd == 50 + falloff


def critical_rolls(option: str) -> int:
    smg = [{"weapon": "submachine gun", "class": 2}]
    s = start(
        [shooter(weapons=smg), target(hp=1000, nhp=1000)],
        [*INIT, 99, *[1] * 80],
        options={"burst_criticals": option},
    )
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0, shots=3)]))
    return sum(1 for e in s.log if getattr(e, "purpose", "").endswith("critical damage"))


def test_every_landed_shot_of_a_critical_burst_is_a_critical_by_default() -> None:
    assert critical_rolls("every-shot") == 3


def test_burst_criticals_first_shot_option() -> None:
    assert critical_rolls("first-shot") == 1


def test_movement_points_per_turn_option_shares_them_between_moves() -> None:
    far = target(position=[100, 0])
    s = start([shooter(), far], [*INIT], scale="melee", options={"movement_points_per": "turn"})
    s.act(Move(actor="a", toward="t"))  # 6 points: 30 m
    assert who(s, "a").x == 30
    with pytest.raises(IllegalAction, match="cannot move"):
        s.act(Move(actor="a", toward="t"))


def test_movement_points_per_move_by_default() -> None:
    s = start([shooter(), target(position=[100, 0])], [*INIT], scale="melee")
    s.act(Move(actor="a", toward="t"))
    s.act(Move(actor="a", toward="t"))
    assert who(s, "a").x == 60


def test_facing_cost_option_spends_a_movement_point() -> None:
    opts = {"facing_cost": "movement-point", "movement_points_per": "turn"}
    s = start([shooter(facing=90), target(position=[100, 0])], [*INIT], scale="melee", options=opts)
    s.act(Face(actor="a", target="t"))
    s.act(Move(actor="a", toward="t"))
    assert of_type(s, Faced)[0].points == 1 and who(s, "a").x == 25


def test_npc_without_a_grid_closes_the_range_to_the_weaker_target() -> None:
    s = npc_fight(options={"grid": False})
    action = TACTICS["npc"](fight_of(s), who(s, "n"))
    assert action == Move(actor="n", toward="w")
