"""Each successful non-lethal hit: damage, stun check, actual damage, oops check."""

from __future__ import annotations

import pytest

from fracas.rulesets.exp.actions import Attack
from fracas.rulesets.exp.actual_damage import actual_damage
from fracas.rulesets.exp.dss import percentile_needed, save_needed
from fracas.rulesets.exp.events import (
    ConditionChanged,
    Damaged,
    DamageRolled,
    OopsChecked,
    OopsSkipped,
    StunChecked,
)

from .helpers import anthro, of_type, session, who, with_attrs

A = anthro("Ann", "red")
B = anthro("Bob", "blue")
BAT = {"name": "bat", "attack_type": "strike", "damage": "2d10"}
BATTER = anthro("Ann", "red", weapons=[BAT])


def hit(rolls: list[int], attacker: dict = A, target: dict = B, weapon: str = "fist", **opts):  # type: ignore[no-untyped-def,type-arg]
    s = session(rolls, attacker, target, **opts)
    return s, s.act(Attack(actor=attacker["name"], target=target["name"], weapon=weapon))


def test_strike_damage_adds_the_force_bonus() -> None:
    _, events = hit([500, 4, 10, 90])
    (rolled,) = of_type(events, DamageRolled)
    assert (rolled.rolled, rolled.force_bonus, rolled.damage) == (4, 6, 10)


def test_fling_damage_adds_its_rows_force_bonus_as_tactical_combat_would() -> None:
    thrower = anthro(
        "Ann",
        "red",
        weapons=["bottle"],
        combat_table={
            "fling": {"skilled_bonus": 150, "raw_bonus": 60, "maximum_roll": 820, "force_bonus": 3}
        },
    )
    _, events = hit([500, 4, 10, 90], attacker=thrower, weapon="bottle")
    (rolled,) = of_type(events, DamageRolled)
    assert (rolled.force_bonus, rolled.damage) == (3, 7)


def test_without_fling_force_bonus_a_fling_row_force_bonus_is_refused_not_ignored() -> None:
    from fracas.scenario import ScenarioError, parse_scenario

    thrower = anthro(
        "Ann",
        "red",
        weapons=["bottle"],
        combat_table={
            "fling": {"skilled_bonus": 150, "raw_bonus": 60, "maximum_roll": 820, "force_bonus": 3}
        },
    )
    data = {
        "ruleset": "exp",
        "combatants": [thrower, anthro("Bob", "blue")],
        "options": {"fling_force_bonus": False},
    }
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.combat_table\.fling\.force_bonus"):
        parse_scenario(data, "x.yaml")
    thrower["combat_table"]["fling"]["force_bonus"] = 0
    _, events = hit([500, 4, 10, 90], attacker=thrower, weapon="bottle", fling_force_bonus=False)
    (rolled,) = of_type(events, DamageRolled)
    assert (rolled.force_bonus, rolled.damage) == (0, 4)


def test_a_skilled_persona_can_hold_back_the_force_bonus() -> None:
    pro = anthro("Ann", "red", hand_to_hand=True, holds_back_force_bonus=True)
    _, events = hit([500, 4, 10], attacker=pro)
    (rolled,) = of_type(events, DamageRolled)
    assert (rolled.force_bonus, rolled.held_back, rolled.damage) == (0, True, 4)


def test_force_bonus_on_fists_can_be_switched_off() -> None:
    _, events = hit([500, 4, 10, 90], force_bonus_on_natural=False)
    assert of_type(events, DamageRolled)[0].damage == 4


def test_a_failed_dss_stuns_the_target_and_ends_the_fight() -> None:
    # 10 damage on 40 HPS: as if 30 -> 75% + CON 10 = 85 needed; 86 fails
    s, events = hit([500, 4, 86, 90])
    (stun,) = of_type(events, StunChecked)
    assert (stun.hps_as_if, stun.needed, stun.roll, stun.stunned) == (30, 85, 86, True)
    assert who(s, "Bob").condition == "stunned"
    assert s.state.over and s.state.winner == "red"


