"""Manipulate Item/Object (chapter 9.2): "A character may use this action to pick up items and
either keep them in hand or stow them ... Manipulating an object counts as a move action";
'Drop Item': "any combatant that moves to Range 0 of the object may use a Manipulate Item
action to pick up the object". Here the objects are the weapons lying on the ground (the GM's
switches and rigged parcels are the GM's to narrate)."""

from __future__ import annotations

from math import isqrt

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import ManipulateItem, register
from fracas.rulesets.starflight.conditions import is_unconscious
from fracas.rulesets.starflight.draw_sheathe import free_hands
from fracas.rulesets.starflight.events import ItemPickedUp
from fracas.rulesets.starflight.range import MELEE_INCREMENT_M
from fracas.rulesets.starflight.stamina_check import check_part
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext, WeaponState


def lying(fight: Fight) -> list[tuple[Fighter, int, WeaponState]]:
    """Every weapon lying on the ground: (owner, index, weapon)."""
    return [
        (o, i, w)
        for o in fight.fighters()
        for i, w in enumerate(o.weapons)
        if w.dropped and not w.taken and w.dropped_at is not None
    ]


def within_reach(c: Fighter, w: WeaponState) -> bool:
    """At Range 0 of the item (under one melee increment)."""
    if w.dropped_at is None:
        return False
    x, y = w.dropped_at
    return isqrt((c.x - x) ** 2 + (c.y - y) ** 2) < MELEE_INCREMENT_M


def pick_up_problem(fight: Fight, c: Fighter, owner: Fighter, w: WeaponState) -> str | None:
    """Why ``c`` cannot pick up ``w`` now, or None."""
    if not w.dropped or w.taken or w.dropped_at is None:
        return f"{owner.name}'s {w.name} is not lying on the ground"
    if w.wrecked:
        return f"the {w.name} is wrecked"
    if not within_reach(c, w):
        return f"the {w.name} is not at Range 0 of {c.name}"
    if owner.id != c.id and not is_unconscious(owner, fight.options) and within_reach(owner, w):
        return f"{owner.name} stands over the {w.name}"
    if len(free_hands(c)) < w.appendages:
        return f"{c.name} has no free motor appendage for the {w.name}"
    return None


def pick_up_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Pick up each weapon lying within reach."""
    out = []
    for owner, i, w in lying(fight):
        if pick_up_problem(fight, c, owner, w) is None:
            whose = "" if owner.id == c.id else f"{owner.name}'s "
            action = ManipulateItem(actor=c.id, owner=owner.id, weapon=i)
            out.append(Choice(f"pick up {whose}{w.name}", action, "item"))
    return out


@register(ManipulateItem, "move", choices=pick_up_choices)
def resolve_manipulate(ctx: StarflightContext, c: Fighter, action: ManipulateItem) -> None:
    """Pick the weapon up into a free working motor appendage (checked if wounded)."""
    fight = ctx.state
    if action.owner not in fight.combatants:
        raise IllegalAction(f"no combatant {action.owner!r}")
    owner = fight.fighter(action.owner)
    if not 0 <= action.weapon < len(owner.weapons):
        raise IllegalAction(f"{owner.name} has no weapon number {action.weapon}")
    w = owner.weapons[action.weapon]
    problem = pick_up_problem(fight, c, owner, w)
    if problem is not None:
        raise IllegalAction(problem)
    hand = free_hands(c)[0]
    if check_part(ctx, c, hand):
        ctx.emit(ItemPickedUp(who=c.id, owner=owner.id, weapon=action.weapon, hand=hand))
