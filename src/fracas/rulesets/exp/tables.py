"""The chapter's tables as data: loaded from ``data/*.yaml`` and validated at import."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter, field_validator

from fracas.dice import parse
from fracas.rulesets.data import load_yaml

ATTRIBUTES: tuple[str, ...] = ("AWE", "CHA", "CON", "DEX", "INT", "MSTR", "PSTR")


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AttackType(_Row):
    """One attack type of the chapter's list of allowed and refused attacks."""

    name: str
    label: str
    older_name: str
    nonlethal: bool
    examples: str


class Kind(_Row):
    """A persona kind: who may take part in non-lethal combat, and what 0 HPS means."""

    name: str
    nonlethal_target: bool
    nonlethal_target_if_advanced: bool
    nonlethal_attacker: bool
    nonlethal_attacker_if_advanced: bool
    at_zero_hps: Literal["unconscious", "dead", "broken"]
    dies_at_zero_con: bool
    attributes: dict[str, tuple[int, int]]

    @field_validator("attributes")
    @classmethod
    def _all_attributes(cls, value: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
        if sorted(value) != sorted(ATTRIBUTES):
            raise ValueError(f"needs exactly the attributes {', '.join(ATTRIBUTES)}")
        return value


class Die(_Row):
    """A named die (kilodie, deci-die...)."""

    name: str
    dice: str
    use: str
    found: bool

    @field_validator("dice")
    @classmethod
    def _readable(cls, value: str) -> str:
        parse(value)
        return value


class PercentileDss(_Row):
    """Parameters of the percentile DSS variant."""

    die: str
    scale: int
    attribute: str
    cap: int


class SaveDss(_Row):
    """Parameters of the d20 save-style DSS variant."""

    die: str
    base: int
    scale: int
    cap: int
    attribute: str


class DssTable(_Row):
    """Both DSS variants (the option ``dss`` picks one)."""

    percentile: PercentileDss
    save_d20: SaveDss

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @classmethod
    def from_yaml(cls, data: dict[str, Any]) -> DssTable:
        """Read the table, whose keys use the option's spelling (``save-d20``)."""
        return cls(percentile=data["percentile"], save_d20=data["save-d20"])


class WeaponRow(_Row):
    """A standard weapon: attack type, damage dice and what it may be used for."""

    name: str
    attack_type: str
    damage: str
    close_range: bool = False
    natural: bool = False
    stun: bool = False
    proposed: bool = False

    @field_validator("damage")
    @classmethod
    def _readable(cls, value: str) -> str:
        parse(value)
        return value


def _load(name: str) -> Any:
    return load_yaml("fracas.rulesets.exp", name)


_ATTACK_ROWS = TypeAdapter(list[AttackType]).validate_python(_load("attack_types.yaml"))
ATTACK_TYPES: dict[str, AttackType] = {row.name: row for row in _ATTACK_ROWS}
KINDS: dict[str, Kind] = {
    row.name: row for row in TypeAdapter(list[Kind]).validate_python(_load("kinds.yaml"))
}
DICE: dict[str, Die] = {
    row.name: row for row in TypeAdapter(list[Die]).validate_python(_load("dice.yaml"))
}
DSS_TABLE: DssTable = DssTable.from_yaml(_load("dss.yaml"))
SIZES: tuple[str, ...] = tuple(TypeAdapter(list[str]).validate_python(_load("sizes.yaml")))
WEAPONS: dict[str, WeaponRow] = {
    row.name: row for row in TypeAdapter(list[WeaponRow]).validate_python(_load("weapons.yaml"))
}


def _check_references() -> None:
    """Every name one table uses must be defined in another."""
    for weapon in WEAPONS.values():
        if weapon.attack_type not in ATTACK_TYPES:
            raise ValueError(f"weapons.yaml: {weapon.name}: unknown attack type")
    for die in (DSS_TABLE.percentile.die, DSS_TABLE.save_d20.die):
        if die not in DICE:
            raise ValueError(f"dss.yaml: unknown die {die!r}")


_check_references()


def die(name: str) -> str:
    """The dice expression of a named die (``kilodie`` -> ``d1000``)."""
    return DICE[name].dice