def test_the_stun_check_line_spells_out_damage_system_shock() -> None:
    s, events = hit([500, 4, 86, 90])
    (stun,) = of_type(events, StunChecked)
    assert s.ruleset.describe(stun, s.state) == (
        "  stun check (Damage System Shock): Bob rolls as if at 30 HPS: "
        "needs 85 or less on d100, rolled 86: stunned"
    )


def test_the_dss_fails_without_a_roll_when_damage_reaches_the_hps() -> None:
    weak = anthro("Bob", "blue", hps=40, hps_now=9)
    s, events = hit([500, 4, 90], target=weak)  # 10 damage on 9 HPS: no DSS roll
    (stun,) = of_type(events, StunChecked)
    assert (stun.hps_as_if, stun.roll, stun.stunned) == (-1, None, True)
    assert who(s, "Bob").condition == "stunned"


@pytest.mark.parametrize(
    ("hps_left", "hps_max", "con", "needed"),
    [(20, 40, 8, 58), (30, 40, 10, 85), (39, 40, 10, 99), (1, 40, 3, 6), (1, 3, 0, 33)],
)
def test_percentile_dss_needs_percent_of_hps_left_plus_con(
    hps_left: int, hps_max: int, con: int, needed: int
) -> None:
    assert percentile_needed(hps_left, hps_max, con) == needed


def test_save_style_dss_needs_more_than_10_plus_20_times_damage_over_hps_left() -> None:
    assert save_needed(10, 30) == 17  # 10 + round(6.67)
    assert save_needed(30, 5) == 40  # capped
    # 10 damage on 40 HPS: needs > 17; 1d20 roll 5 + CON 10 + level 2 = 17 fails
    _, events = hit([500, 4, 5, 90], dss="save-d20")
    (stun,) = of_type(events, StunChecked)
    assert (stun.needed, stun.total, stun.stunned) == (17, 17, True)


@pytest.mark.parametrize(
    ("rounding", "damage", "expected"),
    [
        ("half-up", 20, 2),
        ("half-up", 14, 1),
        ("half-up", 15, 2),
        ("half-up", 4, 1),
        ("half-up", 1, 1),
        ("down", 19, 1),
        ("down", 9, 1),
        ("down", 29, 2),
        ("up", 11, 2),
        ("up", 1, 1),
    ],
)
def test_actual_damage_is_ten_percent_rounded_by_option_and_never_below_one(
    rounding: str, damage: int, expected: int
) -> None:
    assert actual_damage(damage, rounding) == expected


def test_actual_damage_comes_off_the_hps() -> None:
    s, events = hit([500, 9, 10, 90], attacker=BATTER, weapon="bat")  # 15 damage, no oops
    (damage,) = of_type(events, Damaged)
    assert (damage.cause, damage.amount, damage.hps_after) == ("actual", 2, 38)
    assert who(s, "Bob").hps == 38


def test_hand_to_hand_skill_skips_the_oops_check() -> None:
    pro = anthro("Ann", "red", hand_to_hand=True)
    s, events = hit([500, 4, 10], attacker=pro)  # no oops roll scripted: none is made
    assert of_type(events, OopsChecked) == []
    assert who(s, "Bob").hps == 39


def test_oops_at_the_damage_value_counts_by_default_but_not_when_strictly_under() -> None:
    _, events = hit([500, 4, 10, 10])
    assert of_type(events, OopsChecked)[0].oops is True
    _, events = hit([500, 4, 10, 10], oops_when="under")
    assert of_type(events, OopsChecked)[0].oops is False


def test_oops_damage_can_be_added_to_the_actual_damage_by_option() -> None:
    s, events = hit([500, 14, 10, 5], BATTER, weapon="bat", oops_replaces_actual=False)
    assert [(d.cause, d.amount) for d in of_type(events, Damaged)] == [("actual", 2), ("oops", 20)]
    assert who(s, "Bob").hps == 18


def test_oops_damage_to_zero_knocks_an_anthro_unconscious() -> None:
    target = anthro("Bob", "blue", hps=40, hps_now=10)
    s, events = hit([500, 4, 5], target=target)  # 10 on 10 HPS: no DSS roll; oops 5
    assert [d.hps_after for d in of_type(events, Damaged)] == [0]
    assert of_type(events, ConditionChanged)[0].condition == "unconscious"
    assert who(s, "Bob").condition == "unconscious"


