"""The chapter's rules one by one: checks, modifiers, stances, fatigue, hp, weapons."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction, Session
from fracas.rulesets.percentile.account import describe
from fracas.rulesets.percentile.actions import Declare
from fracas.rulesets.percentile.break_value import break_value_after
from fracas.rulesets.percentile.difficulty import AUTO_FAIL, AUTO_SUCCESS, modified_skill, shifted
from fracas.rulesets.percentile.encumbrance import encumbrance_fatigue, encumbrance_steps
from fracas.rulesets.percentile.events import DefenceRolled, FatigueLost, Reloaded
from fracas.rulesets.percentile.fatigue import (
    combat_fatigue_due,
    fatigue_after_rest,
    fatigue_shift,
)
from fracas.rulesets.percentile.hit_points import (
    bleeding_due,
    dead,
    derived_hp,
    regenerated_hp,
    unconscious,
)
from fracas.rulesets.percentile.initiative import initiative_total
from fracas.rulesets.percentile.reload import speed_reload_skill
from fracas.rulesets.percentile.skill_check import (
    FAIL,
    FUMBLE,
    PERFECT,
    SPECIAL,
    SUCCESS,
    check_outcome,
)
from fracas.rulesets.percentile.stances import defence_shifts, free_defences
from fracas.rulesets.percentile.state import BROKEN

from .helpers import (
    CountingRoller,
    answer,
    carried,
    duel,
    fighter_spec,
    get,
    one_exchange,
    scenario,
    start,
)

# -- skill checks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "target", "skill", "expected"),
    [
        (40, None, 40, 40, SUCCESS),
        (41, None, 40, 40, FAIL),
        (3, 40, 10, 40, PERFECT),  # re-roll against the unmodified skill
        (3, 41, 10, 40, SPECIAL),
        (5, 90, 1, 40, SPECIAL),  # 01-05 is always at least a success
        (95, 41, 99, 40, FUMBLE),
        (97, 5, 67, 67, FAIL),  # the example's "possible fumble ... just a fail"
        (100, 100, 100, 100, FUMBLE),  # 00 then 00 always fumbles
        (100, 99, 100, 100, FAIL),
    ],
    ids=[
        "under",
        "over",
        "perfect",
        "special",
        "special-even-below-target",
        "fumble",
        "no-fumble-is-a-fail",
        "00-then-00-fumbles",
        "00-then-99-fails",
    ],
)
def test_check_outcome(
    first: int, second: int | None, target: int, skill: int, expected: int
) -> None:
    assert check_outcome(first, second, target, skill, "fail") == expected


def test_a_95_that_does_not_fumble_can_succeed_under_the_check_target_option() -> None:
    assert check_outcome(96, 10, 120, 120, "check-target") == SUCCESS
    assert check_outcome(96, 10, 120, 120, "fail") == FAIL


def test_hard_rounds_to_nearest_half_up() -> None:
    assert modified_skill(56, (1,), "multiply", "half-up") == 34  # chapter 3: 33.6 -> 34
    assert modified_skill(45, (2,), "multiply", "half-up") == 14  # 13.5 up
    assert modified_skill(45, (2,), "multiply", "half-down") == 13


def test_easy_turns_40_into_60() -> None:
    assert modified_skill(40, (-1,), "multiply", "half-up") == 60


def test_stacked_hards_multiply_or_step_the_ladder() -> None:
    assert modified_skill(100, (1, 1), "multiply", "half-up") == 36  # x0.6 x0.6
    assert modified_skill(100, (1, 1), "ladder", "half-up") == 30  # Very hard


def test_past_impossible_fails_automatically_before_very_easy_succeeds() -> None:
    assert modified_skill(90, (2, 2), "ladder", "half-up") == AUTO_FAIL
    assert shifted(0, -1) == AUTO_SUCCESS


def test_a_glitch_comes_off_before_the_all_out_attacks_easy_by_default() -> None:
    # "apply an Easy modifier to the over-all modified result": (40 - 15) x 1.5 = 37.5 -> 38
    assert modified_skill(40, (-1,), "multiply", "half-up", 15, penalty_first=True) == 38
    assert modified_skill(40, (-1,), "multiply", "half-up", 15, penalty_first=False) == 45


# -- stances and defences ----------------------------------------------------------------------


def test_free_parries_per_stance() -> None:
    assert [free_defences(s) for s in ("all-out-attack", "normal-attack", "all-out-defence")] == [
        0,
        1,
        3,
    ]


def test_each_extra_parry_is_one_more_hard() -> None:
    hards = [len(defence_shifts(used, 1)) for used in range(4)]
    assert hards == [0, 1, 2, 3]
    assert {shift for used in range(4) for shift, _ in defence_shifts(used, 1)} == {1}


def test_a_second_parry_in_a_round_is_hard_and_decided_when_the_attack_comes() -> None:
    """Two attackers against one defender in a normal attack (one free parry): the second
    attack waits for D's decision, and the parry D then tries is Hard."""
    data = scenario(
        fighter_spec("A", "a"),
        fighter_spec("B", "a"),
        fighter_spec("D", "b"),
        weapon_damage_on_parry="none",
    )
    session, roller = start(data, [20, 19, 1, 30, 30, 30, 30, 90])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="B", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="normal-attack", target="A"))
    pending = session.pending()
    assert pending is not None and pending.actor == "D"  # B's hit: parry at 30% or not?
    assert roller.used == 6 and not session.state.over
    answer(session, True)
    parries = [e for e in session.log if isinstance(e, DefenceRolled)]
    assert [(p.chance, p.mods) for p in parries] == [(50, ""), (30, "Hard for extra parry")]
    assert roller.used == roller.total and session.state.round == 2


