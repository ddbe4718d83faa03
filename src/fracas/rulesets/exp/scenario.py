"""The scenario file of an EXP fight: options and personas, validated before anything runs.

Every problem names its field: ``combatants[1].weapons[0]: ...``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    Strict,
    field_validator,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError, ValidationError

from fracas.rulesets.exp.nonlethal_damage import THROWN_TYPES
from fracas.rulesets.exp.options import ExpOptions, damage_dice
from fracas.rulesets.exp.state import grasps_surrender
from fracas.rulesets.exp.tables import ATTACK_TYPES, ATTRIBUTES, KINDS, SIZES, WEAPONS
from fracas.rulesets.exp.tactics import NONLETHAL_TACTICS, TacticSpec, parse_tactics

KindName = Literal["anthro", "alien", "robot", "flora", "fauna"]
AttackTypeName = Literal["strike", "fling", "pointy-fling", "shoot", "sotto", "flotto", "zone"]
assert sorted(get_args(KindName)) == sorted(KINDS)
assert sorted(get_args(AttackTypeName)) == sorted(ATTACK_TYPES)


def field_error(
    model: str, loc: tuple[str | int, ...], value: Any, message: str
) -> ValidationError:
    """A validation error located at ``loc`` inside the model being checked, so a cross-field
    problem is reported at its own field (``combatants[1].attributes.PSTR: ...``)."""
    kind = PydanticCustomError("exp_scenario", "{message}", {"message": message})
    return ValidationError.from_exception_data(
        model, [InitErrorDetails(type=kind, loc=loc, input=value)]
    )


#: Sanity caps (docs/rulesets/exp.md, "Numbers in scenario files"). The kilodie reads 1-1000,
#: so no bonus needs to be larger and no roll or Defence Rating can pass 2000; the others are
#: generous caps on absurd values.
KILODIE = 1000
MAX_ROLL = 2 * KILODIE
MAX_LEVEL = 100
MAX_HPS = 10_000

#: Numbers are strict: YAML already gives real numbers, so ``PSTR: true`` or ``hps: "40"`` is
#: a mistake to report, not a value to convert.
Int = Annotated[int, Strict()]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CombatRowModel(_Model):
    """One row of a combat table."""

    skilled_bonus: Int = Field(
        ge=0, le=KILODIE, description="Added to the kilodie with hand-to-hand skill."
    )
    raw_bonus: Int = Field(ge=0, le=KILODIE, description="Added to the kilodie otherwise.")
    maximum_roll: Int = Field(ge=1, le=MAX_ROLL, description="Cap on kilodie + bonus.")
    force_bonus: Int = Field(0, ge=0, le=KILODIE, description="Added to Strike damage.")


class WeaponModel(_Model):
    """A weapon given in full (a name alone picks a standard weapon)."""

    name: str = Field(min_length=1)
    attack_type: AttackTypeName
    damage: str
    close_range: bool = False
    natural: bool = Field(
        False,
        description="Part of the body (fists, claws, a bite): cannot be snatched. A weapon "
        "given in full under a standard weapon's name (fist, foot) takes that weapon's value.",
    )
    stun: bool = Field(False, description="A powered stun weapon made to be non-lethal.")

    @model_validator(mode="before")
    @classmethod
    def _natural_by_name(cls, data: Any) -> Any:
        if isinstance(data, dict) and "natural" not in data:
            name = data.get("name")
            row = WEAPONS.get(name) if isinstance(name, str) else None
            if row is not None and row.natural:
                return {**data, "natural": True}
        return data

    @field_validator("damage")
    @classmethod
    def _dice(cls, value: str) -> str:
        return damage_dice(value)

    @model_validator(mode="after")
    def _stun_is_powered(self) -> WeaponModel:
        if self.stun and self.attack_type in ("strike", "fling", "pointy-fling"):
            raise ValueError(f"a stun weapon is powered: not a {self.attack_type} attack")
        if self.stun and self.natural:
            raise ValueError("a stun weapon is powered: not part of the body (natural)")
        return self


class Attributes(_Model):
    """The seven rolled attributes."""

    AWE: Int
    CHA: Int
    CON: Int
    DEX: Int
    INT: Int
    MSTR: Int
    PSTR: Int


def _weapon(item: str | WeaponModel) -> WeaponModel:
    if isinstance(item, WeaponModel):
        return item
    row = WEAPONS[item]
    return WeaponModel(
        name=row.name,
        attack_type=row.attack_type,
        damage=row.damage,
        close_range=row.close_range,
        natural=row.natural,
        stun=row.stun,
    )


def _a(kind: str) -> str:
    """'an anthro', 'a robot', 'flora'."""
    if kind in ("flora", "fauna"):
        return kind
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _bare_hands() -> list[str | WeaponModel]:
    return ["fist"]


class PersonaModel(_Model):
    """A persona as a scenario gives it."""

    name: str = Field(min_length=1)
    side: str = Field(min_length=1)
    kind: KindName
    advanced: bool = Field(False, description="Aliens only: an advanced (educated) alien.")
    treaded: bool = Field(False, description="Robots only: moves on treads (cannot be tripped).")
    level: Int = Field(1, ge=1, le=MAX_LEVEL)
    size: str = "medium"
    attributes: Attributes
    hps: Int = Field(ge=1, le=MAX_HPS, description="Maximum HPS.")
    hps_now: Int | None = Field(None, ge=1, description="Current HPS (default: maximum).")
    hand_to_hand: bool = Field(False, description="Has hand-to-hand combat skill.")
    holds_back_force_bonus: bool = False
    combat_table: dict[AttackTypeName, CombatRowModel]
    defence_rating: Int = Field(ge=0, le=MAX_ROLL)
    weapons: list[str | WeaponModel] = Field(default_factory=_bare_hands, min_length=1)
    proficient_with: list[str] = Field(default_factory=list)
    tactics: str | list[str | dict[str, Any]] = "brawl"

    @field_validator("size")
    @classmethod
    def _size(cls, value: str) -> str:
        if value not in SIZES:
            raise ValueError(f"unknown size {value!r} (known: {', '.join(SIZES)})")
        return value

    @field_validator("weapons")
    @classmethod
    def _standard(cls, value: list[str | WeaponModel]) -> list[str | WeaponModel]:
        for i, item in enumerate(value):
            if isinstance(item, str) and item not in WEAPONS:
                known = ", ".join(WEAPONS)
                raise field_error(
                    "weapons",
                    (i,),
                    item,
                    f"unknown weapon {item!r} (known: {known}; or give it in full)",
                )
        return value

    @field_validator("tactics")
    @classmethod
    def _tactics(cls, value: Any) -> str:
        return parse_tactics(value).text()

    @model_validator(mode="after")
    def _consistent(self) -> PersonaModel:
        for check in (
            self._kind_flags,
            self._attribute_ranges,
            self._hps,
            self._weapon_rows,
            self._tactic_fits,
        ):
            check()
        return self

    def weapon_models(self) -> list[WeaponModel]:
        """Every weapon in full."""
        return [_weapon(w) for w in self.weapons]

    def tactic(self) -> TacticSpec:
        """The parsed tactics."""
        return parse_tactics(self.tactics)

    def _problem(self, loc: tuple[str | int, ...], value: Any, message: str) -> ValidationError:
        return field_error("PersonaModel", loc, value, message)

    def _kind_flags(self) -> None:
        if self.advanced and self.kind != "alien":
            raise self._problem(
                ("advanced",), True, f"only aliens are advanced or not, not {_a(self.kind)}"
            )
        if self.treaded and self.kind != "robot":
            raise self._problem(("treaded",), True, f"only robots have treads, not {_a(self.kind)}")

    def _attribute_ranges(self) -> None:
        ranges = KINDS[self.kind].attributes
        for name in ATTRIBUTES:
            value, (low, high) = getattr(self.attributes, name), ranges[name]
            if not low <= value <= high:
                raise self._problem(
                    ("attributes", name),
                    value,
                    f"{value} is out of range {low}-{high} for {_a(self.kind)}",
                )

    def _hps(self) -> None:
        if self.hps_now is not None and self.hps_now > self.hps:
            raise self._problem(
                ("hps_now",), self.hps_now, f"{self.hps_now} is above the maximum HPS {self.hps}"
            )
        if self.holds_back_force_bonus and not self.hand_to_hand:
            raise self._problem(
                ("holds_back_force_bonus",),
                True,
                "only personas with hand-to-hand skill can hold back the Force Bonus "
                "(set hand_to_hand: true or drop this)",
            )

    def _weapon_rows(self) -> None:
        for row_name, row in self.combat_table.items():
            if row.force_bonus and row_name not in ("strike", *THROWN_TYPES):
                raise self._problem(
                    ("combat_table", row_name, "force_bonus"),
                    row.force_bonus,
                    f"a {row_name} attack is powered: it has no Force Bonus (muscle power), "
                    "so this must be 0",
                )
        for i, weapon in enumerate(self.weapon_models()):
            if weapon.attack_type not in self.combat_table:
                raise self._problem(
                    ("weapons", i),
                    weapon.name,
                    f"{weapon.name} is a {weapon.attack_type} attack, but combat_table has no "
                    f"{weapon.attack_type} row",
                )
        names = [w.name for w in self.weapon_models()]
        for i, name in enumerate(self.proficient_with):
            if name not in names:
                raise self._problem(
                    ("proficient_with", i), name, f"{name!r} is not one of its weapons"
                )

    def _tactic_fits(self) -> None:
        spec = self.tactic()
        if spec.concede_below is not None and not grasps_surrender(self.kind, self.advanced):
            what = "an alien that is not advanced" if self.kind == "alien" else self.kind
            raise self._problem(
                ("tactics",),
                self.tactics,
                f"concede-below, but {what} does not understand surrender and fights for its "
                "life: drop concede-below",
            )
        name = spec.name
        if name not in NONLETHAL_TACTICS:
            return
        kind = KINDS[self.kind]
        able = kind.nonlethal_attacker_if_advanced if self.advanced else kind.nonlethal_attacker
        if not able:
            raise self._problem(
                ("tactics",),
                self.tactics,
                f"{name} is non-lethal, but {_a(self.kind)} does not grasp surrender "
                "and fights lethally (use tactics: lethal)",
            )
        if name != "brawl" and "strike" not in self.combat_table:
            raise self._problem(
                ("tactics",),
                self.tactics,
                f"{name} is a Strike attack, but combat_table has no strike row",
            )

    def brawl_weapon_problem(self, strike_only: bool) -> str | None:
        """A brawler needs a weapon allowed in non-lethal combat (option
        ``nonlethal_attacks``): why it has none, or None."""
        if self.tactic().name != "brawl":
            return None
        weapons = self.weapon_models()
        for w in weapons:
            if w.stun or w.attack_type == "strike":
                return None
            if ATTACK_TYPES[w.attack_type].nonlethal and not strike_only:
                return None
        refused = ", ".join(f"{w.name} ({ATTACK_TYPES[w.attack_type].label})" for w in weapons)
        allowed = "a Strike weapon" if strike_only else "a Strike or Fling weapon"
        return (
            f"a non-lethal brawl needs {allowed} or a powered stun weapon; not allowed in "
            f"non-lethal combat: {refused}"
        )


class ExpScenario(_Model):
    """An EXP fight: options and at least two personas on at least two sides."""

    ruleset: Literal["exp"] = "exp"
    name: str = "EXP fight"
    options: ExpOptions = Field(default_factory=ExpOptions)
    combatants: list[PersonaModel] = Field(min_length=2)
    _blueprints: tuple[object, tuple[Any, ...], list[dict[str, Any]]] | None = PrivateAttr(None)

    def blueprints(
        self, plan: Callable[[PersonaModel, dict[str, str]], dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Each persona's starting state, worked out once (building a fight is frequent).
        The cache is keyed on the personas and overrides, so ``model_copy`` stays safe."""
        overrides = self.options.weapon_damage
        key = tuple(sorted(overrides.items()))
        cached = self._blueprints
        if cached is None or cached[0] is not self.combatants or cached[1] != key:
            cached = (self.combatants, key, [plan(c, overrides) for c in self.combatants])
            self._blueprints = cached
        return cached[2]

    @model_validator(mode="after")
    def _sides_and_names(self) -> ExpScenario:
        names = [c.name for c in self.combatants]
        seen: set[str] = set()
        for i, name in enumerate(names):
            if name in seen:
                raise field_error(
                    "ExpScenario", ("combatants", i, "name"), name, f"{name!r} is used twice"
                )
            seen.add(name)
        if len({c.side for c in self.combatants}) < 2:
            raise field_error(
                "ExpScenario", ("combatants",), names, "a fight needs at least two sides"
            )
        strike_only = self.options.nonlethal_attacks == "strike-only"
        sizes = _sizes_by_side(self.combatants)
        for i, c in enumerate(self.combatants):
            problem = c.brawl_weapon_problem(strike_only)
            if problem is not None:
                raise field_error("ExpScenario", ("combatants", i, "weapons"), c.weapons, problem)
            if c.tactic().name == "snatch" and not self.options.allow_weapon_snatching:
                raise field_error(
                    "ExpScenario",
                    ("combatants", i, "tactics"),
                    c.tactics,
                    "snatch, but the referee does not allow weapon snatching "
                    "(option allow_weapon_snatching is false)",
                )
            self._someone_to_fight(i, c, sizes)
            self._bonuses_used(i, c)
        return self

    def _bonuses_used(self, i: int, c: PersonaModel) -> None:
        """A Fling row's Force Bonus and a Strike weapon's proficiency must be used by the
        options (``fling_force_bonus``, ``lethal_skilled_bonus``), never silently ignored."""
        if not self.options.fling_force_bonus:
            for kind, row in c.combat_table.items():
                if kind in THROWN_TYPES and row.force_bonus:
                    raise field_error(
                        "ExpScenario",
                        ("combatants", i, "combat_table", kind, "force_bonus"),
                        row.force_bonus,
                        f"option fling_force_bonus is false, so a {kind} attack adds no Force "
                        "Bonus: set 0 here (or the option to true)",
                    )
        if self.options.lethal_skilled_bonus == "hand-to-hand":
            strikes = {w.name for w in c.weapon_models() if w.attack_type == "strike"}
            for j, name in enumerate(c.proficient_with):
                if name in strikes:
                    raise field_error(
                        "ExpScenario",
                        ("combatants", i, "proficient_with", j),
                        name,
                        f"{name} is a Strike weapon: with option lethal_skilled_bonus = "
                        "hand-to-hand only hand-to-hand skill gives its Skilled Bonus, so "
                        "this proficiency would do nothing (drop it, or set the option to "
                        "proficiency)",
                    )

    def _someone_to_fight(
        self, i: int, c: PersonaModel, sizes: tuple[Counter[str], dict[str, Counter[str]]]
    ) -> None:
        """A grapple, snatch or trip tactic needs an enemy of comparable size (``sizes``:
        how many combatants have each size, in all and by side, so this is one look per
        size, not one per combatant)."""
        name = c.tactic().name
        if name not in ("grapple", "snatch", "trip"):
            return
        steps = self.options.comparable_size_steps
        everyone, by_side = sizes
        mine = SIZES.index(c.size)
        if not any(
            everyone[size] - by_side[c.side][size] > 0
            for n, size in enumerate(SIZES)
            if abs(n - mine) <= steps
        ):
            foes = [o for o in self.combatants if o.side != c.side]
            sizes_text = ", ".join(f"{o.name} {o.size}" for o in foes)
            raise field_error(
                "ExpScenario",
                ("combatants", i, "tactics"),
                c.tactics,
                f"{c.name} ({c.size}) cannot {name}: no enemy is of comparable size ({sizes_text})",
            )


def _sizes_by_side(
    combatants: list[PersonaModel],
) -> tuple[Counter[str], dict[str, Counter[str]]]:
    """How many combatants have each size: in all, and on each side."""
    everyone: Counter[str] = Counter()
    by_side: dict[str, Counter[str]] = {}
    for c in combatants:
        everyone[c.size] += 1
        by_side.setdefault(c.side, Counter())[c.size] += 1
    return everyone, by_side
