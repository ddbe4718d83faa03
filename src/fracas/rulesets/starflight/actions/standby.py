"""Standby (chapter 9.2, 'Standby'): "they declare to not do anything during the course of that
action phase"."""

from __future__ import annotations

from fracas.engine import Action, Context
from fracas.rulesets.starflight.actions import register
from fracas.rulesets.starflight.events import StoodBy
from fracas.rulesets.starflight.state import Fighter


class Standby(Action, frozen=True, kw_only=True):
    """Pass one action phase."""


@register(Standby, "standard")
def resolve_standby(ctx: Context, c: Fighter, action: Standby) -> None:
    """The phase passes."""
    ctx.emit(StoodBy(who=c.id))
