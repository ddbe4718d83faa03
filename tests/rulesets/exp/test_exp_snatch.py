"""Weapon snatching: attack roll, Dexterity competition, Strength competition."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.exp.actions import Attack, Snatch, StartUnit, Wait
from fracas.rulesets.exp.events import AttackRolled, SnatchBacklash, WeaponSnatched

from .helpers import anthro, of_type, session, who

ANN = anthro("Ann", "red")
BOB = anthro("Bob", "blue", weapons=["chair"])


def test_winning_all_three_steps_wrests_the_weapon_away() -> None:
    s = session([500, 15, 5, 15, 5], ANN, BOB)
    events = s.act(Snatch(actor="Ann", target="Bob", weapon="chair"))
    assert of_type(events, WeaponSnatched)
    assert [w.name for w in who(s, "Ann").weapons] == ["fist", "chair"]
    assert [w.name for w in who(s, "Bob").weapons] == ["fist"]  # bare hands left


def test_a_missed_snatch_rolls_no_competition() -> None:
    s = session([300], ANN, BOB)
    events = s.act(Snatch(actor="Ann", target="Bob", weapon="chair"))
    assert len(events) == 4  # Acted, Rolled, AttackRolled, TurnEnded


def test_a_lost_dexterity_competition_gives_the_target_plus_242_on_the_grabber() -> None:
    s = session([500, 5, 15, 200, 4, 10, 90], ANN, BOB)
    events = s.act(Snatch(actor="Ann", target="Bob", weapon="chair"))
    (backlash,) = of_type(events, SnatchBacklash)
    assert (backlash.step, backlash.bonus) == ("dexterity", 242)
    events = s.act(Attack(actor="Bob", target="Ann", weapon="chair"))
    (roll,) = of_type(events, AttackRolled)
    assert (roll.situational, roll.owed, roll.total, roll.hit) == (0, 242, 200 + 35 + 242, True)
    assert who(s, "Bob").bonus_against == {}


def test_no_bonus_when_the_target_has_no_attack_left_this_unit() -> None:
    s = session([500, 5, 15], BOB, ANN)  # Bob acts first
    s.act(Wait(actor="Bob"))
    events = s.act(Snatch(actor="Ann", target="Bob", weapon="chair"))
    assert of_type(events, SnatchBacklash)[0].bonus == 0


def test_a_lost_strength_competition_opens_the_grabber_to_an_attack_out_of_the_cycle() -> None:
    s = session([500, 15, 5, 5, 15, 500, 4, 10, 90], ANN, BOB)
    events = s.act(Snatch(actor="Ann", target="Bob", weapon="chair"))
    (backlash,) = of_type(events, SnatchBacklash)
    assert (backlash.step, backlash.weapon) == ("strength", "chair")
    pending = s.pending()
    assert pending is not None and pending.actor == "Bob" and "free attack" in pending.prompt
    events = s.act(Attack(actor="Bob", target="Ann", weapon="chair"))
    assert who(s, "Ann").hps == 39
    (roll,) = of_type(events, AttackRolled)
    narrator_state = s.ruleset.build(s.scenario)
    for event in s.log[: s.log.index(roll) + 1]:
        event.apply(narrator_state)
    assert s.ruleset.describe(roll, narrator_state).startswith(  # type: ignore[union-attr]
        "Free attack, out of the unit cycle: Bob attacks Ann non-lethally (chair)"
    )
    pending = s.pending()  # Bob still has his own action this unit
    assert pending is not None and pending.actor == "Bob" and "free" not in pending.prompt


def test_the_free_attack_can_be_declined() -> None:
    s = session([500, 15, 5, 5, 15], ANN, BOB)
    s.act(Snatch(actor="Ann", target="Bob", weapon="chair"))
    s.act(Wait(actor="Bob"))
    assert s.state.free_attack is None  # type: ignore[attr-defined]


def test_the_plus_242_lapses_once_the_target_has_acted_without_using_it() -> None:
    s = session([500, 5, 15, 200], ANN, BOB)
    s.act(Snatch(actor="Ann", target="Bob", weapon="chair"))
    assert who(s, "Bob").bonus_against == {"Ann": 242}
    s.act(Wait(actor="Bob"))
    assert who(s, "Bob").bonus_against == {}
    s.act(StartUnit(actor=None))
    s.act(Wait(actor="Ann"))
    events = s.act(Attack(actor="Bob", target="Ann", weapon="chair"))
    (roll,) = of_type(events, AttackRolled)
    assert (roll.situational, roll.total, roll.hit) == (0, 235, False)


def test_a_penalty_comes_off_the_roll_while_the_plus_242_comes_after_the_cap() -> None:
    s = session([500, 5, 15, 900, 4, 10, 90], ANN, BOB)
    s.act(Snatch(actor="Ann", target="Bob", weapon="chair"))
    events = s.act(Attack(actor="Bob", target="Ann", weapon="chair", situational=-100))
    (roll,) = of_type(events, AttackRolled)
    # min(900 - 100 + 35, 790) = 790, then + 242
    assert (roll.situational, roll.owed, roll.total) == (-100, 242, 1032)
    line = s.ruleset.describe(roll, s.state)
    assert line == (
        "Bob attacks Ann non-lethally (chair): kilodie 900 + 35 Raw Bonus (max 790) -100 "
        "+242 (fumbled grab) = 1032 vs DR 400: hit"
    )


def test_weapon_snatching_is_refused_when_the_referee_does_not_allow_it() -> None:
    s = session([], ANN, BOB, allow_weapon_snatching=False)
    with pytest.raises(IllegalAction, match="the referee does not allow weapon snatching"):
        s.act(Snatch(actor="Ann", target="Bob", weapon="chair"))
