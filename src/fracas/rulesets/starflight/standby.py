"""Standby (chapter 9.2, 'Standby'): "they declare to not do anything during the course of that
action phase"."""

from __future__ import annotations

from fracas.engine import Choice
from fracas.rulesets.starflight.actions import Standby, register
from fracas.rulesets.starflight.events import StoodBy
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


def standby_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Standing by is always possible."""
    return [Choice("stand by", Standby(actor=c.id), "wait")]


@register(Standby, "standard", choices=standby_choices)
def resolve_standby(ctx: StarflightContext, c: Fighter, action: Standby) -> None:
    """The phase passes."""
    ctx.emit(StoodBy(who=c.id))
