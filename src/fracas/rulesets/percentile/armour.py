"""Table 5.3, the armour list (data/armour.yaml), and what armour does in a fight.

Chapter 5, "Armour" and "Powered armour": ABS is taken off each hit's damage; the impact vest
rows protect against projectile weapons only; battle-suits cannot move without power; a
chameleon suit makes hiding two levels easier; light power armour adds 5 STR for carrying.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from msgspec import Meta
from msgspec.structs import force_setattr

from fracas.rulesets.percentile.tables import Table, grams, load_checked, lookup, normalise
from fracas.rulesets.percentile.weapons import find_weapon


class ArmourRow(Table, frozen=True, kw_only=True):
    name: str
    abs: Annotated[int, Meta(ge=0)] | None
    weight_min: str
    weight_max: str
    ecell: str | None = None
    projectile_only: bool = False
    needs_power_to_move: bool = False
    hiding_bonus: int = 0
    lift_str_bonus: int = 0
    builtin_weapon: str | None = None

    def __post_init__(self) -> None:
        grams(self.weight_min)
        grams(self.weight_max)
        if self.builtin_weapon is not None:  # a known weapon, by its key
            force_setattr(self, "builtin_weapon", find_weapon(self.builtin_weapon).key)


class ArmourTable(Table, frozen=True, kw_only=True):
    armours: Annotated[list[ArmourRow], Meta(min_length=1)]


@dataclass(frozen=True, slots=True)
class Armour:
    """One row of table 5.3 as the rules read it (weights in grams)."""

    key: str
    name: str
    abs: int | None
    weight_min_g: int
    weight_max_g: int
    ecell: str | None
    projectile_only: bool
    needs_power_to_move: bool
    hiding_bonus: int
    lift_str_bonus: int
    builtin_weapon: str | None

    @property
    def powered(self) -> bool:
        """Powered armour uses an E-cell (Chapter 5, "Armour": "Armour comes in basically two
        versions")."""
        return self.ecell is not None


TABLE_5_3 = load_checked("armour.yaml", ArmourTable)
ARMOURS: dict[str, Armour] = {
    normalise(r.name): Armour(
        normalise(r.name),
        r.name,
        r.abs,
        grams(r.weight_min),
        grams(r.weight_max),
        r.ecell,
        r.projectile_only,
        r.needs_power_to_move,
        r.hiding_bonus,
        r.lift_str_bonus,
        r.builtin_weapon,
    )
    for r in TABLE_5_3.armours
}


def find_armour(name: str) -> Armour:
    """The armour called ``name`` (accents and case ignored), or a ValueError listing all."""
    armour: Armour = lookup(ARMOURS, name, "armour")
    return armour


def armour_abs(armour: Armour | None, impact_vest_abs: int) -> int:
    """The ABS an armour gives; the impact vest's, missing from the chapter, is an option."""
    if armour is None:
        return 0
    return impact_vest_abs if armour.abs is None else armour.abs


def absorbs(projectile_only: bool, weapon_class: str) -> bool:
    """Chapter 5, table 5.3 ("Against projectile weapons only"): whether armour stops anything
    of a hit by a weapon of ``weapon_class`` (melee,
    projectile, beam): the "Against projectile weapons only" rows stop projectiles only."""
    return not projectile_only or weapon_class == "projectile"


def armour_weight(
    armour: Armour | None, which: str, powered: bool = True, suit: str = "carried-when-powered"
) -> int:
    """The weight in grams the wearer carries, for encumbrance (Chapter 5, "Armour", table
    5.3): the range's ``min``, ``max`` or ``mid`` (option ``armour_weight``). A powered
    battle-suit carries itself (option ``battle_suit_weight``): "None of the battle-suits is
    really 'mobile' without a power source, due to their weight"."""
    if armour is None:
        return 0
    if armour.needs_power_to_move and powered and suit == "carried-when-powered":
        return 0
    if which == "min":
        return armour.weight_min_g
    if which == "max":
        return armour.weight_max_g
    return (armour.weight_min_g + armour.weight_max_g) // 2


def can_move(armour: Armour | None, powered: bool) -> bool:
    """Battle-suits are not "really mobile without a power source" (Chapter 5, "Powered
    armour"): without power the wearer can neither attack nor defend."""
    return armour is None or powered or not armour.needs_power_to_move


def carrying_str(strength: int, armour: Armour | None, powered: bool) -> int:
    """STR for lifting and carrying (Chapter 5, "Powered armour"): light power armour adds 5
    when powered ("for the purpose of lifting and carrying, add 5 to the wearer's STR")."""
    if armour is None or not powered:
        return strength
    return strength + armour.lift_str_bonus


def builtin_weapon(armour: Armour | None, powered: bool) -> str | None:
    """The weapon a battle-suit carries in itself, while it has power (Chapter 5, "Powered
    armour": "they all have a plasma rifle built-in (continously charged from the combat
    suit)")."""
    if armour is None or not powered:
        return None
    return armour.builtin_weapon


def hiding_shift(armour: Armour | None, powered: bool) -> int:
    """Ladder steps a hiding check moves (Chapter 5, "Powered armour"): -2 in a powered
    chameleon suit, else 0 (an unpowered suit "shows up quite well")."""
    if armour is None or not powered:
        return 0
    return -armour.hiding_bonus
