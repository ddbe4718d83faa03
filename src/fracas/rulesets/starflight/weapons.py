"""Weapons by type and Class (chapter 9.2, 'Attack Action Rules').

"If the attack roll is successful, then the weapon hits and causes the amount of damage
indicated by the weapon type and Class". The book's weapon table is missing; ``data/weapons.yaml``
holds PROPOSED figures calibrated on the chapter's example (Class Two Hand Laser).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fracas.rulesets.starflight.tables import load_yaml

WeaponType = Literal["beam", "projectile", "melee"]
DamageType = Literal["lethal", "nonlethal", "basic"]


class WeaponClass(BaseModel):
    """The figures of one Class of a weapon."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    damage: int = Field(ge=0)
    dice: str | None = None
    range_m: int = Field(0, ge=0)
    falloff: int = Field(0, ge=0)
    magazine: int = Field(0, ge=0)
    reload_phases: int = Field(1, ge=1)
    shots: int = Field(1, ge=1)
    scope_bonus: int = Field(0, ge=0)


class Weapon(BaseModel):
    """A weapon family: its type, damage type, appendages and Classes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: WeaponType
    damage_type: DamageType
    appendages: int = Field(1, ge=1, le=3)
    sniper: bool = False
    touch: bool = Field(False, description="Makes touch attacks (against THD).")
    classes: dict[int, WeaponClass]


WEAPONS: dict[str, Weapon] = {
    name: Weapon.model_validate(entry) for name, entry in load_yaml("weapons.yaml").items()
}


def weapon_class(name: str, cls: int) -> WeaponClass:
    """The Class ``cls`` of weapon ``name``; ValueError naming what is wrong otherwise."""
    weapon = WEAPONS.get(name)
    if weapon is None:
        raise ValueError(f"unknown weapon {name!r} (known: {', '.join(sorted(WEAPONS))})")
    if cls not in weapon.classes:
        known = ", ".join(str(c) for c in sorted(weapon.classes))
        raise ValueError(f"{name} has no Class {cls} (its Classes: {known})")
    return weapon.classes[cls]
