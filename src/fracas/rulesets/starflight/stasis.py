"""Stasis (chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis').

"To place a character in stasis, an Intensive Care Check must be made ... The DC of the
Check is 75 plus the total amount of HP the character has received." Success: stasis until the
doctor revives the patient. Failure: stasis for one hour, and poison (drug) or cold damage
(cryogenic). Critical failure: the damage, and no stasis. Retry after a minute in the
Starfaring Age; never after a failure in the Industrial Age. "For every minute that a
character can remain clinically dead before the onset of brain death, stasis extends the
period to the same number of days in the Industrial Age and weeks in the Starfaring Age."
"""

from __future__ import annotations

from fracas.rulesets.starflight.checks import CRITICAL_FAILURE
from fracas.rulesets.starflight.death import PHYSIQUE_DEATH, ROUNDS_PER_MINUTE
from fracas.rulesets.starflight.events import Afflicted, Attempted, StasisEnded, StasisEntered
from fracas.rulesets.starflight.medical_check import medical_check
from fracas.rulesets.starflight.medicine import age_medicine
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

STASIS_BASE_DC = 75
SURGERY_STASIS_STEP = 10
FAILED_STASIS_ROUNDS = 600  # "remain in stasis for a period of one hour"
STASIS_DAMAGE = {"drug": "poisoned", "cryogenic": "cold damage (ten severity levels)"}
VEGETATIVE = "permanent vegetative state"


def stasis_dc(c: Fighter) -> int:
    """75 + the Lethal damage taken, + 10 for each hour already spent in emergency surgery.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    return STASIS_BASE_DC + (c.hp_max - c.hp) + SURGERY_STASIS_STEP * c.surgery_hours


def death_budget(fight: Fight, c: Fighter) -> int:
    """Rounds of clinical death left before brain death (outside stasis)."""
    used = 0 if c.dead_since is None else fight.clock() - c.dead_since
    return max(0, ROUNDS_PER_MINUTE * c.durability - used)


def stasis_deadline(fight: Fight, c: Fighter, unit: int) -> int:
    """The clock at which brain death comes in stasis: each minute that could still be spent
    clinically dead (option ``stasis_extends``: left now, or the whole Durability minutes)
    becomes ``unit`` minutes (a day or a week).

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    whole = ROUNDS_PER_MINUTE * c.durability
    budget = whole if fight.options.stasis_extends == "whole" else death_budget(fight, c)
    return fight.clock() + budget * unit


def stasis_problem(fight: Fight, medic: Fighter, patient: Fighter) -> str | None:
    """Why ``medic`` cannot try to place ``patient`` in stasis now, or None.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    age = age_medicine(medic.technology_age)
    if not age.stasis:
        return f"{medic.name}'s {medic.technology_age} age medicine has no stasis"
    if medic.stasis_method is None:
        return f"{medic.name} has no stasis drugs or cryogenic chamber"
    if patient.dead_since is None or patient.brain_dead:
        return f"{patient.name} is not clinically dead"
    if patient.in_stasis:
        return f"{patient.name} is already in stasis"
    if patient.stasis_failed:
        return f"a stasis attempt on {patient.name} failed: no more attempts in this age"
    last = patient.attempts.get("stasis")
    wait = age.stasis_retry_rounds or 0
    if last is not None and fight.clock() - last < wait:
        return f"{medic.name} must wait a minute after the last stasis attempt"
    if (
        patient.attributes["physique"] <= PHYSIQUE_DEATH
        and fight.options.physique_drain_stasis == "refused"
    ):
        return f"{patient.name} died of Physique drain: the GM lets them go"
    return None


def place_in_stasis(ctx: StarflightContext, medic: Fighter, patient: Fighter) -> bool:
    """The stasis entry Check and its outcomes; True if the patient is in stasis after it.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    fight = ctx.state
    age = age_medicine(medic.technology_age)
    unit = age.stasis_unit_minutes or 1
    method = medic.stasis_method or "drug"
    out = medical_check(ctx, medic, patient, "intensive_care", stasis_dc(patient), "stasis")
    now = fight.clock()
    barred = not out.success and age.stasis_retry_rounds is None
    ctx.emit(Attempted(who=patient.id, kind="stasis", at=now, barred=barred))
    if out.success:
        deadline = stasis_deadline(fight, patient, unit)
        ctx.emit(
            StasisEntered(
                who=patient.id,
                medic=medic.id,
                method=method,
                deadline=deadline,
                until=None,
                unit=unit,
            )
        )
        if patient.attributes["physique"] <= PHYSIQUE_DEATH:
            ctx.emit(Afflicted(who=patient.id, affliction=VEGETATIVE, reason="Physique drain"))
        return True
    damage = STASIS_DAMAGE[method]
    ctx.emit(Afflicted(who=patient.id, affliction=damage, reason="failed stasis entry"))
    if out.critical == CRITICAL_FAILURE:
        return False
    deadline = stasis_deadline(fight, patient, unit)
    until = now + FAILED_STASIS_ROUNDS
    ctx.emit(
        StasisEntered(
            who=patient.id, medic=medic.id, method=method, deadline=deadline, until=until, unit=unit
        )
    )
    return True


def leave_stasis(ctx: StarflightContext, c: Fighter, reason: str) -> None:
    """Out of stasis; a patient still clinically dead gets back the minutes it had left.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    fight = ctx.state
    dead_since = None
    if c.dead_since is not None:
        left = -(-max(0, c.stasis_deadline - fight.clock()) // max(1, c.stasis_unit))
        used = max(0, ROUNDS_PER_MINUTE * c.durability - left)
        dead_since = fight.clock() - used
    ctx.emit(StasisEnded(who=c.id, reason=reason, dead_since_after=dead_since))


def stasis_upkeep(ctx: StarflightContext, c: Fighter) -> None:
    """A failed entry's hour of stasis ends."""
    fight = ctx.state
    if c.in_stasis and c.stasis_until is not None and fight.clock() >= c.stasis_until:
        leave_stasis(ctx, c, "the hour of a failed stasis entry is up")
