"""Trip (chapter 9.2, 'Trip').

"If a combatant is within Range Zero of an opponent, they may make a Trip attack. Trip is a
special attack action that can be used in place of any regular attack, even an Opportunity
Attack against a Charging opponent. Trip attempts can only be made against opponents who are
one size class larger, the same size class, or smaller. The tripping combatant makes a melee
attack against the target's THD. If successful, they make a Power Check opposed by their
opponent's Finesse Check. All bonuses and penalties for Push attacks apply to this opposed
Check." A tripped charger slides another 1d5 increments (twice as far on a frictionless
surface), takes 1d10 Non-Lethal per increment of the ordinary slide, and is Dazed.
"""

from __future__ import annotations

from math import hypot

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Trip, register
from fracas.rulesets.starflight.blow import land_blow
from fracas.rulesets.starflight.combat_states import range_zero
from fracas.rulesets.starflight.conditions import can_strike, in_fight
from fracas.rulesets.starflight.drop_item import knock_down
from fracas.rulesets.starflight.events import ConditionGained, Displaced, Maneuver
from fracas.rulesets.starflight.opposed import attribute_terms, opposed, push_terms
from fracas.rulesets.starflight.range import MELEE_INCREMENT_M, distance_m, hostiles
from fracas.rulesets.starflight.special_attack import maneuver_weapon, roll_attack
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

MAX_SIZE_UP = 1


def size_allows(c: Fighter, target: Fighter) -> bool:
    """'only ... against opponents one Size Class larger, the same size, or smaller'
    (Push Attack and Trip)."""
    return target.size_class <= c.size_class + MAX_SIZE_UP


def trip_problem(fight: Fight, c: Fighter, target: Fighter) -> str | None:
    """Why ``c`` may not trip ``target`` now, or None."""
    if target.side == c.side or not in_fight(target, fight.options):
        return f"{target.name} is not an opponent in the fight"
    if target.swallowed_by is not None or c.swallowed_by is not None:
        return "nobody can trip from or into a creature's gullet"
    if not range_zero(c, target):
        return f"{target.name} is {distance_m(c, target)} m away: a trip needs Range Zero (<5 m)"
    if not size_allows(c, target):
        return f"{target.name} is more than one Size Class larger than {c.name}: no trip"
    if target.prone:
        return f"{target.name} is already prone"
    if not can_strike(c):  # a trip is a melee attack: a failed part "cannot use it at all"
        return f"{c.name} has lost the use of every motor appendage: no trip"
    return None


def slide(
    ctx: StarflightContext, charger: Fighter, direction: tuple[float, float], increments: int
) -> None:
    """The tripped charger slides on along its line of travel."""
    fight = ctx.state
    metres = increments * MELEE_INCREMENT_M * (2 if fight.frictionless else 1)
    dx, dy = direction
    length = hypot(dx, dy) or 1.0
    x, y = round(charger.x + dx * metres / length), round(charger.y + dy * metres / length)
    where = "on the frictionless surface" if fight.frictionless else ""
    ctx.emit(Displaced(who=charger.id, x=x, y=y, metres=metres, reason=f"slides {where}".strip()))


def attempt_trip(
    ctx: StarflightContext,
    c: Fighter,
    target: Fighter,
    *,
    charge_direction: tuple[float, float] | None = None,
    opportunity: bool = False,
) -> bool:
    """The melee attack against THD, then Power against Finesse with the Push modifiers.
    Returns whether the target went down. ``charge_direction``: the target is charging."""
    fight = ctx.state
    ctx.emit(Maneuver(who=c.id, kind="trip", target=target.id, text=f"tries to trip {target.name}"))
    weapon = maneuver_weapon(fight, c)
    roll = roll_attack(ctx, c, target, weapon, label="trip", touch=True, opportunity=opportunity)
    if roll is None or not roll.hit:
        return False
    mine, theirs = push_terms(c, target)
    result = opposed(
        ctx,
        "trip (Power vs Finesse)",
        c,
        [*attribute_terms(fight, c, "power"), *mine],
        target,
        [*attribute_terms(fight, target, "finesse"), *theirs],
    )
    if not result.won:
        return False
    knock_down(ctx, target, f"tripped by {c.name}")
    if charge_direction is not None:
        increments = ctx.roll("1d5", f"{target.name} slide (increments)")
        slide(ctx, target, charge_direction, increments)
        damage = ctx.roll(f"{increments}d10", f"{target.name} slide damage")
        land_blow(ctx, target, 0, damage, "slide", saves=False)
        until = fight.round + fight.options.trip_daze_rounds
        ctx.emit(ConditionGained(who=target.id, condition="dazed", until=until, reason="tripped"))
    return True


def trip_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Trip each opponent it may trip."""
    return [
        Choice(f"trip {o.name}", Trip(actor=c.id, target=o.id), "attack")
        for o in hostiles(fight, c)
        if trip_problem(fight, c, o) is None
    ]


@register(Trip, "standard", choices=trip_choices)
def resolve_trip(ctx: StarflightContext, c: Fighter, action: Trip) -> None:
    """A Trip in place of a regular attack."""
    fight = ctx.state
    if action.target not in fight.combatants:
        raise IllegalAction(f"no combatant {action.target!r}")
    target = fight.fighter(action.target)
    problem = trip_problem(fight, c, target)
    if problem is not None:
        raise IllegalAction(problem)
    attempt_trip(ctx, c, target)
