"""Constrict (chapter 9.2, 'Constrict').

"If a combatant has the Constrict ability, they may use it as a free action after successfully
Grappling an opponent. The combatant deals two times the combatant's Power modifier in Basic
Damage (for constriction) in addition to any other damage they perform. The target begins to
suffocate as well (see Chapter 12.4.2). Constriction must be maintained to keep the
suffocation penalty against the target, but must be released and reapplied to deal more
constriction damage. Re-applied Constriction actions count as standard actions."

Free right after a won Grapple check (this turn) against a target not yet constricted;
otherwise re-applied, as a standard action. Suffocation is chapter 12.4.2's, which fracas
does not cover: the account says so, and only the damage is dealt.
"""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Constrict, ReapplyConstriction, register
from fracas.rulesets.starflight.blow import land_basic
from fracas.rulesets.starflight.characters import attribute_modifier
from fracas.rulesets.starflight.combat_states import won_grapple_now
from fracas.rulesets.starflight.conditions import grapple_opponents
from fracas.rulesets.starflight.events import Constricted, Refused
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

ABILITY = "constrict"
SUFFOCATION = "suffocation (chapter 12.4.2) is not covered by fracas: only the damage is dealt"


def constriction_damage(c: Fighter) -> int:
    """Two times the Power modifier, in Basic Damage."""
    return 2 * max(0, attribute_modifier(c.attributes["power"]))


def constrict_problem(fight: Fight, c: Fighter, tid: str, *, free: bool) -> str | None:
    """Why ``c`` may not constrict ``tid`` now (free, or re-applied), or None."""
    if ABILITY not in c.abilities:
        return f"{c.name} has no Constrict ability"
    held = {g.id: g for g in grapple_opponents(fight, c)}
    if tid not in held:
        return f"{c.name} is not grappling {tid!r}: constriction needs a grapple"
    just_won = won_grapple_now(fight, c, held[tid]) and c.constricting != tid
    if free and not just_won:
        return f"{c.name} has not just won a Grapple check against {held[tid].name}"
    if not free and just_won:
        return f"{c.name} may constrict {held[tid].name} as a free action now"
    return None


def constrict(ctx: StarflightContext, c: Fighter, target: Fighter) -> None:
    """Deal the constriction damage; say suffocation is another chapter's."""
    ctx.emit(Constricted(who=c.id, target=target.id))
    ctx.emit(Refused(who=c.id, text=SUFFOCATION))
    land_basic(ctx, target, constriction_damage(c), "basic", "constricted")


def constrict_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Constrict (free or re-applied) each grappled opponent."""
    out = []
    for g in grapple_opponents(fight, c):
        if constrict_problem(fight, c, g.id, free=True) is None:
            out.append(Choice(f"constrict {g.name}", Constrict(actor=c.id, target=g.id), "grapple"))
        elif constrict_problem(fight, c, g.id, free=False) is None:
            action = ReapplyConstriction(actor=c.id, target=g.id)
            out.append(Choice(f"re-apply constriction on {g.name}", action, "grapple"))
    return out


@register(Constrict, "free", choices=constrict_choices)
def resolve_constrict(ctx: StarflightContext, c: Fighter, action: Constrict) -> None:
    """Free constriction after a won Grapple check."""
    problem = constrict_problem(ctx.state, c, action.target, free=True)
    if problem is not None:
        raise IllegalAction(problem)
    constrict(ctx, c, ctx.state.fighter(action.target))


@register(ReapplyConstriction, "standard")
def resolve_reapply(ctx: StarflightContext, c: Fighter, action: ReapplyConstriction) -> None:
    """Release and re-apply: a standard action."""
    problem = constrict_problem(ctx.state, c, action.target, free=False)
    if problem is not None:
        raise IllegalAction(problem)
    constrict(ctx, c, ctx.state.fighter(action.target))
