"""Turn structure and the non-attack actions: Move, Draw/Sheathe, Drop Prone, Stand Up,
Reload, Standby, Face; the action registry."""

from __future__ import annotations

import pytest

from fracas.engine import Action, Context, IllegalAction, Note
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.actions import (
    REGISTRY,
    Attack,
    Draw,
    DropProne,
    Face,
    Move,
    Reload,
    Sheathe,
    Snipe,
    Standby,
    StandUp,
    Strike,
    register,
)
from fracas.rulesets.starflight.events import Moved, Reloading, Withdrew
from fracas.rulesets.starflight.state import Fighter

from .helpers import fight_of, fighter, of_type, shooter, start, target, who

INIT = [10, 1]


def test_two_action_phases_then_the_next_combatant() -> None:
    s = start([shooter(), target()], [*INIT])
    assert (fight_of(s).current, fight_of(s).phases_left) == ("a", 2)
    s.act(Standby(actor="a"))
    assert fight_of(s).phases_left == 1
    s.act(Standby(actor="a"))
    assert fight_of(s).current == "t"


def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    s = start([shooter(), target()], [*INIT])
    before = len(s.log)
    with pytest.raises(IllegalAction, match="not t's turn"):
        s.act(Standby(actor="t"))
    assert len(s.log) == before


def test_a_full_round_action_needs_both_phases() -> None:
    rifle = [{"weapon": "sniper rifle", "class": 3}]
    s = start([shooter(weapons=rifle), target(position=[400, 0])], [*INIT])
    s.act(Standby(actor="a"))
    with pytest.raises(IllegalAction, match="1 action phase"):
        s.act(Snipe(actor="a", target="t", weapon=0))


def test_initiative_based_move_in_ranged_combat_is_whole_increments() -> None:
    s = start([shooter(initiative=6), target(position=[200, 0])], [*INIT])
    s.act(Move(actor="a", toward="t"))  # 7 movement points: one 25 m increment
    assert of_type(s, Moved)[0].metres == 25 and who(s, "a").x == 25


def test_partial_ranged_movement_option_gives_5_m_a_point() -> None:
    s = start(
        [shooter(initiative=6), target(position=[200, 0])],
        [*INIT],
        options={"partial_ranged_movement": True},
    )
    s.act(Move(actor="a", toward="t"))
    assert who(s, "a").x == 35


def test_melee_move_is_one_point_per_5_m_and_prone_moves_a_quarter() -> None:
    s = start([shooter(initiative=6), target(position=[100, 0])], [*INIT], scale="melee")
    s.act(DropProne(actor="a"))
    s.act(Move(actor="a", away_from="t"))
    assert who(s, "a").x == -5  # 7 points // 4 = 1 increment


def test_stand_up_is_a_move_action_and_needs_to_be_prone() -> None:
    s = start([shooter(), target()], [*INIT])
    with pytest.raises(IllegalAction, match="not prone"):
        s.act(StandUp(actor="a"))
    s.act(DropProne(actor="a"))
    assert fight_of(s).phases_left == 2
    s.act(StandUp(actor="a"))
    assert not who(s, "a").prone and fight_of(s).phases_left == 1


def test_draw_and_sheathe_are_move_actions_limited_by_motor_appendages() -> None:
    weapons = [
        {"weapon": "submachine gun", "class": 2, "drawn": False},
        {"weapon": "knife", "class": 1, "drawn": False},
        {"weapon": "knife", "class": 2, "drawn": False},
    ]
    s = start([shooter(weapons=weapons), target()], [*INIT])
    s.act(Draw(actor="a", weapon=0))  # two appendages
    with pytest.raises(IllegalAction, match="no free motor appendage"):
        s.act(Draw(actor="a", weapon=1))
    s.act(Sheathe(actor="a", weapon=0))
    assert not who(s, "a").weapons[0].drawn and fight_of(s).current == "t"


def test_reload_takes_the_weapons_reload_phases() -> None:
    rifle = [{"weapon": "laser rifle", "class": 3, "loaded": 0}]
    s = start([shooter(weapons=rifle), target()], [*INIT])
    s.act(Reload(actor="a", weapon=0))
    assert who(s, "a").weapons[0].loaded == 0
    s.act(Reload(actor="a", weapon=0))
    assert [r.loaded_after for r in of_type(s, Reloading)] == [0, 30]
    full = start([shooter(weapons=[{"weapon": "laser rifle", "class": 3}]), target()], [*INIT])
    with pytest.raises(IllegalAction, match="fully loaded"):
        full.act(Reload(actor="a", weapon=0))


def test_an_empty_weapon_cannot_fire() -> None:
    s = start(
        [shooter(weapons=[{"weapon": "hand laser", "class": 1, "loaded": 0}]), target()], [*INIT]
    )
    with pytest.raises(IllegalAction, match="0 shot"):
        s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0)]))


def test_face_turns_to_the_target() -> None:
    s = start([shooter(facing=180), target()], [*INIT])
    s.act(Face(actor="a", target="t"))
    assert who(s, "a").facing == 0 and fight_of(s).phases_left == 2


def test_withdrawing_beyond_fifteen_increments() -> None:
    s = start([shooter(initiative=4), target(position=[360, 0])], [*INIT])
    s.act(Move(actor="a", away_from="t", withdraw=True))
    assert of_type(s, Withdrew)[0].metres == 385
    assert fight_of(s).over and fight_of(s).winner == "blue"


def test_withdrawal_limit_400_m_option() -> None:
    s = start(
        [shooter(initiative=4), target(position=[360, 0])],
        [*INIT],
        options={"ranged_limit_m": 400},
    )
    s.act(Move(actor="a", away_from="t", withdraw=True))
    assert not of_type(s, Withdrew)


def test_the_groin_rider_stops_movement() -> None:
    s = start([shooter(), target()], [*INIT])
    who(s, "a").immobile_until = 3
    with pytest.raises(IllegalAction, match="cannot move"):
        s.act(Move(actor="a", toward="t"))


class Shout(Action, frozen=True, kw_only=True):
    """A new action type registered from outside the built-in modules."""

    words: str


def test_new_action_types_register_without_touching_the_others() -> None:
    @register(Shout, "free")
    def resolve_shout(ctx: Context, c: Fighter, action: Shout) -> None:
        ctx.emit(Note(text=f"{c.name} shouts {action.words}"))

    try:
        s = start([shooter(), target()], [*INIT])
        s.act(Shout(actor="a", words="surrender!"))
        assert of_type(s, Note)[0].text == "a shouts surrender!"
        assert Shout in RULESET.action_types()
    finally:
        del REGISTRY[Shout]


def test_unknown_target_is_refused() -> None:
    s = start([shooter(), target(), fighter("u", "blue", position=[0, 30])], [10, 1, 1])
    with pytest.raises(IllegalAction, match="cannot attack 'zz'"):
        s.act(Attack(actor="a", strikes=[Strike(target="zz", weapon=0)]))
