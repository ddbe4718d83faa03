"""Strength Index and Composite Strength Index (chapter 9.2, 'Resolving Damage').

"Points subtracted from shields and armor are also subtracted from the combatant's strength
index, which in turn lowers the composite strength index of the combatant's combat group."
The example: "The G'Nunk's SI is not lowered, since no armor or shields were in the way", so
injury itself does not lower SI. PROPOSED: SI = a base (stat block ``si``, default HP) plus the
current hit points of shield and armour; CSI = the SIs of a side's members still in the fight.
"""

from __future__ import annotations

from fracas.rulesets.starflight.conditions import in_fight
from fracas.rulesets.starflight.state import Fight, Fighter


def strength_index(c: Fighter) -> int:
    """SI: base plus the hit points left in shield and armour."""
    shield = c.shield.hp if c.shield is not None else 0
    return c.si_base + shield + sum(g.hp for g in c.armour)


def composite_strength_index(fight: Fight, side: str) -> int:
    """CSI of a side: the sum of its members' SIs, for those still in the fight."""
    return sum(
        strength_index(c) for c in fight.fighters() if c.side == side and in_fight(c, fight.options)
    )
