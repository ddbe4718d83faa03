"""Table 5.1: every cell changes the state as the chapter says.

A (dagger 50%, boiled leather ABS 2) attacks D (the same) who stands in all-out defence.
Dagger D4+1: normal damage rolls 4 -> 4 - 2 = 2; full damage is the maximum 5 -> 5 - 2 = 3;
full damage without armour is 5. A fumble-table roll of 45 makes the fumbler defenceless
next round (no further dice).
"""

from __future__ import annotations

import pytest

from fracas.engine import Note
from fracas.rulesets.percentile.actions import Declare
from fracas.rulesets.percentile.attack_parry import CELLS, TABLE_5_1
from fracas.rulesets.percentile.events import Exchanged, FumbleRolled
from fracas.rulesets.percentile.skill_check import RESULT_NAMES
from fracas.rulesets.percentile.state import DROPPED

from .helpers import duel, get, one_exchange, start

#: rolls for each result against a 50% skill (re-rolls against the unmodified 50)
ROLLS = {
    "fumble": [97, 99],
    "fail": [70],
    "success": [30],
    "special": [3, 80],
    "perfect": [3, 20],
}
NORMAL_ROLL = 4
FUMBLE_ROLL = 45

# (attack, parry): (A hp lost, D hp lost, A disarmed, D disarmed, A fumbled, D killed,
#                   extra rolls after the checks)
EXPECTED = {
    ("fumble", "fumble"): (3, 3, False, False, False, False, []),
    ("fumble", "fail"): (0, 0, False, False, True, False, [FUMBLE_ROLL]),
    ("fumble", "success"): (2, 0, False, False, True, False, [FUMBLE_ROLL, NORMAL_ROLL]),
    ("fumble", "special"): (3, 0, False, False, True, False, [FUMBLE_ROLL]),
    ("fumble", "perfect"): (3, 0, True, False, True, False, [FUMBLE_ROLL]),
    ("fail", "fumble"): (0, 2, False, False, False, False, [NORMAL_ROLL]),
    ("fail", "fail"): (0, 0, False, False, False, False, []),
    ("fail", "success"): (0, 0, False, False, False, False, []),
    ("fail", "special"): (0, 0, True, False, False, False, []),
    ("fail", "perfect"): (2, 0, True, False, False, False, [NORMAL_ROLL]),
    ("success", "fumble"): (0, 3, False, True, False, False, []),
    ("success", "fail"): (0, 2, False, False, False, False, [NORMAL_ROLL]),
    ("success", "success"): (0, 0, False, False, False, False, []),
    ("success", "special"): (0, 0, False, False, False, False, []),
    ("success", "perfect"): (2, 0, True, False, False, False, [NORMAL_ROLL]),
    ("special", "fumble"): (0, 3, False, True, False, False, []),
    ("special", "fail"): (0, 3, False, False, False, False, []),
    ("special", "success"): (0, 2, False, False, False, False, [NORMAL_ROLL]),
    ("special", "special"): (0, 0, False, False, False, False, []),
    ("special", "perfect"): (0, 0, False, False, False, False, []),
    ("perfect", "fumble"): (0, 0, False, False, False, True, []),
    ("perfect", "fail"): (0, 5, False, False, False, False, []),
    ("perfect", "success"): (0, 3, False, False, False, False, []),
    ("perfect", "special"): (0, 2, False, False, False, False, [NORMAL_ROLL]),
    ("perfect", "perfect"): (0, 0, False, False, False, False, []),
}


@pytest.mark.parametrize(
    ("attack", "parry"), list(EXPECTED), ids=[f"{a}-vs-{p}" for a, p in EXPECTED]
)
def test_cell_of_table_5_1_has_its_effect(attack: str, parry: str) -> None:
    a_lost, d_lost, a_disarmed, d_disarmed, a_fumbled, d_killed, extra = EXPECTED[(attack, parry)]
    data = duel(parry_against="every-attack", weapon_damage_on_parry="none")
    session = one_exchange(data, ROLLS[attack] + ROLLS[parry] + extra)
    a, d = get(session, "A"), get(session, "D")
    assert (20 - a.hp, 20 - d.hp) == (a_lost, d_lost)
    assert (a.condition[0] == DROPPED, d.condition[0] == DROPPED) == (a_disarmed, d_disarmed)
    fumbles = [e for e in session.log if isinstance(e, FumbleRolled)]
    assert bool(fumbles) == a_fumbled
    if a_fumbled:
        assert a.defenceless_round == 2
    assert d.dead == d_killed
    (exchange,) = [e for e in session.log if isinstance(e, Exchanged)]
    assert (RESULT_NAMES[exchange.attack], RESULT_NAMES[exchange.parry]) == (attack, parry)


def test_the_table_data_holds_all_25_cells_once() -> None:
    assert len(TABLE_5_1.cells) == 25
    assert {(c.attack, c.parry) for c in TABLE_5_1.cells} == set(EXPECTED)


def test_full_damage_option_double_rolls_twice_the_dice() -> None:
    data = duel(parry_against="every-attack", weapon_damage_on_parry="none", full_damage="double")
    session = one_exchange(data, ROLLS["special"] + ROLLS["fail"] + [4])
    assert 20 - get(session, "D").hp == 2 * 4 - 2


@pytest.mark.parametrize("attack", ["special", "perfect"])
def test_a_plain_parry_does_not_stop_a_special_or_perfect_attack(attack: str) -> None:
    """ "to parry a special success, one needs to do a special or perfect parry and to defend
    against a perfect attack, one needs to do a perfect parry": table 5.1 agrees."""
    order = list(RESULT_NAMES)
    needed = "special" if attack == "special" else "perfect"
    for parry in ("success", "special", "perfect"):
        _, effects = CELLS[order.index(attack)][order.index(parry)]
        defender_hurt = any(e.effect == "damage" and e.who == "defender" for e in effects)
        assert defender_hurt == (order.index(parry) < order.index(needed))


def test_by_default_a_failed_attack_is_not_parried() -> None:
    """The worked example rolls no parry against a miss (option parry_against)."""
    session = one_exchange(duel(weapon_damage_on_parry="none"), ROLLS["fail"])
    assert get(session, "D").defences_used == 0


def test_only_a_weapon_parry_hurts_or_disarms_the_attacker_by_default() -> None:
    """A dodged attack (no weapon in the way) cannot give the attacker damage from the
    defender's weapon (option counter_effects: parry-only)."""
    data = duel(
        defender={"skills": {"dagger": 50, "dodge": 50}},
        parry_against="every-attack",
        weapon_damage_on_parry="none",
    )
    session, _ = start(data, [20, 1, *ROLLS["success"], *ROLLS["perfect"]])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-defence", dodge=True))
    assert get(session, "A").hp == 20
    assert get(session, "A").condition[0] == "ready"
    notes = [e.text for e in session.log if isinstance(e, Note)]
    assert notes == ["D only dodged: no damage or disarming for A"]


def test_under_counter_effects_always_a_dodge_still_hurts_and_disarms_the_attacker() -> None:
    data = duel(
        defender={"skills": {"dagger": 50, "dodge": 50}},
        parry_against="every-attack",
        weapon_damage_on_parry="none",
        counter_effects="always",
    )
    session, _ = start(data, [20, 1, *ROLLS["success"], *ROLLS["perfect"], NORMAL_ROLL])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-defence", dodge=True))
    assert get(session, "A").hp == 20 - (NORMAL_ROLL - 2)
    assert get(session, "A").condition[0] == DROPPED
