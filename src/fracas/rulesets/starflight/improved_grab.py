"""Improved Grab (chapter 9.2, 'Improved Grab').

"A combatant with the Improved Grab ability may elect to use the ability after a successful
melee combat attack. After a successful Melee attack, the creature may immediately attempt a
Grapple as a free action, without provoking an Opportunity attack." The election is made with
the attack (a standard action): a melee attack at an opponent at Range Zero; if it hits, the
grab has succeeded and the opposed Grapple checks follow.
"""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import GrabAttack, Strike, register
from fracas.rulesets.starflight.attack import Use, attack_target
from fracas.rulesets.starflight.charge import melee_weapon_problem
from fracas.rulesets.starflight.conditions import in_fight
from fracas.rulesets.starflight.events import AttackRolled, Maneuver
from fracas.rulesets.starflight.grapple import IMPROVED_GRAB, grapple_problem, start_grapple
from fracas.rulesets.starflight.legality import check_strike
from fracas.rulesets.starflight.range import hostiles
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

ABILITY = IMPROVED_GRAB


def grab_attack_problem(fight: Fight, c: Fighter, tid: str, weapon: int | None) -> str | None:
    """Why ``c`` may not make this attack with Improved Grab, or None."""
    if ABILITY not in c.abilities:
        return f"{c.name} has no Improved Grab ability"
    problem = grapple_problem(fight, c, tid) or melee_weapon_problem(c, weapon)
    if problem is not None:
        return problem
    try:
        check_strike(fight, c, Strike(target=tid, weapon=weapon), {})
    except IllegalAction as exc:
        return str(exc)
    return None


def grab_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """A melee attack with Improved Grab at each opponent at Range Zero."""
    weapons: list[int | None] = [i for i, w in enumerate(c.weapons) if w.drawn] or [None]
    out = []
    for o in hostiles(fight, c):
        for w in weapons:
            if grab_attack_problem(fight, c, o.id, w) is None:
                what = "" if w is None else f" with the {c.weapons[w].name}"
                action = GrabAttack(actor=c.id, target=o.id, weapon=w)
                out.append(
                    Choice(f"attack {o.name}{what} and grab (Improved Grab)", action, "grapple")
                )
    return out


@register(GrabAttack, "standard", choices=grab_choices)
def resolve_grab_attack(ctx: StarflightContext, c: Fighter, action: GrabAttack) -> None:
    """The melee attack; on a hit, the Grapple without a grab roll or Opportunity Attack."""
    fight = ctx.state
    problem = grab_attack_problem(fight, c, action.target, action.weapon)
    if problem is not None:
        raise IllegalAction(problem)
    target = fight.fighter(action.target)
    text = f"lunges at {target.name}, ready to grab (Improved Grab)"
    ctx.emit(Maneuver(who=c.id, kind="improved grab", target=target.id, text=text))
    start = len(ctx.log)
    attack_target(ctx, c, target, [Use(action.weapon, 1)], 0)
    hit = any(
        isinstance(e, AttackRolled) and e.attacker == c.id and e.target == target.id and e.hits
        for e in ctx.log[start:]
    )
    if hit and in_fight(c, fight.options) and in_fight(target, fight.options):
        start_grapple(ctx, c, target, grabbed=True)
