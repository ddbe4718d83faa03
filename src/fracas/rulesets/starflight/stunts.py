"""Moves with stunts (chapter 9.2, 'Move Action Rules', and the 'Stunts' table as data).

"Moves that involve fancier footwork (lateral movements, jumps, somersaults, etc.;
collectively these are known as stunts) will require a Three-Dimensional Maneuvers Check; the
DC of the Check will depend upon which stunts the move involves, whether or not the character
has wounded propulsive appendages (for each wound, add ten to the DC ...), and the character's
encumbrance total ... If the Check fails, the character may make their movement up to the
first stunt, at which point they stop moving and must make a successful Reflex Save to avoid
being knocked prone. ... If the character does not have the indicated Finesse score at minimum,
the character cannot perform the stunt."

"Stunts give the character an HD bonus until their next turn ... a (smaller) penalty to their
Attack Bonuses, which apply through the character's next action". A critical success cancels
the penalties; a critical failure: no move, a random facing, prone, and 1d5 Wounds to the
propulsive appendages (automatic failure if they were already wounded).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from math import atan2, cos, degrees, radians, sin

from pydantic import BaseModel, ConfigDict, Field

from fracas.engine import Choice, Event, IllegalAction
from fracas.rulesets.starflight import account
from fracas.rulesets.starflight.actions import Move, Stunt, StuntMove, register
from fracas.rulesets.starflight.checks import CRITICAL_FAILURE, CRITICAL_SUCCESS, check, save
from fracas.rulesets.starflight.conditions import can_move
from fracas.rulesets.starflight.events import ConditionGained, more_event
from fracas.rulesets.starflight.facing import facing_points
from fracas.rulesets.starflight.maneuvers import (
    SKILL,
    WOUND_DC,
    critical_failure,
    propulsive_wounds,
)
from fracas.rulesets.starflight.move_action import CLOSEST_M, go
from fracas.rulesets.starflight.movement import (
    MELEE_POINTS_PER_INCREMENT,
    RANGED_POINTS_PER_INCREMENT,
    points_left,
    speed_based,
)
from fracas.rulesets.starflight.range import MELEE_INCREMENT_M
from fracas.rulesets.starflight.stamina_check import propulsion_works
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext
from fracas.rulesets.starflight.tables import load_yaml
from fracas.rulesets.starflight.use_skill import skill_modifier

MAX_STUNTS = 8


class StuntRow(BaseModel):
    """One row of the stunts table."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    min_finesse: int = Field(ge=0)
    dc: int = Field(ge=0)
    dodge: int = Field(ge=0)
    attack_penalty: int = Field(ge=0)
    direction: int = Field(ge=0, le=180)
    lateral: bool
    increments: int = Field(ge=1)
    jump_bonus: int = Field(0, ge=0)


STUNTS: dict[str, StuntRow] = {
    name: StuntRow.model_validate(row) for name, row in load_yaml("stunts.yaml").items()
}


@more_event
class StuntsDone(Event[Fight], frozen=True, kw_only=True):
    """The stunts performed: the HD bonus until the next turn and the attack penalty through
    the next action (0 after a critical success)."""

    who: str
    stunts: list[str]
    hd_bonus: int
    attack_penalty: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.stunt_hd = self.hd_bonus
        c.stunt_attack_penalty = self.attack_penalty
        c.stunt_penalty_until = c.actions_taken + 2  # this move, then the next action


def stunt_row(s: Stunt) -> StuntRow:
    """The table row of a stunt, with the side it needs (IllegalAction otherwise)."""
    row = STUNTS.get(s.name)
    if row is None:
        raise IllegalAction(f"unknown stunt {s.name!r} (known: {', '.join(STUNTS)})")
    if row.lateral != bool(s.side):
        need = "needs a side (left or right)" if row.lateral else "takes no side"
        raise IllegalAction(f"the {s.name} {need}")
    return row