def test_all_out_attack_gets_no_free_parry_only_a_hard_one_if_wanted() -> None:
    # "none, one or three parried attacks" without penalty: an all-out attacker's parry is
    # at once an extra one (50 x 0.6 = 30); D declines, takes 4 - 2 ABS, then misses (90)
    data = duel(weapon_damage_on_parry="none")
    session, roller = start(data, [20, 1, 30, 4, 90])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-attack", target="A"))
    asking = session.state.asking  # type: ignore[attr-defined]
    assert (asking.defender, asking.kind, asking.chance) == ("D", "parry", 30)
    answer(session, False)
    (none,) = [e for e in session.log if isinstance(e, DefenceRolled)]
    assert none.kind == "none" and none.declined and get(session, "D").hp == 18
    assert roller.used == roller.total


def test_parrying_does_not_work_against_a_pistol_but_dodging_does() -> None:
    gun = {"weapons": ["glock 17"], "skills": {"pistols": 50}}
    session = one_exchange(duel(attacker=gun), [30, 7])
    assert get(session, "D").hp == 20 - (7 - 2)
    dodger = {"skills": {"dagger": 50, "dodge": 60}}
    session = one_exchange(duel(attacker=gun, defender=dodger), [30, 40])
    assert get(session, "D").hp == 20
    (dodge,) = [e for e in session.log if isinstance(e, DefenceRolled)]
    assert dodge.kind == "dodge"


def test_a_pistol_spends_a_round_per_attack() -> None:
    gun = {"weapons": ["glock 17"], "skills": {"pistols": 50}}
    session = one_exchange(duel(attacker=gun), [70])
    assert get(session, "A").ammo[0] == 16


RIFLE = {"weapons": ["mauser rifle"], "skills": {"rifles": 40, "mauser rifle": 10}}


def emptied_rifle() -> tuple[Session, CountingRoller]:
    """A fires a Mauser (6 rounds) at the rate of fire (3 a round) for two rounds: empty."""
    session, roller = start(duel(attacker=RIFLE, ammo_per_attack="rate"), [20, 1, 90, 90])
    for _ in range(2):
        session.act(Declare(actor="A", stance="normal-attack", target="D"))
        session.act(Declare(actor="D", stance="all-out-defence"))
    assert get(session, "A").ammo[0] == 0
    return session, roller


