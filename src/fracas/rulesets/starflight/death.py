"""Death states (chapter 9.2, 'Lethal Damage and Wounds').

Clinical death at zero HP, at three times Durability in Wounds, or at Physique -100; brain
death after Durability minutes (ten times Durability rounds) of clinical death; mutilation
(instant brain death) at twice HP in Lethal damage; a massive attack (50+ Lethal in one blow)
calls for a DC 75 Fortitude save or clinical death, and knocks out even on a success.
"""

from __future__ import annotations

from fracas.rulesets.starflight.checks import save
from fracas.rulesets.starflight.conditions import is_dead
from fracas.rulesets.starflight.events import BrainDeath, ClinicalDeath, KnockedOut
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

PHYSIQUE_DEATH = -100
MASSIVE_ATTACK_LETHAL = 50
MASSIVE_ATTACK_DC = 75
ROUNDS_PER_MINUTE = 10


def clinical_death_reason(c: Fighter) -> str | None:
    """Why the combatant is clinically dead now, or None.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    if c.hp <= 0:
        return "no HP left"
    if c.total_wounds() >= 3 * c.durability:
        return f"{c.total_wounds()} Wounds (three times Durability {c.durability})"
    if c.attributes["physique"] <= PHYSIQUE_DEATH:
        return "Physique drained to -100"
    return None


def is_mutilated(c: Fighter) -> bool:
    """'absorbed at least twice their normal amount of HP' in Lethal damage."""
    return c.hp_max - c.hp >= 2 * c.hp_max


def check_death(ctx: StarflightContext, c: Fighter, cause: str = "") -> None:
    """Emit clinical death and mutilation as soon as their conditions hold; ``cause`` (such
    as bleeding Wounds) is added to the reason the event and the account give.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    fight = ctx.state
    because = f": {cause}" if cause else ""
    if not is_dead(c):
        reason = clinical_death_reason(c)
        if reason is not None:
            ctx.emit(
                ClinicalDeath(who=c.id, reason=reason + because, round=fight.clock(), hp_after=c.hp)
            )
    if is_mutilated(c) and not c.brain_dead:
        ctx.emit(BrainDeath(who=c.id, reason="mutilated" + because, mutilated=True))


def brain_death_due(fight: Fight, c: Fighter) -> bool:
    """Clinically dead for Durability minutes (ten times Durability rounds) or more.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    if c.dead_since is None or c.brain_dead:
        return False
    if c.in_stasis:
        return fight.clock() >= c.stasis_deadline
    return fight.clock() - c.dead_since >= ROUNDS_PER_MINUTE * c.durability


def brain_death_upkeep(ctx: StarflightContext, c: Fighter) -> None:
    """End-of-round check for brain death.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    fight = ctx.state
    if brain_death_due(fight, c):
        minutes = c.durability
        reason = "stasis ran out" if c.in_stasis else f"{minutes} minutes clinically dead"
        ctx.emit(BrainDeath(who=c.id, reason=reason, mutilated=False))


def is_massive(lethal: int) -> bool:
    """'any single strike that causes 50 or more points of Lethal damage'."""
    return lethal >= MASSIVE_ATTACK_LETHAL


def massive_attack(ctx: StarflightContext, c: Fighter) -> None:
    """DC 75 Fortitude: failure is clinical death (HP down to at least zero); success still
    leaves the combatant Unconscious.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    fight = ctx.state
    what = "Fortitude save (massive attack)"
    outcome = save(ctx, c, "fortitude", MASSIVE_ATTACK_DC, what, potential=False)
    if not outcome.success:
        ctx.emit(
            ClinicalDeath(
                who=c.id, reason="massive attack", round=fight.clock(), hp_after=min(c.hp, 0)
            )
        )
    elif c.nhp > 0:
        ctx.emit(KnockedOut(who=c.id, reason="massive attack", nhp_after=0))
