"""Charge (chapter 9.2, 'Charge').

"a special full-round action that allows the combatant to move, attack, and then move again.
... a combatant must Run at least one full range increment during melee combat towards the
intended target. They are considered stopped when they reach Range Zero to the target, at which
time they must make a single Melee attack. Once finished with the attack, the combatant moves
the same distance they did before the Charge. The combatant must be able to move the full
distance involved, or else they may not charge a target. Charging provokes an Opportunity
Attack from the target. The charging combatant gains a +10 Attack Bonus for the round, but
suffers a -10 HD penalty for their next two actions".

The run is a Run: the charger must be standing, and covers at most what a Run may
(``run.run_allowance_m``: four times the movement, less encumbrance). The target's
Opportunity Attack may be a Trip ('Trip'). The run-in
helpers here also serve Push Attack and Trample, which work "the same way as a Charge".
"""

from __future__ import annotations

from dataclasses import dataclass
from math import isqrt

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Charge, register
from fracas.rulesets.starflight.attack import Hit, resolve_hit
from fracas.rulesets.starflight.conditions import can_move, in_fight, is_dead, striking_part
from fracas.rulesets.starflight.events import Charged, Maneuver, Moved
from fracas.rulesets.starflight.line_of_sight import bearing, line_of_sight
from fracas.rulesets.starflight.move_action import occupant
from fracas.rulesets.starflight.movement import step_towards
from fracas.rulesets.starflight.opportunity import provoked
from fracas.rulesets.starflight.provoked_attacks import may_answer, strike_back
from fracas.rulesets.starflight.range import MELEE_INCREMENT_M, distance_m, hostiles
from fracas.rulesets.starflight.run import Ran, overrun, run_allowance_m, run_limit
from fracas.rulesets.starflight.special_attack import roll_attack
from fracas.rulesets.starflight.stamina_check import propulsion_works
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext, WeaponState
from fracas.rulesets.starflight.trip import attempt_trip, trip_problem

STOP_SHORT_M = 1  # a run in ends a metre from the target, as a Move towards one does


@dataclass(frozen=True, slots=True)
class RunIn:
    """A run at a target: from (x0, y0) to (x1, y1), ``metres`` long, facing the target."""

    x0: int
    y0: int
    x1: int
    y1: int
    metres: int
    facing: int


def target_problem(fight: Fight, c: Fighter, tid: str) -> str | None:
    """Why ``tid`` is no target for ``c``'s special attack, or None."""
    if tid not in fight.combatants or tid == c.id:
        return f"{c.name} cannot attack {tid!r}"
    t = fight.fighter(tid)
    if t.side == c.side or not in_fight(t, fight.options) or is_dead(t):
        return f"{t.name} is not an opponent in the fight"
    if t.swallowed_by is not None:
        return f"{t.name} is inside {fight.fighter(t.swallowed_by).name}"
    return None


def plan_run(fight: Fight, c: Fighter, target: Fighter, what: str, *, back: bool) -> RunIn:
    """The run in at ``target``; IllegalAction naming why there is none. ``back``: the
    combatant must also be able to move the same distance again (a charge). "a combatant
    must Run at least one full range increment during melee combat": in ranged combat 5 m,
    25 m or no charge (option ``charge_in_ranged_scale``)."""
    if c.swallowed_by is not None:
        raise IllegalAction(f"{c.name} has been swallowed: no {what}")
    if c.prone:
        raise IllegalAction(f"{c.name} is prone: a {what} runs, and running needs standing")
    if not can_move(c, fight):
        raise IllegalAction(f"{c.name} cannot move: no {what}")
    reading = fight.options.charge_in_ranged_scale
    if fight.scale == "ranged" and reading == "refused":
        raise IllegalAction(f"a {what} is run 'during melee combat': not in ranged combat")
    least = fight.increment_m if reading == "scale-increment" else MELEE_INCREMENT_M
    gap = distance_m(c, target)
    metres = gap - STOP_SHORT_M
    if metres < least:
        raise IllegalAction(
            f"no room to run: {target.name} is {gap} m away and a {what} must run at least "
            f"one full {least} m increment"
        )
    both = back and fight.options.charge_distance == "both-legs"
    need, can = (2 * metres if both else metres), run_allowance_m(fight, c)
    if need > can:
        raise IllegalAction(
            f"{c.name} cannot run the full distance: the {what} needs {need} m, "
            f"{c.name} runs at most {can} m"
        )
    if not line_of_sight(fight, c, target, any_facing=True).visible:
        raise IllegalAction(f"{c.name} has no clear run at {target.name}")
    x, y = step_towards(c, target.x, target.y, metres)
    while metres > 0 and occupant(fight, c, x, y) is not None:  # one point, one combatant
        metres -= 1
        x, y = step_towards(c, target.x, target.y, metres)
    if metres < least or isqrt((x - target.x) ** 2 + (y - target.y) ** 2) >= MELEE_INCREMENT_M:
        raise IllegalAction(f"no room to stop at Range Zero of {target.name}: someone is there")
    return RunIn(c.x, c.y, x, y, metres, bearing(c, target))


