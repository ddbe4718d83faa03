"""Change Facing (chapter 9.2, 'Move Action Rules': "A character is allowed to Change Facing as
a free action (see above) with the usual movement cost"; with initiative-based movement the
character 'remains in place'). What the movement cost is, is option ``facing_cost``."""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Face, register
from fracas.rulesets.starflight.events import Faced
from fracas.rulesets.starflight.line_of_sight import bearing
from fracas.rulesets.starflight.movement import points_left
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


def facing_points(fight: Fight) -> int:
    """Movement points a change of facing costs: none, or one (option ``facing_cost``)."""
    return 1 if fight.options.facing_cost == "movement-point" else 0


def face_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Turn to face each other combatant still in the fight that it does not face already."""
    if facing_points(fight) > points_left(fight, c):
        return []
    return [
        Choice(f"face {o.name}", Face(actor=c.id, target=o.id), "facing")
        for o in fight.fighters()
        if o.id != c.id and not o.withdrawn and bearing(c, o) != c.facing
    ]


@register(Face, "free", choices=face_choices)
def resolve_face(ctx: StarflightContext, c: Fighter, action: Face) -> None:
    """Turn towards the target."""
    fight = ctx.state
    if action.target not in fight.combatants or action.target == c.id:
        raise IllegalAction(f"{c.name} cannot face {action.target!r}")
    facing = bearing(c, fight.fighter(action.target))
    if facing == c.facing:
        raise IllegalAction(f"{c.name} already faces {action.target}")
    points = facing_points(fight)
    if points > points_left(fight, c):
        raise IllegalAction(f"{c.name} has no movement point left to change facing")
    ctx.emit(Faced(who=c.id, facing=facing, points=points))
