"""Reload/Recharge of a personal shield (chapter 9.2, 'Reload/Recharge'): "Personal shields and
other items that require batteries may also be reloaded/recharged using this action." A
weapon's magazine or battery is reloaded with Reload (``reload``); a shield takes one of its
spare batteries (the stat block's ``spare_batteries``) and is back to full hit points. Like
Reload, one phase (the battery's own time is chapter 5's)."""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import RechargeShield, register
from fracas.rulesets.starflight.events import ShieldRecharged
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


def recharge_problem(c: Fighter) -> str | None:
    """Why ``c`` cannot recharge its shield now, or None."""
    if c.shield is None:
        return f"{c.name} has no personal shield"
    if c.shield.hp >= c.shield.hp_max:
        return f"{c.name}'s {c.shield.name} is fully charged"
    if c.shield_batteries < 1:
        return f"{c.name} has no spare battery for the {c.shield.name}"
    return None


def recharge_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Recharge the shield when it can."""
    if recharge_problem(c) is not None or c.shield is None:
        return []
    return [Choice(f"recharge the {c.shield.name}", RechargeShield(actor=c.id), "item")]


@register(RechargeShield, "standard", choices=recharge_choices)
def resolve_recharge(ctx: StarflightContext, c: Fighter, action: RechargeShield) -> None:
    """A spare battery in: full hit points."""
    problem = recharge_problem(c)
    if problem is not None or c.shield is None:
        raise IllegalAction(problem or "no shield")
    ctx.emit(
        ShieldRecharged(who=c.id, hp_after=c.shield.hp_max, batteries_after=c.shield_batteries - 1)
    )
