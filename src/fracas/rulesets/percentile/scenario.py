"""The scenario file of a percentile fight: options and combatants, validated.

Equipment is named as in the chapter's tables (accents and case ignored); skills are the
weapon group ("point swords") and the specific weapon ("epee"), added together.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from fracas.rulesets.percentile.armour import builtin_weapon, find_armour
from fracas.rulesets.percentile.options import PercentileOptions
from fracas.rulesets.percentile.stances import ScriptStance
from fracas.rulesets.percentile.tables import grams, normalise
from fracas.rulesets.percentile.tactics import TACTICS
from fracas.rulesets.percentile.weapons import find_weapon, weapon_skill


def field_error(
    model: str, loc: tuple[str | int, ...], problem: str, value: object
) -> ValidationError:
    """A cross-field problem reported at the exact field it concerns (the loader prints it as
    ``file: combatants[1].skills: problem``), not at the model that checked it."""
    error = PydanticCustomError("scenario", "{problem}", {"problem": problem})
    return ValidationError.from_exception_data(
        model, [InitErrorDetails(type=error, loc=loc, input=value)]
    )


#: Sanity caps (docs/rulesets/percentile.md, "Numbers in scenario files"): the chapter gives
#: no maximum, so these only refuse absurd values.
MAX_STAT = 1000
MAX_POINTS = 2 * MAX_STAT  # hp and fatigue: STR + CON at most
MAX_KG = 10_000

#: Numbers are strict: YAML already gives real numbers, so ``STR: true`` or ``STR: "13"`` is a
#: mistake to report, not a value to convert.
Stat = Annotated[int, Strict(), Field(ge=0, le=MAX_STAT)]
Points = Annotated[int, Strict(), Field(ge=0, le=MAX_POINTS)]
#: a weapons-table name, stored as its key (accent-free, lower case)
WeaponName = Annotated[str, AfterValidator(lambda name: find_weapon(name).key)]
Percent = Annotated[int, Strict(), Field(ge=0, le=MAX_STAT)]


#: a number or a decimal string ("4.5": exact, and how a saved log stores a Decimal); pydantic
#: refuses a bool here
Kilograms = Annotated[Decimal, Field(ge=0, le=MAX_KG)]
#: the one way a weight may be written (ASCII digits, an optional decimal point)
_KG_SYNTAX = re.compile(r"[0-9]+(\.[0-9]+)?")


def no_weapons() -> list[str]:
    """A new empty list of weapons. (Default factories are Python functions, not ``list`` or
    ``dict``: pydantic reads a factory's signature, and a built-in's is parsed from text with
    the tokenizer, whose patterns take a millisecond to compile at every start.)"""
    return []


def no_skills() -> dict[str, int]:
    """A new empty mapping of skills (see ``no_weapons``)."""
    return {}


class CombatantSpec(BaseModel):
    """One combatant: stats, hp and fatigue, equipment by table name, skills, side, tactics."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    side: str = Field(min_length=1)
    STR: Stat
    CON: Stat
    AGL: Stat
    PER: Stat
    hp: Points | None = Field(None, ge=1, description="Hit points (STR + CON if omitted).")
    fatigue: Points | None = Field(None, description="Fatigue (STR + CON if omitted).")
    armour: str | None = Field(None, description="A table 5.3 name, e.g. 'studded leather'.")
    armour_powered: bool = Field(True, description="Whether powered armour has power.")
    weapons: list[WeaponName] = Field(
        default_factory=no_weapons,
        description="Weapons carried by table name; the first is wielded. A powered "
        "battle-suit adds its built-in plasma rifle after them.",
    )
    skills: dict[str, Percent] = Field(
        default_factory=no_skills,
        description="Group and specific skills, e.g. {'point swords': 30, 'epee': 37}; "
        "'dodge' for dodging.",
    )
    carried_kg: Kilograms = Field(
        Decimal(0), description="Other load in kg besides armour and weapons."
    )
    tactics: str = Field("normal-attack", description="A tactic name (see tactics.py).")
    script: list[ScriptStance] | None = Field(
        None,
        description="For tactics 'scripted': the stance of each round, in order; "
        "'+dodge' after a close-combat stance (e.g. 'normal-attack+dodge') dodges instead of "
        "parrying that round (needs the skill 'dodge').",
    )
    then: str | None = Field(None, description="For 'scripted': the tactic once the list ends.")
    pronoun: Literal["he", "she", "they"] = Field(
        "they", description="How the account refers to the combatant ('strikes as she falls')."
    )

    @field_validator("armour")
    @classmethod
    def _known_armour(cls, value: str | None) -> str | None:
        return None if value is None else find_armour(value).key

    @field_validator("skills")
    @classmethod
    def _skill_keys(cls, value: dict[str, int]) -> dict[str, int]:
        return {normalise(k): v for k, v in value.items()}

    @field_validator("carried_kg", mode="before")
    @classmethod
    def _plain_number(cls, value: object) -> object:
        """One number syntax: ASCII digits with an optional decimal point (``12``, ``4.5``),
        as a YAML number or a string; ``5_000``, ``1e3``, ``٥`` or ``true`` are refused."""
        if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
            raise ValueError("a weight in kg: a number such as 12 or 4.5")
        text = (
            value
            if isinstance(value, str)
            else repr(value)
            if isinstance(value, float)
            else str(value)
        )
        if not _KG_SYNTAX.fullmatch(text):
            raise ValueError(
                f"{text!r}: write the weight in kg as digits with an optional "
                "decimal point, such as 12 or 4.5"
            )
        return text

    @field_validator("carried_kg")
    @classmethod
    def _whole_grams(cls, value: Decimal) -> Decimal:
        grams(str(value))
        return value

    @field_validator("tactics", "then")
    @classmethod
    def _known_tactic(cls, value: str | None) -> str | None:
        if value is not None and value not in TACTICS:
            raise ValueError(f"unknown tactics {value!r} (known: {', '.join(sorted(TACTICS))})")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> CombatantSpec:
        suit = find_armour(self.armour) if self.armour else None
        usable = [*self.weapons, *filter(None, [builtin_weapon(suit, self.armour_powered)])]
        if not usable:
            raise field_error(
                "CombatantSpec",
                ("weapons",),
                "at least one weapon is needed (a battle-suit's built-in plasma rifle "
                "counts only with armour_powered: true)",
                self.weapons,
            )
        wielded = find_weapon(usable[0])
        if weapon_skill(self.skills, wielded) is None:
            raise field_error(
                "CombatantSpec",
                ("skills",),
                f"no skill for the wielded weapon {wielded.name} "
                f"(give {wielded.group!r} and/or {wielded.key!r})",
                self.skills,
            )
        if self.tactics == "scripted" and not self.script:
            raise field_error(
                "CombatantSpec", ("script",), "tactics 'scripted' needs a list of stances", None
            )
        dodging = [s for s in self.script or () if s.endswith("+dodge")]
        if dodging and "dodge" not in self.skills:
            raise field_error(
                "CombatantSpec",
                ("script",),
                f"{dodging[0]!r} dodges, and there is no 'dodge' skill (add skills: dodge)",
                self.script,
            )
        if self.tactics != "scripted" and self.script is not None:
            raise field_error(
                "CombatantSpec", ("script",), "only used with tactics 'scripted'", self.script
            )
        if self.tactics != "scripted" and self.then is not None:
            raise field_error(
                "CombatantSpec", ("then",), "only used with tactics 'scripted'", self.then
            )
        if self.then == "scripted":
            raise field_error(
                "CombatantSpec", ("then",), "must be another tactic than 'scripted'", self.then
            )
        return self


