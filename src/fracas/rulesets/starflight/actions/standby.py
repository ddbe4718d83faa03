"""Standby (chapter 9.2, 'Standby'): "they declare to not do anything during the course of that
action phase"."""

from __future__ import annotations

from fracas.engine import Action, Choice, Context
from fracas.rulesets.starflight.actions import lists_choices, register
from fracas.rulesets.starflight.events import StoodBy
from fracas.rulesets.starflight.state import Fight, Fighter


class Standby(Action, frozen=True, kw_only=True):
    """Pass one action phase."""


@register(Standby, "standard")
def resolve_standby(ctx: Context, c: Fighter, action: Standby) -> None:
    """The phase passes."""
    ctx.emit(StoodBy(who=c.id))


@lists_choices(Standby)
def standby_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Standing by is always possible."""
    return [Choice("stand by", Standby(actor=c.id), "wait")]
