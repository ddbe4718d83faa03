"""Strength Index and Composite Strength Index (chapter 9.2, 'Resolving Damage').

"Points subtracted from shields and armor are also subtracted from the combatant's strength
index, which in turn lowers the composite strength index of the combatant's combat group."
The formula for SI is in a chapter we do not have; option ``si_formula`` chooses between a
fixed base plus the gear's hit points (the default: the example's G'Nunk loses 21 HP and "The
G'Nunk's SI is not lowered, since no armor or shields were in the way") and the research
notes' current HP plus gear hit points. CSI = the SIs of a side's members still in the fight.
"""

from __future__ import annotations

from fracas.rulesets.starflight.conditions import in_fight
from fracas.rulesets.starflight.state import Fight, Fighter

HP_PLUS_GEAR = "hp-plus-gear"


def gear_hit_points(c: Fighter) -> int:
    """Hit points left in the shield and every armour piece.

    Chapter 9.2, 'Resolving Damage'.
    """
    shield = c.shield.hp if c.shield is not None else 0
    return shield + sum(g.hp for g in c.armour if g.worn)


def strength_index(c: Fighter, formula: str, hp: int | None = None) -> int:
    """SI: the base (or the HP, ``hp`` if given) plus the gear's hit points left."""
    base = (c.hp if hp is None else hp) if formula == HP_PLUS_GEAR else c.si_base
    return base + gear_hit_points(c)


def composite_strength_index(fight: Fight, side: str) -> int:
    """CSI of a side: the sum of its members' SIs, for those still in the fight."""
    formula = fight.options.si_formula
    return sum(
        strength_index(c, formula)
        for c in fight.fighters()
        if c.side == side and in_fight(c, fight.options)
    )
