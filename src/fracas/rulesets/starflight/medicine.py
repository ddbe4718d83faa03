"""The medicine table: what a medic of each technology age can do, and which "species"
sub-discipline treats which species (chapter 9.2, 'Assisted Healing' and 'Assisted Revival,
Resuscitation, and Stasis'); loaded from ``data/medicine.yaml`` and validated.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fracas.rulesets.starflight.numbers import Int
from fracas.rulesets.starflight.tables import load_yaml

TechnologyAge = Literal["stone", "metal", "industrial", "starfaring"]
TECHNOLOGY_AGES: tuple[str, ...] = ("stone", "metal", "industrial", "starfaring")
SpeciesSkill = Literal["primatology", "etymology", "herpetology", "herbology", "xenobiology"]
SPECIES_SKILLS: tuple[str, ...] = (
    "primatology",
    "etymology",
    "herpetology",
    "herbology",
    "xenobiology",
)


class AgeMedicine(BaseModel):
    """What medicine can do in one technology age."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    penalty: Int = Field(le=0)
    resuscitation: bool
    stasis: bool
    prosthetics: bool
    regrowth: bool
    emergency_surgery: bool
    stasis_heals_wounds: bool
    stasis_unit_minutes: Int | None = Field(None, ge=1)
    stasis_retry_rounds: Int | None = Field(None, ge=1)


class MedicineTable(BaseModel):
    """The whole table."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    technology_ages: dict[str, AgeMedicine]
    species_skills: dict[str, SpeciesSkill]
    default_species_skill: SpeciesSkill

    @model_validator(mode="after")
    def _every_age(self) -> MedicineTable:
        missing = set(TECHNOLOGY_AGES) - set(self.technology_ages)
        extra = set(self.technology_ages) - set(TECHNOLOGY_AGES)
        if missing or extra:
            raise ValueError(f"technology_ages: missing {sorted(missing)}, unknown {sorted(extra)}")
        return self


MEDICINE = MedicineTable.model_validate(load_yaml("medicine.yaml"))
#: the attribute whose modifier medical Checks add (PROPOSED: Medicine is an Intellect
#: discipline, chapter 3)
MEDICAL_ATTRIBUTE = "intellect"


def age_medicine(age: str) -> AgeMedicine:
    """The row of the table for a technology age."""
    return MEDICINE.technology_ages[age]


def species_skill(species_id: str) -> str:
    """The medicine "species" sub-discipline that treats ``species_id``."""
    return MEDICINE.species_skills.get(species_id, MEDICINE.default_species_skill)
