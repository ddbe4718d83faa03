"""Stunts (chapter 9.2, 'Move Action Rules' and the 'Stunts' table): the table as data, the
Three-Dimensional Maneuvers check and every outcome, and every refusal."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction, Session
from fracas.rulesets.starflight.actions import Attack, Move, Standby, Strike, Stunt, StuntMove
from fracas.rulesets.starflight.events import (
    AttackRolled,
    Checked,
    ConditionGained,
    Faced,
    Moved,
    PartFailed,
    WoundsInflicted,
)
from fracas.rulesets.starflight.stunts import STUNTS, StuntsDone, maneuver_dc

from .helpers import fight_of, of_type, shooter, start, target, who

INIT = [10, 1]

CHAPTER = {  # name: (minimum Finesse, DC, dodge bonus, attack penalty)
    "walk forward": (0, 0, 0, 0),
    "forward sidestep": (5, 15, 5, 1),
    "sidestep": (10, 20, 5, 2),
    "backwards sidestep": (10, 40, 5, 1),
    "walk backwards": (10, 30, 5, 0),
    "jump forward": (5, 10, 5, 1),
    "jump backwards": (10, 30, 5, 2),
    "jump sideways": (10, 40, 10, 2),
    "tumble forward": (10, 20, 15, 5),
    "tumble backwards": (15, 50, 20, 10),
    "tumble sideways": (15, 60, 25, 10),
    "handspring": (15, 40, 20, 6),
    "back flip": (20, 70, 25, 8),
    "cartwheel": (20, 80, 30, 8),
    "somersault": (20, 45, 25, 6),
    "backwards somersault": (25, 75, 30, 8),
    "sideways somersault": (25, 85, 35, 8),  # the chapter's Finesse cell reads "2": PROPOSED 25
}


@pytest.mark.parametrize("name", sorted(CHAPTER))
def test_stunt_row(name: str) -> None:
    row = STUNTS[name]
    assert (row.min_finesse, row.dc, row.dodge, row.attack_penalty) == CHAPTER[name]


def test_the_table_has_exactly_the_chapters_17_stunts() -> None:
    assert sorted(STUNTS) == sorted(CHAPTER) and len(STUNTS) == 17


AGILE = {"finesse": 30, "power": 20}
LEFT = StuntMove(actor="a", stunts=[Stunt(name="sidestep", side="left")])


def agile(**over: object) -> dict[str, object]:
    attributes = {**AGILE, **over.pop("attributes", {})}  # type: ignore[dict-item]
    return shooter(attributes=attributes, skills={"three_dimensional_maneuvers": 40}, **over)


def test_a_sidestep_moves_an_increment_to_the_side_keeping_the_facing() -> None:
    s = start([agile(), target()], [*INIT, 50], scale="melee")
    s.act(LEFT)  # 50 + 40 + Power 2 = 92 > DC 20
    check = of_type(s, Checked)[0]
    assert (check.what, check.dc, check.success) == (
        "Three-Dimensional Maneuvers (stunts)",
        20,
        True,
    )
    a = who(s, "a")
    assert (a.x, a.y, a.facing) == (0, 5, 0)
    assert of_type(s, StuntsDone)[0].hd_bonus == 5 and fight_of(s).phases_left == 1


def test_the_dodge_bonus_raises_the_hd_of_attacks_until_the_next_turn() -> None:
    gun = [{"weapon": "hand laser", "class": 1}]
    s = start([agile(), target(weapons=gun, facing=180)], [*INIT, 50, 10], scale="melee")
    s.act(LEFT)
    s.act(Standby(actor="a"))
    s.act(Attack(actor="t", strikes=[Strike(target="a", weapon=0)]))
    shot = of_type(s, AttackRolled)[0]
    assert "stunts +5" in shot.notes


def test_the_attack_penalty_lasts_through_the_next_action_only() -> None:
    s = start([agile(), target()], [*INIT, 50, 10, 10], scale="melee")
    s.act(LEFT)
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0)]))  # the next action: -2
    first = of_type(s, AttackRolled)[0]
    assert ("stunts", -2) in first.roll_terms
    for _ in range(2):
        s.act(Standby(actor="t"))
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0)]))
    assert all(label != "stunts" for label, _ in of_type(s, AttackRolled)[1].roll_terms)


def test_a_critical_success_cancels_the_attack_penalty() -> None:
    s = start([agile(), target()], [*INIT, 99], scale="melee")
    s.act(LEFT)
    done = of_type(s, StuntsDone)[0]
    assert (done.hd_bonus, done.attack_penalty) == (5, 0)


def test_the_dc_adds_every_stunt_ten_per_propulsive_wound_and_the_encumbrance() -> None:
    s = start([agile(encumbrance=7), target()], [*INIT], scale="melee")
    who(s, "a").wounds["left_leg"] = 2
    stunts = [Stunt(name="sidestep", side="left"), Stunt(name="jump forward")]
    assert maneuver_dc(who(s, "a"), stunts) == 20 + 10 + 2 * 10 + 7


def test_a_failed_check_stops_at_the_first_stunt_with_a_reflex_save_against_prone() -> None:
    move = StuntMove(
        actor="a", stunts=[Stunt(name="walk forward"), Stunt(name="cartwheel", side="right")]
    )
    s = start(
        [agile(attributes={"finesse": 20}), target(position=[40, 30])],
        [*INIT, 5, 10],
        scale="melee",
    )
    s.act(move)  # 5 + 40 + 2 = 47 vs DC 80: fails; walks 5 m; Reflex 10 vs 80 fails
    assert (who(s, "a").x, who(s, "a").y) == (5, 0)
    saves = [c.what for c in of_type(s, Checked)]
    assert saves == ["Three-Dimensional Maneuvers (stunts)", "Reflex save (failed stunt)"]
    assert of_type(s, ConditionGained)[0].condition == "prone" and who(s, "a").prone


def test_a_failed_check_on_the_first_stunt_does_not_move_at_all() -> None:
    s = start([agile(), target()], [*INIT, 5, 90], scale="melee")
    s.act(StuntMove(actor="a", stunts=[Stunt(name="tumble sideways", side="left")]))
    assert not of_type(s, Moved) and not who(s, "a").prone  # Reflex 90 vs 60 made


def test_a_critical_failure_no_move_random_facing_prone_and_d5_wounds_to_a_leg() -> None:
    s = start([agile(), target()], [*INIT, 100, 3, 2, 4, *[50] * 5], scale="melee")
    s.act(LEFT)  # natural 00; facing (3-1) x 45 = 90; leg 2 of 2; d5 = 4 Wounds
    a = who(s, "a")
    assert not of_type(s, Moved) and a.facing == 90 and a.prone
    wounds = of_type(s, WoundsInflicted)[0]
    assert (wounds.part, wounds.count) == ("right_leg", 4)


def test_the_wounds_of_a_botched_stunt_call_for_the_fortitude_save_against_the_pain() -> None:
    s = start([agile(), target()], [*INIT, 100, 3, 2, 4, 10], scale="melee")
    s.act(LEFT)  # natural 00 ... d5 = 4 Wounds; Fortitude 10 + 0 vs DC 50 fails
    saves = [e for e in of_type(s, Checked) if e.what == "Fortitude save (wounded)"]
    assert [(e.dc, e.success) for e in saves] == [(50, False)]
    assert who(s, "a").nhp == 0


def test_a_critical_failure_on_wounded_legs_makes_them_fail() -> None:
    s = start([agile(), target()], [*INIT, 80, 100, 1, *[50] * 5], scale="melee")
    who(s, "a").wounds["left_leg"] = 1
    s.act(LEFT)  # the leg's Stamina check (80 against DC 70) passes, then natural 00
    assert {p.part for p in of_type(s, PartFailed)} == {"left_leg", "right_leg"}


def test_walking_forward_needs_no_check() -> None:
    s = start([agile(), target(position=[40, 0])], [*INIT], scale="melee")
    s.act(StuntMove(actor="a", stunts=[Stunt(name="walk forward"), Stunt(name="walk forward")]))
    assert not of_type(s, Checked) and who(s, "a").x == 10


def test_a_jump_after_moving_forward_covers_two_increments() -> None:
    s = start([agile(), target(position=[60, 30])], [*INIT, 80], scale="melee")
    s.act(StuntMove(actor="a", stunts=[Stunt(name="walk forward"), Stunt(name="jump forward")]))
    assert who(s, "a").x == 15


@pytest.mark.parametrize(
    ("stunts", "over", "reason"),
    [
        ([Stunt(name="moonwalk")], {}, "unknown stunt 'moonwalk'"),
        ([Stunt(name="sidestep")], {}, "the sidestep needs a side"),
        ([Stunt(name="handspring", side="left")], {}, "the handspring takes no side"),
        ([], {}, "name 1 to 8 stunts"),
        ([Stunt(name="walk forward")] * 8, {"initiative": 2}, "need 8 movement points; a has 3"),
    ],
    ids=[
        "unknown",
        "lateral-without-side",
        "side-on-a-forward-one",
        "no-stunts",
        "not-enough-movement",
    ],
)
def test_stunt_refusals(stunts: list[Stunt], over: dict[str, object], reason: str) -> None:
    s = start([agile(**over), target(position=[80, 30])], [*INIT], scale="melee")
    with pytest.raises(IllegalAction, match=reason):
        s.act(StuntMove(actor="a", stunts=stunts))


def test_a_stunt_below_its_minimum_finesse_is_refused_naming_both() -> None:
    s = start(
        [agile(attributes={"finesse": 19}), target(position=[80, 30])], [*INIT], scale="melee"
    )
    with pytest.raises(IllegalAction, match="a's Finesse 19 is below the 20 a cartwheel needs"):
        s.act(StuntMove(actor="a", stunts=[Stunt(name="cartwheel", side="left")]))


def test_no_stunts_while_prone() -> None:
    s = start([agile(), target()], [*INIT], scale="melee")
    who(s, "a").prone = True
    with pytest.raises(IllegalAction, match="stand up before any stunt"):
        s.act(LEFT)


def test_a_stunt_ending_on_another_combatant_is_refused() -> None:
    s = start([agile(), target(position=[0, 5])], [*INIT], scale="melee")
    with pytest.raises(IllegalAction, match=r"t is at \(0, 5\)"):
        s.act(LEFT)


def test_a_failed_facing_is_recorded() -> None:
    s = start([agile(), target()], [*INIT, 100, 1, 1, 1, *[50] * 5], scale="melee")
    s.act(LEFT)
    assert of_type(s, Faced)[0].facing == 0


def wounded_walker(**options: object) -> Session:
    s = start(
        [agile(), target(position=[60, 0])], [*INIT, 90, 5, 5], scale="melee", options=options
    )
    who(s, "a").wounds["left_leg"] = 1
    return s


def test_a_straight_move_on_a_wounded_leg_needs_the_check_and_a_failure_stops_it() -> None:
    s = wounded_walker()
    s.act(Move(actor="a", toward="t"))  # Stamina 90 passes; 3DM 5 + 42 = 47 > DC 10 passes
    checks = [(c.what, c.dc, c.success) for c in of_type(s, Checked)]
    assert ("Three-Dimensional Maneuvers (wounded legs)", 10, True) in checks
    assert of_type(s, Moved)


def test_failing_the_wounded_leg_check_means_no_move_and_a_reflex_save() -> None:
    s = start([agile(), target(position=[60, 0])], [*INIT, 90, 5, 5], scale="melee")
    who(s, "a").wounds["left_leg"] = 1
    who(s, "a").skills["three_dimensional_maneuvers"] = 0
    who(s, "a").attributes["power"] = 0
    who(s, "a").encumbrance = 20  # DC 30: 5 fails
    s.act(Move(actor="a", toward="t"))
    assert not of_type(s, Moved)
    assert [c.what for c in of_type(s, Checked)][-1] == "Reflex save (stumbles)"
    assert who(s, "a").prone


def test_wounded_walk_check_option_off() -> None:
    s = wounded_walker(wounded_walk_check=False)
    s.act(Move(actor="a", toward="t"))
    assert not [c for c in of_type(s, Checked) if "Three-Dimensional" in c.what]


def test_one_change_of_facing_in_the_middle_of_a_stunt_move() -> None:
    """'the character may elect to change their facing in the middle of a move action'."""
    s = start([agile(), target(position=[0, 40])], [*INIT, 80], scale="melee")
    move = StuntMove(
        actor="a",
        stunts=[Stunt(name="walk forward"), Stunt(name="sidestep", side="right")],
        turn_to="t",
        turn_after=1,
    )
    s.act(move)  # 5 m east, turn to face t (97 degrees), then a sidestep right (at 7 degrees)
    a = who(s, "a")
    assert (a.x, a.y, a.facing) == (10, 1, 97)


def test_turning_to_nobody_is_refused() -> None:
    s = start([agile(), target()], [*INIT], scale="melee")
    with pytest.raises(IllegalAction, match="cannot turn to face 'zz'"):
        s.act(StuntMove(actor="a", stunts=[Stunt(name="walk forward")], turn_to="zz"))
