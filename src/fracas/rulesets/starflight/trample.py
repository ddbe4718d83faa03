"""Trample (chapter 9.2, 'Trample').

"Trampling works like a Push attack, with the following exceptions. A combatant must be at
least one size class bigger than the opponent to attempt a Trample. A successful Trample attack
deals (the combatant's Power modifier times the combatant's Size Class) points of Basic Damage
upon impact. An unsuccessful attack causes half this amount of damage. In either case, the
target may attempt a Reflex Save at DC (10 plus the trampling combatant's Power modifier, plus
the combatant's Size Class) to take half the damage indicated. Unsuccessful trample Trample
attacks provoke Opportunity Attacks."

Like a push: a run at the target, opposed Power checks with the push modifiers; a trampled
target is knocked down (prone, dropping an item) where it stands (option ``trample_push``:
or pushed one range increment away first, as a push); the trampler is not pushed back by a
failed trample (the chapter gives it half damage instead).
"""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Trample, register
from fracas.rulesets.starflight.blow import land_basic
from fracas.rulesets.starflight.characters import attribute_modifier
from fracas.rulesets.starflight.charge import plan_run, run_in, target_problem
from fracas.rulesets.starflight.checks import save
from fracas.rulesets.starflight.conditions import in_fight
from fracas.rulesets.starflight.drop_item import knock_down
from fracas.rulesets.starflight.opposed import attribute_terms, opposed, push_terms
from fracas.rulesets.starflight.provoked_attacks import from_all
from fracas.rulesets.starflight.push_attack import shove
from fracas.rulesets.starflight.range import hostiles
from fracas.rulesets.starflight.stamina_check import propulsion_works
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

ABILITY = "trample"
SAVE_BASE = 10


def trample_damage(c: Fighter) -> int:
    """Power modifier x Size Class."""
    return max(0, attribute_modifier(c.attributes["power"])) * c.size_class


def trample_dc(c: Fighter) -> int:
    """Reflex DC: 10 + Power modifier + Size Class."""
    return SAVE_BASE + attribute_modifier(c.attributes["power"]) + c.size_class


def trample_problem(fight: Fight, c: Fighter, tid: str) -> str | None:
    """Why ``c`` may not trample ``tid``, or None (the run is checked separately)."""
    if ABILITY not in c.abilities:
        return f"{c.name} has no Trample ability"
    problem = target_problem(fight, c, tid)
    if problem is not None:
        return problem
    t = fight.fighter(tid)
    if c.size_class < t.size_class + 1:
        return (
            f"{c.name} (Size Class {c.size_class}) must be at least one Size Class bigger "
            f"than {t.name} (Size Class {t.size_class}) to trample it"
        )
    return None


def trample_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Trample each opponent it may trample and has room to run at."""
    out = []
    for o in hostiles(fight, c):
        if trample_problem(fight, c, o.id) is not None:
            continue
        try:
            plan_run(fight, c, o, "trample", back=False)
        except IllegalAction:
            continue
        out.append(Choice(f"trample {o.name}", Trample(actor=c.id, target=o.id), "attack"))
    return out


@register(Trample, "full", choices=trample_choices)
def resolve_trample(ctx: StarflightContext, c: Fighter, action: Trample) -> None:
    """Run in, opposed Power checks, the damage (halved on a miss, halved again on a Reflex
    save); a failed trample draws Opportunity Attacks."""
    fight = ctx.state
    problem = trample_problem(fight, c, action.target)
    if problem is not None:
        raise IllegalAction(problem)
    target = fight.fighter(action.target)
    run = plan_run(fight, c, target, "trample", back=False)
    if not propulsion_works(ctx, c):
        return
    struck = run_in(ctx, c, target, run, "trample")
    if not in_fight(target, fight.options):
        return
    mine, theirs = push_terms(c, target)
    result = opposed(
        ctx,
        "trample (Power)",
        c,
        [*attribute_terms(fight, c, "power"), *mine],
        target,
        [*attribute_terms(fight, target, "power"), *theirs],
    )
    damage = trample_damage(c) if result.won else trample_damage(c) // 2
    if save(ctx, target, "reflex", trample_dc(c), "Reflex save (trample)", potential=False).success:
        damage //= 2
    land_basic(ctx, target, damage, "basic", "trampled")
    if result.won and in_fight(target, fight.options):
        if fight.options.trample_push == "push":
            shove(ctx, c, target, "trampled")
        knock_down(ctx, target, f"trampled by {c.name}")
    if not result.won:
        from_all(ctx, c, struck)