def test_speed_reload_checks_specific_plus_half_group_skill() -> None:
    assert speed_reload_skill(30, 37, "half-up") == 52
    assert speed_reload_skill(31, 0, "half-up") == 16
    session, roller = emptied_rifle()
    roller.extend([30, 90])  # 10 + 40 / 2 = 30: made it; then the shot misses
    session.act(Declare(actor="A", stance="normal-attack", target="D", speed_reload=True))
    session.act(Declare(actor="D", stance="all-out-defence"))
    reload = [e for e in session.log if isinstance(e, Reloaded)]
    assert [r.speed for r in reload] == [True]
    assert get(session, "A").ammo[0] == 3


def test_an_empty_gun_must_reload_or_speed_reload() -> None:
    session, _ = emptied_rifle()
    with pytest.raises(IllegalAction, match="empty"):
        session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="A", stance="reload"))
    session.act(Declare(actor="D", stance="all-out-defence"))
    assert get(session, "A").ammo[0] == 6


# -- weapons breaking ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bv", "damage", "expected"),
    [(6, 6, (6, False)), (6, 7, (5, False)), (6, 12, (5, False)), (6, 13, (6, True))],
    ids=["at-bv-nothing", "above-bv-loses-1", "bv-plus-6-loses-1", "above-bv-plus-6-breaks"],
)
def test_break_value(bv: int, damage: int, expected: tuple[int, bool]) -> None:
    assert break_value_after(bv, damage) == expected


def test_a_parrying_weapon_takes_the_rolled_damage_by_default() -> None:
    katana = {"weapons": ["katana"], "skills": {"katana": 50}}
    session = one_exchange(duel(attacker=katana), [30, 30, 15])  # 2D6+3 = 15 > 6 + 6
    assert carried(get(session, "D")) == [BROKEN]


def test_a_weapon_broken_earlier_in_a_round_cannot_attack_later_in_it() -> None:
    katana = {"weapons": ["katana"], "skills": {"katana": 50}}
    data = duel(attacker=katana)
    session, _ = start(data, [20, 1, 30, 30, 15])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="normal-attack", target="A"))
    assert carried(get(session, "D")) == [BROKEN]
    assert get(session, "A").hp == 20  # D's broken dagger made no attack


# -- initiative and rounds ---------------------------------------------------------------------


def test_initiative_is_per_plus_agl_plus_d20() -> None:
    assert initiative_total(16, 15, 5) == 36


def test_initiative_ties_keep_scenario_order_or_reroll() -> None:
    session, _ = start(duel(), [5, 5])
    assert session.state.order == ["A", "D"]
    session, _ = start(duel(initiative_ties="reroll"), [5, 5, 3, 9])
    assert session.state.order == ["D", "A"]


def test_in_a_simultaneous_round_someone_downed_earlier_still_strikes() -> None:
    data = duel(attacker={"hp": 2}, defender={"hp": 2}, weapon_damage_on_parry="none")
    session, roller = start(data, [20, 1, 80, 80])  # round 1: both miss (75%)
    session.act(Declare(actor="A", stance="all-out-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-attack", target="A"))
    roller.extend([30, 5, 30, 5])
    session.act(Declare(actor="A", stance="all-out-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-attack", target="A"))
    answer(session, False)  # D, all-out, takes A's hit rather than a Hard parry
    answer(session, False)  # and A takes the blow D strikes as D falls
    assert get(session, "A").hp == -1 and get(session, "D").hp == -1
    assert session.state.over and session.state.winner is None
    lines = [describe(e, session.state) for e in session.log]
    assert any(
        line and line.startswith("D attacks A") and "(simultaneous: strikes as they fall)" in line
        for line in lines
    )


def test_the_max_rounds_option_ends_an_endless_fight_as_a_draw() -> None:
    session, _ = start(duel(max_rounds=1), [20, 1, 70, 70])  # both miss (50%)
    session.run()
    assert session.state.over and session.state.winner is None


# -- fatigue, encumbrance, hit points ----------------------------------------------------------


