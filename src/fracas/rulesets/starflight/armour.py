"""Armour and personal shields as defensive gear with hit points (chapter 9.2, 'Resolving
Damage').

"The overall effectiveness of defensive gear is measured in hit points, like a character."
Armour covers some body parts; a personal shield covers every part and is always spent first.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from fracas.rulesets.starflight.numbers import MAX_POINTS, Int
from fracas.rulesets.starflight.weapons import WeaponType


class ArmourSpec(BaseModel):
    """A piece of armour in a scenario: hit points, the parts (or part kinds) it covers, and
    the weapon types it is 'specifically designed to block'."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    hp: Int = Field(ge=0, le=MAX_POINTS)
    covers: tuple[str, ...] = Field(
        ("all",), description="Part ids or kinds (body, motor...) covered, or 'all'."
    )
    blocks: tuple[WeaponType, ...] = ()
    worn: bool = Field(True, description="Worn at the start (false: carried, to be donned).")


@dataclass(slots=True)
class Gear:
    """Defensive gear during a fight (armour piece or shield). ``covers`` None = every part."""

    name: str
    hp: int
    hp_max: int
    covers: frozenset[str] | None
    blocks: tuple[str, ...]
    worn: bool = True
    physical: bool = False

    def covers_part(self, part_id: str, kind: str) -> bool:
        """Chapter 9.2, 'Resolving Damage': armour 'for the indicated body part'."""
        return self.covers is None or part_id in self.covers or kind in self.covers


def armour_gear(spec: ArmourSpec) -> Gear:
    """Runtime gear for an armour spec."""
    covers = None if "all" in spec.covers else frozenset(spec.covers)
    return Gear(spec.name, spec.hp, spec.hp, covers, tuple(spec.blocks), spec.worn)


def armour_on(pieces: list[Gear], part_id: str, kind: str) -> list[int]:
    """Indexes of the armour pieces covering a part, in scenario order (the order they absorb).

    Chapter 9.2, 'Resolving Damage'.
    """
    return [i for i, g in enumerate(pieces) if g.worn and g.hp > 0 and g.covers_part(part_id, kind)]
