"""Movement modes (chapter 9.2, 'Range' and 'Move Action Rules'): speed-based movement, the
switch from melee to ranged combat, gridless 2d10 moves with disengagement, and Mount/Dismount
(vehicles refused as mixed-scale combat)."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.starflight.actions import Dismount, Mount, Move, Stunt, StuntMove
from fracas.rulesets.starflight.events import GearCheck, Moved, Withdrew
from fracas.rulesets.starflight.move_action import ScaleSwitched
from fracas.scenario import ScenarioError, parse_scenario

from .helpers import fight_of, fighter, of_type, scenario_data, shooter, start, target, who

INIT = [10, 1]
SPEED = {"movement": "speed"}


def test_speed_based_movement_is_five_thirds_of_speed_in_metres() -> None:
    s = start([shooter(speed=10), target(position=[100, 0], speed=10)], [*INIT], options=SPEED)
    s.act(Move(actor="a", toward="t"))  # 5 x 10 // 3 = 16 m
    assert of_type(s, Moved)[0].metres == 16


def test_speed_based_step_under_6_m_is_free() -> None:
    s = start([shooter(speed=10), target(position=[100, 0], speed=10)], [*INIT], options=SPEED)
    s.act(Move(actor="a", toward="t", metres=4))
    assert of_type(s, Moved)[0].step and fight_of(s).phases_left == 2


def test_speed_based_stunts_cover_one_melee_increment() -> None:
    agile = shooter(
        speed=12, attributes={"finesse": 20}, skills={"three_dimensional_maneuvers": 50}
    )
    s = start([agile, target(position=[60, 30], speed=10)], [*INIT, 60], options=SPEED)
    s.act(StuntMove(actor="a", stunts=[Stunt(name="sidestep", side="left")]))
    assert (who(s, "a").x, who(s, "a").y) == (0, 5)


def test_speed_based_movement_needs_every_combatants_speed() -> None:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(scenario_data(shooter(speed=10), target(), options=SPEED), "x.yaml")
    assert "combatants[1].speed" in str(info.value)


def test_leaving_melee_withdraws_by_default() -> None:
    runner = shooter(initiative=9)
    s = start([runner, target(position=[30, 0])], [*INIT], scale="melee")
    s.act(Move(actor="a", away_from="t", withdraw=True))  # 30 + 50 = 80 m > 75 m
    assert of_type(s, Withdrew) and not of_type(s, ScaleSwitched)


def test_leaving_melee_can_switch_the_fight_to_ranged_combat() -> None:
    runner = shooter(initiative=9)
    s = start(
        [runner, target(position=[30, 0])],
        [*INIT],
        scale="melee",
        options={"leaving_melee": "switch-to-ranged"},
    )
    s.act(Move(actor="a", away_from="t", withdraw=True))
    assert of_type(s, ScaleSwitched)[0].scale == "ranged"
    assert fight_of(s).increment_m == 25 and not of_type(s, Withdrew)


GRIDLESS = {"grid": False}


def test_without_a_grid_a_move_rolls_2d10_increments_for_the_new_range() -> None:
    s = start([shooter(), target(position=[100, 0])], [*INIT, 3], options=GRIDLESS)
    s.act(Move(actor="a", toward="t"))  # 3 ranged increments: 75 m from t
    assert who(s, "t").x - who(s, "a").x == 75


def test_without_a_grid_a_very_long_range_disengages_a_weak_combatant() -> None:
    weak = shooter(hp=10, si=10)
    strong = [target(hp=100, si=100), fighter("u", "blue", position=[20, 20], si=100)]
    s = start([weak, *strong], [10, 1, 1, 17], options=GRIDLESS)
    s.act(Move(actor="a", away_from="t"))  # 17: SI 10 < CSI 200 / 4
    assert [w.who for w in of_type(s, Withdrew)] == ["a"]
    assert "disengaged: SI 10 < CSI 200 / 4" in of_type(s, GearCheck)[0].text


def test_without_a_grid_a_strong_combatant_is_not_disengaged() -> None:
    s = start([shooter(si=100), target(si=100)], [*INIT, 17], options=GRIDLESS)
    s.act(Move(actor="a", away_from="t"))
    assert not of_type(s, Withdrew)


def test_without_a_grid_19_disengages_only_under_the_16_20_option() -> None:
    for rolls, expected in (("16-18", 0), ("16-20", 1)):
        s = start(
            [shooter(si=10), target(si=100)],
            [*INIT, 19],
            options={**GRIDLESS, "gridless_disengage_rolls": rolls},
        )
        s.act(Move(actor="a", away_from="t"))
        assert len(of_type(s, Withdrew)) == expected


def test_without_a_grid_moves_to_points_and_stunts_are_refused() -> None:
    s = start([shooter(), target()], [*INIT], options=GRIDLESS)
    with pytest.raises(IllegalAction, match="without a grid"):
        s.act(Move(actor="a", to=(5, 5)))
    with pytest.raises(IllegalAction, match="stunts need a grid"):
        s.act(StuntMove(actor="a", stunts=[Stunt(name="walk forward")]))


# --- Mount/Dismount ------------------------------------------------------------------------


def horse(**over: object) -> dict[str, object]:
    """A steed of the red side 3 m from 'a', Initiative 9 (10 movement points)."""
    return {**fighter("h", "red", position=[3, 0], steed=True, initiative=9), **over}


def test_mounting_a_steed_is_a_move_action_and_the_rider_moves_on_its_movement() -> None:
    s = start(
        [shooter(initiative=1), horse(), target(position=[200, 0])], [10, 1, 1], scale="melee"
    )
    s.act(Mount(actor="a", steed="h"))
    assert who(s, "a").mounted_on == "h" and fight_of(s).phases_left == 1
    s.act(Move(actor="a", toward="t"))  # the horse's 10 points: 50 m
    assert who(s, "a").x == who(s, "h").x == 53


def test_a_ridden_steed_carries_its_rider() -> None:
    s = start([shooter(), horse(), target(position=[200, 0])], [10, 1, 1], scale="melee")
    s.act(Mount(actor="a", steed="h"))
    s.act(Dismount(actor="a"))
    assert who(s, "a").mounted_on == ""


def test_boarding_a_vehicle_is_refused_as_mixed_scale_combat() -> None:
    s = start([shooter(), target()], [*INIT], vehicles=["hover truck"])
    with pytest.raises(IllegalAction, match="mixed-scale combat"):
        s.act(Mount(actor="a", steed="hover truck"))


@pytest.mark.parametrize(
    ("steed", "over", "reason"),
    [
        ("t", {}, "t is not a steed"),
        ("zz", {}, "cannot mount 'zz'"),
        ("h", {"position": [30, 0]}, "30 m away"),
        ("h", {"side": "blue"}, "not of a's side"),
    ],
    ids=["not-a-steed", "nobody", "too-far", "other-side"],
)
def test_mount_refusals(steed: str, over: dict[str, object], reason: str) -> None:
    s = start([shooter(), horse(**over), target(position=[200, 0])], [10, 1, 1])
    with pytest.raises(IllegalAction, match=reason):
        s.act(Mount(actor="a", steed=steed))


def test_dismounting_when_not_riding_is_refused() -> None:
    s = start([shooter(), target()], [*INIT])
    with pytest.raises(IllegalAction, match="is not riding"):
        s.act(Dismount(actor="a"))
