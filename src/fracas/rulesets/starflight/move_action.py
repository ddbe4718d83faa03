"""The Move action (chapter 9.2, 'Move Action Rules'): straight towards or away from another
combatant, initiative-based movement points, no stunts. Propulsive appendages are checked; a
move that comes within 10 m of an opponent provokes its opportunity attack; a move that ends
beyond fifteen increments of every hostile may be a withdrawal."""

from __future__ import annotations

from math import isqrt

from fracas.engine import IllegalAction
from fracas.rulesets.starflight.actions import Move, register
from fracas.rulesets.starflight.conditions import can_move
from fracas.rulesets.starflight.events import Moved, Withdrew
from fracas.rulesets.starflight.line_of_sight import bearing
from fracas.rulesets.starflight.movement import move_allowance_m, step_towards
from fracas.rulesets.starflight.opportunity import opportunity_attacks
from fracas.rulesets.starflight.range import distance_m, may_withdraw
from fracas.rulesets.starflight.stamina_check import propulsion_works
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

CLOSEST_M = 1


def destination(fight: Fight, c: Fighter, action: Move) -> tuple[int, int, int]:
    """(x, y, facing) at the end of the move; IllegalAction if it goes nowhere."""
    ref_id = action.toward or action.away_from
    if (action.toward is None) == (action.away_from is None) or ref_id not in fight.combatants:
        raise IllegalAction("a move needs exactly one of toward/away_from naming a combatant")
    ref = fight.fighter(ref_id)
    allowance = move_allowance_m(fight, c)
    if action.metres is not None:
        allowance = min(allowance, action.metres)
    gap = distance_m(c, ref)
    if action.toward is not None:
        allowance = min(allowance, gap - CLOSEST_M)
        x, y = step_towards(c, ref.x, ref.y, allowance)
    else:
        x, y = step_towards(c, 2 * c.x - ref.x, 2 * c.y - ref.y, allowance) if gap else (c.x, c.y)
    if allowance <= 0 or (x, y) == (c.x, c.y):
        raise IllegalAction(f"{c.name} cannot move that way")
    facing = bearing(c, ref) if action.toward else (bearing(c, ref) + 180) % 360
    return x, y, facing


@register(Move, "move")
def resolve_move(ctx: StarflightContext, c: Fighter, action: Move) -> None:
    """Check, roll for wounded propulsive appendages, move, then opportunity attacks."""
    fight = ctx.state
    if not can_move(c, fight):
        raise IllegalAction(f"{c.name} cannot move")
    x, y, facing = destination(fight, c, action)
    if not propulsion_works(ctx, c):
        return
    before = {o.id: distance_m(c, o) for o in fight.fighters()}
    metres = isqrt((x - c.x) ** 2 + (y - c.y) ** 2)
    ctx.emit(Moved(who=c.id, x=x, y=y, facing=facing, metres=metres))
    opportunity_attacks(ctx, c, before)
    if action.withdraw and may_withdraw(fight, c):
        ctx.emit(
            Withdrew(
                who=c.id, metres=min(distance_m(c, o) for o in fight.fighters() if o.side != c.side)
            )
        )
