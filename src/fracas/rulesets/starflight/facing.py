"""Change Facing (chapter 9.2, 'Move Action Rules': "A character is allowed to Change Facing as
a free action"; with initiative-based movement the character 'remains in place')."""

from __future__ import annotations

from fracas.engine import IllegalAction
from fracas.rulesets.starflight.actions import Face, register
from fracas.rulesets.starflight.events import Faced
from fracas.rulesets.starflight.line_of_sight import bearing
from fracas.rulesets.starflight.state import Fighter, StarflightContext


@register(Face, "free")
def resolve_face(ctx: StarflightContext, c: Fighter, action: Face) -> None:
    """Turn towards the target."""
    fight = ctx.state
    if action.target not in fight.combatants or action.target == c.id:
        raise IllegalAction(f"{c.name} cannot face {action.target!r}")
    facing = bearing(c, fight.fighter(action.target))
    if facing == c.facing:
        raise IllegalAction(f"{c.name} already faces {action.target}")
    ctx.emit(Faced(who=c.id, facing=facing))
