"""Lethal damage and Wounds (chapter 9.2, 'Lethal Damage and Wounds').

"When a body part takes Lethal Damage, one Wound is inflicted in addition to the HP damage".
Each Wound costs -1 on Checks and one Lethal point every ten rounds; being wounded calls for a
Fortitude save (DC 50 + the Lethal damage taken so far) or the combatant passes out.
"""

from __future__ import annotations

from fracas.rulesets.starflight.checks import Outcome, save
from fracas.rulesets.starflight.conditions import is_dead, is_fatigued, is_unconscious
from fracas.rulesets.starflight.death import check_death
from fracas.rulesets.starflight.events import Bled, ConditionGained, KnockedOut, WoundsInflicted
from fracas.rulesets.starflight.part_failure import part_thresholds
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

WOUND_FORTITUDE_BASE = 50
BLEED_EVERY = 10


def wound_count(ctx: StarflightContext, c: Fighter, purpose: str) -> int:
    """'Roll d5 for the number of wounds': d5, a plain d10, or ceil(d10/2) (an option)."""
    die = ctx.options.wound_die
    if die == "d5":
        return ctx.roll("1d5", f"{c.name} {purpose}")
    value = ctx.roll("1d10", f"{c.name} {purpose}")
    return value if die == "d10" else -(-value // 2)


def wounds_after(c: Fighter, part: str, count: int, maiming_blow: str) -> int:
    """The part's Wounds after ``count`` more ('Lethal Damage and Wounds'). A maimed part "is
    no longer available to take Wounds"; the blow that maims it keeps only the Wounds up to
    twice Durability (``maiming_blow_wounds: capped``) or all of them (``kept``). "A
    combatant's Body Area never fails", so it is never maimed and takes any number."""
    before = c.wounds.get(part, 0)
    if c.part_kinds.get(part) == "body":
        return before + count
    if part in c.maimed:
        return before
    if maiming_blow == "kept":
        return before + count
    return min(2 * c.durability, before + count)


def inflict_wounds(ctx: StarflightContext, c: Fighter, part: str, count: int, cause: str) -> int:
    """Add Wounds to a part (capped), then check the part and death thresholds. Returns the
    Wounds actually added.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    before = c.wounds.get(part, 0)
    after = wounds_after(c, part, count, ctx.options.maiming_blow_wounds)
    if after == before:
        return 0
    total = c.total_wounds() - before + after
    ctx.emit(
        WoundsInflicted(
            target=c.id, part=part, count=after - before, on_part=after, total=total, cause=cause
        )
    )
    part_thresholds(ctx, c, part)
    check_death(ctx, c)
    return after - before


def wound_fortitude_dc(c: Fighter) -> int:
    """DC 50 plus the Lethal damage taken so far.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    return WOUND_FORTITUDE_BASE + (c.hp_max - c.hp)


def wound_fortitude(ctx: StarflightContext, c: Fighter) -> Outcome:
    """'A character must make a Fortitude Save ... If the save fails, the character is
    immediately rendered Unconscious, and they are reduced to zero NHP.' It has no critical
    potential (not among the chapter's rolls that have it), so the account names none."""
    dc = wound_fortitude_dc(c)
    outcome = save(ctx, c, "fortitude", dc, "Fortitude save (wounded)", potential=False)
    if not outcome.success:
        ctx.emit(KnockedOut(who=c.id, reason="the pain of the wound", nhp_after=min(c.nhp, 0)))
    return outcome


def after_lethal(ctx: StarflightContext, c: Fighter, hp_before: int) -> None:
    """Fatigued on reaching half HP (for the account; the state follows from HP).

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    if not is_fatigued(c) or hp_before * 2 <= c.hp_max or is_dead(c):
        return
    ctx.emit(ConditionGained(who=c.id, condition="fatigued", reason="half HP lost"))


def bleed_due(fight: Fight, c: Fighter) -> bool:
    """Whether this round's regeneration phase costs the Wounds' Lethal points."""
    if not c.total_wounds() or c.brain_dead or c.in_stasis:
        return False
    if fight.options.wound_bleed == "every-tenth-round":
        return fight.round % BLEED_EVERY == 0
    first = c.first_wound_round
    return first is not None and fight.round > first and (fight.round - first) % BLEED_EVERY == 0


def bleed(ctx: StarflightContext, c: Fighter) -> None:
    """'costs the character an additional point of Lethal damage every ten rounds', conscious
    or not; a death it causes names the bleeding."""
    amount = c.total_wounds()
    before = c.hp
    ctx.emit(Bled(who=c.id, amount=amount, hp_after=c.hp - amount))
    after_lethal(ctx, c, before)
    plural = "s" if amount != 1 else ""
    check_death(ctx, c, f"bled to death by {amount} Wound{plural}")


def needs_wound_fortitude(c: Fighter, wounds_before: int, ctx: StarflightContext) -> bool:
    """After a hit that wounded a conscious, living combatant.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    return c.total_wounds() > wounds_before and not is_unconscious(c, ctx.options)
