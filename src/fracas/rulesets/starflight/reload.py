"""Reload/Recharge (chapter 9.2): "Reloading is a special action that may take a number of
rounds, and is wholly dependent upon the weapon itself". Each Reload action is one phase of
the weapon's ``reload_phases``; the magazine is full when they are done. The motor appendage
holding the weapon gets its Stamina check first if wounded ('Lethal Damage and Wounds')."""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Reload, lists_choices, register
from fracas.rulesets.starflight.draw_sheathe import weapon_at
from fracas.rulesets.starflight.events import Reloading
from fracas.rulesets.starflight.stamina_check import check_part
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


@register(Reload, "standard")
def resolve_reload(ctx: StarflightContext, c: Fighter, action: Reload) -> None:
    """One phase of reloading."""
    w = weapon_at(c, action.weapon)
    if w.stats.magazine == 0 or w.dropped:
        raise IllegalAction(f"{c.name}'s {w.name} cannot be reloaded")
    if w.loaded >= w.stats.magazine:
        raise IllegalAction(f"{c.name}'s {w.name} is fully loaded")
    if w.hand and not check_part(ctx, c, w.hand):
        return
    progress = w.reload_progress + 1
    done = progress >= w.stats.reload_phases
    ctx.emit(
        Reloading(
            who=c.id,
            weapon=action.weapon,
            progress=progress,
            needed=w.stats.reload_phases,
            loaded_after=w.stats.magazine if done else w.loaded,
        )
    )


@lists_choices(Reload)
def reload_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Reload each weapon with a magazine that is not full."""
    return [
        Choice(
            f"reload the {w.name} ({w.loaded}/{w.stats.magazine})",
            Reload(actor=c.id, weapon=i),
            "weapon",
        )
        for i, w in enumerate(c.weapons)
        if w.stats.magazine and not w.dropped and w.loaded < w.stats.magazine
    ]
