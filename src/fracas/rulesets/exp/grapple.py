"""Grapples. Chapter, 'Grapples', and its three steps: 'Attack Roll' ("Like any attack, a
grapple requires an attack roll against the target's Defence Rating"), 'Overpower'
("Overpowering is determined by a Strength Challenge between the personas") and 'Break
Checks' ("The target can make a break check every unit"). The chapter says a grappled target
can "reverse the grapple" but prints no procedure: a Strength Challenge that swaps the roles
(research notes, section 6)."""

from __future__ import annotations

from fracas.engine import IllegalAction
from fracas.rulesets.exp.actions import BreakFree, Grapple, Release, Reverse
from fracas.rulesets.exp.attack_roll import maneuver_attack_roll
from fracas.rulesets.exp.challenges import compete
from fracas.rulesets.exp.events import Grappled, GrappleEnded, GrappleReversed
from fracas.rulesets.exp.legality import check_free_to_act, check_maneuver
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.state import ExpContext, ExpEncounter, Persona


def check_grapple(
    state: ExpEncounter, options: ExpOptions, action: Grapple
) -> tuple[Persona, Persona]:
    """Chapter, 'Grapples' (who may grapple whom among three or more). The grappler must be
    free (not held, not holding: "The target cannot accomplish anything other than psionic
    attacks and yelling while grappled"; the grappler only "the simplest of tasks"). A target
    already held cannot be grappled by a second persona: a grapple and its break checks are
    "a Strength Challenge between the personas", two of them. A target who is holding
    someone may be grappled, or not, by option ``grapple_a_grappler``. Returns grappler and
    target; raises ``IllegalAction``."""
    if action.target not in state.combatants:
        raise IllegalAction(f"no persona called {action.target!r}")
    actor, target = state.combatants[action.actor or ""], state.combatants[action.target]
    check_maneuver(actor, target, options, "grapple")
    if target.held_by is not None:
        raise IllegalAction(
            f"{target.name} is already held by {state.combatants[target.held_by].name} "
            "(one grappler per target)"
        )
    if target.holding is not None and options.grapple_a_grappler == "refused":
        raise IllegalAction(
            f"{target.name} is holding {state.combatants[target.holding].name}: "
            "a grappler cannot be grappled (option grapple_a_grappler: refused)"
        )
    return actor, target


def grapple(ctx: ExpContext, action: Grapple) -> None:
    """Chapter, 'Grapples': the attack roll, then the overpower; the grapple sticks only if
    both are won ("The player must overpower the target to have the grapple stick")."""
    actor, target = check_grapple(ctx.state, ctx.options, action)
    if maneuver_attack_roll(ctx, actor, target, "grapple", action.situational):
        overpower(ctx, actor, target)


def overpower(ctx: ExpContext, actor: Persona, target: Persona) -> bool:
    """Chapter, 'Grapples', 'Overpower': "If the player wins the Strength Challenge the target
    is incapacitated by the grapple." A target who was holding someone is incapacitated
    too, so lets go (option ``grapple_a_grappler`` = ``frees-their-hold``). True if the
    grapple sticks."""
    if not compete(ctx, "Strength Challenge", "PSTR", actor, target):
        return False
    if target.holding is not None:
        ctx.emit(GrappleEnded(grappler=target.id, target=target.holding, how="let go"))
    ctx.emit(Grappled(grappler=actor.id, target=target.id))
    return True


def check_held(state: ExpEncounter, actor_name: str | None) -> tuple[Persona, Persona]:
    """Chapter, 'Grapples': "A grappled target can try to break free ... or reverse the
    grapple": the acting persona must be held. Returns it and its grappler."""
    actor = state.combatants[actor_name or ""]
    if actor.held_by is None:
        raise IllegalAction(f"{actor.name} is not held in a grapple")
    return actor, state.combatants[actor.held_by]


def break_check(ctx: ExpContext, action: BreakFree) -> bool:
    """Chapter, 'Grapples', 'Break Checks': "If the target wins the Strength Challenge, they
    can break free, move and attack": on a win she is free and keeps her action for this
    unit; a loss spends it. Returns True if she broke free (the turn goes on)."""
    actor, grappler = check_held(ctx.state, action.actor)
    if compete(ctx, "Break check (Strength Challenge)", "PSTR", actor, grappler):
        ctx.emit(GrappleEnded(grappler=grappler.id, target=actor.id, how="broke free"))
        return True
    return False


def reverse(ctx: ExpContext, action: Reverse) -> None:
    """Chapter, 'Grapples': "A grappled target can try to ... reverse the grapple." No
    procedure is printed: a won Strength Challenge makes her the grappler."""
    actor, grappler = check_held(ctx.state, action.actor)
    if compete(ctx, "Reversal (Strength Challenge)", "PSTR", actor, grappler):
        ctx.emit(GrappleReversed(grappler=actor.id, target=grappler.id))


def check_release(state: ExpEncounter, action: Release) -> Persona:
    """Chapter, 'Grapples', 'Overpower': letting go is one of "the simplest of tasks" of a
    grappler who is free to act. Returns the grappler."""
    actor = state.combatants[action.actor or ""]
    check_free_to_act(actor, "let go")
    if actor.holding is None:
        raise IllegalAction(f"{actor.name} is not holding anyone")
    return actor


def release(ctx: ExpContext, action: Release) -> None:
    """Chapter, 'Grapples', 'Overpower': letting go is one of "the simplest of tasks"."""
    actor = check_release(ctx.state, action)
    ctx.emit(GrappleEnded(grappler=actor.id, target=actor.holding or "", how="released"))
