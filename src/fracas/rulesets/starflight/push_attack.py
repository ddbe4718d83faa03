"""Push Attack (chapter 9.2, 'Push Attack').

"a special full-round action, and works the same way as a Charge with a few minor changes.
First, the Push attack provokes an Opportunity Attack from all applicable opposing combatants,
including the defender. Second, the Pushing combatant stops once they reach Range Zero to the
target. Finally, to make the Push attack, both combatants make opposed Power checks." Only
against targets at most one Size Class larger; -20 against a larger target, +20 against a
smaller, +10 always for the pusher, +20 for a stable (four-legged, prone) target. "Whoever
wins the check pushes their opponent one range increment away in addition to causing unarmed
damage to the target, and ... causes them to drop Prone instantly, dropping one item".

As a Charge, the pusher gets the +10 Attack Bonus for the round and the -10 HD for its next
two actions; unarmed damage is an unarmed hit's with the winning margin as its degree.
"""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import PushAttack, register
from fracas.rulesets.starflight.attack import Hit, resolve_hit
from fracas.rulesets.starflight.charge import plan_run, run_in, target_problem
from fracas.rulesets.starflight.conditions import in_fight
from fracas.rulesets.starflight.drop_item import knock_down
from fracas.rulesets.starflight.events import Charged, Displaced
from fracas.rulesets.starflight.movement import step_towards
from fracas.rulesets.starflight.opposed import attribute_terms, opposed, push_terms
from fracas.rulesets.starflight.provoked_attacks import from_all
from fracas.rulesets.starflight.range import hostiles
from fracas.rulesets.starflight.stamina_check import propulsion_works
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext
from fracas.rulesets.starflight.trip import size_allows


def push_problem(fight: Fight, c: Fighter, tid: str) -> str | None:
    """Why ``c`` may not push ``tid``, or None (the run is checked separately)."""
    problem = target_problem(fight, c, tid)
    if problem is None and not size_allows(c, fight.fighter(tid)):
        problem = f"{fight.fighter(tid).name} is more than one Size Class larger: no push"
    return problem


def shove(ctx: StarflightContext, winner: Fighter, loser: Fighter, reason: str) -> None:
    """The loser moves one range increment straight away from the winner."""
    fight = ctx.state
    far = 2 * loser.x - winner.x, 2 * loser.y - winner.y
    x, y = step_towards(loser, far[0], far[1], fight.increment_m)
    ctx.emit(Displaced(who=loser.id, x=x, y=y, metres=fight.increment_m, reason=reason))


def push_away(ctx: StarflightContext, winner: Fighter, loser: Fighter, margin: int) -> None:
    """The winner pushes the loser one range increment away, deals unarmed damage, and the
    loser drops prone and lets go of an item."""
    shove(ctx, winner, loser, "pushed")
    resolve_hit(ctx, winner, loser, Hit(None, False, margin), [])
    knock_down(ctx, loser, f"pushed by {winner.name}")


def push_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Push each opponent it may push and has room to run at."""
    out = []
    for o in hostiles(fight, c):
        if push_problem(fight, c, o.id) is not None:
            continue
        try:
            plan_run(fight, c, o, "push", back=False)
        except IllegalAction:
            continue
        out.append(Choice(f"push {o.name}", PushAttack(actor=c.id, target=o.id), "attack"))
    return out


@register(PushAttack, "full", choices=push_choices)
def resolve_push(ctx: StarflightContext, c: Fighter, action: PushAttack) -> None:
    """Run in, every applicable opponent strikes, opposed Power checks, the push."""
    fight = ctx.state
    problem = push_problem(fight, c, action.target)
    if problem is not None:
        raise IllegalAction(problem)
    target = fight.fighter(action.target)
    run = plan_run(fight, c, target, "push", back=False)
    if not propulsion_works(ctx, c):
        return
    struck = run_in(ctx, c, target, run, "push")
    ctx.emit(Charged(who=c.id, target=target.id, round=fight.round, turn=fight.turn))
    from_all(ctx, c, struck)
    if not (in_fight(c, fight.options) and in_fight(target, fight.options)):
        return
    mine, theirs = push_terms(c, target)
    result = opposed(
        ctx,
        "push (Power)",
        c,
        [*attribute_terms(fight, c, "power"), *mine],
        target,
        [*attribute_terms(fight, target, "power"), *theirs],
    )
    if result.won:
        push_away(ctx, c, target, result.margin)
    else:
        push_away(ctx, target, c, -result.margin)
