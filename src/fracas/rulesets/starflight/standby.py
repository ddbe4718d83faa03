"""Standby (chapter 9.2, 'Standby'): "they declare to not do anything during the course of that
action phase"."""

from __future__ import annotations

from fracas.rulesets.starflight.actions import Standby, register
from fracas.rulesets.starflight.events import StoodBy
from fracas.rulesets.starflight.state import Fighter, StarflightContext


@register(Standby, "standard")
def resolve_standby(ctx: StarflightContext, c: Fighter, action: Standby) -> None:
    """The phase passes."""
    ctx.emit(StoodBy(who=c.id))