def melee_weapon_problem(c: Fighter, weapon: int | None) -> str | None:
    """A charge ends in 'a single Melee attack': a drawn melee weapon, or fists when the
    combatant wields nothing ('Using Weapons')."""
    if weapon is None:
        drawn = [w.name for w in c.weapons if w.drawn]
        if drawn:
            return f"{c.name} wields the {drawn[0]}: no bare-handed attack"
        return failed_limb_problem(c, None)
    if not 0 <= weapon < len(c.weapons):
        return f"{c.name} has no weapon number {weapon}"
    w = c.weapons[weapon]
    if not w.drawn:
        return f"{c.name}'s {w.name} is not drawn"
    if w.type != "melee":
        return f"the {w.name} is not a melee weapon"
    return failed_limb_problem(c, w)


def failed_limb_problem(c: Fighter, weapon: WeaponState | None) -> str | None:
    """'Lethal Damage and Wounds': a failed part "cannot use it at all" - no attack with the
    motor appendage that would make it (``striking_part``)."""
    part = striking_part(c, weapon)
    if part and part in c.failed:
        name = c.part_names.get(part, part)
        return f"{c.name} has lost the use of its {name} and cannot strike with it"
    return None


def run_in(ctx: StarflightContext, c: Fighter, target: Fighter, run: RunIn, kind: str) -> set[str]:
    """Move to the stop point; opponents newly within 10 m (but the target) strike as the
    move rules say. Returns who struck (each strikes once per action)."""
    fight = ctx.state
    before = {o.id: distance_m(c, o) for o in fight.fighters()}
    ctx.emit(Maneuver(who=c.id, kind=kind, target=target.id, text=f"{kind}s {target.name}"))
    ctx.emit(Moved(who=c.id, x=run.x1, y=run.y1, facing=run.facing, metres=run.metres))
    count_the_run(ctx, c)
    struck = set()
    for o in provoked(fight, c, before):
        if o.id != target.id:
            strike_back(ctx, o, c)
            struck.add(o.id)
    return struck


def count_the_run(ctx: StarflightContext, c: Fighter) -> None:
    """A charge (push, trample) is run, so its turn counts towards the Run's limit of half
    Durability turns in a row, past which running costs 2d10 Non-Lethal ('Run')."""
    fight = ctx.state
    streak = c.run_streak + 1 if c.ran_round == fight.round - 1 else 1
    ctx.emit(Ran(who=c.id, streak=streak, limit=run_limit(c)))
    if streak > run_limit(c):
        overrun(ctx, c)


def charge_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Charge each opponent it has room to run at, with each melee weapon drawn (or fists)."""
    weapons: list[int | None] = [i for i, w in enumerate(c.weapons) if w.drawn]
    weapons = [w for w in weapons if melee_weapon_problem(c, w) is None]
    if not any(w.drawn for w in c.weapons):
        weapons = [None] if melee_weapon_problem(c, None) is None else []
    out = []
    for o in hostiles(fight, c):
        if target_problem(fight, c, o.id) is not None:
            continue
        try:
            plan_run(fight, c, o, "charge", back=True)
        except IllegalAction:
            continue
        for w in weapons:
            what = "bare-handed" if w is None else f"with the {c.weapons[w].name}"
            out.append(
                Choice(
                    f"charge {o.name} {what}", Charge(actor=c.id, target=o.id, weapon=w), "attack"
                )
            )
    return out


@register(Charge, "full", choices=charge_choices)
def resolve_charge(ctx: StarflightContext, c: Fighter, action: Charge) -> None:
    """Run in, the target's Opportunity Attack (a strike or a trip), the attack, the way back."""
    fight = ctx.state
    problem = target_problem(fight, c, action.target) or melee_weapon_problem(c, action.weapon)
    if problem is not None:
        raise IllegalAction(problem)
    target = fight.fighter(action.target)
    run = plan_run(fight, c, target, "charge", back=True)
    if not propulsion_works(ctx, c):
        return
    run_in(ctx, c, target, run, "charge")
    ctx.emit(Charged(who=c.id, target=target.id, round=fight.round, turn=fight.turn))
    if target_answers(ctx, target, c, run):
        return  # tripped: the charge ends in a slide
    if not in_fight(c, fight.options) or is_dead(target) or not in_fight(target, fight.options):
        return
    roll = roll_attack(ctx, c, target, action.weapon, label="charge")
    if roll is not None and roll.hit:
        w = None if action.weapon is None else c.weapons[action.weapon]
        resolve_hit(ctx, c, target, Hit(w, roll.critical, roll.degree), [])
    come_away(ctx, c, run)


def target_answers(ctx: StarflightContext, target: Fighter, c: Fighter, run: RunIn) -> bool:
    """The target's Opportunity Attack; True when it trips the charger."""
    fight = ctx.state
    trips = target.charge_response == "trip" and trip_problem(fight, target, c) is None
    if trips and may_answer(fight, target, c):
        direction = (run.x1 - run.x0, run.y1 - run.y0)
        return attempt_trip(ctx, target, c, charge_direction=direction, opportunity=True)
    strike_back(ctx, target, c)
    return False


def come_away(ctx: StarflightContext, c: Fighter, run: RunIn) -> None:
    """'the combatant moves the same distance they did before the Charge' (back, or onward
    by option), if it still can."""
    fight = ctx.state
    if not in_fight(c, fight.options) or c.prone or not can_move(c, fight):
        return
    if fight.options.charge_return == "back":
        x, y = run.x0, run.y0
    else:
        x, y = 2 * run.x1 - run.x0, 2 * run.y1 - run.y0
    metres = isqrt((x - c.x) ** 2 + (y - c.y) ** 2)
    ctx.emit(Moved(who=c.id, x=x, y=y, facing=c.facing, metres=metres))
