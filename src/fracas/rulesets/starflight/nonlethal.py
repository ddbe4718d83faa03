"""Non-Lethal damage (chapter 9.2, 'Non-Lethal Damage').

Dazed at half NHP lost, Unconscious at zero NHP, Impact Damage below zero, comatose once the
non-lethal damage absorbed reaches twice NHP (or, by option, the Impact Damage alone does).
A comatose combatant makes an hourly Fortitude save (DC 50 + Impact + hours comatose).
"""

from __future__ import annotations

from collections.abc import Callable

from fracas.rulesets.starflight.checks import CRITICAL_FAILURE, CRITICAL_SUCCESS, save
from fracas.rulesets.starflight.death import check_death
from fracas.rulesets.starflight.events import ComaHour, ConditionEnded, ConditionGained, KnockedOut
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.state import Fighter, StarflightContext

COMA_BASE_DC = 50
PHYSIQUE_SKILLS = ("concentration", "stamina", "recuperation")


def impact_damage(c: Fighter) -> int:
    """Non-lethal damage beyond the NHP (negative NHP).

    Chapter 9.2, 'Non-Lethal Damage'.
    """
    return max(0, -c.nhp)


def coma_level(c: Fighter, options: StarflightOptions) -> bool:
    """Whether the non-lethal damage makes the combatant comatose.

    Chapter 9.2, 'Non-Lethal Damage'.
    """
    if options.comatose_threshold == "impact":
        return impact_damage(c) >= 2 * c.nhp_max
    return c.nhp_max - c.nhp >= 2 * c.nhp_max


def after_nonlethal(ctx: StarflightContext, c: Fighter, nhp_before: int) -> None:
    """Dazed, Unconscious and comatose as the NHP thresholds are crossed.

    Chapter 9.2, 'Non-Lethal Damage'.
    """
    if c.nhp == nhp_before:
        return
    if c.nhp * 2 <= c.nhp_max < nhp_before * 2 and c.nhp > 0:
        ctx.emit(ConditionGained(who=c.id, condition="dazed", reason="half NHP lost"))
    if c.nhp <= 0 < nhp_before:
        ctx.emit(KnockedOut(who=c.id, reason="no NHP left", nhp_after=c.nhp))
    if coma_level(c, ctx.options) and not c.comatose:
        ctx.emit(ConditionGained(who=c.id, condition="comatose", reason="Impact Damage"))


def out_of_coma_nhp(c: Fighter, options: StarflightOptions) -> int:
    """NHP after a critical success: 'at twice their Non-Lethal HP minus one' absorbed."""
    if options.comatose_threshold == "impact":
        return -(2 * c.nhp_max - 1)
    return c.nhp_max - (2 * c.nhp_max - 1)


def coma_dc(c: Fighter) -> int:
    """DC 50 + current Impact Damage + hours comatose (this hour included).

    Chapter 9.2, 'Non-Lethal Damage'.
    """
    return COMA_BASE_DC + impact_damage(c) + c.coma_hours + 1


def coma_hour(ctx: StarflightContext, c: Fighter, spare: Callable[[], bool] | None = None) -> None:
    """One hour comatose: the Fortitude save and its consequences ('Non-Lethal Damage').

    ``spare``, called when the save fails, is a medic's care ('Assisted Healing'): when it
    returns True the HP are lost but not the skill and attribute points."""
    out = save(ctx, c, "fortitude", coma_dc(c), "Fortitude save (coma)")
    nhp, hp, skill, loss = c.nhp, c.hp, None, 0
    if out.critical == CRITICAL_SUCCESS:
        nhp = out_of_coma_nhp(c, ctx.options)
    elif out.success:
        nhp = min(c.nhp + 1, 0) if c.nhp < 0 else c.nhp
    else:
        loss = ctx.roll("1d10", f"{c.name} coma loss") if out.critical == CRITICAL_FAILURE else 1
        hp -= loss
        if spare is not None and spare():
            ctx.emit(
                ComaHour(
                    who=c.id,
                    hours=c.coma_hours + 1,
                    nhp_after=nhp,
                    hp_after=hp,
                    skill=None,
                    skill_after=0,
                    physique_after=c.attributes["physique"],
                    intellect_after=c.attributes["intellect"],
                )
            )
            check_death(ctx, c)
            return
        pick = ctx.roll(f"1d{len(PHYSIQUE_SKILLS)}", f"{c.name} Physique skill lost")
        skill = PHYSIQUE_SKILLS[pick - 1]
    ctx.emit(
        ComaHour(
            who=c.id,
            hours=c.coma_hours + 1,
            nhp_after=nhp,
            hp_after=hp,
            skill=skill,
            skill_after=c.skills[skill] - loss if skill else 0,
            physique_after=c.attributes["physique"] - loss,
            intellect_after=c.attributes["intellect"] - loss,
        )
    )
    if out.critical == CRITICAL_SUCCESS:
        ctx.emit(ConditionEnded(who=c.id, condition="comatose"))
    check_death(ctx, c)