def path(fight: Fight, c: Fighter, action: StuntMove) -> Sequence[tuple[int, int, int]]:
    """The point and facing after each stunt: each covers its increments of the scale (a jump
    two when the stunt before it moved forward) and keeps the facing; the move's one change of
    facing comes after ``turn_after`` stunts ('Move Action Rules': "the character may elect to
    change their facing in the middle of a move action ... (they cannot, however, change
    facings twice while moving)").

    Chapter 9.2, 'Stunts' table.
    """
    if not action.turn_to:  # no turn towards anyone: pure geometry
        stunts = tuple(action.stunts)
        return _straight_path(c.x, c.y, c.facing, stunts, stunt_increment_m(fight))
    x, y, facing = float(c.x), float(c.y), c.facing
    points: list[tuple[int, int, int]] = []
    forward_before = False
    for n, s in enumerate(action.stunts):
        if action.turn_to and n == action.turn_after:
            facing = turned(fight, round(x), round(y), action.turn_to)
        row = stunt_row(s)
        increments = row.increments + (row.jump_bonus if forward_before else 0)
        turn = row.direction if s.side != "right" else -row.direction
        a = radians(facing + turn)
        x += increments * stunt_increment_m(fight) * cos(a)
        y += increments * stunt_increment_m(fight) * sin(a)
        points.append((round(x), round(y), facing))
        forward_before = row.direction == 0
    if action.turn_to and action.turn_after == len(action.stunts):
        end = points[-1]
        points[-1] = (end[0], end[1], turned(fight, end[0], end[1], action.turn_to))
    return points


@lru_cache(maxsize=4096)
def _straight_path(
    x0: int, y0: int, facing: int, stunts: tuple[Stunt, ...], per: int
) -> tuple[tuple[int, int, int], ...]:
    """``path`` of stunts with no change of facing from (x0, y0), ``per`` metres an
    increment (cached: the same few stunts are weighed from the same points)."""
    x, y = float(x0), float(y0)
    points: list[tuple[int, int, int]] = []
    forward_before = False
    for s in stunts:
        row = stunt_row(s)
        increments = row.increments + (row.jump_bonus if forward_before else 0)
        turn = row.direction if s.side != "right" else -row.direction
        a = radians(facing + turn)
        x += increments * per * cos(a)
        y += increments * per * sin(a)
        points.append((round(x), round(y), facing))
        forward_before = row.direction == 0
    return tuple(points)


def turned(fight: Fight, x: int, y: int, towards: str) -> int:
    """The facing from (x, y) towards a combatant."""
    o = fight.fighter(towards)
    return round(degrees(atan2(o.y - y, o.x - x))) % 360


def stunt_increment_m(fight: Fight) -> int:
    """The distance a stunt's increment covers: the scale's range increment; with
    speed-based movement one melee increment ("A character may make a lateral maneuver up to
    the distance of one melee range increment (five meters)")."""
    return MELEE_INCREMENT_M if speed_based(fight) else fight.increment_m


def movement_cost(fight: Fight, c: Fighter, action: StuntMove) -> int:
    """Movement points: one per increment in melee combat, five in ranged combat (metres,
    speed-based), and the change of facing's (option ``facing_cost``)."""
    per = MELEE_POINTS_PER_INCREMENT if fight.scale == "melee" else RANGED_POINTS_PER_INCREMENT
    per = MELEE_INCREMENT_M if speed_based(fight) else per
    total = _stunts_increments(tuple(action.stunts)) * per
    return total + (facing_points(fight) if action.turn_to else 0)


@lru_cache(maxsize=1024)
def _stunts_increments(stunts: tuple[Stunt, ...]) -> int:
    """The increments the stunts cover in all (a jump two more after a forward stunt)."""
    total, forward_before = 0, False
    for s in stunts:
        row = stunt_row(s)
        total += row.increments + (row.jump_bonus if forward_before else 0)
        forward_before = row.direction == 0
    return total


def maneuver_dc(c: Fighter, stunts: list[Stunt]) -> int:
    """The stunts' DCs + 10 per Wound to propulsive parts + the encumbrance total."""
    return _stunts_dc(tuple(stunts)) + WOUND_DC * propulsive_wounds(c) + c.encumbrance


@lru_cache(maxsize=1024)
def _stunts_dc(stunts: tuple[Stunt, ...]) -> int:
    """The sum of the stunts' DCs (table figures: cached)."""
    return sum(stunt_row(s).dc for s in stunts)


