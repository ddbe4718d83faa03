"""Drop Prone (free action) and Stand Up (move action) (chapter 9.2)."""

from __future__ import annotations

from fracas.engine import IllegalAction
from fracas.rulesets.starflight.actions import DropProne, StandUp, register
from fracas.rulesets.starflight.events import ConditionEnded, ConditionGained
from fracas.rulesets.starflight.state import Fighter, StarflightContext


@register(DropProne, "free")
def resolve_drop_prone(ctx: StarflightContext, c: Fighter, action: DropProne) -> None:
    """Drop to the ground."""
    if c.prone:
        raise IllegalAction(f"{c.name} is already prone")
    ctx.emit(ConditionGained(who=c.id, condition="prone", reason="drops prone", voluntary=True))


@register(StandUp, "move")
def resolve_stand_up(ctx: StarflightContext, c: Fighter, action: StandUp) -> None:
    """'Obviously, a character must be Prone to stand back up.'"""
    if not c.prone:
        raise IllegalAction(f"{c.name} is not prone")
    ctx.emit(ConditionEnded(who=c.id, condition="prone", voluntary=True))
