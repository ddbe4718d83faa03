"""Raise/Lower Shield (chapter 9.2, 'Raise/Lower Shield'): "A combatant may spend an action to
raise or lower a personal shield. This same action is used to ready and loosen physical
shields and to don or remove all forms of body armor. Readying a shield is considered a move
action." "Physical shields require the use of two appendages. Body Armor requires the part that
it covers to be unarmored". One piece of armour per action."""

from __future__ import annotations

from fracas.engine import Choice, Event, IllegalAction
from fracas.rulesets.starflight import account
from fracas.rulesets.starflight.actions import (
    DonArmour,
    LowerShield,
    RaiseShield,
    RemoveArmour,
    register,
)
from fracas.rulesets.starflight.draw_sheathe import PHYSICAL_SHIELD_APPENDAGES, free_hands
from fracas.rulesets.starflight.events import more_event
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


@more_event
class ShieldSet(Event[Fight], frozen=True, kw_only=True):
    """The shield is raised (readied) or lowered (loosened)."""

    who: str
    raised: bool

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).shield_raised = self.raised


@more_event
class ArmourSet(Event[Fight], frozen=True, kw_only=True):
    """An armour piece put on (``worn``) or taken off."""

    who: str
    armour: int
    worn: bool

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).armour[self.armour].worn = self.worn


def check_raise(c: Fighter) -> None:
    """A shield, not raised, and two free appendages for a physical one."""
    if c.shield is None:
        raise IllegalAction(f"{c.name} carries no shield")
    if c.shield_raised:
        raise IllegalAction(f"{c.name}'s {c.shield.name} is already raised")
    if c.shield.physical and len(free_hands(c)) < PHYSICAL_SHIELD_APPENDAGES:
        raise IllegalAction(
            f"{c.name} needs two free motor appendages to ready the {c.shield.name}"
        )


def resolve_raise(ctx: StarflightContext, c: Fighter, action: RaiseShield) -> None:
    """Raise (or ready) the shield."""
    check_raise(c)
    ctx.emit(ShieldSet(who=c.id, raised=True))


def resolve_lower(ctx: StarflightContext, c: Fighter, action: LowerShield) -> None:
    """Lower (or loosen) the shield."""
    if c.shield is None or not c.shield_raised:
        raise IllegalAction(f"{c.name} has no shield raised")
    ctx.emit(ShieldSet(who=c.id, raised=False))


def check_don(fight: Fight, c: Fighter, index: int) -> None:
    """A carried piece, over parts no worn piece covers."""
    if not 0 <= index < len(c.armour):
        raise IllegalAction(f"{c.name} has no armour number {index}")
    piece = c.armour[index]
    if piece.worn:
        raise IllegalAction(f"{c.name} already wears the {piece.name}")
    for p, kind in c.part_kinds.items():
        if not piece.covers_part(p, kind):
            continue
        for other in c.armour:
            if other.worn and other.covers_part(p, kind):
                raise IllegalAction(
                    f"the {other.name} already covers the {c.part_names.get(p, p)}: body armour "
                    "needs the part it covers to be unarmoured"
                )


def resolve_don(ctx: StarflightContext, c: Fighter, action: DonArmour) -> None:
    """Put the piece on."""
    fight = ctx.state
    check_don(fight, c, action.armour)
    ctx.emit(ArmourSet(who=c.id, armour=action.armour, worn=True))


def resolve_remove(ctx: StarflightContext, c: Fighter, action: RemoveArmour) -> None:
    """Take the piece off."""
    if not 0 <= action.armour < len(c.armour) or not c.armour[action.armour].worn:
        raise IllegalAction(f"{c.name} wears no armour number {action.armour}")
    ctx.emit(ArmourSet(who=c.id, armour=action.armour, worn=False))


def shield_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Raise a lowered shield."""
    if c.shield is None:
        return []
    try:
        check_raise(c)
    except IllegalAction:
        return []
    verb = "ready" if c.shield.physical else "raise"
    return [Choice(f"{verb} the {c.shield.name}", RaiseShield(actor=c.id), "gear")]


def lower_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Lower a raised shield."""
    if c.shield is None or not c.shield_raised:
        return []
    verb = "loosen" if c.shield.physical else "lower"
    return [Choice(f"{verb} the {c.shield.name}", LowerShield(actor=c.id), "gear")]


def don_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Put on each carried piece that fits."""
    out = []
    for i, piece in enumerate(c.armour):
        try:
            check_don(fight, c, i)
        except IllegalAction:
            continue
        out.append(Choice(f"put on the {piece.name}", DonArmour(actor=c.id, armour=i), "gear"))
    return out


def remove_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Take off each worn piece."""
    return [
        Choice(f"take off the {piece.name}", RemoveArmour(actor=c.id, armour=i), "gear")
        for i, piece in enumerate(c.armour)
        if piece.worn
    ]


register(RaiseShield, "move", choices=shield_choices)(resolve_raise)
register(LowerShield, "move", choices=lower_choices)(resolve_lower)
register(DonArmour, "move", choices=don_choices)(resolve_don)
register(RemoveArmour, "move", choices=remove_choices)(resolve_remove)


@account.line(ShieldSet)
def _shield(e: ShieldSet, f: Fight) -> str:
    c = f.fighter(e.who)
    name = c.shield.name if c.shield else "shield"
    physical = c.shield is not None and c.shield.physical
    verb = (
        ("readies" if physical else "raises") if e.raised else ("loosens" if physical else "lowers")
    )
    return f"  {c.name} {verb} the {name}"


@account.line(ArmourSet)
def _armour(e: ArmourSet, f: Fight) -> str:
    c = f.fighter(e.who)
    verb = "puts on" if e.worn else "takes off"
    return f"  {c.name} {verb} the {c.armour[e.armour].name}"
