"""Swallow Whole (chapter 9.2, 'Swallow Whole').

"If a combatant is at least three Size Classes larger than its target and has the Swallow
Whole ability, then the combatant may immediately attempt to swallow their target after
successfully completing a Grapple check. To attempt to swallow, the combatant must
successfully complete a second Grapple check. The would-be lunch gets a +10 bonus if they are
three Size Classes smaller than their attacker; this bonus drops by ten points for each
additional Size Class they are smaller than their attacker. If the second Grapple Check is
successful, the target is swallowed whole, taking a number of Lethal HP damage equal to the
combatant's Power and Finesse scores combined. ... A target can escape by dealing a cumulative
amount of Basic Damage equal to (50 plus the combined combatant's Power and Finesse scores) to
the combatant. If they do manage to escape, they are placed at Melee Range 1 from the
combatant, and cause 2d5 Wounds to the combatant's Body (Vital) area."

The attempt is a free action, one per won Grapple check. From within, the swallowed combatant
attacks its swallower (an attack roll as any, but no range, no line of sight, and no gear in
the way); the damage it deals counts towards its escape.
"""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import CutFree, SwallowWhole, register
from fracas.rulesets.starflight.attack import Hit, raw_damage
from fracas.rulesets.starflight.blow import land_blow
from fracas.rulesets.starflight.combat_states import won_grapple_now
from fracas.rulesets.starflight.conditions import grapple_opponents, is_dead
from fracas.rulesets.starflight.damage import INTERNAL
from fracas.rulesets.starflight.death import is_massive, massive_attack
from fracas.rulesets.starflight.digestion import disabled_inside
from fracas.rulesets.starflight.events import (
    CutAt,
    Escaped,
    GrappleEnded,
    Maneuver,
    Swallowed,
    WinSpent,
)
from fracas.rulesets.starflight.opposed import grapple_check
from fracas.rulesets.starflight.range import MELEE_INCREMENT_M
from fracas.rulesets.starflight.special_attack import roll_attack
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext
from fracas.rulesets.starflight.wounds import inflict_wounds

ABILITY = "swallow whole"
SIZES_LARGER = 3
LUNCH_BONUS = 10
ESCAPE_BASE = 50


def swallow_problem(fight: Fight, c: Fighter, tid: str) -> str | None:
    """Why ``c`` may not try to swallow ``tid`` now, or None."""
    if ABILITY not in c.abilities:
        return f"{c.name} has no Swallow Whole ability"
    held = {g.id: g for g in grapple_opponents(fight, c)}
    if tid not in held:
        return f"{c.name} is not grappling {tid!r}: swallowing follows a won Grapple check"
    t = held[tid]
    if c.size_class < t.size_class + SIZES_LARGER:
        return (
            f"{c.name} is too small to swallow {t.name}: it must be at least three Size "
            f"Classes larger ({c.size_class} against {t.size_class})"
        )
    if not won_grapple_now(fight, c, t):
        return f"{c.name} has not just won a Grapple check against {t.name}"
    return None


def lunch_bonus(c: Fighter, t: Fighter) -> int:
    """+10 three Size Classes smaller, ten less per further Size Class."""
    return LUNCH_BONUS - LUNCH_BONUS * (c.size_class - t.size_class - SIZES_LARGER)


