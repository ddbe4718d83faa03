"""Periodic healing checks after the fight (chapter 9.2, 'Healing and Recuperation' and
'Assisted Healing'): each one a short function, run by ``rest`` on the rest clock.

Natural healing uses the character's Recuperation; assisted healing shifts the Checks to the
medic's Long-Term Care (plus the patient's Recuperation bonus and the technology-age penalty).
"""

from __future__ import annotations

from fracas.engine.events import Note
from fracas.rulesets.starflight.checks import (
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    Outcome,
    save,
    skill_check,
)
from fracas.rulesets.starflight.conditions import is_unconscious
from fracas.rulesets.starflight.death import check_death
from fracas.rulesets.starflight.events import (
    Afflicted,
    Awoke,
    ConditionEnded,
    ConditionGained,
    LethalChanged,
    NonlethalChanged,
    PulledThrough,
    WoundsHealed,
)
from fracas.rulesets.starflight.medical_check import (
    margin,
    medical_check,
    shortfall,
    species_score,
    tenths_up,
)
from fracas.rulesets.starflight.nonlethal import PHYSIQUE_SKILLS, coma_level, impact_damage
from fracas.rulesets.starflight.state import Fighter, StarflightContext
from fracas.rulesets.starflight.wounds import inflict_wounds

INFECTED = "infected Wounds"
HALF_HOUR_CARE_DC = 25
HALF_HOUR_CARE_MOBILE_DC = 50
COMA_CARE_DC = 75
COMA_CARE_MOBILE_DC = 150
LETHAL_CARE_DC = 50
LETHAL_CARE_VEHICLE_DC = 100
WOUND_CARE_DC = 50
WOUND_DC_STEP = 10


def rec(c: Fighter) -> int:
    """The character's Recuperation score."""
    return c.skills["recuperation"]


def medic_bonus(ctx: StarflightContext, medic: Fighter | None) -> int:
    """'an extra HP of healing (both Lethal and Non-Lethal) for every ten points in the
    medic's Long-Term Care sub-discipline' (option ``medic_nearby_bonus``)."""
    if medic is None or ctx.options.medic_nearby_bonus == "none":
        return 0
    return medic.skills["long_term_care"] // 10


def asleep(ctx: StarflightContext) -> int:
    """'The GM may, at their discretion, lower the DCs for healing if the character decides
    to sleep over performing even light activities' (option ``sleep_dc_reduction``)."""
    return ctx.options.sleep_dc_reduction


def mobile(vehicle: str, ctx: StarflightContext) -> bool:
    """'located within a mobile vehicle' (option ``mobile_vehicle``)."""
    if ctx.options.mobile_vehicle == "any":
        return vehicle != "none"
    return vehicle == "moving"


# -- changing the counts ----------------------------------------------------------------------


def change_nonlethal(ctx: StarflightContext, c: Fighter, change: int, cause: str) -> None:
    """Heal NHP (``change`` > 0, up to the maximum) or add Impact Damage (< 0); wake the
    character at 1+ NHP, make them comatose past the threshold."""
    was_out = is_unconscious(c, ctx.options)
    nhp = min(c.nhp_max, c.nhp + change)
    if nhp == c.nhp:
        return
    ctx.emit(NonlethalChanged(who=c.id, change=nhp - c.nhp, nhp_after=nhp, cause=cause))
    if coma_level(c, ctx.options) and not c.comatose:
        ctx.emit(ConditionGained(who=c.id, condition="comatose", reason="Impact Damage"))
    elif c.comatose and not coma_level(c, ctx.options):
        ctx.emit(ConditionEnded(who=c.id, condition="comatose"))
    if was_out and not is_unconscious(c, ctx.options):
        ctx.emit(Awoke(who=c.id))


def lose_impact(ctx: StarflightContext, c: Fighter, points: int, cause: str) -> None:
    """Lose up to ``points`` Impact Damage (no further: NHP stop at zero)."""
    change = min(points, impact_damage(c))
    if change > 0:
        change_nonlethal(ctx, c, change, cause)


def change_lethal(ctx: StarflightContext, c: Fighter, change: int, cause: str) -> None:
    """Heal HP (up to the maximum) or lose them (then the death thresholds)."""
    hp = min(c.hp_max, c.hp + change)
    if hp == c.hp:
        return
    ctx.emit(LethalChanged(who=c.id, change=hp - c.hp, hp_after=hp, cause=cause))
    if change < 0:
        check_death(ctx, c)


def wound_order(c: Fighter) -> list[str]:
    """Parts to heal first: most Wounds first, ties in body-plan order (PROPOSED)."""
    order = list(c.part_kinds)
    hurt = [p for p in c.wounds if c.wounds[p] > 0]
    return sorted(hurt, key=lambda p: (-c.wounds[p], order.index(p) if p in order else 0))


