"""Personal shields (chapter 9.2, 'Resolving Damage' and 'Raise/Lower Shield').

"The hit points of shields are always subtracted before the hit points of armor." A shield
covers the whole combatant while raised; only one shield can be raised at a time.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from fracas.rulesets.starflight.armour import Gear
from fracas.rulesets.starflight.numbers import MAX_POINTS, Int
from fracas.rulesets.starflight.weapons import WeaponType


class ShieldSpec(BaseModel):
    """A personal shield in a scenario."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    hp: Int = Field(ge=0, le=MAX_POINTS)
    blocks: tuple[WeaponType, ...] = ()
    raised: bool = True
    spare_batteries: Int = Field(
        0, ge=0, le=MAX_POINTS, description="Spare batteries for 'Reload/Recharge'."
    )
    physical: bool = Field(
        False, description="A physical shield (two appendages to hold) rather than a personal one."
    )


def shield_gear(spec: ShieldSpec) -> Gear:
    """Runtime gear for a shield (it covers every part)."""
    return Gear(spec.name, spec.hp, spec.hp, None, tuple(spec.blocks), physical=spec.physical)


def active_shield(shield: Gear | None, raised: bool) -> Gear | None:
    """The shield that absorbs a hit: raised and with hit points left.

    Chapter 9.2, 'Resolving Damage'.
    """
    if shield is None or not raised or shield.hp <= 0:
        return None
    return shield
