"""Grapple (chapter 9.2, 'Grapple').

"To start a Grapple, a combatant begins by making a melee combat attack at Range Zero using
their target's THD in order to grab the target. This triggers an Opportunity Attack from the
target (unless the combatant has Improved Grab ...). After the Opportunity Attack is resolved,
and if the target is grabbed, the combatant makes a Grapple Check opposed by the target's
Grapple Check. If successful, a Grapple is initiated and unarmed damage is applied to the
target ... Grapples automatically fail against opponents at least two Size Classes larger ...
To join in an ongoing Grapple, a combatant needs to get within Range Zero of the ongoing
Grapple; their grab automatically succeeds. While Grappling, Combatants may make opposed
Grapple checks, regardless of who started the Grapple. If successful against their opponent, a
combatant may deal damage, attempt to pin their opponent, break another combatant's pin, or
escape the Grapple. Dealing damage imposes a -20 attack penalty for the attempt ... Escaping
from a Grapple requires a combatant to beat the checks of all opponents Grappling with them."
An escaper stays where it is, or (option ``grapple_escape_move``) moves away.

Starting (or joining) a grapple is an attack, so a standard action; so is each Grapple check.
Unarmed damage is an unarmed hit's, with the check's winning margin as its degree. A pin
holds until the pinner's next turn; strangulation of the pinned is chapter 12.4.2's.
"""

from __future__ import annotations

from typing import Literal

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Grapple, GrappleCheck, Move, register
from fracas.rulesets.starflight.attack import Hit, resolve_hit
from fracas.rulesets.starflight.charge import target_problem
from fracas.rulesets.starflight.combat_states import pin_holds, range_zero
from fracas.rulesets.starflight.conditions import (
    can_move,
    can_strike,
    grapple_opponents,
    in_fight,
)
from fracas.rulesets.starflight.events import (
    GrappleEnded,
    GrappleStarted,
    GrappleWon,
    Maneuver,
    PinBroken,
    Pinned,
    Refused,
)
from fracas.rulesets.starflight.move_action import destination, go
from fracas.rulesets.starflight.opposed import grapple_check
from fracas.rulesets.starflight.provoked_attacks import strike_back
from fracas.rulesets.starflight.range import distance_m, hostiles
from fracas.rulesets.starflight.special_attack import maneuver_weapon, roll_attack
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

AIMS: tuple[tuple[Literal["damage", "pin", "break-pin"], str], ...] = (
    ("damage", "hurt"),
    ("pin", "pin"),
    ("break-pin", "break the pin of"),
)
DAMAGE_PENALTY = 20
IMPROVED_GRAB = "improved grab"
AUTOMATIC_FAILURE_SIZES = 2


def grapple_problem(fight: Fight, c: Fighter, tid: str) -> str | None:
    """Why ``c`` may not start (or join) a grapple with ``tid``, or None."""
    problem = target_problem(fight, c, tid)
    if problem is not None:
        return problem
    t = fight.fighter(tid)
    if c.swallowed_by is not None:
        return f"{c.name} has been swallowed"
    if not can_strike(c):
        return f"{c.name} has lost the use of every motor appendage: it cannot grab"
    if t.id in [g.id for g in grapple_opponents(fight, c)]:
        return f"{c.name} is already grappling {t.name}: make a Grapple check"
    if not range_zero(c, t):
        return f"{t.name} is {distance_m(c, t)} m away: a grab needs Range Zero (<5 m)"
    return None


def automatic_failure(ctx: StarflightContext, c: Fighter, target: Fighter) -> bool:
    """'Grapples automatically fail against opponents at least two Size Classes larger'."""
    if target.size_class < c.size_class + AUTOMATIC_FAILURE_SIZES:
        return False
    text = (
        f"cannot grapple {target.name}: a grapple fails automatically against an opponent "
        f"two or more Size Classes larger ({target.size_class} against {c.size_class})"
    )
    ctx.emit(Refused(who=c.id, text=text))
    return True


def start_grapple(ctx: StarflightContext, c: Fighter, target: Fighter, *, grabbed: bool) -> bool:
    """The grab (unless ``grabbed`` already, or joining), the target's Opportunity Attack
    ("unless the combatant has Improved Grab"), then the opposed Grapple checks. Returns
    whether the grapple began."""
    fight = ctx.state
    joining = bool(grapple_opponents(fight, target))
    if not grabbed:
        text = f"joins the grapple with {target.name}" if joining else f"grabs at {target.name}"
        ctx.emit(Maneuver(who=c.id, kind="grapple", target=target.id, text=text))
    if automatic_failure(ctx, c, target):
        return False
    if not grabbed and not joining:
        if IMPROVED_GRAB not in c.abilities:
            strike_back(ctx, target, c)
        if not in_fight(c, fight.options) or not in_fight(target, fight.options):
            return False
        weapon = maneuver_weapon(fight, c)
        roll = roll_attack(ctx, c, target, weapon, label="grab", touch=True)
        if roll is None or not roll.hit:
            return False
    result = grapple_check(ctx, c, target)
    if not result.won:
        return False
    ctx.emit(GrappleStarted(who=c.id, target=target.id))
    ctx.emit(GrappleWon(who=c.id, target=target.id, round=fight.round))
    resolve_hit(ctx, c, target, Hit(None, False, result.margin), [])
    return True


