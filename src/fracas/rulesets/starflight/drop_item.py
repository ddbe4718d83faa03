"""Drop Item (chapter 9.2): "Dropping items or objects counts as a free action. ... The dropped
item is placed at Range 0 from the combatant who dropped it." Also the item a push, a trip or a
disarm makes a combatant let go of ("dropping one item currently being carried by a motor
appendage")."""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import DropItem, register
from fracas.rulesets.starflight.draw_sheathe import weapon_at
from fracas.rulesets.starflight.events import ConditionGained, ItemDropped
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


def carried(c: Fighter, index: int) -> bool:
    """A weapon the combatant still has (drawn or put away, not dropped, not taken)."""
    w = c.weapons[index]
    return not (w.dropped or w.taken)


def drop_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Drop any weapon in hand."""
    return [
        Choice(f"drop the {w.name}", DropItem(actor=c.id, weapon=i), "item")
        for i, w in enumerate(c.weapons)
        if w.drawn and carried(c, i)
    ]


@register(DropItem, "free", choices=drop_choices)
def resolve_drop(ctx: StarflightContext, c: Fighter, action: DropItem) -> None:
    """Let go of a weapon: it lies where the combatant stands."""
    w = weapon_at(c, action.weapon)
    if not carried(c, action.weapon):
        raise IllegalAction(f"{c.name} no longer has the {w.name}")
    if not w.drawn:
        raise IllegalAction(f"{c.name}'s {w.name} is not in hand")
    ctx.emit(ItemDropped(who=c.id, weapon=action.weapon, x=c.x, y=c.y, reason="drops it"))


def held_item(c: Fighter) -> int | None:
    """The item a motor appendage carries that a fall makes it drop: the weapon in the
    dominant appendage first, else the first one in hand."""
    drawn = [i for i, w in enumerate(c.weapons) if w.drawn and carried(c, i)]
    for i in drawn:
        if c.weapons[i].hand == c.dominant:
            return i
    return drawn[0] if drawn else None


def knock_down(ctx: StarflightContext, c: Fighter, reason: str) -> None:
    """'causes them to drop Prone instantly, dropping one item currently being carried by a
    motor appendage (if applicable)' ('Push Attack', 'Trip')."""
    if not c.prone:
        ctx.emit(ConditionGained(who=c.id, condition="prone", reason=reason))
    item = held_item(c)
    if item is not None:
        ctx.emit(ItemDropped(who=c.id, weapon=item, x=c.x, y=c.y, reason=reason))