def heal_wounds(
    ctx: StarflightContext, c: Fighter, count: int, cause: str, *, scar: bool = False
) -> None:
    """Heal ``count`` Wounds (at most all); ``scar``: the Wound leaves one (Comeliness -1).
    A failed, unmaimed part works again once its Wounds are gone."""
    left = dict(c.wounds)
    healed = 0
    for part in wound_order(c):
        while healed < count and left[part] > 0:
            left[part] -= 1
            healed += 1
    if not healed:
        return
    changed = {p: n for p, n in left.items() if n != c.wounds.get(p, 0)}
    working = tuple(p for p in c.failed if p not in c.maimed and left.get(p, 0) == 0)
    ctx.emit(
        WoundsHealed(
            who=c.id,
            healed=healed,
            parts=changed,
            total_after=sum(left.values()),
            cause=cause,
            scar=scar,
            comeliness_after=c.comeliness - 1 if scar else c.comeliness,
            working=working,
        )
    )


def infection_save(ctx: StarflightContext, c: Fighter) -> None:
    """'must make a Fortitude Save to fight off an infection (see Chapter 12.4.2)': the DC is
    an option; a failure records the infection (chapter 12.4.2 resolves it)."""
    out = save(ctx, c, "fortitude", ctx.options.infection_save_dc, "Fortitude save (infection)")
    if not out.success:
        ctx.emit(Afflicted(who=c.id, affliction=INFECTED, reason="failed infection save"))


# -- natural healing ('Healing Non-Lethal Damage Naturally') ------------------------------------


def conscious_nonlethal(ctx: StarflightContext, c: Fighter, medic: Fighter | None) -> None:
    """Conscious: one NHP per point of Recuperation an hour, no Check.

    Chapter 9.2, 'Healing Non-Lethal Damage Naturally'.
    """
    change_nonlethal(ctx, c, rec(c) + medic_bonus(ctx, medic), "natural healing")


def recuperation_dc_nonlethal(c: Fighter) -> int:
    """'a DC equal to the total number of Non-Lethal and Impact Damage points'."""
    return c.nhp_max - c.nhp


def unconscious_recuperation(ctx: StarflightContext, c: Fighter) -> Outcome:
    """The hourly Recuperation Check of an Unconscious (or comatose) character: success loses
    1 + Recuperation/10 Impact Damage (then, option ``unconscious_nonlethal_healing``, heals
    NHP the same way); critical success 1/10 the degree (up); critical failure adds 1/10 the
    degree of failure (up) as Impact Damage.

    Chapter 9.2, 'Healing Non-Lethal Damage Naturally'.
    """
    dc = recuperation_dc_nonlethal(c) - asleep(ctx)
    out = skill_check(ctx, c, "recuperation", "physique", dc, "Recuperation (unconscious)")
    if out.critical == CRITICAL_FAILURE:
        change_nonlethal(ctx, c, -tenths_up(shortfall(out)), "critical failure")
        return out
    if not out.success:
        return out
    points = tenths_up(margin(out)) if out.critical == CRITICAL_SUCCESS else 1 + rec(c) // 10
    if impact_damage(c) > 0:
        lose_impact(ctx, c, points, "Recuperation")
    else:
        change_nonlethal(ctx, c, points, "Recuperation")
    return out


def unconscious_free_healing(ctx: StarflightContext, c: Fighter, medic: Fighter | None) -> None:
    """Option ``unconscious_nonlethal_healing: free``: no Impact Damage left, NHP heal as for
    a conscious character."""
    change_nonlethal(ctx, c, rec(c) + medic_bonus(ctx, medic), "natural healing")


# -- natural healing ('Healing Lethal Damage and Wounds Naturally') -----------------------------