class PercentileScenario(BaseModel):
    """A percentile fight: ``ruleset: percentile``, a name, options and the combatants."""

    model_config = ConfigDict(extra="forbid")

    ruleset: Literal["percentile"]
    name: str = "Percentile fight"
    options: PercentileOptions = Field(default_factory=PercentileOptions)
    combatants: list[CombatantSpec] = Field(min_length=2)

    @model_validator(mode="after")
    def _fightable(self) -> PercentileScenario:
        first: dict[str, int] = {}
        for i, c in enumerate(self.combatants):
            if c.name in first:
                raise field_error(
                    "PercentileScenario",
                    ("combatants", i, "name"),
                    f"{c.name!r} is already the name of combatants[{first[c.name]}]",
                    c.name,
                )
            first[c.name] = i
        if len({c.side for c in self.combatants}) < 2:
            raise field_error(
                "PercentileScenario",
                ("combatants",),
                "a fight needs at least two sides (every 'side' is the same)",
                None,
            )
        if not self.options.derive_hp_fatigue:
            for i, c in enumerate(self.combatants):
                missing = "hp" if c.hp is None else "fatigue" if c.fatigue is None else None
                if missing:
                    raise field_error(
                        "PercentileScenario",
                        ("combatants", i, missing),
                        "required when options.derive_hp_fatigue is false",
                        None,
                    )
        return self
