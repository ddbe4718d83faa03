"""Characters: attributes, skills, defensive and offensive statistics, equipment.

Chapter 9.2 uses the attributes Power, Finesse and Physique, the skills Brawling, Dodge,
Security, Stamina, Recuperation, Concentration and Three-Dimensional Maneuvers, Durability,
Size Class, HD/THD/FHD, NHP and HP, Initiative and Speed. Where the book derives a statistic
in a chapter we do not have, the stat block gives it and a PROPOSED default fills it in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fracas.rulesets.problems import located
from fracas.rulesets.starflight.armour import ArmourSpec, armour_gear
from fracas.rulesets.starflight.medicine import TechnologyAge
from fracas.rulesets.starflight.numbers import (
    MAX_DURABILITY,
    MAX_POINTS,
    MAX_SCORE,
    MAX_SIZE_CLASS,
    Coordinate,
    Int,
)
from fracas.rulesets.starflight.shields import ShieldSpec, shield_gear
from fracas.rulesets.starflight.species import Species
from fracas.rulesets.starflight.state import Fighter, WeaponState
from fracas.rulesets.starflight.weapons import WEAPONS, weapon_class

Ability = Literal["trample", "improved grab", "constrict", "swallow whole"]


class Attributes(BaseModel):
    """The six attributes (chapter 2.0). Physique may fall to -100 (clinical death)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    power: Int = Field(0, ge=-MAX_SCORE, le=MAX_SCORE)
    finesse: Int = Field(0, ge=-MAX_SCORE, le=MAX_SCORE)
    physique: Int = Field(0, gt=-100, le=MAX_SCORE)
    intellect: Int = Field(0, ge=-MAX_SCORE, le=MAX_SCORE)
    acumen: Int = Field(0, ge=-MAX_SCORE, le=MAX_SCORE)
    charm: Int = Field(0, ge=-MAX_SCORE, le=MAX_SCORE)