def natural_lethal_interval(c: Fighter) -> int:
    """Hours between Checks: eight, less one per ten Recuperation (at least one)."""
    return max(1, 8 - rec(c) // 10)


def natural_lethal(ctx: StarflightContext, c: Fighter, medic: Fighter | None) -> Outcome:
    """The Recuperation Check for Lethal damage: DC Lethal damage + Wounds. Success: no
    Wounds, Recuperation HP; Wounds, 1 + Recuperation/10 HP and one Wound healed; critical
    success heals 1/10 the degree (up) more Wounds; critical failure: 1/10 the degree of
    failure (up) Lethal damage, and with Wounds as many more as there are Wounds and an
    infection save.

    Chapter 9.2, 'Healing Lethal Damage and Wounds Naturally'.
    """
    dc = (c.hp_max - c.hp) + c.total_wounds() - asleep(ctx)
    out = skill_check(ctx, c, "recuperation", "physique", dc, "Recuperation (Lethal damage)")
    bonus = medic_bonus(ctx, medic)
    if out.success:
        if not c.total_wounds():
            change_lethal(ctx, c, rec(c) + bonus, "Recuperation")
            if rec(c) + bonus <= 0:  # a success that heals nothing says so
                ctx.emit(
                    Note(
                        text=f"    {c.name} heals no HP: one per point of Recuperation, "
                        f"and {c.name} has none"
                    )
                )
        else:
            change_lethal(ctx, c, 1 + rec(c) // 10 + bonus, "Recuperation")
            extra = tenths_up(margin(out)) if out.critical == CRITICAL_SUCCESS else 0
            heal_wounds(ctx, c, 1 + extra, "Recuperation")
    elif out.critical == CRITICAL_FAILURE:
        wounds = c.total_wounds()
        change_lethal(ctx, c, -(tenths_up(shortfall(out)) + wounds), "critical failure")
        if wounds and not c.brain_dead:
            infection_save(ctx, c)
    return out


def natural_wound_interval(c: Fighter) -> int:
    """Hours between Checks: 24, less one per ten Recuperation (at least one)."""
    return max(1, 24 - rec(c) // 10)


def natural_wounds(ctx: StarflightContext, c: Fighter) -> Outcome:
    """The daily Recuperation Check for Wounds: DC ten per Wound. Success heals 1 +
    Recuperation/10; otherwise one heals with a scar; critical success heals all; critical
    failure infects the Wounds left.

    Chapter 9.2, 'Healing Lethal Damage and Wounds Naturally'.
    """
    dc = WOUND_DC_STEP * c.total_wounds() - asleep(ctx)
    out = skill_check(ctx, c, "recuperation", "physique", dc, "Recuperation (Wounds)")
    if out.critical == CRITICAL_SUCCESS:
        heal_wounds(ctx, c, c.total_wounds(), "critical success")
    elif out.success:
        heal_wounds(ctx, c, 1 + rec(c) // 10, "Recuperation")
    else:
        heal_wounds(ctx, c, 1, "healed with a scar", scar=True)
        if out.critical == CRITICAL_FAILURE and c.total_wounds():
            ctx.emit(Afflicted(who=c.id, affliction=INFECTED, reason="critical failure"))
    return out


# -- assisted healing ('Assisted Healing') ---------------------------------------------------


def cared_conscious_nonlethal(ctx: StarflightContext, c: Fighter, medic: Fighter) -> None:
    """'a character will gain Non-Lethal HP equal to their Recuperation score every
    half-hour, if the character is conscious the entire time'.

    Chapter 9.2, 'Assisted Healing'.
    """
    change_nonlethal(ctx, c, rec(c) + medic_bonus(ctx, medic), "medical care")


def half_hour_care(ctx: StarflightContext, c: Fighter, medic: Fighter, vehicle: str) -> Outcome:
    """Long-Term Care every half hour for the Unconscious with Impact Damage: DC 25 (50 in a
    mobile vehicle) + Non-Lethal and Impact Damage. Success: 1/10 the degree (up) Impact
    Damage lost; failure: 1 + Recuperation/10 lost; critical failure: the degree of failure
    added; critical success: 1 NHP and awake.

    Chapter 9.2, 'Assisted Healing'.
    """
    base = HALF_HOUR_CARE_MOBILE_DC if mobile(vehicle, ctx) else HALF_HOUR_CARE_DC
    dc = base + (c.nhp_max - c.nhp) - asleep(ctx)
    out = medical_check(ctx, medic, c, "long_term_care", dc, "Long-Term Care (unconscious)")
    if out.critical == CRITICAL_SUCCESS:
        change_nonlethal(ctx, c, 1 - c.nhp, "critical success")
    elif out.critical == CRITICAL_FAILURE:
        change_nonlethal(ctx, c, -shortfall(out), "critical failure")
    elif out.success:
        lose_impact(ctx, c, tenths_up(margin(out)), "medical care")
    else:
        lose_impact(ctx, c, 1 + rec(c) // 10, "medical care")
    return out


def coma_care(ctx: StarflightContext, c: Fighter, medic: Fighter, vehicle: str) -> Outcome:
    """After a failed coma save, Long-Term Care DC 75 (150 in a mobile vehicle) + Non-Lethal
    and Impact Damage keeps the skill and attribute points; a critical failure crashes the
    patient (the caller takes them to zero HP).

    Chapter 9.2, 'Assisted Healing'.
    """
    base = COMA_CARE_MOBILE_DC if mobile(vehicle, ctx) else COMA_CARE_DC
    dc = base + (c.nhp_max - c.nhp)
    return medical_check(ctx, medic, c, "long_term_care", dc, "Long-Term Care (coma)")


def cared_lethal_interval(medic: Fighter, c: Fighter) -> int:
    """Hours between Checks: four, less one per ten in the "species" skill (one minimum)."""
    return max(1, 4 - species_score(medic, c) // 10)


def cared_lethal(ctx: StarflightContext, c: Fighter, medic: Fighter, vehicle: str) -> Outcome:
    """Long-Term Care for Lethal damage: DC 50 (100 inside a vehicle) + Lethal damage +
    Wounds. Success: no Wounds, the degree in HP; Wounds, Long-Term Care/10 HP and 1/10 the
    degree (up) Wounds healed. Critical failure: 1/10 the degree of failure (up) Lethal damage
    and one Wound (not in stasis: 'without risk of causing additional Wounds'); with Wounds
    also Lethal damage equal to the new count and an infection save.

    Chapter 9.2, 'Assisted Healing'.
    """
    base = LETHAL_CARE_VEHICLE_DC if vehicle != "none" else LETHAL_CARE_DC
    dc = base + (c.hp_max - c.hp) + c.total_wounds() - asleep(ctx)
    out = medical_check(ctx, medic, c, "long_term_care", dc, "Long-Term Care (Lethal damage)")
    if out.success:
        if not c.total_wounds():
            change_lethal(ctx, c, margin(out), "medical care")
        else:
            change_lethal(ctx, c, medic.skills["long_term_care"] // 10, "medical care")
            heal_wounds(ctx, c, tenths_up(margin(out)), "medical care")
    elif out.critical == CRITICAL_FAILURE:
        had = c.total_wounds()
        change_lethal(ctx, c, -tenths_up(shortfall(out)), "critical failure")
        if not c.in_stasis and not c.brain_dead:
            inflict_wounds(ctx, c, body_part(c), 1, "critical failure of care")
        if had and not c.brain_dead:
            change_lethal(ctx, c, -c.total_wounds(), "critical failure")
            infection_save(ctx, c)
    return out


def cared_wound_interval(medic: Fighter, c: Fighter) -> int:
    """Hours between Checks: twelve, less one per ten in the "species" skill (one minimum)."""
    return max(1, 12 - species_score(medic, c) // 10)


def cared_wounds(ctx: StarflightContext, c: Fighter, medic: Fighter) -> Outcome:
    """Long-Term Care for Wounds: DC 50 + ten per Wound. Success heals 1/10 the degree (up);
    otherwise one heals with a scar; critical success heals all; critical failure calls for
    an infection save.

    Chapter 9.2, 'Assisted Healing'.
    """
    dc = WOUND_CARE_DC + WOUND_DC_STEP * c.total_wounds() - asleep(ctx)
    out = medical_check(ctx, medic, c, "long_term_care", dc, "Long-Term Care (Wounds)")
    if out.critical == CRITICAL_SUCCESS:
        heal_wounds(ctx, c, c.total_wounds(), "critical success")
    elif out.success:
        heal_wounds(ctx, c, tenths_up(margin(out)), "medical care")
    else:
        heal_wounds(ctx, c, 1, "healed with a scar", scar=True)
        if out.critical == CRITICAL_FAILURE and c.total_wounds() and not c.brain_dead:
            infection_save(ctx, c)
    return out


def pulled_through(ctx: StarflightContext, c: Fighter) -> None:
    """After a crash, once brought back: 'the character is restored to their previous HP
    level, but loses 2d10 additional skill points from any one Physique skill and one point
    from any Intellect Skill'.

    Chapter 9.2, 'Assisted Healing'.
    """
    if c.crash_hp is None or c.dead_since is not None:
        return
    loss = ctx.roll("2d10", f"{c.name} faculties lost in the crash")
    pick = ctx.roll(f"1d{len(PHYSIQUE_SKILLS)}", f"{c.name} Physique skill lost")
    skill = PHYSIQUE_SKILLS[pick - 1]
    ctx.emit(
        PulledThrough(
            who=c.id,
            hp_after=c.crash_hp,
            skill=skill,
            loss=loss,
            skill_after=c.skills[skill] - loss,
            intellect_after=c.attributes["intellect"] - 1,
        )
    )


def body_part(c: Fighter) -> str:
    """The first Body Area part (it never fails or is maimed), else the first part."""
    for part, kind in c.part_kinds.items():
        if kind == "body":
            return part
    return next(iter(c.part_kinds))