def test_a_stunned_target_without_oops_stays_stunned_not_unconscious() -> None:
    target = anthro("Bob", "blue", hps=40, hps_now=10)
    s, _ = hit([500, 4, 90], target=target)
    assert (who(s, "Bob").hps, who(s, "Bob").condition) == (9, "stunned")


def test_oops_damage_past_minus_con_kills_an_anthro() -> None:
    target = with_attrs(anthro("Bob", "blue", hps=40, hps_now=2), CON=3)
    s, _ = hit([500, 5, 11], target=target)  # 11 damage: 2 -> -9, below -CON (-3)
    assert (who(s, "Bob").hps, who(s, "Bob").condition) == (-9, "dead")


def test_anthro_death_at_zero_by_option() -> None:
    target = anthro("Bob", "blue", hps=40, hps_now=10)
    s, _ = hit([500, 4, 5], target=target, death_below_zero="zero")
    assert who(s, "Bob").condition == "dead"


def test_oops_damage_to_zero_kills_an_advanced_alien() -> None:
    alien = anthro("Zib", "blue", kind="alien", advanced=True, hps=40, hps_now=10)
    s, _ = hit([500, 4, 5], target=alien)
    assert who(s, "Zib").condition == "dead"


def test_a_stun_weapon_makes_the_oops_check_unless_switched_off() -> None:
    guard = anthro(
        "Ann",
        "red",
        weapons=["stun-baton"],
        combat_table={
            "shoot": {"skilled_bonus": 200, "raw_bonus": 70, "maximum_roll": 880, "force_bonus": 0}
        },
    )
    _, events = hit([500, 7, 10, 50], attacker=guard, weapon="stun-baton")
    assert len(of_type(events, OopsChecked)) == 1
    _, events = hit([500, 7, 10], attacker=guard, weapon="stun-baton", oops_on_stun_weapons=False)
    assert of_type(events, OopsChecked) == []
    assert of_type(events, OopsSkipped)[0].reason == "the stun-baton is made to be non-lethal"


CLUB_PRO = anthro("Ann", "red", weapons=["club"], hand_to_hand=True, holds_back_force_bonus=True)


def test_a_skilled_persona_holds_back_the_force_bonus_of_a_club_but_not_in_a_lethal_blow() -> None:
    _, events = hit([500, 7, 10], attacker=CLUB_PRO, weapon="club")
    (rolled,) = of_type(events, DamageRolled)
    assert (rolled.rolled, rolled.force_bonus, rolled.held_back, rolled.damage) == (7, 0, True, 7)
    s = session([500, 7], CLUB_PRO, B)
    events = s.act(Attack(actor="Ann", target="Bob", weapon="club", lethal=True))
    (rolled,) = of_type(events, DamageRolled)
    assert (rolled.force_bonus, rolled.held_back, rolled.damage) == (6, False, 13)
    assert who(s, "Bob").hps == 27


def test_the_account_says_why_no_oops_check_is_made() -> None:
    pro = anthro("Ann", "red", hand_to_hand=True)
    s, events = hit([500, 4, 10], attacker=pro)
    (skipped,) = of_type(events, OopsSkipped)
    assert skipped.reason == "Ann has hand-to-hand skill"
    lines = [s.ruleset.describe(e, s.state) for e in events]
    assert "  no oops check: Ann has hand-to-hand skill" in lines
    assert "  Bob takes 10% of 10 = 1 actual damage: 40 -> 39 HPS" in lines


def test_a_small_blow_still_inflicts_one_hps_of_actual_damage() -> None:
    """It inflicted 0 with the default rounding before: 10% of 3 rounds to 0."""
    fling = {"skilled_bonus": 150, "raw_bonus": 60, "maximum_roll": 820, "force_bonus": 0}
    thrower = anthro("Ann", "red", weapons=["bottle"], combat_table={"fling": fling})
    _, events = hit([500, 3, 10, 90], attacker=thrower, weapon="bottle")
    (damage,) = of_type(events, Damaged)
    assert (damage.nonlethal, damage.amount, damage.hps_after) == (3, 1, 39)
