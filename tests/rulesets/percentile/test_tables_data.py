"""The chapter's tables as data: armour (5.3), weapons, the difficulty ladder."""

from __future__ import annotations

import pytest

from fracas.rulesets.percentile.armour import (
    ARMOURS,
    absorbs,
    armour_abs,
    can_move,
    carrying_str,
    find_armour,
)
from fracas.rulesets.percentile.difficulty import (
    AUTO_SUCCESS,
    EASY,
    HARD,
    IMPOSSIBLE,
    LEVEL_NAMES,
    MULTIPLIERS,
    NORMAL,
    VERY_EASY,
    chameleon_hiding,
)
from fracas.rulesets.percentile.weapons import WEAPONS, find_weapon

# name: (ABS, min kg in g, max kg in g, E-cell, projectile only, needs power to move)
ARMOUR_ROWS = {
    "heavy cloth": (1, 3000, 7000, None, False, False),
    "boiled leather": (2, 4000, 8000, None, False, False),
    "studded leather": (3, 6000, 10000, None, False, False),
    "ribbed leather": (4, 8000, 12000, None, False, False),
    "band mail": (4, 9000, 9000, None, False, False),
    "chain mail": (5, 15000, 15000, None, False, False),
    "plate mail": (6, 20000, 20000, None, False, False),
    "impact resistant vest": (None, 6000, 6000, None, True, False),
    "impact resistant vest with trauma plates": (8, 12000, 12000, None, True, False),
    "chameleon suit": (2, 5000, 5000, "C", False, False),
    "light power armour": (5, 25000, 25000, "C", False, False),
    "infantry armour": (10, 150000, 150000, "D", False, True),
    "scout armour": (9, 170000, 170000, "D", False, True),
    "command armour": (12, 200000, 200000, "D", False, True),
}


@pytest.mark.parametrize("name", list(ARMOUR_ROWS), ids=list(ARMOUR_ROWS))
def test_armour_row_matches_table_5_3(name: str) -> None:
    a = ARMOURS[name]
    assert (
        a.abs,
        a.weight_min_g,
        a.weight_max_g,
        a.ecell,
        a.projectile_only,
        a.needs_power_to_move,
    ) == ARMOUR_ROWS[name]


def test_table_5_3_has_exactly_its_14_armours() -> None:
    assert set(ARMOURS) == set(ARMOUR_ROWS)


def test_the_impact_vest_abs_comes_from_the_option() -> None:
    assert armour_abs(ARMOURS["impact resistant vest"], 6) == 6
    assert armour_abs(ARMOURS["impact resistant vest"], 4) == 4


@pytest.mark.parametrize(
    ("klass", "stops"), [("projectile", True), ("beam", False), ("melee", False)]
)
def test_impact_vests_stop_projectiles_only(klass: str, stops: bool) -> None:
    assert (
        absorbs(ARMOURS["impact resistant vest with trauma plates"].projectile_only, klass) == stops
    )
    assert absorbs(ARMOURS["plate mail"].projectile_only, klass)


def test_battle_suits_cannot_move_without_power_but_others_can() -> None:
    for name in ("infantry armour", "scout armour", "command armour"):
        assert not can_move(ARMOURS[name], powered=False)
        assert can_move(ARMOURS[name], powered=True)
    assert can_move(ARMOURS["light power armour"], powered=False)


def test_light_power_armour_adds_5_str_for_carrying_when_powered() -> None:
    armour = ARMOURS["light power armour"]
    assert carrying_str(10, armour, powered=True) == 15
    assert carrying_str(10, armour, powered=False) == 10
    assert carrying_str(10, ARMOURS["plate mail"], powered=True) == 10


@pytest.mark.parametrize(
    ("level", "expected"),
    [(IMPOSSIBLE, HARD), (NORMAL, VERY_EASY), (EASY, AUTO_SUCCESS), (VERY_EASY, AUTO_SUCCESS)],
    ids=["impossible-to-hard", "normal-to-very-easy", "easy-automatic", "very-easy-automatic"],
)
def test_chameleon_suit_makes_hiding_two_levels_easier(level: int, expected: int) -> None:
    assert chameleon_hiding(level) == expected


# name: (type, damage, weight g, BV)
MELEE = {
    "dagger": ("K", "D4+1", 500, 6),
    "epee": ("PS", "2D6", 1000, 10),
    "foil": ("PS", "2D6-1", 700, 8),
    "gladius": ("ES", "D6+2", 1500, 10),
    "katana": ("ES", "2D6+3", 1500, 10),
    "machete": ("K", "D6+2", 700, 10),
    "rapier": ("PS", "4D4", 1500, 11),
    "sabre": ("ES", "2D6", 1000, 12),
    "spiked mace": ("C", "D6+2", 1000, 6),
    "wakizashi": ("ES", "D6+2", 1000, 7),
}
# name: (type, damage, weight g, rounds, calibre, E-cell, range m, rate)
DISTANCE = {
    "glock 17": ("P", "2D6", 625, 17, "9 mm", None, 30, 8),
    "laser pistol": ("BP", "2D6", 1000, 30, None, "B", 30, 6),
    "laser rifle": ("BR", "3D6", 3000, 20, None, "C", 250, 6),
    "plasma pistol": ("BP", "2D6", 500, 20, None, "A", 20, 3),
    "plasma rifle": ("BR", "3D6", 2000, 20, None, "B", 90, 3),
    "mauser rifle": ("R", "3D6", 4500, 6, "6.5 mm", None, 450, 3),
    "sniper rifle": ("R", "3D6", 5300, 6, "6.5 mm", None, 3000, 2),
    "assault rifle (light)": ("R", "2D6", 4500, 30, "5.56 mm", None, 450, 30),
    "assault rifle (heavy)": ("R", "3D6+1", 5300, 20, "7.62 mm", None, 450, 20),
}


@pytest.mark.parametrize("name", list(MELEE), ids=list(MELEE))
def test_close_combat_weapon_row(name: str) -> None:
    w = WEAPONS[name]
    assert (w.type, w.damage, w.weight_g, w.bv, w.klass) == (*MELEE[name], "melee")


@pytest.mark.parametrize("name", list(DISTANCE), ids=list(DISTANCE))
def test_distance_weapon_row(name: str) -> None:
    w = WEAPONS[name]
    row = (w.type, w.damage, w.weight_g, w.rounds, w.calibre, w.ecell, w.range_m, w.rate)
    assert row == DISTANCE[name]
    assert w.speed_reload  # the table marks no weapon as unable to speed-reload


def test_weapon_names_ignore_accents_case_and_dashes() -> None:
    assert find_weapon("Epée").key == find_weapon("EPEE").key == "epee"
    assert find_armour("Impact-Resistant Vest").key == "impact resistant vest"


def test_an_unknown_weapon_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown weapon 'lightsaber' \(known: .*epee"):
        find_weapon("lightsaber")


def test_the_ladder_has_six_levels_with_their_multipliers() -> None:
    assert LEVEL_NAMES == ("Very easy", "Easy", "Normal", "Hard", "Very hard", "Impossible")
    assert MULTIPLIERS == (2000, 1500, 1000, 600, 300, 100)
