"""The chapter's tables as data: each row loads and says what the chapter says."""

from __future__ import annotations

import pytest

from fracas.dice import parse
from fracas.rulesets.exp.tables import ATTACK_TYPES, DICE, DSS_TABLE, KINDS, SIZES, WEAPONS

#: "Strike attacks ... are allowed. Fling attacks ... are allowed. Pointy Fling attacks ...
#: are not allowed. There are no Shoot, Sotto, Flotto, or Zone Attacks allowed."
ALLOWED = {
    "strike": True,
    "fling": True,
    "pointy-fling": False,
    "shoot": False,
    "sotto": False,
    "flotto": False,
    "zone": False,
}


@pytest.mark.parametrize("name", list(ATTACK_TYPES), ids=str)
def test_attack_type_is_allowed_in_non_lethal_combat_as_the_chapter_says(name: str) -> None:
    assert ATTACK_TYPES[name].nonlethal is ALLOWED[name]


#: "Anthros and advanced aliens only"; "Robots may attack non-lethally"; flora and fauna
#: "will lethally fight". (subdued, subdued if advanced, attacks, attacks if advanced, 0 HPS)
KIND_RULES = {
    "anthro": (True, True, True, True, "unconscious"),
    "alien": (False, True, False, True, "dead"),
    "robot": (False, False, True, True, "broken"),
    "flora": (False, False, False, False, "dead"),
    "fauna": (False, False, False, False, "dead"),
}


@pytest.mark.parametrize("name", list(KINDS), ids=str)
def test_kind_rules(name: str) -> None:
    kind = KINDS[name]
    assert (
        kind.nonlethal_target,
        kind.nonlethal_target_if_advanced,
        kind.nonlethal_attacker,
        kind.nonlethal_attacker_if_advanced,
        kind.at_zero_hps,
    ) == KIND_RULES[name]


@pytest.mark.parametrize(
    ("name", "dice", "low", "high"),
    [
        ("kilodie", "d1000", 1, 1000),
        ("deci-die", "d100", 1, 100),
        ("percentile", "d100", 1, 100),
        ("attribute-die", "d20", 1, 20),
    ],
)
def test_die_names(name: str, dice: str, low: int, high: int) -> None:
    expr = parse(DICE[name].dice)
    assert (DICE[name].dice, expr.minimum, expr.maximum) == (dice, low, high)


@pytest.mark.parametrize("name", list(WEAPONS), ids=str)
def test_weapon_rows_are_usable(name: str) -> None:
    weapon = WEAPONS[name]
    assert weapon.attack_type in ATTACK_TYPES
    assert parse(weapon.damage).minimum >= 1
    assert not weapon.stun or not ATTACK_TYPES[weapon.attack_type].nonlethal


def test_dss_table_parameters() -> None:
    assert (DSS_TABLE.percentile.scale, DSS_TABLE.percentile.cap) == (100, 99)
    assert (DSS_TABLE.save_d20.base, DSS_TABLE.save_d20.scale, DSS_TABLE.save_d20.cap) == (
        10,
        20,
        40,
    )


def test_sizes_run_from_tiny_to_giant() -> None:
    assert SIZES[0] == "tiny" and SIZES[-1] == "giant" and "medium" in SIZES
