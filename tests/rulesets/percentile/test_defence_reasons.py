"""Why a defender cannot defend: the account gives the true reason in each case (Chapter 5,
"Attacking and defending": only a dodge works against projectile and beam weapons; a parry
needs a ready close-combat weapon; an all-out attack has no free defence; table 5.2 leaves a
fumbler defenceless)."""

from __future__ import annotations

from typing import Any

from fracas.engine import Session
from fracas.rulesets.percentile.account import describe
from fracas.rulesets.percentile.actions import Declare
from fracas.rulesets.percentile.events import DefenceRolled

from .helpers import answer, duel, fighter_spec, start

GLOCK: dict[str, Any] = {"weapons": ["glock 17"], "skills": {"pistols": 50}}
DODGER: dict[str, Any] = {"skills": {"dagger": 50, "dodge": 60}}
GUNMAN: dict[str, Any] = {"weapons": ["glock 17"], "skills": {"pistols": 50}}


def reasons(session: Session, who: str) -> list[str]:
    return [
        e.reason
        for e in session.log
        if isinstance(e, DefenceRolled) and e.who == who and e.kind == "none"
    ]


def one_round(data: dict[str, Any], rolls: list[int], d_stance: str) -> Session:
    """Initiative A 20, D 1; A attacks D normally; D takes ``d_stance`` against A."""
    session, roller = start(data, [20, 1, *rolls])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    target = None if d_stance == "all-out-defence" else "A"
    session.act(Declare(actor="D", stance=d_stance, target=target))
    assert roller.used == roller.total, f"{roller.total - roller.used} scripted rolls unused"
    return session


def test_without_a_dodge_skill_a_shot_cannot_be_defended_whatever_the_stance() -> None:
    # A shoots (30 <= 50: hit, 2D6 = 7); D's all-out attack misses (90)
    session = one_round(duel(attacker=GLOCK), [30, 7, 90], "all-out-attack")
    assert reasons(session, "D") == ["no dodge skill, and a projectile weapon cannot be parried"]
    lines = [describe(e, session.state) for e in session.log]
    assert "D cannot defend (no dodge skill, and a projectile weapon cannot be parried)" in lines


def test_an_all_out_attacker_with_a_dodge_skill_has_no_free_dodge_and_may_decline() -> None:
    session, roller = start(duel(attacker=GLOCK, defender=DODGER), [20, 1, 30, 7, 90])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-attack", target="A"))
    answer(session, False)
    assert reasons(session, "D") == ["an extra dodge would be at 36%"]
    lines = [describe(e, session.state) for e in session.log]
    assert "D does not defend (an extra dodge would be at 36%)" in lines
    assert roller.used == roller.total


def test_a_melee_attack_on_a_gunman_without_dodge_has_no_weapon_to_parry_with() -> None:
    # A stabs (30 <= 50: hit, D4+1 = 3); D stands in all-out defence with only a pistol
    session = one_round(duel(defender=GUNMAN), [30, 3], "all-out-defence")
    assert reasons(session, "D") == [
        "no ready close-combat weapon to parry with, and no dodge skill"
    ]


def test_a_defender_whose_free_parry_is_spent_is_asked_not_refused() -> None:
    # A and B (initiative 20, 19) both stab D (normal attack: one free parry); D parries A's
    # (40: success); against B's hit (30) D is asked, declines (damage 3); D misses A (90)
    b = fighter_spec("B", "a")
    session, roller = start(
        duel(extra=[b], weapon_damage_on_parry="none"), [20, 1, 19, 30, 40, 30, 3, 90]
    )
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="normal-attack", target="A"))
    session.act(Declare(actor="B", stance="normal-attack", target="D"))
    answer(session, False)
    assert roller.used == roller.total
    assert reasons(session, "D") == ["an extra parry would be at 30%"]


def test_a_fumbler_is_defenceless_in_the_next_round() -> None:
    # Round 1: A fumbles (97, 99), D fails its parry (70), table 5.2 row 45: defenceless in
    # round 2. Round 2: D stabs A (30: hit, damage 3); A cannot defend.
    data = duel(weapon_damage_on_parry="none")
    session, roller = start(data, [20, 1, 97, 99, 70, 45, 30, 3])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-defence"))
    session.act(Declare(actor="D", stance="normal-attack", target="A"))
    session.act(Declare(actor="A", stance="all-out-defence"))
    assert roller.used == roller.total
    assert reasons(session, "A") == ["defenceless after a fumble"]


def test_a_declined_defence_against_a_failed_attack_says_the_attack_failed() -> None:
    """Under ``parry_against: every-attack`` an all-out attacker is asked about a parry of a
    missed attack too; declining it, the account says why there was nothing to stop (found
    by tests/rulesets/percentile/scenarios/one-hp-pit-fight.yaml, where Nils "does not
    defend (an extra parry would be at 1%)" against every miss)."""
    # A stabs and misses (80); D, all-out attacking, is asked and declines; D misses (90) and
    # A parries the miss with its free parry (50)
    session, roller = start(duel(parry_against="every-attack"), [20, 1, 80, 90, 50])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-attack", target="A"))
    answer(session, False)
    assert roller.used == roller.total
    assert reasons(session, "D") == ["an extra parry would be at 30% against a failed attack"]