def test_fatigue_is_lost_every_third_round_or_every_round() -> None:
    assert [combat_fatigue_due(r, "per-3-rounds") for r in range(1, 7)] == [0, 0, 1, 0, 0, 1]
    assert [combat_fatigue_due(r, "per-round") for r in range(1, 4)] == [1, 1, 1]


def test_zero_fatigue_is_two_levels_harder() -> None:
    assert (fatigue_shift(0), fatigue_shift(1)) == (2, 0)


def test_fatigue_recovers_one_per_two_rounds_but_from_zero_needs_five_minutes() -> None:
    assert fatigue_after_rest(10, 28, 4) == 12
    assert fatigue_after_rest(27, 28, 10) == 28  # never above the maximum
    assert fatigue_after_rest(0, 28, 59) == 0  # five minutes = 60 rounds of 5 s
    assert fatigue_after_rest(0, 28, 60) == 14  # then half the normal maximum
    assert fatigue_after_rest(0, 28, 64) == 16


def test_fatigue_recovers_one_per_minute_under_the_footnote_option() -> None:
    assert fatigue_after_rest(10, 28, 36, "per-minute") == 13  # 3 minutes
    assert fatigue_after_rest(0, 28, 60 + 24, "per-minute") == 16


def test_half_of_an_odd_maximum_rounds_like_any_modifier() -> None:
    assert fatigue_after_rest(0, 15, 60, rounding="half-up") == 8
    assert fatigue_after_rest(0, 15, 60, rounding="half-down") == 7


def test_encumbrance_one_hard_per_started_multiple_of_str_above_twice_str() -> None:
    assert encumbrance_steps(20_000, 10) == 0
    assert encumbrance_steps(20_001, 10) == 1
    assert encumbrance_steps(30_000, 10) == 1
    assert encumbrance_steps(30_001, 10) == 2
    assert (encumbrance_fatigue(2, "one-per-round"), encumbrance_fatigue(2, "per-multiple")) == (
        1,
        2,
    )


def test_plate_mail_encumbers_a_weak_fighter() -> None:
    weak = {"STR": 8, "armour": "plate mail"}  # 20 + 0.5 kg > 16 kg: one Hard
    session = one_exchange(duel(attacker=weak), [70])
    a = get(session, "A")
    assert a.p.encumbrance == 1
    fatigue = [e for e in session.log if isinstance(e, FatigueLost) and e.who == "A"]
    assert [f.amount for f in fatigue] == [1]


def test_hp_thresholds_and_regeneration() -> None:
    assert unconscious(0) and not unconscious(1)
    assert dead(-8, 8) and not dead(-7, 8)
    assert [bleeding_due(r, 5) for r in range(5, 14)] == [0, 0, 0, 0, 1, 0, 0, 0, 1]
    assert regenerated_hp(10, 28, 15, 3, complete_rest=False) == 13
    assert regenerated_hp(10, 28, 15, 3, complete_rest=True) == 16
    assert regenerated_hp(27, 28, 15, 3, complete_rest=True) == 28
    assert derived_hp(13, 15) == 28


def test_hp_and_fatigue_default_to_str_plus_con() -> None:
    data = duel(attacker={"hp": None, "fatigue": None, "STR": 8, "CON": 8})
    session, _ = start(data, [20, 1])
    assert (get(session, "A").hp, get(session, "A").fatigue) == (16, 16)


def test_an_unpowered_battle_suit_cannot_fight() -> None:
    data = duel(defender={"armour": "infantry armour", "armour_powered": False, "STR": 18})
    session, _ = start(data, [20, 1])
    assert session.state.over and session.state.winner == "a"


def test_round_order_scenario_resolves_later_rounds_in_scenario_order() -> None:
    session, _ = start(duel(round_order="scenario"), [1, 20, 70, 70])
    assert session.state.order == ["D", "A"]  # type: ignore[attr-defined]
    session.act(Declare(actor="D", stance="normal-attack", target="A"))
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    assert session.state.order == ["A", "D"]  # type: ignore[attr-defined]