def grapple_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Grab (or join the grapple of) each opponent at Range Zero."""
    out = []
    for o in hostiles(fight, c):
        if grapple_problem(fight, c, o.id) is None:
            verb = "join the grapple with" if grapple_opponents(fight, o) else "grapple"
            out.append(Choice(f"{verb} {o.name}", Grapple(actor=c.id, target=o.id), "grapple"))
    return out


@register(Grapple, "standard", choices=grapple_choices)
def resolve_grapple(ctx: StarflightContext, c: Fighter, action: Grapple) -> None:
    """Start or join a grapple."""
    fight = ctx.state
    problem = grapple_problem(fight, c, action.target)
    if problem is not None:
        raise IllegalAction(problem)
    start_grapple(ctx, c, fight.fighter(action.target), grabbed=False)


def get_away(ctx: StarflightContext, c: Fighter, grappler: Fighter) -> None:
    """Option ``grapple_escape_move: move``: the escaper "escapes from the Grapple entirely,
    using whatever movement they have to get away" - its movement straight away from the
    (first) grappler, with the Opportunity Attacks any move draws; none when it cannot move."""
    fight = ctx.state
    if not fight.options.grid or not can_move(c, fight):
        return
    move = Move(actor=c.id, away_from=grappler.id)
    try:
        x, y, facing = destination(fight, c, move)
    except IllegalAction:
        return
    go(ctx, c, move, x, y, facing)


def check_problem(fight: Fight, c: Fighter, action: GrappleCheck) -> str | None:
    """Why this Grapple check cannot be made, or None."""
    opponents = {g.id: g for g in grapple_opponents(fight, c)}
    if not opponents:
        what = {"pin": "a pin", "break-pin": "breaking a pin", "escape": "an escape"}
        return f"{c.name} is not grappling anyone: no {what.get(action.aim, 'Grapple check')}"
    if action.aim == "escape":
        return None
    if action.target is None or action.target not in opponents:
        return f"{c.name} is not grappling {action.target!r}"
    t = opponents[action.target]
    if action.aim == "break-pin" and not pin_holds(fight, t):
        return f"{t.name} is pinning nobody"
    return None


def check_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Each Grapple check open to a grappling combatant."""
    out = []
    for g in grapple_opponents(fight, c):
        for aim, label in AIMS:
            action = GrappleCheck(actor=c.id, aim=aim, target=g.id)
            if check_problem(fight, c, action) is None:
                out.append(Choice(f"{label} {g.name} (Grapple check)", action, "grapple"))
    escape = GrappleCheck(actor=c.id, aim="escape")
    if check_problem(fight, c, escape) is None:
        out.append(Choice("escape the grapple (Grapple checks)", escape, "grapple"))
    return out


@register(GrappleCheck, "standard", choices=check_choices)
def resolve_grapple_check(ctx: StarflightContext, c: Fighter, action: GrappleCheck) -> None:
    """Deal damage (at -20), pin, break a pin, or escape every grappler."""
    fight = ctx.state
    problem = check_problem(fight, c, action)
    if problem is not None:
        raise IllegalAction(problem)
    what = {
        "damage": "tries to hurt",
        "pin": "tries to pin",
        "break-pin": "tries to break the pin of",
    }
    if action.aim == "escape":
        ctx.emit(Maneuver(who=c.id, kind="grapple", text="tries to escape the grapple"))
        opponents = grapple_opponents(fight, c)
        for o in opponents:
            if not grapple_check(ctx, c, o).won:
                return
        ctx.emit(GrappleEnded(who=c.id, others=[o.id for o in opponents], reason="escapes"))
        if fight.options.grapple_escape_move == "move":
            get_away(ctx, c, opponents[0])
        return
    t = fight.fighter(action.target or "")
    ctx.emit(Maneuver(who=c.id, kind="grapple", target=t.id, text=f"{what[action.aim]} {t.name}"))
    extra = [("damage attempt", -DAMAGE_PENALTY)] if action.aim == "damage" else []
    result = grapple_check(ctx, c, t, extra)
    if not result.won:
        return
    ctx.emit(GrappleWon(who=c.id, target=t.id, round=fight.round))
    if action.aim == "damage":
        resolve_hit(ctx, c, t, Hit(None, False, result.margin), [])
    elif action.aim == "pin":
        ctx.emit(Pinned(who=c.id, target=t.id, round=fight.round, turn=fight.turn))
    else:
        ctx.emit(PinBroken(pinner=t.id, by=c.id))
