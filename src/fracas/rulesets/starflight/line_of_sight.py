"""Line of sight (chapter 9.2, 'Using Weapons').

Fields of vision have an optimal and a peripheral arc (species data, total widths in degrees
centred on the facing). Firing into the peripheral arc, through an obstacle that can be shot
through, or with a failed visual organ costs the -25 for unclear sight (once, or per cause by
option).
A solid obstacle blocks; a low one is shot over; 'A character may not select a target if
another character is in the way' (a standing combatant within ``blocking_radius_m`` of the
line of fire).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from math import atan2, degrees

from fracas.rulesets.starflight.state import Fight, Fighter, Obstacle

UNCLEAR_SIGHT_PENALTY = 25
Point = tuple[int, int]


@dataclass(slots=True)
class Sight:
    """Whether ``attacker`` may target the target, the sight penalty, and what is in the way."""

    visible: bool
    penalty: int = 0
    arc: str = "optimal"
    through: list[int] = field(default_factory=list)
    reason: str = ""


def bearing(a: Fighter, b: Fighter) -> int:
    """Whole degrees from a to b, 0 = +x, counter-clockwise (0..359)."""
    return round(degrees(atan2(b.y - a.y, b.x - a.x))) % 360


def arc_of(fight: Fight, a: Fighter, b: Fighter) -> str | None:
    """'optimal', 'peripheral', or None when the target is outside the field of vision."""
    if a.x == b.x and a.y == b.y:
        return "optimal"
    vision = fight.species[a.species_id].vision
    return _arc(b.x - a.x, b.y - a.y, a.facing, vision.optimal, vision.peripheral)


@lru_cache(maxsize=65536)
def _arc(dx: int, dy: int, facing: int, optimal: int, peripheral: int) -> str | None:
    """``arc_of`` for a target (dx, dy) away, the arcs' total widths given (pure geometry:
    cached, the same few lines recur)."""
    off = abs((round(degrees(atan2(dy, dx))) % 360 - facing + 180) % 360 - 180)
    if 2 * off <= optimal:
        return "optimal"
    if 2 * off <= peripheral:
        return "peripheral"
    return None


def eyesight(a: Fighter) -> str:
    """'clear', 'impaired' (a visual organ failed) or 'blind' (all failed)."""
    if not a.failed:
        return "clear"
    eyes = [p for p, sense in a.part_senses.items() if sense == "visual"]
    failed = [p for p in eyes if p in a.failed]
    if eyes and len(failed) == len(eyes):
        return "blind"
    return "impaired" if failed else "clear"


def _orient(p: Point, q: Point, r: Point) -> int:
    v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (v > 0) - (v < 0)


def crosses(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Whether segment p1-p2 and segment q1-q2 intersect (touching counts)."""
    if max(p1[0], p2[0]) < min(q1[0], q2[0]) or max(q1[0], q2[0]) < min(p1[0], p2[0]):
        return False
    if max(p1[1], p2[1]) < min(q1[1], q2[1]) or max(q1[1], q2[1]) < min(p1[1], p2[1]):
        return False
    o1, o2 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    o3, o4 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    if o1 != o2 and o3 != o4:
        return True
    return any(
        o == 0 and _on(a, b, c)
        for o, a, b, c in ((o1, p1, p2, q1), (o2, p1, p2, q2), (o3, q1, q2, p1), (o4, q1, q2, p2))
    )


def _on(a: Point, b: Point, c: Point) -> bool:
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def blocker(fight: Fight, a: Fighter, b: Fighter) -> Fighter | None:
    """A standing combatant between attacker and target, if any.

    Chapter 9.2, 'Using Weapons'.
    """
    return blocker_from(fight, a, a.x, a.y, b)


def blocker_from(fight: Fight, a: Fighter, ax: int, ay: int, b: Fighter) -> Fighter | None:
    """``blocker`` with ``a`` standing at (ax, ay): the first standing combatant but the two
    that lies between (ax, ay) and ``b`` (its projection on the line strictly between
    them) within ``blocking_radius_m`` of the line, in whole numbers (the squared distance
    to the line, cross^2 / length^2, against radius^2)."""
    if len(fight.combatants) <= 2:
        return None  # nobody but the two
    dx, dy = b.x - ax, b.y - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return None
    radius = fight.options.blocking_radius_m
    limit = radius * radius * length2
    skip = (a.id, b.id)
    for o in fight.combatants.values():
        if o.prone or o.withdrawn or o.id in skip:
            continue
        px, py = o.x - ax, o.y - ay
        dot = px * dx + py * dy
        if dot <= 0 or dot >= length2:
            continue
        cross = dx * py - dy * px
        if cross * cross <= limit:
            return o
    return None


def obstacles_between(fight: Fight, a: Fighter, b: Fighter) -> list[tuple[int, Obstacle]]:
    """Obstacles the line of fire crosses, in scenario order ('Using Weapons'). Obstacles do
    not move, so the crossings of each line are worked out once per fight."""
    return [(i, fight.obstacles[i]) for i in crossings(fight, a.x, a.y, b.x, b.y)]