@lru_cache(maxsize=1024)
def stunts_hd_bonus(stunts: tuple[Stunt, ...]) -> int:
    """'Stunts give the character an HD bonus until their next turn': the sum of the
    stunts' bonuses (table figures: cached)."""
    return sum(stunt_row(s).dodge for s in stunts)


@lru_cache(maxsize=1024)
def _finesse_needed(stunts: tuple[Stunt, ...]) -> int:
    """The highest Finesse the stunts need (table figures: cached)."""
    return max((stunt_row(s).min_finesse for s in stunts), default=0)


def needs_check(c: Fighter, stunts: list[Stunt]) -> bool:
    """Walking straight ahead needs no check unless a propulsive appendage is wounded."""
    return any(s.name != "walk forward" for s in stunts) or propulsive_wounds(c) > 0


def check_stunts(fight: Fight, c: Fighter, action: StuntMove) -> Sequence[tuple[int, int, int]]:
    """Every refusal: nothing to do, standing, moving, Finesse, movement, room."""
    if not fight.options.grid:
        raise IllegalAction("stunts need a grid (without one a move only changes the range)")
    if not action.stunts or len(action.stunts) > MAX_STUNTS:
        raise IllegalAction(f"stunts: name 1 to {MAX_STUNTS} stunts")
    check_stunter(fight, c)
    return stunts_path(fight, c, action, points_left(fight, c))


def check_stunter(fight: Fight, c: Fighter) -> None:
    """The refusals that hang on the stunter alone: prone, or unable to move."""
    if c.prone:
        raise IllegalAction(f"{c.name} is prone: stand up before any stunt")
    if not can_move(c, fight):
        raise IllegalAction(f"{c.name} cannot move")


def stunts_path(
    fight: Fight, c: Fighter, action: StuntMove, left: int
) -> Sequence[tuple[int, int, int]]:
    """The refusals that hang on the stunts (Finesse, facing, ``left`` movement points,
    room at the end), then their ``path``."""
    finesse = c.attributes["finesse"]
    try:
        enough = finesse >= _finesse_needed(tuple(action.stunts))
    except IllegalAction:
        enough = False  # the loop below names the first problem, in the stunts' order
    for s in () if enough else action.stunts:
        row = stunt_row(s)
        if finesse < row.min_finesse:
            raise IllegalAction(
                f"{c.name}'s Finesse {finesse} is below the {row.min_finesse} a {s.name} needs"
            )
    if action.turn_to:
        if action.turn_to not in fight.combatants or action.turn_to == c.id:
            raise IllegalAction(f"turn_to: {c.name} cannot turn to face {action.turn_to!r}")
        if not 0 <= action.turn_after <= len(action.stunts):
            raise IllegalAction(f"turn_after: 0 to {len(action.stunts)} stunts")
    cost = movement_cost(fight, c, action)
    if cost > left:
        raise IllegalAction(f"the stunts need {cost} movement points; {c.name} has {left}")
    points = path(fight, c, action)
    ex, ey, _ = points[-1]
    within2 = CLOSEST_M * CLOSEST_M  # isqrt(d2) < CLOSEST_M exactly when d2 < CLOSEST_M ** 2
    for o in fight.combatants.values():
        near = (ex - o.x) ** 2 + (ey - o.y) ** 2 < within2
        if near and o.id != c.id and not o.withdrawn:
            raise IllegalAction(f"{o.name} is at ({o.x}, {o.y})")
    return points


