"""The Move action (chapter 9.2, 'Move Action Rules'): straight towards or away from another
combatant, or to a point (``to``, walking forward: the mover turns to face the way it goes),
initiative-based movement points, no stunts. A move under 6 m is a free step. Propulsive
appendages are checked; a move that comes within 10 m of an opponent provokes its
opportunity attack; a move that ends beyond fifteen increments of every hostile may be a
withdrawal."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import atan2, cos, degrees, isqrt, radians, sin

from fracas.engine import Choice, Event, IllegalAction
from fracas.rulesets.starflight.actions import Cost, Move, register
from fracas.rulesets.starflight.conditions import can_move, in_fight, is_dead
from fracas.rulesets.starflight.events import GearCheck, Moved, Withdrew, more_event
from fracas.rulesets.starflight.line_of_sight import bearing
from fracas.rulesets.starflight.maneuvers import wounded_walk
from fracas.rulesets.starflight.movement import (
    is_step,
    move_allowance_m,
    points_for,
    step_towards,
)
from fracas.rulesets.starflight.opportunity import opportunity_attacks
from fracas.rulesets.starflight.range import distance_m, increment_m, may_withdraw
from fracas.rulesets.starflight.ready import first_crossing, set_off
from fracas.rulesets.starflight.stamina_check import propulsion_works
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext
from fracas.rulesets.starflight.strength import composite_strength_index, strength_index

CLOSEST_M = 1

Point = tuple[int, int]


@more_event
class ScaleSwitched(Event[Fight], frozen=True, kw_only=True):
    """'GMs have the discretion of switching over to ranged combat if a character moves out of
    melee combat' (option ``leaving_melee``)."""

    scale: str
    by: str

    def apply(self, state: Fight) -> None:
        state.scale, state.increment_m = self.scale, increment_m(self.scale)


def heading(c: Fighter, x: int, y: int) -> int:
    """Whole degrees from c to (x, y), 0 = +x, counter-clockwise."""
    return round(degrees(atan2(y - c.y, x - c.x))) % 360


def occupant(fight: Fight, c: Fighter, x: int, y: int) -> Fighter | None:
    """Another combatant (not withdrawn, not inside a creature, not c's mount or rider)
    standing on (x, y): two combatants do not end a move on the same point. The distance is
    tested first (``isqrt(d2) < CLOSEST_M`` exactly when ``d2 < CLOSEST_M ** 2``): it rules
    out most of them at once."""
    within2 = CLOSEST_M * CLOSEST_M
    for o in fight.combatants.values():
        if (x - o.x) ** 2 + (y - o.y) ** 2 >= within2:
            continue
        if o.id in (c.id, c.mounted_on) or o.mounted_on == c.id or o.withdrawn:
            continue
        if o.swallowed_by is None:
            return o
    return None


def destination(
    fight: Fight, c: Fighter, action: Move, allowance: int | None = None
) -> tuple[int, int, int]:
    """(x, y, facing) at the end of the move (of at most ``allowance`` metres, default the
    movement's); IllegalAction if it goes nowhere."""
    named = [v for v in (action.toward, action.away_from, action.to) if v is not None]
    if len(named) != 1:
        raise IllegalAction("a move needs exactly one of toward, away_from or to")
    if allowance is None:
        allowance = move_allowance_m(fight, c)
    if action.metres is not None:
        allowance = min(allowance, action.metres)
    if action.to is not None and not fight.options.grid:
        raise IllegalAction("without a grid a move changes the range to a combatant")
    if action.to is not None:
        x, y = action.to
        problem = point_problem(fight, c, x, y, allowance)
        if problem is not None:
            raise IllegalAction(problem)
        return x, y, heading(c, x, y)
    ref_id = action.toward or action.away_from
    if ref_id not in fight.combatants or ref_id == c.id:
        raise IllegalAction(f"{c.name} cannot move relative to {ref_id!r}")
    ref = fight.fighter(ref_id)
    gap = distance_m(c, ref)
    if action.toward is not None:
        allowance = min(allowance, gap - CLOSEST_M)
        aim = ref.x, ref.y
    else:
        aim = (2 * c.x - ref.x, 2 * c.y - ref.y) if gap else (c.x, c.y)
    x, y = step_towards(c, *aim, allowance)
    while allowance > 0 and (x, y) != (c.x, c.y) and occupant(fight, c, x, y) is not None:
        allowance -= 1  # stop short of a point another combatant stands on
        x, y = step_towards(c, *aim, allowance)
    if allowance <= 0 or (x, y) == (c.x, c.y):
        raise IllegalAction(f"{c.name} cannot move that way")
    facing = bearing(c, ref) if action.toward else (bearing(c, ref) + 180) % 360
    return x, y, facing


