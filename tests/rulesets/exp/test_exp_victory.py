"""Victory conditions and death by kind; lethal and non-lethal combat side by side."""

from __future__ import annotations

import pytest

from fracas.engine import EncounterEnded
from fracas.rulesets.exp.account import ended as end_line
from fracas.rulesets.exp.actions import Attack, Concede, StartUnit, Wait
from fracas.rulesets.exp.state import Persona, condition_at

from .helpers import anthro, of_type, session, who


def test_conceding_ends_the_fight_for_the_other_side() -> None:
    s = session([], anthro("Ann", "red"), anthro("Bob", "blue"))
    s.act(Concede(actor="Ann"))
    (ended,) = of_type(s.log, EncounterEnded)
    assert (ended.winner, ended.reason) == ("blue", "Ann conceded")


def test_a_concede_below_tactic_concedes_at_its_threshold() -> None:
    bob = anthro("Bob", "blue", hps=40, hps_now=30, tactics=["brawl", {"concede-below": 31}])
    s = session([], anthro("Ann", "red"), bob)
    s.act(Wait(actor="Ann"))
    s.step()
    assert who(s, "Bob").condition == "conceded" and s.state.winner == "red"


def test_a_side_wins_only_when_every_enemy_is_out() -> None:
    s = session([], anthro("Ann", "red"), anthro("Bob", "blue"), anthro("Cy", "blue"))
    s.act(Wait(actor="Ann"))
    s.act(Concede(actor="Bob"))
    assert not s.state.over
    s.act(Concede(actor="Cy"))
    assert s.state.winner == "red"


def test_a_fight_with_no_decision_ends_in_a_draw_after_max_units() -> None:
    s = session([], anthro("Ann", "red"), anthro("Bob", "blue"), max_units=1)
    s.act(Wait(actor="Ann"))
    s.act(Wait(actor="Bob"))
    s.act(StartUnit(actor=None))
    (ended,) = of_type(s.log, EncounterEnded)
    assert ended.winner is None and "no decision" in ended.reason


def test_lethal_and_non_lethal_attacks_in_the_same_encounter() -> None:
    robot = anthro("Robo", "blue", kind="robot", hps=20)
    s = session(
        [500, 4, 10, 90, 500, 5],
        anthro("Ann", "red"),
        anthro("Bob", "blue"),
        robot,
        anthro("Cy", "red"),
    )
    s.act(Attack(actor="Ann", target="Bob", weapon="fist"))  # non-lethal: 10 -> 1 actual
    s.act(Wait(actor="Bob"))
    s.act(Wait(actor="Robo"))
    s.act(Attack(actor="Cy", target="Robo", weapon="fist", lethal=True))  # 5 + 6 = 11
    assert who(s, "Bob").hps == 39 and who(s, "Robo").hps == 9


def test_a_robot_at_zero_hps_is_broken_not_dead() -> None:
    robot = anthro("Robo", "blue", kind="robot", hps=20, hps_now=5)
    s = session([500, 5], anthro("Ann", "red"), robot)
    s.act(Attack(actor="Ann", target="Robo", weapon="fist", lethal=True))
    assert (who(s, "Robo").hps, who(s, "Robo").condition) == (-6, "broken")
    assert s.state.winner == "red"


def test_a_robot_fights_on_at_zero_hps_by_option() -> None:
    robot = anthro("Robo", "blue", kind="robot", hps=20, hps_now=5)
    s = session([500, 5], anthro("Ann", "red"), robot, robot_at_zero_hps="fights-on")
    s.act(Attack(actor="Ann", target="Robo", weapon="fist", lethal=True))
    assert who(s, "Robo").condition == "active" and not s.state.over


def _persona(kind: str, con: int) -> Persona:
    return Persona("X", "X", "x", "brawl", kind=kind, attributes={"CON": con})


@pytest.mark.parametrize(
    ("kind", "con", "hps", "condition"),
    [
        ("anthro", 8, 1, "active"),
        ("anthro", 8, 0, "unconscious"),
        ("anthro", 8, -7, "unconscious"),
        ("anthro", 8, -8, "dead"),
        ("alien", 8, 0, "dead"),
        ("flora", 8, 0, "dead"),
        ("fauna", 8, 0, "dead"),
        ("robot", 8, -50, "broken"),
        ("robot", 0, 30, "dead"),
        ("anthro", 0, 30, "dead"),
    ],
)
def test_death_and_unconsciousness_by_kind(kind: str, con: int, hps: int, condition: str) -> None:
    assert condition_at(_persona(kind, con), hps, "minus-con", "broken") == condition


def test_the_end_of_the_fight_says_the_list_is_who_is_out_of_it() -> None:
    state = session([], anthro("Vera", "spacers"), anthro("Dutch", "dockers")).state
    won = EncounterEnded(winner="dockers", reason="Vera stunned, Dutch stunned")
    assert end_line(won, state) == (
        "\nThe fight is over: side dockers wins (out of the fight: Vera stunned, Dutch stunned)."
    )
    timeout = EncounterEnded(winner=None, reason="no decision in 200 units")
    assert end_line(timeout, state) == "\nThe fight is over: no winner (no decision in 200 units)."
