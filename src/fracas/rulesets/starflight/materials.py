"""Obstacle materials (chapter 9.2, 'Attack Item': 'Damage Reduction and Hit Points of Common
Materials')."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from fracas.rulesets.starflight.tables import load_yaml


class Material(BaseModel):
    """One row of the materials table."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    damage_reduction: int = Field(ge=0)
    hp_per_cm: int = Field(ge=1)


MATERIALS: dict[str, Material] = {
    name: Material.model_validate(row) for name, row in load_yaml("materials.yaml").items()
}