def point_problem(fight: Fight, c: Fighter, x: int, y: int, allowance: int) -> str | None:
    """Why a move to the point (x, y) of at most ``allowance`` metres goes nowhere (already
    there, someone stands there, too far), or None."""
    if x == c.x and y == c.y:
        return f"{c.name} is already at ({x}, {y})"
    o = occupant(fight, c, x, y)
    if o is not None:
        return f"{o.name} is at ({o.x}, {o.y})"
    metres = isqrt((x - c.x) ** 2 + (y - c.y) ** 2)
    if metres > allowance:
        return f"({x}, {y}) is {metres} m away; {c.name} can move {max(allowance, 0)} m now"
    return None


def move_cost(fight: Fight, c: Fighter, action: Move) -> Cost:
    """A move action, or a free step when it covers under 6 m ('Move Action Rules'); without
    a grid always a move action (the range is rolled)."""
    x, y, _ = destination(fight, c, action)
    if not fight.options.grid:
        return "move"
    return "free" if is_step(fight, c, isqrt((x - c.x) ** 2 + (y - c.y) ** 2)) else "move"


def resolve_move(ctx: StarflightContext, c: Fighter, action: Move) -> None:
    """Check, roll for wounded propulsive appendages, move, then opportunity attacks."""
    fight = ctx.state
    if not can_move(c, fight):
        raise IllegalAction(f"{c.name} cannot move")
    x, y, facing = destination(fight, c, action)
    if not propulsion_works(ctx, c) or not wounded_walk(ctx, c):
        return
    if not fight.options.grid:
        gridless_move(ctx, c, action)
        return
    metres = isqrt((x - c.x) ** 2 + (y - c.y) ** 2)
    step = is_step(fight, c, metres)
    per_turn = fight.options.movement_points_per == "turn"
    points = points_for(fight, metres) if per_turn and not step else 0
    go(ctx, c, action, x, y, facing, step=step, points=points)


def go(
    ctx: StarflightContext,
    c: Fighter,
    action: Move,
    x: int,
    y: int,
    facing: int,
    *,
    step: bool = False,
    points: int = 0,
    first: bool = True,
) -> None:
    """Carry out a move: a readied action waiting for the mover to move goes off first; a
    readied action waiting for it to come within some distance goes off where it crosses that
    distance (the move goes on after it, if the mover still can); then the opportunity attacks
    of each stretch, and at the end the withdrawal if it was one and ends far enough away.

    Chapter 9.2, 'Ready' ("delaying any action the current combatant may be making until the
    readied action is resolved") and 'Using Weapons' (opportunity attacks)."""
    fight = ctx.state
    was_prone = c.prone
    if first:
        set_off(ctx, "moves", c)
        if not still_moving(fight, c, was_prone):
            return
    cross = first_crossing(fight, c, x, y)
    stop = cross if cross is not None and cross != (x, y) else (x, y)
    before = {o.id: distance_m(c, o) for o in fight.fighters()}
    metres = isqrt((stop[0] - c.x) ** 2 + (stop[1] - c.y) ** 2)
    ctx.emit(
        Moved(
            who=c.id,
            x=stop[0],
            y=stop[1],
            facing=facing,
            metres=metres,
            step=step,
            points=points,
            withdrawing=action.withdraw,
        )
    )
    set_off(ctx, "within", c, before)
    opportunity_attacks(ctx, c, before)
    if stop != (x, y):
        if still_moving(fight, c, was_prone):
            go(ctx, c, action, x, y, facing, first=False)
        return
    leaving = fight.scale == "melee" and fight.options.leaving_melee == "switch-to-ranged"
    if leaving and may_withdraw(fight, c) and not is_dead(c):
        ctx.emit(ScaleSwitched(scale="ranged", by=c.id))
    if action.withdraw and may_withdraw(fight, c) and not is_dead(c):
        ctx.emit(
            Withdrew(
                who=c.id, metres=min(distance_m(c, o) for o in fight.fighters() if o.side != c.side)
            )
        )


