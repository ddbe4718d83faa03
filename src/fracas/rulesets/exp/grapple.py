"""Grapples. Chapter, 'Grapples': "Like any attack, a grapple requires an attack roll against
the target's Defence Rating"; "Grappling is a Strike attack. The player must use her Raw
Bonus unless she has hand-to-hand combat skill"; 'Overpower': "Overpowering is determined by a
Strength Challenge"; 'Break Checks': "The target can make a break check every unit ... If the
target wins the Strength Challenge, they can break free, move and attack." Reversal has no
printed procedure: a Strength Challenge that swaps the roles (research notes, section 6)."""

from __future__ import annotations

from fracas.engine import Context, IllegalAction
from fracas.rulesets.exp.actions import BreakFree, Grapple, Release, Reverse
from fracas.rulesets.exp.attack_roll import roll_attack
from fracas.rulesets.exp.challenges import compete
from fracas.rulesets.exp.events import Grappled, GrappleEnded, GrappleReversed
from fracas.rulesets.exp.legality import check_maneuver
from fracas.rulesets.exp.personas import Persona, persona


def grapple(ctx: Context, action: Grapple) -> None:
    """Attack roll (Strike, Skilled Bonus only with hand-to-hand skill), then overpower."""
    state = ctx.state
    if action.target not in state.combatants:
        raise IllegalAction(f"no persona called {action.target!r}")
    actor, target = persona(state, action.actor or ""), persona(state, action.target)
    check_maneuver(actor, target, ctx.options, "grapple")
    if target.held_by is not None:
        raise IllegalAction(f"{target.name} is already held by {target.held_by}")
    row = actor.table["strike"]
    if not roll_attack(ctx, actor, target, row, "grapple", actor.hand_to_hand, False, 0):
        return
    if compete(ctx, "Strength Challenge", "PSTR", actor, target):
        ctx.emit(Grappled(grappler=actor.id, target=target.id))


def held_persona(ctx: Context, actor_name: str | None) -> tuple[Persona, Persona]:
    """The acting persona, who must be held, and its grappler."""
    actor = persona(ctx.state, actor_name or "")
    if actor.held_by is None:
        raise IllegalAction(f"{actor.name} is not held in a grapple")
    return actor, persona(ctx.state, actor.held_by)


def break_check(ctx: Context, action: BreakFree) -> bool:
    """The held persona's Strength Challenge; on a win she is free and may still act this
    unit ("break free, move and attack"). Returns True if she broke free."""
    actor, grappler = held_persona(ctx, action.actor)
    if compete(ctx, "Break check (Strength Challenge)", "PSTR", actor, grappler):
        ctx.emit(GrappleEnded(grappler=grappler.id, target=actor.id, how="broke free"))
        return True
    return False


def reverse(ctx: Context, action: Reverse) -> None:
    """A reversal: if the held persona wins a Strength Challenge she holds her grappler."""
    actor, grappler = held_persona(ctx, action.actor)
    if compete(ctx, "Reversal (Strength Challenge)", "PSTR", actor, grappler):
        ctx.emit(GrappleReversed(grappler=actor.id, target=grappler.id))


def release(ctx: Context, action: Release) -> None:
    """The grappler lets go."""
    actor = persona(ctx.state, action.actor or "")
    if actor.holding is None:
        raise IllegalAction(f"{actor.name} is not holding anyone")
    ctx.emit(GrappleEnded(grappler=actor.id, target=actor.holding, how="released"))
