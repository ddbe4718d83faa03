"""Scenario files for the Starflight ruleset (validated with pydantic, ``extra="forbid"``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fracas.rulesets.problems import Loc, located
from fracas.rulesets.starflight.characters import CombatantSpec
from fracas.rulesets.starflight.materials import MATERIALS
from fracas.rulesets.starflight.numbers import MAX_POINTS, MAX_THICKNESS_CM, Coordinate, Int
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.species import RIDERS, SPECIES, Species
from fracas.rulesets.starflight.tactics import TACTICS


class ObstacleSpec(BaseModel):
    """An obstacle between two points (metres). ``low``: shot over; ``penetrable``: shot
    through at -25 once its hit points are spent; ``solid``: blocks line of sight."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    start: tuple[Coordinate, Coordinate]
    end: tuple[Coordinate, Coordinate]
    kind: Literal["low", "penetrable", "solid"]
    material: str | None = None
    thickness_cm: Int | None = Field(None, ge=1, le=MAX_THICKNESS_CM)
    hp: Int | None = Field(None, ge=0, le=MAX_POINTS)
    damage_reduction: Int | None = Field(None, ge=0, le=MAX_POINTS)

    @model_validator(mode="after")
    def _penetrable_has_hit_points(self) -> ObstacleSpec:
        if self.material is not None and self.material not in MATERIALS:
            known = ", ".join(sorted(MATERIALS))
            raise ValueError(f"material: unknown material {self.material!r} (known: {known})")
        if self.kind == "penetrable" and self.hp is None and self.thickness_cm is None:
            raise ValueError("hp: a penetrable obstacle needs hp, or material and thickness_cm")
        if self.thickness_cm is not None and self.material is None:
            raise ValueError("material: thickness_cm needs a material")
        return self

    def hit_points(self) -> int:
        """Given hit points, else the material's hit points per cm times the thickness."""
        if self.hp is not None:
            return self.hp
        if self.material is None or self.thickness_cm is None:
            return 0
        return MATERIALS[self.material].hp_per_cm * self.thickness_cm

    def reduction(self) -> int:
        """Given damage reduction, else the material's."""
        if self.damage_reduction is not None:
            return self.damage_reduction
        return MATERIALS[self.material].damage_reduction if self.material else 0


class StarflightScenario(BaseModel):
    """A Starflight character-scale encounter."""

    model_config = ConfigDict(extra="forbid")

    ruleset: Literal["starflight"]
    name: str = ""
    options: StarflightOptions = Field(default_factory=StarflightOptions)
    scale: Literal["melee", "ranged"] = Field(
        "ranged", description="Melee (5 m increments) or ranged (25 m increments) combat."
    )
    species: dict[str, Species] = Field(
        default_factory=dict, description="Extra species (body plans) for this scenario."
    )
    obstacles: list[ObstacleSpec] = Field(default_factory=list)
    surface: Literal["normal", "frictionless"] = Field(
        "normal",
        description="'If the Charging player is tripped on a frictionless surface, they will "
        "slide twice the indicated distance'.",
    )
    vehicles: list[str] = Field(
        default_factory=list,
        description="Ground vehicles on the field, by name: boarding one is mixed-scale combat "
        "(chapter 9.5), which is refused.",
    )
    combatants: list[CombatantSpec] = Field(min_length=2)
    inside_vehicle: Literal["none", "parked", "moving"] = Field(
        "none",
        description="Whether the fight is inside a vehicle (parked or moving): medical Checks "
        "there are harder (chapter 9.2, 'Assisted Healing').",
    )
    round_limit_reason: str | None = Field(
        None,
        description="What the account says when the fight stops at options.max_rounds "
        "(e.g. 'the worked example is one attack'); default: 'round limit (N) reached'.",
    )

    @model_validator(mode="after")
    def _cross_checks(self) -> StarflightScenario:
        ids = [c.id for c in self.combatants]
        names = [c.name or c.id for c in self.combatants]
        problems: list[tuple[Loc, str, Any]] = []
        seen_ids: set[str] = set()
        seen_names: set[str] = set()
        for n, cid in enumerate(ids):
            if cid in seen_ids:
                problems.append(
                    (("combatants", n, "id"), f"two combatants have the id {cid!r}", cid)
                )
            elif names[n] in seen_names:
                problem = (
                    f"two combatants have the name {names[n]!r} "
                    "(the account could not tell them apart)"
                )
                problems.append((("combatants", n, "name"), problem, names[n]))
            seen_ids.add(cid)
            seen_names.add(names[n])
        if len({c.side for c in self.combatants}) < 2:
            problems.append((("combatants",), "a fight needs at least two sides", None))
        for key, sp in self.species.items():
            for n, part in enumerate(sp.parts):
                if part.rider is not None and part.rider not in RIDERS:
                    problem = f"unknown rider {part.rider!r} (known: {', '.join(sorted(RIDERS))})"
                    problems.append((("species", key, "parts", n, "rider"), problem, part.rider))
        species = self.all_species()
        for n, c in enumerate(self.combatants):
            problems.extend(combatant_problems(("combatants", n), c, species))
            if self.options.movement == "speed" and c.speed is None:
                problem = "speed-based movement (options.movement) needs every combatant's speed"
                problems.append((("combatants", n, "speed"), problem, None))
        if problems:
            raise located("scenario", problems)
        return self

    def all_species(self) -> dict[str, Species]:
        """Built-in species plus the scenario's own."""
        return {**SPECIES, **self.species}


