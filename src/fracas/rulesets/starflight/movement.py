"""Movement (chapter 9.2, 'Move Action Rules', initiative-based, no stunts).

"characters receive a number of movement points equal to one plus their Initiative value";
"All movement takes one movement point to perform in melee combat, and five movement points in
ranged combat" per range increment. Prone combatants are limited to a quarter of their movement.
"""

from __future__ import annotations

from math import hypot

from fracas.rulesets.starflight.range import MELEE_INCREMENT_M
from fracas.rulesets.starflight.state import Fight, Fighter

RANGED_POINTS_PER_INCREMENT = 5
MELEE_POINTS_PER_INCREMENT = 1


def movement_points(c: Fighter) -> int:
    """One plus Initiative; a quarter of that (rounded down) while prone.

    Chapter 9.2, 'Move Action Rules' and 'Drop Prone'.
    """
    points = 1 + c.initiative
    return points // 4 if c.prone else points


def move_allowance_m(fight: Fight, c: Fighter) -> int:
    """Metres a Move may cover: whole increments (or 5 m a point with partial movement).

    Chapter 9.2, 'Move Action Rules'.
    """
    points = movement_points(c)
    if fight.scale == "ranged" and fight.options.partial_ranged_movement:
        return points * MELEE_INCREMENT_M
    cost = MELEE_POINTS_PER_INCREMENT if fight.scale == "melee" else RANGED_POINTS_PER_INCREMENT
    return (points // cost) * fight.increment_m


def step_towards(c: Fighter, x: int, y: int, metres: int) -> tuple[int, int]:
    """The whole-metre point ``metres`` along the line from c towards (x, y)."""
    dx, dy = x - c.x, y - c.y
    length = hypot(dx, dy)
    if length == 0:
        return c.x, c.y
    return round(c.x + dx * metres / length), round(c.y + dy * metres / length)
