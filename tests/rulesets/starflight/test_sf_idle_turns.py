"""A turn in which nothing happens says why, and a fighter with nothing left to strike with
does not stand there: the disarm example (seed 2), where the smuggler's pistol is fired in an
opportunity attack in round 1 and both his arms fail by round 5; and scripted refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import IllegalAction, Session
from fracas.rulesets.starflight.actions import Attack, Standby, Strike
from fracas.rulesets.starflight.events import BlueOnBlue, PartFailed
from fracas.rulesets.starflight.standby import stand_by
from fracas.scenario import load_scenario

from .helpers import fight_of, fighter, start, who

DISARM = Path(__file__).parents[3] / "examples" / "starflight" / "disarm.yaml"


def account(seed: int) -> list[str]:
    loaded = load_scenario(str(DISARM))
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    session.run()
    return [line for e in session.log if (line := session.ruleset.describe(e, session.state))]


def test_a_stand_by_after_an_opportunity_attack_says_the_weapon_is_discharged() -> None:
    lines = account(2)
    assert "  Grell stands by (the slug pistol fired in an opportunity attack this round)" in lines


def test_a_fighter_with_no_weapon_and_a_failed_striking_hand_withdraws() -> None:
    lines = account(2)
    assert "    Grell's left arm fails (failed Stamina check)" in lines
    after = lines[lines.index("    Grell's left arm fails (failed Stamina check)") :]
    assert any(line.startswith("  Grell withdraws from the fight") for line in after)
    assert not any("Grell attacks" in line for line in after)


def unarmed_pair() -> Session:
    a = fighter("a", "red", position=[0, 0])
    b = fighter("b", "blue", position=[1, 0], facing=180)
    return start([a, b], [10, 1], scale="melee")


def test_an_unarmed_strike_with_every_arm_failed_is_refused() -> None:
    s = unarmed_pair()
    a = who(s, "a")
    for arm in ("right_arm", "left_arm"):  # with one arm left, the other one strikes
        PartFailed(target="a", part=arm, reason="failed Stamina check").apply(s.state)
    reason = "its right arm and left arm have failed: nothing to strike with"
    assert stand_by(fight_of(s), a) == Standby(actor="a", reason=reason)
    with pytest.raises(IllegalAction, match="lost the use of its right arm"):
        s.act(Attack(actor="a", strikes=[Strike(target="b")]))


def test_a_blue_on_blue_on_oneself_and_a_plural_part_read_as_english() -> None:
    s = start([fighter("a", "red", sex="female"), fighter("w", "blue")], [10, 1])
    fight = fight_of(s)
    describe = s.ruleset.describe
    assert describe(BlueOnBlue(attacker="a", victim="a"), fight) == (
        "    Blue on blue: a hits herself!"
    )
    assert describe(BlueOnBlue(attacker="w", victim="w"), fight) == (
        "    Blue on blue: w hits itself!"
    )
    fight.fighter("w").part_names["jaws"] = "jaws"
    jaws = PartFailed(target="w", part="jaws", reason="failed Stamina check")
    assert describe(jaws, fight) == "    w's jaws fail (failed Stamina check)"
