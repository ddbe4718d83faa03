"""Saves after every hit (chapter 9.2, 'Resolving Damage').

"a character must make a Reflex Save and a Willpower Save any time they are hit. The DC of both
Saves equals the amount of damage inflicted". A failed Reflex save knocks the combatant prone;
a critical failure also puts d5 Wounds in a random part (rolled on the hit-location table, as
the worked example does). A failed Willpower save leaves the combatant Shaken.

Whether a combatant who is down once the hit lands saves at all is the option
``saves_when_down`` (default: no; see :func:`saves_apply`).
"""

from __future__ import annotations

from fracas.rulesets.starflight.checks import CRITICAL_FAILURE, save
from fracas.rulesets.starflight.conditions import is_unconscious
from fracas.rulesets.starflight.events import ConditionGained
from fracas.rulesets.starflight.hit_location import roll_location
from fracas.rulesets.starflight.state import Fighter, StarflightContext
from fracas.rulesets.starflight.wounds import inflict_wounds, wound_count


def reflex_after_hit(ctx: StarflightContext, c: Fighter, damage: int) -> None:
    """Reflex save: prone on failure; d5 Wounds in a random part on a critical failure.

    Chapter 9.2, 'Resolving Damage'.
    """
    out = save(ctx, c, "reflex", damage, "Reflex save (hit)")
    if out.success:
        return
    if not c.prone:
        ctx.emit(ConditionGained(who=c.id, condition="prone", reason="knocked down by the hit"))
    if out.critical == CRITICAL_FAILURE:
        part = roll_location(ctx, c, "random part (fall)")
        count = wound_count(ctx, c, "Wounds from the fall")
        inflict_wounds(ctx, c, part, count, "fall")


def willpower_after_hit(ctx: StarflightContext, c: Fighter, damage: int) -> None:
    """Willpower save: Shaken on failure (the DC is kept for recovering).

    Chapter 9.2, 'Resolving Damage'.
    """
    out = save(ctx, c, "willpower", damage, "Willpower save (hit)", potential=False)
    inspired = c.inspired_until >= ctx.state.round  # 'Aid': 'will not become Shaken'
    if not out.success and not c.shaken and not inspired:
        dc = ctx.options.shaken_recovery_dc
        ctx.emit(ConditionGained(who=c.id, condition="shaken", dc=damage if dc is None else dc))


def saves_apply(ctx: StarflightContext, c: Fighter) -> bool:
    """Whether ``c`` rolls the saves after a hit: always under ``saves_when_down``; else only
    while conscious and alive once the hit's damage is on (clinical death is Unconscious).

    Chapter 9.2, 'Resolving Damage' ("any time they are hit") read with 'Miscellaneous Terms
    and Definitions': "Unconscious characters are Prone, cannot take any actions", so the
    Reflex save (not to be knocked prone) and the Willpower save (not to become Shaken, which
    is "psychologically stunned and ineffective") decide nothing for them.
    """
    return ctx.options.saves_when_down or not is_unconscious(c, ctx.options)


def saves_after_hit(ctx: StarflightContext, c: Fighter, damage: int) -> None:
    """Both saves, Reflex first (the order of the worked example), if they apply
    (:func:`saves_apply`).

    Chapter 9.2, 'Resolving Damage'.
    """
    if not saves_apply(ctx, c):
        return
    reflex_after_hit(ctx, c, damage)
    willpower_after_hit(ctx, c, damage)