def resolve_stunts(ctx: StarflightContext, c: Fighter, action: StuntMove) -> None:
    """The Stamina check of wounded propulsive appendages ('Lethal Damage and Wounds': "when
    the combatant tries to perform a move action"; a failed one ends the move where it
    starts), the Three-Dimensional Maneuvers check, then the move (whole, or up to the first
    stunt on a failure, or none on a critical failure)."""
    fight = ctx.state
    points = check_stunts(fight, c, action)
    if not propulsion_works(ctx, c):
        return
    names = [s.name for s in action.stunts]
    if not needs_check(c, action.stunts):
        go(ctx, c, Move(actor=c.id, to=points[-1][:2]), *points[-1])
        ctx.emit(StuntsDone(who=c.id, stunts=names, hd_bonus=0, attack_penalty=0))
        return
    wounded_before = propulsive_wounds(c) > 0
    dc = maneuver_dc(c, action.stunts)
    out = check(ctx, c, "Three-Dimensional Maneuvers (stunts)", skill_modifier(fight, c, SKILL), dc)
    if out.critical == CRITICAL_FAILURE:
        critical_failure(ctx, c, wounded_before)
        return
    if not out.success:
        first = next(i for i, s in enumerate(action.stunts) if s.name != "walk forward")
        if first > 0:
            go(ctx, c, Move(actor=c.id, to=points[first - 1][:2]), *points[first - 1])
        fall_dc = stunt_row(action.stunts[first]).dc
        if fight.options.failed_stunt_reflex_dc == "check":
            fall_dc = dc
        if not save(
            ctx, c, "reflex", fall_dc, "Reflex save (failed stunt)", potential=False
        ).success:
            ctx.emit(ConditionGained(who=c.id, condition="prone", reason="a failed stunt"))
        return
    spent = movement_cost(fight, c, action)
    spent = spent if fight.options.movement_points_per == "turn" else 0
    go(ctx, c, Move(actor=c.id, to=points[-1][:2]), *points[-1], points=spent)
    rows = [stunt_row(s) for s in action.stunts]
    penalty = 0 if out.critical == CRITICAL_SUCCESS else sum(r.attack_penalty for r in rows)
    ctx.emit(
        StuntsDone(
            who=c.id, stunts=names, hd_bonus=sum(r.dodge for r in rows), attack_penalty=penalty
        )
    )


SUGGESTED: list[list[Stunt]] = [
    [Stunt(name="sidestep", side="left")],
    [Stunt(name="sidestep", side="right")],
    [Stunt(name="forward sidestep", side="left")],
    [Stunt(name="forward sidestep", side="right")],
    [Stunt(name="walk backwards")],
    [Stunt(name="jump forward")],
    [Stunt(name="tumble forward")],
    [Stunt(name="tumble sideways", side="left")],
    [Stunt(name="tumble sideways", side="right")],
    [Stunt(name="walk forward"), Stunt(name="jump forward")],
]


def stunt_end(fight: Fight, c: Fighter, action: StuntMove) -> tuple[int, int] | None:
    """Where the stunts end, or None when the rules refuse them (``check_stunts``)."""
    try:
        return check_stunts(fight, c, action)[-1][:2]
    except IllegalAction:
        return None


def stunt_ends(fight: Fight, c: Fighter) -> Callable[[StuntMove], tuple[int, int] | None]:
    """``stunt_end`` for any number of candidate stunts of ``c`` now: what hangs on the
    stunter alone (grid, prone, moving, movement points left) is asked once."""
    try:
        if not fight.options.grid:
            raise IllegalAction("no grid")
        check_stunter(fight, c)
    except IllegalAction:
        return lambda action: None
    left = points_left(fight, c)

    def end_of(action: StuntMove) -> tuple[int, int] | None:
        if not action.stunts or len(action.stunts) > MAX_STUNTS:
            return None
        try:
            return stunts_path(fight, c, action, left)[-1][:2]
        except IllegalAction:
            return None

    return end_of


def stunt_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """A set of single stunts and one run-up jump, each where the rules allow it (a front end
    may compose longer moves)."""
    out = []
    for stunts in SUGGESTED:
        action = StuntMove(actor=c.id, stunts=stunts)
        try:
            check_stunts(fight, c, action)
        except IllegalAction:
            continue
        label = ", ".join(f"{s.name}{' ' + s.side if s.side else ''}" for s in stunts)
        out.append(Choice(f"stunt: {label} (DC {maneuver_dc(c, stunts)})", action, "move"))
    return out


register(StuntMove, "move", choices=stunt_choices)(resolve_stunts)


@account.line(StuntsDone)
def _stunts(e: StuntsDone, f: Fight) -> str | None:
    if not e.hd_bonus and not e.attack_penalty:
        return None
    return (
        f"    {f.fighter(e.who).name}'s stunts ({', '.join(e.stunts)}): HD +{e.hd_bonus} until "
        f"its next turn, attacks -{e.attack_penalty} through its next action"
    )
