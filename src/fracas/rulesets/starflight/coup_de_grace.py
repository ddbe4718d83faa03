"""Coup de Grace (chapter 9.2, 'Coup de Grace' and 'Helpless').

"A combatant may deliver a coup de grace attack against any Helpless defender. This counts as
a special full-round attack action. A coup de grace can be delivered with any weapon as long
as the target is within Range One using melee combat. The coup de grace scores an automatic
critical hit against the target. If the target survives the attack, they must make a
Fortitude Save with a DC of 50 plus the total amount of Basic HP damage inflicted by the
critical hit ... If the Fortitude Save fails, the target immediately suffers clinical death
(0 HP)." Helpless: Unconscious (and comatose). With no attack roll, an unarmed coup de
grace has no degree of success: its damage is the Lethal part of an unarmed hit, doubled.
"""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import CoupDeGrace, register
from fracas.rulesets.starflight.attack import Hit, resolve_hit
from fracas.rulesets.starflight.checks import save
from fracas.rulesets.starflight.combat_states import range_one
from fracas.rulesets.starflight.conditions import is_dead, is_helpless
from fracas.rulesets.starflight.events import ClinicalDeath, Fired, Maneuver
from fracas.rulesets.starflight.range import distance_m
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

BASE_DC = 50


def coup_problem(fight: Fight, c: Fighter, tid: str, weapon: int | None) -> str | None:
    """Why ``c`` may not deliver a coup de grace to ``tid`` with ``weapon``, or None."""
    if tid not in fight.combatants or tid == c.id:
        return f"{c.name} cannot attack {tid!r}"
    t = fight.fighter(tid)
    if is_dead(t):
        return f"{t.name} is already dead"
    if not is_helpless(t, fight.options):
        return f"{t.name} is not Helpless: no coup de grace"
    if t.swallowed_by is not None or c.swallowed_by is not None:
        return "no coup de grace into or out of a creature's gullet"
    if not range_one(c, t):
        return f"{t.name} is {distance_m(c, t)} m away: a coup de grace needs Range One (<10 m)"
    if weapon is None:
        if any(w.drawn for w in c.weapons):
            return f"{c.name} wields a weapon: name it"
        return None
    if not 0 <= weapon < len(c.weapons) or not c.weapons[weapon].drawn:
        return f"{c.name} has no drawn weapon number {weapon}"
    w = c.weapons[weapon]
    if w.stats.magazine and w.loaded < 1:
        return f"{c.name}'s {w.name} is empty"
    return None


def coup_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """A coup de grace on each Helpless opponent within Range One, with each drawn weapon."""
    weapons: list[int | None] = [i for i, w in enumerate(c.weapons) if w.drawn] or [None]
    out = []
    for o in fight.fighters():
        if o.side == c.side:
            continue
        for w in weapons:
            if coup_problem(fight, c, o.id, w) is None:
                what = "" if w is None else f" with the {c.weapons[w].name}"
                action = CoupDeGrace(actor=c.id, target=o.id, weapon=w)
                out.append(Choice(f"coup de grace on {o.name}{what}", action, "attack"))
    return out


@register(CoupDeGrace, "full", choices=coup_choices)
def resolve_coup(ctx: StarflightContext, c: Fighter, action: CoupDeGrace) -> None:
    """An automatic critical hit, then the Fortitude save against clinical death."""
    fight = ctx.state
    problem = coup_problem(fight, c, action.target, action.weapon)
    if problem is not None:
        raise IllegalAction(problem)
    t = fight.fighter(action.target)
    w = None if action.weapon is None else c.weapons[action.weapon]
    ctx.emit(
        Maneuver(
            who=c.id,
            kind="coup de grace",
            target=t.id,
            text=f"delivers a coup de grace to {t.name}",
        )
    )
    if w is not None and w.stats.magazine and action.weapon is not None:
        ctx.emit(Fired(who=c.id, weapon=action.weapon, shots=1, loaded_after=w.loaded - 1))
    nhp, hp = t.nhp, t.hp
    resolve_hit(ctx, c, t, Hit(w, True, 0), [])
    if is_dead(t):
        return
    dealt = max(0, nhp - t.nhp) + max(0, hp - t.hp)
    what = "Fortitude save (coup de grace)"
    if not save(ctx, t, "fortitude", BASE_DC + dealt, what, potential=False).success:
        ctx.emit(ClinicalDeath(who=t.id, reason="coup de grace", round=fight.round, hp_after=0))
