"""Species body plans: parts, hit-location tables, field of vision and part riders.

Chapter 9.2, 'Resolving Damage': "When a hit is indicated, 1d10 is rolled ... If a part is
indicated which the character either does not have or is not available to take damage, roll
again". The table itself is missing from the chapter; ``data/species.yaml`` holds PROPOSED
tables that fit the worked example (d10 6 = groin, 4 = sensory organs, sub-roll 5 = olfactory).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from fracas.rulesets.problems import Loc, located
from fracas.rulesets.starflight.numbers import Int
from fracas.rulesets.starflight.tables import load_yaml

PartKind = Literal["cognitive", "sensory", "motor", "propulsive", "body"]
SENSORY = "sensory"


class Rider(BaseModel):
    """Extra effects of a hit on a part, for some sexes (the example's groin hit)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    sexes: tuple[str, ...] = Field(description="Sexes the rider applies to.")
    dazed_minutes_per: Int = Field(0, ge=0, description="Dazed ceil(damage/N) minutes (0: no).")
    immobile_rounds_per: Int = Field(0, ge=0, description="No movement ceil(damage/N) rounds.")
    nonlethal_multiplier: Int = Field(1, ge=1, description="Multiplier on the NHP damage.")


class Part(BaseModel):
    """One body part: its id, display name, kind and (for sensory organs) its sense."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    kind: PartKind
    sense: str | None = None
    rider: str | None = None


class Vision(BaseModel):
    """Field of vision: the total widths (degrees) of the optimal and peripheral arcs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    optimal: Int = Field(ge=0, le=360)
    peripheral: Int = Field(ge=0, le=360)

    @model_validator(mode="after")
    def _peripheral_covers_optimal(self) -> Vision:
        if self.peripheral < self.optimal:
            raise ValueError("peripheral arc must be at least as wide as the optimal arc")
        return self


class Species(BaseModel):
    """A body plan. Validated so that every table entry names a part the species has."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    vision: Vision
    parts: tuple[Part, ...]
    hit_locations: dict[Int, str | None]
    sensory_locations: dict[Int, str | None] = Field(default_factory=dict)

    @field_validator("hit_locations", "sensory_locations", mode="before")
    @classmethod
    def _json_keys(cls, value: Any) -> Any:
        """A saved log holds the scenario as JSON, whose keys are text: '1' is read back as
        the die face 1 (only whole-number text; anything else is left to be refused)."""
        if isinstance(value, dict):
            return {
                int(k) if isinstance(k, str) and k.isdigit() and k.isascii() else k: v
                for k, v in value.items()
            }
        return value

    @model_validator(mode="after")
    def _check_tables(self) -> Species:
        ids = [p.id for p in self.parts]
        problems: list[tuple[Loc, str, Any]] = [
            (("parts", n, "id"), f"two parts have the id {pid!r}", pid)
            for n, pid in enumerate(ids)
            if pid in ids[:n]
        ]
        if not any(p.kind == "body" for p in self.parts):
            problem = "a species needs at least one Body (vital) area part (kind: body)"
            problems.append((("parts",), problem, None))
        problems += table_problems("hit_locations", self.hit_locations, set(ids) | {SENSORY})
        if SENSORY in self.hit_locations.values():
            problems += table_problems("sensory_locations", self.sensory_locations, set(ids))
        if problems:
            raise located("species", problems)
        return self

    def part(self, part_id: str) -> Part:
        """The part called ``part_id`` (KeyError if the species has none)."""
        return next(p for p in self.parts if p.id == part_id)

    def motor_parts(self) -> list[str]:
        """Motor appendages, dominant first (the order of ``parts``)."""
        return [p.id for p in self.parts if p.kind == "motor"]


def table_problems(
    field: str, table: dict[int, str | None], allowed: set[str]
) -> list[tuple[Loc, str, Any]]:
    """A d10 table must list the faces 1..10, name only known parts, and not re-roll always."""
    if sorted(table) != list(range(1, 11)):
        return [((field,), "needs exactly the d10 faces 1..10 (10 is the '0')", sorted(table))]
    out: list[tuple[Loc, str, Any]] = [
        ((field, face), f"{part!r} is not one of the species' parts", part)
        for face, part in table.items()
        if part is not None and part not in allowed
    ]
    if all(p is None for p in table.values()):
        out.append(((field,), "every face re-rolls", None))
    return out


class SpeciesFile(BaseModel):
    """``data/species.yaml``: riders and species."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    riders: dict[str, Rider]
    species: dict[str, Species]

    @model_validator(mode="after")
    def _riders_exist(self) -> SpeciesFile:
        for key, sp in self.species.items():
            check_riders(key, sp, self.riders)
        return self


def check_riders(key: str, species: Species, riders: dict[str, Rider]) -> None:
    """Every part rider names a known rider."""
    for part in species.parts:
        if part.rider is not None and part.rider not in riders:
            raise ValueError(f"{key}.parts.{part.id}.rider: unknown rider {part.rider!r}")


_FILE = SpeciesFile.model_validate(load_yaml("species.yaml"))
RIDERS: dict[str, Rider] = dict(_FILE.riders)
SPECIES: dict[str, Species] = dict(_FILE.species)
