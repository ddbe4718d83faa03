"""Standby (chapter 9.2, 'Standby'): "they declare to not do anything during the course of that
action phase"."""

from __future__ import annotations

from fracas.engine import Choice
from fracas.rulesets.starflight.actions import Standby, register
from fracas.rulesets.starflight.conditions import can_strike
from fracas.rulesets.starflight.events import StoodBy
from fracas.rulesets.starflight.idle import failed_motor, idle_reason
from fracas.rulesets.starflight.range import ready
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


def standby_reason(fight: Fight, c: Fighter) -> str:
    """What keeps ``c`` from attacking now, for the account of a stand-by ('Opportunity
    Attack': "Any beam or projectile weapons fired during an Opportunity Attack are
    considered discharged"; a failed striking hand, 'Lethal Damage and Wounds'), or ""."""
    fired = [w.name for w in c.weapons if not ready(fight, w) and not w.dropped]
    if fired:
        return f"the {' and the '.join(fired)} fired in an opportunity attack this round"
    if not any(w.drawn for w in c.weapons) and not can_strike(c):
        parts = failed_motor(c)
        verb = "has" if len(parts) == 1 else "have"
        return f"its {' and '.join(parts)} {verb} failed: nothing to strike with"
    return idle_reason(fight, c) or ""


def stand_by(fight: Fight, c: Fighter) -> Standby:
    """A stand-by, saying why when a weapon is discharged (what the tactics and the menu
    both offer, so the tactics' choice is one of the legal actions)."""
    return Standby(actor=c.id, reason=standby_reason(fight, c))


def standby_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Standing by is always possible."""
    return [Choice("stand by", stand_by(fight, c), "wait")]


@register(Standby, "standard", choices=standby_choices)
def resolve_standby(ctx: StarflightContext, c: Fighter, action: Standby) -> None:
    """The phase passes."""
    ctx.emit(StoodBy(who=c.id, reason=action.reason))