def still_moving(fight: Fight, c: Fighter, was_prone: bool) -> bool:
    """Whether a mover interrupted by a readied action can go on: still in the fight, not
    knocked prone by it, able to move."""
    return in_fight(c, fight.options) and (was_prone or not c.prone) and can_move(c, fight)


def gridless_move(ctx: StarflightContext, c: Fighter, action: Move) -> None:
    """'If combat is not being conducted on a grid, then the move action simply changes the
    range to the current target. The GM rolls 2d10, and changes the range as normal. In the
    event that a very long range is rolled (16, 17 or 18), compare the character's Strength
    Index (SI) with the opposing group's Composite Strength Index (CSI). If the SI is less
    than one-fourth of the opposing group's CSI, the character is considered disengaged'."""
    fight = ctx.state
    ref = fight.fighter(action.toward or action.away_from or "")
    roll = ctx.roll("2d10", f"{c.name} new range to {ref.name} (increments)")
    metres = roll * fight.increment_m
    dx, dy = c.x - ref.x, c.y - ref.y
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = (dx / length, dy / length) if dx or dy else (1.0, 0.0)
    x, y = round(ref.x + ux * metres), round(ref.y + uy * metres)
    facing = bearing(c, ref) if action.toward else (bearing(c, ref) + 180) % 360
    go(ctx, c, Move(actor=c.id, to=(x, y)), x, y, facing)
    low, high = 16, 18 if fight.options.gridless_disengage_rolls == "16-18" else 20
    if low <= roll <= high and ref.side != c.side and not c.withdrawn and not is_dead(c):
        si = strength_index(c, fight.options.si_formula)
        csi = composite_strength_index(fight, ref.side)
        if 4 * si < csi:
            ctx.emit(Withdrew(who=c.id, metres=metres))
            ctx.emit(GearCheck(target=c.id, text=f"disengaged: SI {si} < CSI {csi} / 4"))


def possible(fight: Fight, c: Fighter, move: Move) -> bool:
    """Whether the rules would let the move go anywhere."""
    if not can_move(c, fight):
        return False
    try:
        destination(fight, c, move)
    except IllegalAction:
        return False
    return True


COMPASS = tuple(range(0, 360, 45))


def headings(facing: int) -> list[int]:
    """The eight compass headings, and straight ahead and 45 degrees either side."""
    ahead = [facing, (facing + 45) % 360, (facing - 45) % 360]
    return list(dict.fromkeys([*ahead, *COMPASS]))


def point_at(x: int, y: int, heading_deg: int, metres: int) -> Point:
    """The whole-metre point ``metres`` from (x, y) along ``heading_deg``."""
    a = radians(heading_deg)
    return round(x + metres * cos(a)), round(y + metres * sin(a))


def grid_moves(fight: Fight, c: Fighter) -> list[Move]:
    """A finite set of destinations: along each heading, a 5 m step and every whole range
    increment the movement allows (the squares of a grid of the scenario's increments)."""
    return [Move(actor=c.id, to=p) for p in grid_destinations(fight, c)]


