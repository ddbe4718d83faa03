"""Issue 19, rules fidelity: Improved Grab and the grab's Opportunity Attack, the propulsive
Stamina check on every move action, initiative ties, bleeding to death, the sensory sub-table,
with rolls named by purpose or scripted."""

from __future__ import annotations

from typing import Any

from fracas.engine import Session
from fracas.rulesets.starflight.actions import Grapple, StandUp
from fracas.rulesets.starflight.events import (
    AttackRolled,
    Checked,
    DamageTaken,
    GrappleStarted,
    PartFailed,
)
from fracas.rulesets.starflight.stunts import StuntsDone

from .helpers import fight_of, of_type, start, target, who
from .test_sf_combat_actions import a, begin, events, t
from .test_sf_stunts import INIT, LEFT, agile

CLOSE = [3, 0]
WON = {"a Grapple check": [15], "t Grapple check": [5], "a grab on t": [80]}


def test_a_grapple_by_a_creature_with_improved_grab_provokes_no_opportunity_attack() -> None:
    """'This triggers an Opportunity Attack from the target (unless the combatant has Improved
    Grab ...)': the plain Grapple action too."""
    s, roller = begin([a(abilities=["improved grab"]), t(position=CLOSE)], WON)
    s.act(Grapple(actor="a", target="t"))
    assert not [e for e in events(s, AttackRolled) if e.attacker == "t"]
    assert not any(p.startswith("t attack on a") for p, _ in roller.log)
    assert events(s, GrappleStarted)


def test_a_grapple_without_improved_grab_still_provokes_one() -> None:
    s, _ = begin([a(), t(position=CLOSE)], WON)
    s.act(Grapple(actor="a", target="t"))
    assert [e for e in events(s, AttackRolled) if e.attacker == "t" and e.opportunity]


# --- the propulsive appendages' Stamina check on every move action ('Lethal Damage and Wounds')


def wounded_leg(rolls: list[int], **top: Any) -> Session:
    """'a' (Finesse 30, 3DM 40) at (0, 0) with one Wound on its left leg, 't' 60 m east."""
    s = start([agile(), target(position=[60, 0])], [*INIT, *rolls], scale="melee", **top)
    who(s, "a").wounds["left_leg"] = 1
    return s


def test_a_stunt_move_on_a_wounded_leg_makes_the_stamina_check_first() -> None:
    """'Propulsive Appendages [are checked] when the combatant tries to perform a move
    action': DC 50 + 20 for the leg's Wound; 80 passes, then the 3DM check (DC 20 + 10)."""
    s = wounded_leg([80, 50])
    s.act(LEFT)
    checks = [(c.what, c.dc, c.success) for c in of_type(s, Checked)]
    assert checks == [
        ("Stamina (left leg)", 70, True),
        ("Three-Dimensional Maneuvers (stunts)", 30, True),
    ]
    assert of_type(s, StuntsDone) and (who(s, "a").x, who(s, "a").y) == (0, 5)


def test_a_failed_stamina_check_fails_the_leg_and_the_stunt_does_not_happen() -> None:
    """'If the Check fails, the part fails, and whatever attendant penalties come with a
    failure go into effect immediately': no stunt, no 3DM check, the move action spent."""
    s = wounded_leg([10])
    s.act(LEFT)
    assert [p.part for p in of_type(s, PartFailed)] == ["left_leg"]
    assert [c.what for c in of_type(s, Checked)] == ["Stamina (left leg)"]
    assert not of_type(s, StuntsDone) and (who(s, "a").x, who(s, "a").y) == (0, 0)
    assert fight_of(s).phases_left == 1


def test_standing_up_on_a_wounded_leg_makes_the_stamina_check() -> None:
    """Stand Up: 'they may spend a move action to stand back up'; 80 passes."""
    s = wounded_leg([80])
    who(s, "a").prone = True
    s.act(StandUp(actor="a"))
    assert [(c.what, c.success) for c in of_type(s, Checked)] == [("Stamina (left leg)", True)]
    assert not who(s, "a").prone


def test_a_failed_stamina_check_on_standing_up_leaves_the_combatant_prone() -> None:
    s = wounded_leg([10])
    who(s, "a").prone = True
    s.act(StandUp(actor="a"))
    assert [p.part for p in of_type(s, PartFailed)] == ["left_leg"]
    assert who(s, "a").prone and fight_of(s).phases_left == 1


def test_a_critical_success_on_the_leg_check_removes_a_wound() -> None:
    """'in the event of critical success, one Wound is removed from the part'."""
    s = wounded_leg([99])
    who(s, "a").prone = True
    s.act(StandUp(actor="a"))
    assert not who(s, "a").wounds.get("left_leg") and not who(s, "a").prone


def test_a_critical_failure_on_the_leg_check_adds_basic_damage_and_a_wound() -> None:
    """'In the event of a critical failure, then the part fails, 1d10 Basic Damage is
    inflicted on the character, and the character takes an additional Wound'."""
    s = wounded_leg([100, 6, 90, 90])
    who(s, "a").prone = True
    s.act(StandUp(actor="a"))
    assert [p.part for p in of_type(s, PartFailed)] == ["left_leg"]
    assert who(s, "a").wounds["left_leg"] == 2 and who(s, "a").prone
    assert of_type(s, DamageTaken)


def test_an_unwounded_combatant_stands_up_with_no_check() -> None:
    s = start([agile(), target(position=[60, 0])], INIT, scale="melee")
    who(s, "a").prone = True
    s.act(StandUp(actor="a"))
    assert not of_type(s, Checked) and not who(s, "a").prone
