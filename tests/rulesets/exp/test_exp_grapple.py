"""Grapples: attack roll, Strength Challenge to overpower, break checks, reversal."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.exp.actions import (
    Attack,
    BreakFree,
    Grapple,
    Release,
    Reverse,
    StartUnit,
    Wait,
    Yell,
)
from fracas.rulesets.exp.events import AttackRolled, Contested, Grappled, GrappleEnded, WeaponThrown

from .helpers import POINTY, STRIKE, anthro, of_type, session, who

ANN = anthro("Ann", "red", weapons=["fist", "chair"])
BOB = anthro("Bob", "blue")


def grappled(rolls: list[int], **opts: object):  # type: ignore[no-untyped-def]
    """Ann grapples Bob: kilodie 500 hits, Strength Challenge 15 vs 5; then ``rolls``."""
    s = session([500, 15, 5, *rolls], ANN, BOB, **opts)
    s.act(Grapple(actor="Ann", target="Bob"))
    return s


def test_a_grapple_is_a_strike_attack_roll_with_the_raw_bonus_without_skill() -> None:
    s = session([500, 15, 5], ANN, BOB)
    events = s.act(Grapple(actor="Ann", target="Bob"))
    (roll,) = of_type(events, AttackRolled)
    assert (roll.attack, roll.bonus_name, roll.total) == ("grapple", "Raw", 535)
    (challenge,) = of_type(events, Contested)
    assert (challenge.name, challenge.attacker_total, challenge.defender_total) == (
        "Strength Challenge",
        25,
        15,
    )
    assert of_type(events, Grappled)
    assert who(s, "Bob").held_by == "Ann" and who(s, "Ann").holding == "Bob"


def test_losing_the_strength_challenge_means_the_grapple_does_not_stick() -> None:
    s = session([500, 5, 15], ANN, BOB)
    events = s.act(Grapple(actor="Ann", target="Bob"))
    assert of_type(events, Grappled) == []
    assert who(s, "Bob").held_by is None


def test_a_tied_strength_challenge_goes_to_the_defender() -> None:
    s = session([500, 10, 10], ANN, BOB)
    s.act(Grapple(actor="Ann", target="Bob"))
    assert who(s, "Bob").held_by is None


def test_a_tied_challenge_is_rolled_again_by_option() -> None:
    s = session([500, 10, 10, 12, 3], ANN, BOB, competition_ties="reroll")
    events = s.act(Grapple(actor="Ann", target="Bob"))
    assert of_type(events, Contested)[0].attacker_roll == 12
    assert who(s, "Bob").held_by == "Ann"


def test_a_missed_grapple_rolls_no_challenge() -> None:
    s = session([300], ANN, BOB)
    events = s.act(Grapple(actor="Ann", target="Bob"))
    assert of_type(events, Contested) == []


def test_a_held_target_can_only_yell_or_try_to_get_loose() -> None:
    s = grappled([])
    with pytest.raises(IllegalAction, match="Bob is held in a grapple and cannot attack"):
        s.act(Attack(actor="Bob", target="Ann", weapon="fist"))
    s.act(Yell(actor="Bob"))
    assert who(s, "Bob").held_by == "Ann"


def test_a_failed_break_check_ends_the_held_persona_s_action() -> None:
    s = grappled([3, 10])
    s.act(BreakFree(actor="Bob"))
    assert who(s, "Bob").held_by == "Ann"
    assert s.pending() is not None and s.pending().actor is None  # type: ignore[union-attr]


def test_a_won_break_check_frees_the_target_who_may_still_attack() -> None:
    s = grappled([15, 2, 500, 4, 10, 90])
    events = s.act(BreakFree(actor="Bob"))
    assert of_type(events, GrappleEnded)[0].how == "broke free"
    assert s.pending().actor == "Bob"  # type: ignore[union-attr]
    s.act(Attack(actor="Bob", target="Ann", weapon="fist"))
    assert who(s, "Ann").hps == 39


def test_the_held_target_gets_a_break_check_every_unit() -> None:
    s = grappled([3, 10, 4, 10])
    s.act(BreakFree(actor="Bob"))
    s.act(StartUnit(actor=None))
    s.act(Wait(actor="Ann"))
    s.act(BreakFree(actor="Bob"))
    assert len([e for e in s.log if isinstance(e, Contested)]) == 3


def test_a_reversal_swaps_grappler_and_target() -> None:
    s = grappled([15, 2])
    s.act(Reverse(actor="Bob"))
    assert who(s, "Bob").holding == "Ann" and who(s, "Ann").held_by == "Bob"
    assert who(s, "Ann").holding is None and who(s, "Bob").held_by is None


def test_the_grappler_may_use_only_close_range_weapons() -> None:
    s = grappled([3, 10, 500, 4, 10, 90])
    s.act(BreakFree(actor="Bob"))
    s.act(StartUnit(actor=None))
    with pytest.raises(IllegalAction, match="only close-range weapons, not chair"):
        s.act(Attack(actor="Ann", target="Bob", weapon="chair"))
    s.act(Attack(actor="Ann", target="Bob", weapon="fist"))
    assert who(s, "Bob").hps == 39


def test_a_dagger_stabbed_in_a_grapple_stays_in_hand_when_the_blow_ends_the_grapple() -> None:
    ann = anthro(
        "Ann",
        "red",
        weapons=["dagger", "fist"],
        combat_table={"strike": dict(STRIKE), "pointy-fling": dict(POINTY)},
    )
    s = session([500, 15, 5, 3, 10, 500, 4], ann, anthro("Bob", "blue", hps=3))
    s.act(Grapple(actor="Ann", target="Bob"))
    s.act(BreakFree(actor="Bob"))  # lost: still held
    s.act(StartUnit(actor=None))
    events = s.act(Attack(actor="Ann", target="Bob", weapon="dagger", lethal=True))
    assert who(s, "Bob").condition == "unconscious" and who(s, "Ann").holding is None
    assert of_type(events, WeaponThrown) == []
    assert who(s, "Ann").weapon("dagger") is not None


def test_the_grappler_may_only_hold_when_the_option_forbids_attacks() -> None:
    s = grappled([3, 10], grappler_may_attack=False)
    s.act(BreakFree(actor="Bob"))
    s.act(StartUnit(actor=None))
    with pytest.raises(IllegalAction, match="can only hold on or let go"):
        s.act(Attack(actor="Ann", target="Bob", weapon="fist"))


def test_the_grappler_cannot_start_another_grapple_but_may_let_go() -> None:
    s = grappled([3, 10])
    s.act(BreakFree(actor="Bob"))
    s.act(StartUnit(actor=None))
    with pytest.raises(IllegalAction, match="only do the simplest tasks"):
        s.act(Grapple(actor="Ann", target="Bob"))
    s.act(Release(actor="Ann"))
    assert who(s, "Bob").held_by is None


def test_a_grapple_ends_when_the_grappler_is_out_of_the_fight() -> None:
    cy = anthro("Cy", "blue")
    s = session([500, 15, 5, 3, 10, 500, 4, 100, 90], ANN, BOB, cy)
    s.act(Grapple(actor="Ann", target="Bob"))
    s.act(BreakFree(actor="Bob"))
    s.act(Attack(actor="Cy", target="Ann", weapon="fist"))  # DSS 100 > 85: Ann stunned
    assert who(s, "Ann").condition == "stunned"
    assert who(s, "Bob").held_by is None and who(s, "Ann").holding is None


def test_fauna_can_be_grappled_though_it_cannot_be_subdued() -> None:
    beast = anthro("Rex", "blue", kind="fauna", tactics="lethal")
    s = session([500, 15, 5], ANN, beast)
    events = s.act(Grapple(actor="Ann", target="Rex"))
    assert of_type(events, Grappled) and who(s, "Rex").held_by == "Ann"


def test_the_account_shows_each_side_of_a_challenge() -> None:
    s = session([500, 15, 5], ANN, BOB)
    events = s.act(Grapple(actor="Ann", target="Bob"))
    lines = [s.ruleset.describe(e, s.state) for e in events]
    assert [line for line in lines if line] == [
        "Ann tries to grapple Bob: kilodie 500 + 35 Raw Bonus (max 790) = 535 vs DR 400: hit",
        "  Strength Challenge (1d20 + PSTR): Ann 15 + 10 = 25 vs Bob 5 + 10 = 15: Ann wins",
        "  Ann holds Bob in a grapple",
    ]


def test_the_gm_may_adjust_a_grapple_attack_roll() -> None:
    s = session([340, 15, 5], ANN, BOB)  # 340 + 35 = 375: a miss without the +90
    events = s.act(Grapple(actor="Ann", target="Bob", situational=90))
    (roll,) = of_type(events, AttackRolled)
    assert (roll.situational, roll.total, roll.hit) == (90, 465, True)
    assert who(s, "Bob").held_by == "Ann"


def test_only_subduable_personas_can_be_grappled_by_option() -> None:
    beast = anthro("Rex", "blue", kind="fauna", tactics="lethal")
    s = session([], ANN, beast, maneuver_targets="subduable")
    with pytest.raises(IllegalAction, match="Rex cannot be subdued, so it cannot be grappled"):
        s.act(Grapple(actor="Ann", target="Rex"))


def test_break_checks_and_reversals_say_who_tries_to_get_loose_of_whom() -> None:
    s = grappled([3, 10])
    lines = [s.ruleset.describe(e, s.state) or "" for e in s.act(BreakFree(actor="Bob"))]
    assert any(line.startswith("Bob tries to break free of Ann: Break check") for line in lines)
    s = grappled([15, 2])
    lines = [s.ruleset.describe(e, s.state) or "" for e in s.act(Reverse(actor="Bob"))]
    assert any(line.startswith("Bob tries to reverse Ann's grapple: Reversal") for line in lines)
