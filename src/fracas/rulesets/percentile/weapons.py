"""The weapons tables (data/weapons.yaml): close-combat and distance weapons.

Chapter 5, "Weapons", "Break value" and "Distance weapons".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from msgspec import Meta

from fracas.dice import parse
from fracas.rulesets.percentile.tables import Table, grams, load_checked, lookup, normalise

MELEE_TYPES = frozenset({"PS", "ES", "K", "C", "S", "B"})
#: the rows whose damage is an option (PROPOSED figures: the chapter names them, no row)
BODY_PARTS, STAFF = "body parts", "staff"
PROJECTILE_TYPES = frozenset({"P", "R"})
BEAM_TYPES = frozenset({"BP", "BR"})


Positive = Annotated[int, Meta(gt=0)]


class _Weapon(Table, frozen=True, kw_only=True):
    name: str
    type: str
    damage: str
    weight: str

    def __post_init__(self) -> None:
        parse(self.damage)  # a DiceSyntaxError is a ValueError
        grams(self.weight)


class MeleeRow(_Weapon, frozen=True, kw_only=True):
    bv: Annotated[int, Meta(ge=0)]
    natural: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.type not in MELEE_TYPES:
            raise ValueError(f"close-combat type must be one of {sorted(MELEE_TYPES)}")


class DistanceRow(_Weapon, frozen=True, kw_only=True):
    rounds: Positive
    rounds_text: str | None = None
    calibre: str | None = None
    ecell: str | None = None
    range_m: Positive
    rate: Positive
    speed_reload: bool

    def __post_init__(self) -> None:
        super().__post_init__()
        known = sorted(PROJECTILE_TYPES | BEAM_TYPES)
        if self.type not in known:
            raise ValueError(f"distance type must be one of {known}")


class WeaponTables(Table, frozen=True, kw_only=True):
    group_skills: dict[str, str]
    melee: list[MeleeRow]
    distance: list[DistanceRow]


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon as the rules read it. ``klass`` is melee, projectile or beam; ``rounds`` is
    0 for close-combat weapons, ``bv`` 0 for distance weapons (they have none)."""

    key: str
    name: str
    type: str
    klass: str
    group: str
    damage: str
    weight_g: int
    bv: int
    rounds: int
    calibre: str | None
    ecell: str | None
    range_m: int
    rate: int
    speed_reload: bool
    natural: bool = False


TABLES = load_checked("weapons.yaml", WeaponTables)


def _klass(weapon_type: str) -> str:
    if weapon_type in MELEE_TYPES:
        return "melee"
    return "projectile" if weapon_type in PROJECTILE_TYPES else "beam"


WEAPONS: dict[str, Weapon] = {
    **{
        normalise(m.name): Weapon(
            normalise(m.name),
            m.name,
            m.type,
            "melee",
            TABLES.group_skills[m.type],
            m.damage,
            grams(m.weight),
            m.bv,
            0,
            None,
            None,
            0,
            1,
            False,
            m.natural,
        )
        for m in TABLES.melee
    },
    **{
        normalise(d.name): Weapon(
            normalise(d.name),
            d.name,
            d.type,
            _klass(d.type),
            TABLES.group_skills[d.type],
            d.damage,
            grams(d.weight),
            0,
            d.rounds,
            d.calibre,
            d.ecell,
            d.range_m,
            d.rate,
            d.speed_reload,
        )
        for d in TABLES.distance
    },
}


def find_weapon(name: str) -> Weapon:
    """The weapon called ``name`` (accents and case ignored), or a ValueError listing all."""
    weapon: Weapon = lookup(WEAPONS, name, "weapon")
    return weapon


def weapon_skill(skills: dict[str, int], weapon: Weapon) -> tuple[int, int] | None:
    """(group, specific) skill for ``weapon`` from normalised ``skills``, or None if neither
    is given (Chapter 5, "Weapon skills": "Point swords" 30% plus "Epée" +25%)."""
    group = skills.get(weapon.group)
    specific = skills.get(weapon.key)
    if group is None and specific is None:
        return None
    return group or 0, specific or 0


def shots_per_attack(klass: str, rate: int, ammo_per_attack: str) -> int:
    """Ammunition one attack spends (Chapter 5, "Distance weapons"; option
    ``ammo_per_attack``): none for close combat; one shot, or the weapon's whole
    rate of fire per CR (option ``ammo_per_attack``), for distance weapons."""
    if klass == "melee":
        return 0
    return 1 if ammo_per_attack == "one" else rate


def optioned_damage(key: str, table_damage: str, body_parts: str, staff: str) -> str:
    """The damage of a weapon row: the table's, except for the PROPOSED rows whose damage is
    an option (``body_parts_damage``, ``staff_damage``)."""
    if key == BODY_PARTS:
        return body_parts
    if key == STAFF:
        return staff
    return table_damage
