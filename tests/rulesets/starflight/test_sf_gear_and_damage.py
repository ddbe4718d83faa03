"""Damage types, shields before armour, blocking gear, Non-Lethal reduction, SI and CSI."""

from __future__ import annotations

import pytest

from fracas.rulesets.starflight.actions import Attack, Strike
from fracas.rulesets.starflight.damage import absorb, split
from fracas.rulesets.starflight.events import DamageTaken
from fracas.rulesets.starflight.strength import composite_strength_index, strength_index

from .helpers import fight_of, of_type, shooter, start, target, who

INIT = [10, 1]
SHOT = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])


@pytest.mark.parametrize(
    ("amount", "kind", "expected"),
    [
        (21, "lethal", (21, 0)),
        (20, "nonlethal", (0, 20)),
        (21, "basic", (10, 11)),
        (20, "basic", (10, 10)),
    ],
    ids=["lethal", "nonlethal", "basic-odd-rounds-lethal-down", "basic-even"],
)
def test_damage_types_split_into_lethal_and_nonlethal(
    amount: int, kind: str, expected: tuple[int, int]
) -> None:
    assert split(amount, kind) == expected


def test_armour_hit_points_reduce_nonlethal_without_wearing_down() -> None:
    # the chapter's figures: 100 Non-Lethal against armour with 55 HP left -> 45
    s = start([shooter(), target(armour=[{"name": "vest", "hp": 55}])], [*INIT])
    t = who(s, "t")
    a = absorb(t, "chest", 0, 100, "beam", armour_only_nl=False)
    assert (a.nonlethal, a.reduced, a.armour_hp) == (45, 55, [55])


def test_shield_absorbs_lethal_before_armour_and_si_falls_with_them() -> None:
    gear = {
        "shield": {"name": "deflector", "hp": 4},
        "armour": [{"name": "vest", "hp": 3, "covers": ["chest"]}],
    }
    s = start([shooter(), target(**gear)], [*INIT, 80, 5, 90, 90, 90])
    si_before = strength_index(who(s, "t"), "base-plus-gear")
    s.act(SHOT)
    d = of_type(s, DamageTaken)[0]
    assert (d.shield_absorbed, d.armour_absorbed, d.lethal) == (4, 3, 3)
    assert (d.shield_hp_after, d.armour_hp_after) == (0, [0])
    assert d.si_after == si_before - 7 == strength_index(who(s, "t"), "base-plus-gear")


def test_armour_only_covers_its_parts() -> None:
    s = start(
        [shooter(), target(armour=[{"name": "vest", "hp": 30, "covers": ["chest"]}])],
        [*INIT, 80, 1, 90, 90, 90],
    )
    s.act(SHOT)  # left leg
    d = of_type(s, DamageTaken)[0]
    assert (d.part, d.armour_absorbed, d.lethal) == ("left_leg", 0, 10)


def test_gear_designed_to_block_the_weapon_turns_lethal_into_nonlethal() -> None:
    vest = {"name": "mirror vest", "hp": 4, "covers": ["all"], "blocks": ["beam"]}
    s = start([shooter(), target(armour=[vest])], [*INIT, 80, 5, 90, 90])
    s.act(SHOT)
    d = of_type(s, DamageTaken)[0]
    # 10 lethal -> 10 non-lethal, reduced by the vest's 4 HP, vest not worn down
    assert (d.converted, d.lethal, d.nonlethal, d.nonlethal_reduced) == (10, 0, 6, 4)
    assert d.armour_hp_after == [4]
    assert who(s, "t").total_wounds() == 0


def test_csi_sums_the_side_members_still_in_the_fight() -> None:
    s = start([shooter(), target(si=70, shield={"name": "d", "hp": 5})], [*INIT])
    assert composite_strength_index(fight_of(s), "blue") == 75
    assert composite_strength_index(fight_of(s), "red") == 100
