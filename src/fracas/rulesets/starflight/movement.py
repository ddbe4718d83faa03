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


STEP_UNDER_M = 6


def speed_metres(c: Fighter) -> int:
    """Speed-based: 'five-thirds times the speed, rounded down' metres, "which acts in place
    of the character's movement points"; a quarter of that while prone.

    Chapter 9.2, 'Move Action Rules'.
    """
    metres = 5 * c.speed // 3
    return metres // 4 if c.prone else metres


def speed_based(fight: Fight) -> bool:
    """Whether the scenario moves by Speed (option ``movement``)."""
    return fight.options.movement == "speed"


def points_left(fight: Fight, c: Fighter) -> int:
    """Movement points a Move may spend now: all of them for each Move, less what facing
    changes cost (option ``facing_cost``); with ``movement_points_per: turn`` also less
    what this turn's moves spent."""
    mover = fight.fighter(c.mounted_on) if c.mounted_on else c  # a rider uses its steed's
    base = speed_metres(mover) if speed_based(fight) else movement_points(mover)
    return max(0, base - c.mp_spent)


def move_allowance_m(fight: Fight, c: Fighter) -> int:
    """Metres a Move may cover: whole increments (or 5 m a point with partial movement).

    Chapter 9.2, 'Move Action Rules'.
    """
    return metres_for_points(fight, points_left(fight, c))


def metres_for_points(fight: Fight, points: int) -> int:
    """Whole increments the points pay for (5 m a point with partial ranged movement).

    Chapter 9.2, 'Move Action Rules'.
    """
    if points <= 0:
        return 0
    if speed_based(fight):
        return points  # a metre a point
    if fight.scale == "ranged" and fight.options.partial_ranged_movement:
        return points * MELEE_INCREMENT_M
    cost = MELEE_POINTS_PER_INCREMENT if fight.scale == "melee" else RANGED_POINTS_PER_INCREMENT
    return (points // cost) * fight.increment_m


def points_for(fight: Fight, metres: int) -> int:
    """Movement points a move of ``metres`` uses: one per melee increment, five per ranged
    increment (one per 5 m with partial ranged movement), part increments rounded up.

    Chapter 9.2, 'Move Action Rules'.
    """
    if speed_based(fight):
        return metres
    if fight.scale == "ranged" and fight.options.partial_ranged_movement:
        return -(-metres // MELEE_INCREMENT_M)
    cost = MELEE_POINTS_PER_INCREMENT if fight.scale == "melee" else RANGED_POINTS_PER_INCREMENT
    return -(-metres // fight.increment_m) * cost


def is_step(fight: Fight, c: Fighter, metres: int) -> bool:
    """'A character must move a minimum distance of 6 meters; a character moving less than
    that is taking a step, which is a free action' - as many a turn as ``steps_per_turn``.

    Chapter 9.2, 'Move Action Rules'.
    """
    return 0 < metres < STEP_UNDER_M and c.steps_taken < fight.options.steps_per_turn


def step_towards(c: Fighter, x: int, y: int, metres: int) -> tuple[int, int]:
    """The whole-metre point ``metres`` along the line from c towards (x, y)."""
    dx, dy = x - c.x, y - c.y
    length = hypot(dx, dy)
    if length == 0:
        return c.x, c.y
    return round(c.x + dx * metres / length), round(c.y + dy * metres / length)
