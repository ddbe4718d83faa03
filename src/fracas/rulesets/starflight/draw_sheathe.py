"""Draw/Sheathe Weapon (chapter 9.2): a move action; "A combatants may only have one weapon
drawn per motor appendage that they have (less than this amount should a weapon require two or
three appendages to wield)". A wounded motor appendage gets its Stamina check first ('Lethal
Damage and Wounds': "Motor Appendages any time the character attempts an action involving the
specific appendage"); if it fails, the action is spent and nothing is drawn or sheathed."""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Draw, Sheathe, lists_choices, register
from fracas.rulesets.starflight.events import WeaponDrawn, WeaponSheathed
from fracas.rulesets.starflight.stamina_check import check_part
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext, WeaponState

PHYSICAL_SHIELD_APPENDAGES = 2


def free_hands(c: Fighter) -> list[str]:
    """Working motor appendages not holding a weapon (dominant first); a weapon needing two
    or three appendages takes that many."""
    motor = [p for p, k in c.part_kinds.items() if k == "motor" and p not in c.failed]
    motor.sort(key=lambda p: p != c.dominant)
    busy = sum(w.appendages for w in c.weapons if w.drawn)
    if c.shield is not None and c.shield.physical and c.shield_raised:
        busy += PHYSICAL_SHIELD_APPENDAGES  # 'Physical shields require the use of two appendages'
    held = {w.hand for w in c.weapons if w.drawn}
    free = [p for p in motor if p not in held]
    return free[: max(0, len(motor) - busy)]


def weapon_at(c: Fighter, index: int) -> WeaponState:
    """The weapon at ``index`` or IllegalAction."""
    if not 0 <= index < len(c.weapons):
        raise IllegalAction(f"{c.name} has no weapon number {index}")
    return c.weapons[index]


@register(Draw, "move")
def resolve_draw(ctx: StarflightContext, c: Fighter, action: Draw) -> None:
    """Draw into the first free working motor appendage."""
    w = weapon_at(c, action.weapon)
    if w.drawn or w.dropped:
        raise IllegalAction(f"{c.name}'s {w.name} is {'drawn' if w.drawn else 'dropped'}")
    free = free_hands(c)
    if len(free) < w.appendages:
        raise IllegalAction(f"{c.name} has no free motor appendage for the {w.name}")
    if check_part(ctx, c, free[0]):
        ctx.emit(WeaponDrawn(who=c.id, weapon=action.weapon, hand=free[0]))


@register(Sheathe, "move")
def resolve_sheathe(ctx: StarflightContext, c: Fighter, action: Sheathe) -> None:
    """Put the weapon away."""
    w = weapon_at(c, action.weapon)
    if not w.drawn:
        raise IllegalAction(f"{c.name}'s {w.name} is not drawn")
    if check_part(ctx, c, w.hand):
        ctx.emit(WeaponSheathed(who=c.id, weapon=action.weapon))


@lists_choices(Draw)
def draw_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Draw each sheathed weapon there are free motor appendages for."""
    free = len(free_hands(c))
    return [
        Choice(f"draw the {w.name}", Draw(actor=c.id, weapon=i), "weapon")
        for i, w in enumerate(c.weapons)
        if not w.drawn and not w.dropped and free >= w.appendages
    ]


@lists_choices(Sheathe)
def sheathe_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Put away each drawn weapon."""
    return [
        Choice(f"put away the {w.name}", Sheathe(actor=c.id, weapon=i), "weapon")
        for i, w in enumerate(c.weapons)
        if w.drawn
    ]