def grid_destinations(fight: Fight, c: Fighter) -> tuple[Point, ...]:
    """The points of ``grid_moves``, in its order (no Move built for each)."""
    return grid_points(c.x, c.y, c.facing, grid_distances(fight, c))


def grid_distances(fight: Fight, c: Fighter) -> tuple[int, ...]:
    """How far the grid moves go along each heading: a 5 m step and every whole range
    increment the movement allows."""
    allowance = move_allowance_m(fight, c)
    return (5, *range(fight.increment_m, allowance + 1, fight.increment_m))


def possible_points(fight: Fight, c: Fighter) -> Callable[[Point], bool]:
    """``possible`` for moves to points of the grid, the fighter's state read once: a
    test of whether ``Move(to=point)`` would go anywhere (``point_problem`` finds nothing:
    not where it stands, nobody ``occupant`` finds there, within the allowance). Where the
    others stand is read once too: ``CLOSEST_M`` being 1 m, ``occupant`` finds someone on a
    whole-metre point exactly when it stands at that point."""
    if not can_move(c, fight) or not fight.options.grid:
        return lambda point: False
    allowance = move_allowance_m(fight, c)
    me, mount, x, y = c.id, c.mounted_on, c.x, c.y
    taken = {
        (o.x, o.y)
        for o in fight.combatants.values()
        if not (o.withdrawn or o.id == me or o.id == mount or o.mounted_on == me)
        and o.swallowed_by is None  # ``occupant``'s exclusions
    }
    taken.add((x, y))
    # isqrt(d2) <= allowance exactly when d2 < (allowance + 1) ** 2 (nothing if it is < 0)
    reach2 = (allowance + 1) ** 2 if allowance >= 0 else 0
    return lambda p: p not in taken and (p[0] - x) ** 2 + (p[1] - y) ** 2 < reach2


@lru_cache(maxsize=4096)
def grid_points(x: int, y: int, facing: int, distances: tuple[int, ...]) -> tuple[Point, ...]:
    """The distinct whole-metre points ``distances`` from (x, y) along each of ``headings``
    (not (x, y) itself), in heading order then distance order (pure geometry: cached)."""
    out: dict[Point, None] = {}
    for h in headings(facing):
        for metres in dict.fromkeys(distances):
            p = point_at(x, y, h, metres)
            if p != (x, y):
                out.setdefault(p)
    return tuple(out)


def move_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Named moves: towards and away from each other combatant in the fight (as far as the
    movement allows, and a withdrawal away from each hostile), a step towards each, and the
    grid destinations of ``grid_moves``."""
    out: list[Choice] = []
    if not can_move(c, fight):
        return out
    for o in fight.fighters():
        if o.id == c.id or o.withdrawn:
            continue
        options = [
            (f"move towards {o.name}", Move(actor=c.id, toward=o.id)),
            (f"move away from {o.name}", Move(actor=c.id, away_from=o.id)),
        ]
        if fight.options.grid:
            options.append((f"step towards {o.name}", Move(actor=c.id, toward=o.id, metres=5)))
        if o.side != c.side:
            options.append(
                (f"withdraw away from {o.name}", Move(actor=c.id, away_from=o.id, withdraw=True))
            )
        for label, move in options:
            if possible(fight, c, move):
                out.append(Choice(label, move, "move"))
    for move in grid_moves(fight, c) if fight.options.grid else []:
        if possible(fight, c, move) and move.to is not None:
            metres = isqrt((move.to[0] - c.x) ** 2 + (move.to[1] - c.y) ** 2)
            what = "step" if move_cost(fight, c, move) == "free" else "move"
            label = f"{what} {metres} m to ({move.to[0]}, {move.to[1]})"
            out.append(Choice(label, move, "move"))
    return out


register(Move, "move", choices=move_choices, cost_of=move_cost)(resolve_move)