def swallow_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Try to swallow a grappled opponent."""
    return [
        Choice(f"swallow {g.name} whole", SwallowWhole(actor=c.id, target=g.id), "grapple")
        for g in grapple_opponents(fight, c)
        if swallow_problem(fight, c, g.id) is None
    ]


@register(SwallowWhole, "free", choices=swallow_choices)
def resolve_swallow(ctx: StarflightContext, c: Fighter, action: SwallowWhole) -> None:
    """The second Grapple check; swallowed, the target takes Power + Finesse Lethal (50 or
    more calls for the massive attack's Fortitude save under ``swallow_massive_attack``)."""
    fight = ctx.state
    problem = swallow_problem(fight, c, action.target)
    if problem is not None:
        raise IllegalAction(problem)
    t = fight.fighter(action.target)
    ctx.emit(WinSpent(who=c.id))
    text = f"tries to swallow {t.name} whole"
    ctx.emit(Maneuver(who=c.id, kind="swallow", target=t.id, text=text))
    bonus = lunch_bonus(c, t)
    if not grapple_check(ctx, c, t, b_extra=[("Size Classes smaller", bonus)]).won:
        return
    ctx.emit(GrappleEnded(who=t.id, others=list(t.grappling), reason="swallowed"))
    ctx.emit(Swallowed(who=c.id, target=t.id))
    damage = c.attributes["power"] + c.attributes["finesse"]
    land_blow(ctx, t, max(0, damage), 0, "swallowed", kind=INTERNAL, saves=False)
    if fight.options.swallow_massive_attack and is_massive(damage) and not is_dead(t):
        massive_attack(ctx, t)  # 'any single strike that causes 50 or more points'
    disabled_inside(ctx, t)


def escape_threshold(eater: Fighter) -> int:
    """50 + the swallower's Power and Finesse scores."""
    return ESCAPE_BASE + eater.attributes["power"] + eater.attributes["finesse"]


def cut_problem(c: Fighter, weapon: int | None) -> str | None:
    """Why ``c`` cannot attack from within with ``weapon``, or None."""
    if c.swallowed_by is None:
        return f"{c.name} has not been swallowed"
    if weapon is None:
        drawn = [w.name for w in c.weapons if w.drawn]
        return f"{c.name} wields the {drawn[0]}: no bare hands" if drawn else None
    if not 0 <= weapon < len(c.weapons) or not c.weapons[weapon].drawn:
        return f"{c.name} has no drawn weapon number {weapon}"
    w = c.weapons[weapon]
    if w.stats.magazine and w.loaded < 1:
        return f"{c.name}'s {w.name} is empty"
    return None


def cut_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Attack from within with each drawn weapon (or fists)."""
    weapons: list[int | None] = [i for i, w in enumerate(c.weapons) if w.drawn] or [None]
    out = []
    for w in weapons:
        if cut_problem(c, w) is None:
            what = "bare-handed" if w is None else f"with the {c.weapons[w].name}"
            out.append(Choice(f"cut free {what}", CutFree(actor=c.id, weapon=w), "attack"))
    return out


@register(CutFree, "standard", choices=cut_choices)
def resolve_cut_free(ctx: StarflightContext, c: Fighter, action: CutFree) -> None:
    """An attack from within; enough damage in all and the swallowed bursts out."""
    fight = ctx.state
    problem = cut_problem(c, action.weapon)
    if problem is not None:
        raise IllegalAction(problem)
    eater = fight.fighter(c.swallowed_by or "")
    roll = roll_attack(ctx, c, eater, action.weapon, label="from within", within=True)
    if roll is None or not roll.hit:
        return
    w = None if action.weapon is None else c.weapons[action.weapon]
    lethal, nonlethal, _ = raw_damage(ctx, c, Hit(w, roll.critical, roll.degree))
    land_blow(ctx, eater, lethal, nonlethal, "cut from within", kind=INTERNAL)
    total = c.swallow_damage + lethal + nonlethal
    ctx.emit(CutAt(who=c.id, amount=lethal + nonlethal, total=total))
    if total < escape_threshold(eater):
        return
    x, y = eater.x + MELEE_INCREMENT_M, eater.y
    ctx.emit(Escaped(who=c.id, x=x, y=y))
    if not is_dead(eater):
        body = next(p for p, k in eater.part_kinds.items() if k == "body")
        count = ctx.roll("2d5", f"{eater.name} Wounds as {c.name} bursts out")
        inflict_wounds(ctx, eater, body, count, "burst out")