def crossings(fight: Fight, ax: int, ay: int, bx: int, by: int) -> tuple[int, ...]:
    """The indices of the obstacles the line (ax, ay)-(bx, by) crosses (cached for every
    fight on the same obstacles, ``shared_crossings``)."""
    if not fight.obstacles:
        return ()
    key = (ax, ay, bx, by)
    found = fight.crossings.get(key)
    if found is None:
        line = ((ax, ay), (bx, by))
        found = tuple(i for i, ob in enumerate(fight.obstacles) if crosses(*line, ob.start, ob.end))
        if len(fight.crossings) >= _LINES_MAX:
            fight.crossings.clear()
        fight.crossings[key] = found
    return found


Crossings = dict[tuple[int, int, int, int], tuple[int, ...]]
_SHARED: dict[tuple[tuple[Point, Point], ...], Crossings] = {}
_GEOMETRIES_MAX = 64
_LINES_MAX = 200_000


def shared_crossings(obstacles: list[Obstacle]) -> Crossings:
    """The crossings cache of every fight on these obstacles (where they lie: pure
    geometry, so one Monte Carlo run's fights share what each worked out). Bounded."""
    walls = tuple((ob.start, ob.end) for ob in obstacles)
    found = _SHARED.get(walls)
    if found is None:
        if len(_SHARED) >= _GEOMETRIES_MAX:
            _SHARED.clear()
        found = _SHARED[walls] = {}
    return found


def line_of_sight(fight: Fight, a: Fighter, b: Fighter, *, any_facing: bool = False) -> Sight:
    """Chapter 9.2, 'Using Weapons': may ``a`` target ``b``, and at what penalty?
    ``any_facing`` asks the question as if ``a`` had turned to face ``b``. Worked out once
    per decision for the same two points (``decision``)."""
    memo = fight.memo
    if memo is None:
        return _sight(fight, a, a.x, a.y, b, "optimal" if any_facing else arc_of(fight, a, b))
    key = ("sight", a.id, a.x, a.y, None if any_facing else a.facing, b.id, b.x, b.y)
    found: Sight | None = memo.get(key)
    if found is None:
        arc = "optimal" if any_facing else arc_of(fight, a, b)
        found = memo[key] = _sight(fight, a, a.x, a.y, b, arc)
    return found


def sight_from(fight: Fight, a: Fighter, x: int, y: int, b: Fighter) -> Sight:
    """``line_of_sight(..., any_facing=True)`` as if ``a`` stood at (x, y): what a move
    there would see, without building a moved copy of the fighter."""
    return _sight(fight, a, x, y, b, "optimal")


def clear_from(fight: Fight, a: Fighter, x: int, y: int, b: Fighter) -> bool:
    """Whether ``sight_from(fight, a, x, y, b)`` sees ``b`` with nothing shot through (no
    -25 for an obstacle): a point to step to. The obstacles on the line (cached per line)
    are asked first, then whether a combatant is in the way."""
    if a.failed and eyesight(a) == "blind":
        return False
    for i in crossings(fight, x, y, b.x, b.y):
        ob = fight.obstacles[i]
        if not ob.destroyed and (ob.kind == "solid" or (ob.kind == "penetrable" and ob.hp > 0)):
            return False  # it blocks the line, or is shot through
    return blocker_from(fight, a, x, y, b) is None


def _sight(fight: Fight, a: Fighter, ax: int, ay: int, b: Fighter, arc: str | None) -> Sight:
    """``line_of_sight`` from (ax, ay) in the arc ``arc`` (None: outside the field)."""
    if arc is None:
        return Sight(False, arc="none", reason=f"{b.name} is outside {a.name}'s field of vision")
    sight = "clear" if not a.failed else eyesight(a)  # ``eyesight``'s first test, inline
    if sight == "blind":
        return Sight(False, arc=arc, reason=f"{a.name} cannot see")
    other = blocker_from(fight, a, ax, ay, b)
    if other is not None:
        return Sight(False, arc=arc, reason=f"{other.name} is in the way")
    through = []
    if fight.obstacles:
        for i in crossings(fight, ax, ay, b.x, b.y):
            ob = fight.obstacles[i]
            if ob.destroyed:
                continue
            if ob.kind == "solid":
                return Sight(False, arc=arc, reason=f"the {ob.name} blocks the line of sight")
            if ob.kind == "penetrable" and ob.hp > 0:
                through.append(i)
    if arc == "optimal" and sight == "clear" and not through:
        return Sight(True, 0, arc, through)
    causes = (arc == "peripheral", sight == "impaired", bool(through))
    return Sight(True, unclear_sight_penalty(fight, causes), arc, through)


def unclear_sight_penalty(fight: Fight, causes: tuple[bool, ...]) -> int:
    """'the usual -25 modifier to Checks requiring clear eyesight' (peripheral arc) and 'the
    -25 penalty for not having clear sight' (shooting through an obstacle); a failed eye is
    PROPOSED as a third cause. Once in all, or once per cause (option
    ``unclear_sight_stacks``)."""
    count = sum(causes)
    if not fight.options.unclear_sight_stacks:
        count = min(count, 1)
    return UNCLEAR_SIGHT_PENALTY * count
