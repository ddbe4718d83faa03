"""Drop Prone (free action) and Stand Up (move action) (chapter 9.2)."""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import DropProne, StandUp, lists_choices, register
from fracas.rulesets.starflight.events import ConditionEnded, ConditionGained
from fracas.rulesets.starflight.stamina_check import propulsion_works
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


@register(DropProne, "free")
def resolve_drop_prone(ctx: StarflightContext, c: Fighter, action: DropProne) -> None:
    """Drop to the ground."""
    if c.prone:
        raise IllegalAction(f"{c.name} is already prone")
    ctx.emit(ConditionGained(who=c.id, condition="prone", reason="drops prone", voluntary=True))


@register(StandUp, "move")
def resolve_stand_up(ctx: StarflightContext, c: Fighter, action: StandUp) -> None:
    """'Obviously, a character must be Prone to stand back up.' Standing up is a move
    action, so wounded propulsive appendages make their Stamina check first ('Lethal Damage
    and Wounds': "Propulsive Appendages when the combatant tries to perform a move action");
    when one fails, the combatant stays down (the action is spent)."""
    if not c.prone:
        raise IllegalAction(f"{c.name} is not prone")
    if not propulsion_works(ctx, c):
        return
    ctx.emit(ConditionEnded(who=c.id, condition="prone", voluntary=True))


@lists_choices(DropProne)
def drop_prone_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Drop prone when standing."""
    return [] if c.prone else [Choice("drop prone", DropProne(actor=c.id), "stance")]


@lists_choices(StandUp)
def stand_up_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Stand up when prone."""
    return [Choice("stand up", StandUp(actor=c.id), "stance")] if c.prone else []