class Skills(BaseModel):
    """The skills the chapter uses (scores, 0 or more)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    brawling: Int = Field(0, ge=0, le=MAX_SCORE)
    dodge: Int = Field(0, ge=0, le=MAX_SCORE)
    security: Int = Field(0, ge=0, le=MAX_SCORE)
    stamina: Int = Field(0, ge=0, le=MAX_SCORE)
    recuperation: Int = Field(0, ge=0, le=MAX_SCORE)
    concentration: Int = Field(0, ge=0, le=MAX_SCORE)
    three_dimensional_maneuvers: Int = Field(0, ge=0, le=MAX_SCORE)
    dexterous_maneuvers: Int = Field(0, ge=0, le=MAX_SCORE)
    lifting: Int = Field(0, ge=0, le=MAX_SCORE)
    leadership: Int = Field(0, ge=0, le=MAX_SCORE)
    # Medicine sub-disciplines (chapter 9.2, 'Assisted Healing'; 'Assisted Revival ...')
    intensive_care: Int = Field(0, ge=0, le=MAX_SCORE)
    long_term_care: Int = Field(0, ge=0, le=MAX_SCORE)
    primatology: Int = Field(0, ge=0, le=MAX_SCORE)
    etymology: Int = Field(0, ge=0, le=MAX_SCORE)
    herpetology: Int = Field(0, ge=0, le=MAX_SCORE)
    herbology: Int = Field(0, ge=0, le=MAX_SCORE)
    xenobiology: Int = Field(0, ge=0, le=MAX_SCORE)


class Saves(BaseModel):
    """Save modifiers; any left out is derived (PROPOSED, see ``default_saves``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    fortitude: Int | None = Field(None, ge=-MAX_SCORE, le=MAX_SCORE)
    reflex: Int | None = Field(None, ge=-MAX_SCORE, le=MAX_SCORE)
    willpower: Int | None = Field(None, ge=-MAX_SCORE, le=MAX_SCORE)


class AttackBonus(BaseModel):
    """Melee and ranged Attack Bonuses; left out = Security / 10 (rounded down)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    melee: Int | None = Field(None, ge=-MAX_SCORE, le=MAX_SCORE)
    ranged: Int | None = Field(None, ge=-MAX_SCORE, le=MAX_SCORE)


class WeaponSpec(BaseModel):
    """A carried weapon: name and Class from the weapon table, drawn or not, the motor part
    holding it (default: dominant first), shots loaded (default: full) and a scope."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    weapon: str
    cls: Int = Field(alias="class")
    drawn: bool = True
    hand: str | None = None
    loaded: Int | None = Field(None, ge=0)
    scope: bool | None = Field(
        None, description="Fitted with a scope; default: the weapons that have a scope bonus."
    )

    @model_validator(mode="after")
    def _known_weapon_and_class(self) -> WeaponSpec:
        if self.weapon not in WEAPONS:
            known = ", ".join(sorted(WEAPONS))
            problem = f"unknown weapon {self.weapon!r} (known: {known})"
            raise located("weapon", [(("weapon",), problem, self.weapon)])
        try:
            stats = weapon_class(self.weapon, self.cls)
        except ValueError as exc:
            raise located("weapon", [(("class",), str(exc), self.cls)]) from None
        if self.loaded is not None and self.loaded > stats.magazine:
            problem = f"{self.loaded} is more than the magazine ({stats.magazine})"
            raise located("weapon", [(("loaded",), problem, self.loaded)])
        return self

    def appendages(self) -> int:
        """Motor appendages the weapon needs."""
        return WEAPONS[self.weapon].appendages


class MedicalKit(BaseModel):
    """What a medic carries: doses of revival medicine (stimulants, with the means to deliver
    them) and a way to place a patient in stasis (stasis drugs, or a cryogenic chamber)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    stimulants: Int = Field(0, ge=0, le=MAX_SCORE, description="Doses of revival medicine.")
    stasis: Literal["drug", "cryogenic"] | None = Field(
        None, description="How this medic can place a patient in stasis (none: cannot)."
    )


class CombatantSpec(BaseModel):
    """One combatant's stat block in a scenario file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    name: str | None = None
    side: str = Field(min_length=1)
    species: str
    sex: str | None = None
    tactics: str = "all-out-attack"
    attributes: Attributes = Field(default_factory=Attributes)
    skills: Skills = Field(default_factory=Skills)
    durability: Int = Field(ge=1, le=MAX_DURABILITY)
    size_class: Int = Field(3, ge=0, le=MAX_SIZE_CLASS)
    hd: Int = Field(ge=0, le=MAX_SCORE)
    thd: Int | None = Field(None, ge=0, le=MAX_SCORE)
    fhd: Int | None = Field(None, ge=0, le=MAX_SCORE)
    nhp: Int = Field(ge=1, le=MAX_POINTS)
    hp: Int = Field(ge=1, le=MAX_POINTS)
    initiative: Int = Field(ge=0, le=MAX_SCORE)
    si: Int | None = Field(
        None, ge=0, le=MAX_POINTS, description="Strength Index base; default: HP."
    )
    saves: Saves = Field(default_factory=Saves)
    attack_bonus: AttackBonus = Field(default_factory=AttackBonus)
    encumbrance: Int = Field(0, ge=0, le=MAX_SCORE)
    equipment_hd: Int = Field(
        0,
        ge=-MAX_SCORE,
        le=MAX_SCORE,
        description="HD added to this combatant's targets by its equipment (a sight...).",
    )
    ambidextrous: bool = False
    amputee: Int = Field(0, ge=0, le=25)
    weapons: list[WeaponSpec] = Field(default_factory=list)
    armour: list[ArmourSpec] = Field(default_factory=list)
    shield: ShieldSpec | None = None
    position: tuple[Coordinate, Coordinate] = (0, 0)
    facing: Int = Field(0, ge=0, lt=360, description="Degrees, 0 = +x, counter-clockwise.")
    surprised: bool = False
    abilities: tuple[Ability, ...] = Field(
        (), description="Creature abilities: trample, improved grab, constrict, swallow whole."
    )
    charge_response: Literal["strike", "trip"] = Field(
        "strike",
        description="What this combatant's Opportunity Attack against a charger is "
        "('Trip ... even an Opportunity Attack against a Charging opponent').",
    )
    speed: Int | None = Field(
        None, ge=0, le=MAX_SCORE, description="Speed rating, for speed-based movement."
    )
    steed: bool = Field(False, description="Others of its side may mount it (Mount/Dismount).")
    comeliness: Int = Field(0, ge=-MAX_SCORE, le=MAX_SCORE, description="Comeliness trait.")
    technology_age: TechnologyAge = Field(
        "starfaring", description="The medical know-how this combatant treats others with."
    )
    medical: MedicalKit = Field(default_factory=MedicalKit)


def attribute_modifier(score: int) -> int:
    """Chapter 3 (FOUND in WCRPG 2.x): an attribute adds score / 10, rounded down."""
    return score // 10


def base_attack_bonus(security: int) -> int:
    """Chapter 9.2, 'Grapple': base Attack Bonus is one-tenth of Security (rounded down)."""
    return security // 10


def default_saves(a: Attributes, s: Skills) -> dict[str, int]:
    """PROPOSED save modifiers: Fortitude Physique/10 + Stamina/10, Reflex Finesse/10 +
    Dodge/10, Willpower Acumen/10 + Concentration/10 (NOTES, section 2)."""
    return {
        "fortitude": a.physique // 10 + s.stamina // 10,
        "reflex": a.finesse // 10 + s.dodge // 10,
        "willpower": a.acumen // 10 + s.concentration // 10,
    }


@dataclass(frozen=True, slots=True)
class BodyPlan:
    """What a fighter needs from its species, worked out once per species (read-only)."""

    part_kinds: dict[str, str]
    part_senses: dict[str, str]
    part_names: dict[str, str]
    motor: tuple[str, ...]


CACHE_LIMIT = 1024  # stat blocks and species remembered (a simulation reuses a few)
_PLANS: dict[int, tuple[Species, BodyPlan]] = {}
_TEMPLATES: dict[int, tuple[CombatantSpec, dict[str, Any]]] = {}


def body_plan(species: Species) -> BodyPlan:
    """The species' parts by id: kinds, senses and names, and its motor parts (cached: the
    dictionaries are shared by every fighter of the species and never changed)."""
    hit = _PLANS.get(id(species))
    if hit is not None and hit[0] is species:
        return hit[1]
    plan = BodyPlan(
        part_kinds={p.id: p.kind for p in species.parts},
        part_senses={p.id: p.sense for p in species.parts if p.sense is not None},
        part_names={p.id: p.name for p in species.parts},
        motor=tuple(species.motor_parts()),
    )
    if len(_PLANS) >= CACHE_LIMIT:
        _PLANS.clear()
    _PLANS[id(species)] = (species, plan)
    return plan


def _template(spec: CombatantSpec, species: Species) -> dict[str, Any]:
    """The fighter's starting figures from its stat block (worked out once per stat block;
    simulations start many fights from the same scenario)."""
    hit = _TEMPLATES.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    derived = default_saves(spec.attributes, spec.skills)
    given = dict(spec.saves)
    ab = base_attack_bonus(spec.skills.security)
    plan = body_plan(species)
    figures: dict[str, Any] = {
        "id": spec.id,
        "name": spec.name or spec.id,
        "side": spec.side,
        "tactics": spec.tactics,
        "species_id": spec.species,
        "sex": spec.sex,
        "part_kinds": plan.part_kinds,
        "part_senses": plan.part_senses,
        "part_names": plan.part_names,
        "dominant": plan.motor[0] if plan.motor else "",
        "attributes": dict(spec.attributes),
        "skills": dict(spec.skills),
        "durability": spec.durability,
        "size_class": spec.size_class,
        "hd": spec.hd,
        "thd": spec.hd if spec.thd is None else spec.thd,
        "fhd": spec.hd if spec.fhd is None else spec.fhd,
        "nhp_max": spec.nhp,
        "nhp": spec.nhp,
        "hp_max": spec.hp,
        "hp": spec.hp,
        "initiative": spec.initiative,
        "si_base": spec.hp if spec.si is None else spec.si,
        "saves": {k: derived[k] if given[k] is None else given[k] for k in derived},
        "ab_melee": ab if spec.attack_bonus.melee is None else spec.attack_bonus.melee,
        "ab_ranged": ab if spec.attack_bonus.ranged is None else spec.attack_bonus.ranged,
        "encumbrance": spec.encumbrance,
        "equipment_hd": spec.equipment_hd,
        "ambidextrous": spec.ambidextrous,
        "part_riders": {p.id: p.rider for p in species.parts if p.rider is not None},
        "shield_raised": spec.shield is not None and spec.shield.raised,
        "x": spec.position[0],
        "y": spec.position[1],
        "facing": spec.facing,
        "surprised": spec.surprised,
        "amputee": spec.amputee,
        "abilities": tuple(spec.abilities),
        "charge_response": spec.charge_response,
        "shield_batteries": 0 if spec.shield is None else spec.shield.spare_batteries,
        "speed": spec.speed or 0,
        "steed": spec.steed,
        "comeliness": spec.comeliness,
        "technology_age": spec.technology_age,
        "stimulants": spec.medical.stimulants,
        "stasis_method": spec.medical.stasis,
    }
    if len(_TEMPLATES) >= CACHE_LIMIT:
        _TEMPLATES.clear()
    _TEMPLATES[id(spec)] = (spec, figures)
    return figures


def build_fighter(spec: CombatantSpec, species: Species) -> Fighter:
    """The fighter at the start of a fight, from its validated stat block."""
    t = _template(spec, species)
    fighter = Fighter(**t)
    fighter.attributes = dict(t["attributes"])
    fighter.skills = dict(t["skills"])
    fighter.weapons = _weapons(spec, species)
    fighter.armour = [armour_gear(a) for a in spec.armour]
    fighter.shield = None if spec.shield is None else shield_gear(spec.shield)
    return fighter


def _weapons(spec: CombatantSpec, species: Species) -> list[WeaponState]:
    """The fighter's weapons at the start of a fight (``weapon_figures``)."""
    return [WeaponState(**figures) for figures in weapon_figures(spec, species)]


_WEAPON_TEMPLATES: dict[int, tuple[CombatantSpec, Species, tuple[dict[str, Any], ...]]] = {}


def weapon_figures(spec: CombatantSpec, species: Species) -> tuple[dict[str, Any], ...]:
    """Each carried weapon's starting figures. Drawn weapons without a named hand take the
    free motor parts, dominant first. Worked out once per stat block and species (a
    simulation starts many fights from the same scenario)."""
    hit = _WEAPON_TEMPLATES.get(id(spec))
    if hit is not None and hit[0] is spec and hit[1] is species:
        return hit[2]
    used = [w.hand for w in spec.weapons if w.drawn and w.hand]
    free = [m for m in body_plan(species).motor if m not in used]
    out = []
    for w in spec.weapons:
        family = WEAPONS[w.weapon]
        stats = family.classes[w.cls]
        hand = w.hand or ""
        if w.drawn and not hand:
            taken = free[: family.appendages]
            del free[: family.appendages]
            hand = taken[0] if taken else ""
        out.append(
            {
                "name": w.weapon,
                "cls": w.cls,
                "type": family.type,
                "damage_type": family.damage_type,
                "stats": stats,
                "sniper": family.sniper,
                "touch": family.touch,
                "appendages": family.appendages,
                "hand": hand,
                "drawn": w.drawn,
                "loaded": stats.magazine if w.loaded is None else w.loaded,
                "scope": stats.scope_bonus > 0 if w.scope is None else w.scope,
            }
        )
    if len(_WEAPON_TEMPLATES) >= CACHE_LIMIT:
        _WEAPON_TEMPLATES.clear()
    figures = tuple(out)
    _WEAPON_TEMPLATES[id(spec)] = (spec, species, figures)
    return figures