def combatant_problems(
    where: Loc, c: CombatantSpec, species: dict[str, Species]
) -> list[tuple[Loc, str, Any]]:
    """What is wrong with a combatant given the scenario's species and the tactics known."""
    out: list[tuple[Loc, str, Any]] = []
    if c.tactics not in TACTICS:
        known = ", ".join(sorted(TACTICS))
        out.append(
            ((*where, "tactics"), f"unknown tactics {c.tactics!r} (known: {known})", c.tactics)
        )
    sp = species.get(c.species)
    if sp is None:
        known = ", ".join(sorted(species))
        out.append(
            ((*where, "species"), f"unknown species {c.species!r} (known: {known})", c.species)
        )
        return out
    parts = {p.id: p for p in sp.parts}
    motor = sp.motor_parts()
    for n, w in enumerate(c.weapons):
        if w.hand is not None and (w.hand not in parts or parts[w.hand].kind != "motor"):
            problem = f"{w.hand!r} is not a motor appendage of {sp.name} ({', '.join(motor)})"
            out.append(((*where, "weapons", n, "hand"), problem, w.hand))
    kinds = {"cognitive", "sensory", "motor", "propulsive", "body", "all"}
    for n, a in enumerate(c.armour):
        for part in a.covers:
            if part not in parts and part not in kinds:
                problem = f"{sp.name} has no part {part!r} (parts: {', '.join(parts)})"
                out.append(((*where, "armour", n, "covers"), problem, part))
    out.extend(armour_overlaps(where, c, sp))
    drawn = sum(w.appendages() for w in c.weapons if w.drawn)
    if drawn > len(motor):
        problem = (
            f"{drawn} motor appendages needed for the drawn weapons, {sp.name} has {len(motor)}"
        )
        out.append(((*where, "weapons"), problem, drawn))
    elif c.shield is not None and c.shield.physical and c.shield.raised and drawn + 2 > len(motor):
        problem = (
            f"a readied physical shield takes two motor appendages; with the drawn weapons "
            f"{drawn + 2} are needed, {sp.name} has {len(motor)}"
        )
        out.append(((*where, "shield", "raised"), problem, True))
    return out


def armour_overlaps(where: Loc, c: CombatantSpec, sp: Species) -> list[tuple[Loc, str, Any]]:
    """'Raise/Lower Shield': "Body Armor requires the part that it covers to be unarmored (a
    character cannot, for instance, wear two ballistic mesh coverings over their body at the
    same time)": a piece covering a part an earlier piece covers is refused."""
    out: list[tuple[Loc, str, Any]] = []
    worn: dict[str, str] = {}
    for n, a in enumerate(c.armour):
        if not a.worn:
            continue
        covered = [
            p.id for p in sp.parts if "all" in a.covers or p.id in a.covers or p.kind in a.covers
        ]
        clash = [p for p in covered if p in worn]
        if clash:
            part = clash[0]
            problem = (
                f"the {a.name} covers the {part}, which the {worn[part]} already covers "
                "(body armour needs the part it covers to be unarmoured)"
            )
            out.append(((*where, "armour", n, "covers"), problem, list(a.covers)))
        for p in covered:
            worn.setdefault(p, a.name)
    return out
