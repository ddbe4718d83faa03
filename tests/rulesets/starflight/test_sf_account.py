"""The readable account: each line built from its event, as a GM would read it aloud."""

from __future__ import annotations

from fracas.engine import Session
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.actions import Attack, DropProne, Move, StandUp, Strike

from .helpers import fighter, shooter, start, target

INIT = [10, 1]


def lines(s: Session) -> list[str]:
    out = [RULESET.describe(e, s.state) for e in s.log]
    return [line for line in out if line]


def test_attack_line_spells_out_the_roll_and_the_effective_hd() -> None:
    s = start(
        [shooter(facing=80, skills={"security": 40}), target(skills={"dodge": 30})],
        [*INIT, 10],
    )
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0)]))
    assert lines(s)[-1] == (
        "  a attacks t with Class 1 hand laser: d% 10 + AB 4 - unclear sight 25 = -11 "
        "vs effective HD 49 (HD 50, Dodge/10 - AB -1): miss"
    )


def test_opportunity_attack_is_named_as_such() -> None:
    knife = [{"weapon": "knife", "class": 1}]
    s = start(
        [fighter("a", "red", initiative=9), target(position=[30, 0], weapons=knife)],
        [*INIT, 10],
        scale="melee",
    )
    s.act(Move(actor="a", toward="t"))
    assert lines(s)[-2:] == [
        "  a moves 29 m to (29, 0)",
        "  t makes an opportunity attack on a with Class 1 knife: d% 10 = 10 "
        "vs effective HD 50 (HD 50): miss",
    ]


def test_dropping_prone_and_standing_up_read_as_actions() -> None:
    s = start([shooter(), target()], [*INIT])
    s.act(DropProne(actor="a"))
    s.act(StandUp(actor="a"))
    assert lines(s)[-2:] == ["  a drops prone", "  a stands up"]


def test_summary_gives_hit_points_si_wounds_and_conditions() -> None:
    s = start([shooter(), target(armour=[{"name": "vest", "hp": 5}])], [*INIT, 80, 5, 5, 90, 90])
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0)]))
    assert RULESET.summary(s.state) == [
        "a (red): NHP 100/100, HP 100/100, SI 100, Wounds 0; fighting fit",
        "t (blue): NHP 100/100, HP 95/100, SI 100, Wounds 1 (chest 1); prone",
        "CSI: red 100, blue 100",
    ]
