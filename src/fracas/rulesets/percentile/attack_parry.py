"""Table 5.1, the attack and parry table (data/attack_parry.yaml), and the reading of a cell.

Chapter 5, "Attacking and defending": the attacker's result (row) against the defender's
parry or dodge result (column) says who takes which damage, who is disarmed, who fumbles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from fracas.rulesets.percentile.skill_check import RESULT_NAMES
from fracas.rulesets.percentile.tables import Table, load_checked

Result = Literal["fumble", "fail", "success", "special", "perfect"]
Who = Literal["attacker", "defender"]
DamageKind = Literal["normal", "full", "full-no-armour"]


class CellEffect(Table, frozen=True, kw_only=True):
    effect: Literal["fumble", "damage", "disarm", "kill"]
    who: Who
    kind: DamageKind | None = None

    def __post_init__(self) -> None:
        if (self.effect == "damage") != (self.kind is not None):
            raise ValueError("a damage effect needs a kind; other effects take none")


class Cell(Table, frozen=True, kw_only=True):
    attack: Result
    parry: Result
    text: str
    effects: list[CellEffect]


class AttackParryTable(Table, frozen=True, kw_only=True):
    cells: list[Cell]

    def __post_init__(self) -> None:
        seen = [(c.attack, c.parry) for c in self.cells]
        wanted = [(a, p) for a in RESULT_NAMES for p in RESULT_NAMES]
        if sorted(seen) != sorted(wanted) or len(seen) != 25:
            raise ValueError("table 5.1 needs each of the 25 attack/parry cells exactly once")


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a cell, as the hot path reads it."""

    effect: str
    who: str
    kind: str | None


TABLE_5_1 = load_checked("attack_parry.yaml", AttackParryTable)

#: ``CELLS[attack][parry]`` -> (text, effects), indexed by FUMBLE..PERFECT
CELLS: tuple[tuple[tuple[str, tuple[Effect, ...]], ...], ...] = tuple(
    tuple(
        next(
            (c.text, tuple(Effect(e.effect, e.who, e.kind) for e in c.effects))
            for c in TABLE_5_1.cells
            if c.attack == attack and c.parry == parry
        )
        for parry in RESULT_NAMES
    )
    for attack in RESULT_NAMES
)


#: ``DEFENDER_HURT[attack][parry]``: whether the cell damages (or kills) the defender
DEFENDER_HURT: tuple[tuple[bool, ...], ...] = tuple(
    tuple(any(e.who == "defender" and e.effect in ("damage", "kill") for e in fx) for _, fx in row)
    for row in CELLS
)


def cell(attack: int, parry: int) -> tuple[str, tuple[Effect, ...]]:
    """The line of table 5.1 for an attack result against a parry result (Chapter 5,
    "Table 5.1: Attack and parry table")."""
    return CELLS[attack][parry]
