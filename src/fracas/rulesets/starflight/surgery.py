"""Emergency surgery, prosthetics and regrowth (chapter 9.2, 'Assisted Healing' and
'Assisted Revival, Resuscitation, and Stasis').

Emergency surgery (Industrial Age) saves a character dead of three times Durability in
Wounds once they are in stasis: a DC 100 Intensive Care Check, + 10 per Wound to heal, once
an hour; the patient leaves stasis at the end of each hour. A maimed part takes a prosthetic
(Long-Term Care DC 100, retry after two weeks) or, in the Starfaring Age, is regrown (DC 125,
retry after four weeks).
"""

from __future__ import annotations

from fracas.rulesets.starflight.checks import CRITICAL_FAILURE, CRITICAL_SUCCESS
from fracas.rulesets.starflight.death import clinical_death_reason
from fracas.rulesets.starflight.events import Attempted, PartRestored, Resuscitated, SurgeryHour
from fracas.rulesets.starflight.medical_check import (
    medical_check,
    shortfall,
    species_score,
    tenths_down,
)
from fracas.rulesets.starflight.medicine import age_medicine
from fracas.rulesets.starflight.recovery import body_part, heal_wounds, pulled_through
from fracas.rulesets.starflight.stasis import leave_stasis, place_in_stasis, stasis_problem
from fracas.rulesets.starflight.state import Fighter, StarflightContext
from fracas.rulesets.starflight.wounds import inflict_wounds

SURGERY_BASE_DC = 100
SURGERY_STEP = 10
PROSTHETIC_DC = 100
REGROWTH_DC = 125
PROSTHETIC_WAIT_MIN = 14 * 24 * 60
REGROWTH_WAIT_MIN = 28 * 24 * 60
AMPUTEE_FIRST = 10
AMPUTEE_STEP = 5


def wounds_to_heal(c: Fighter) -> int:
    """Wounds above three times Durability minus one (what must heal to reverse death)."""
    return max(0, c.total_wounds() - (3 * c.durability - 1))


def surgery_due(c: Fighter, medic: Fighter) -> bool:
    """An Industrial Age doctor, a patient in stasis dead of Wounds."""
    return (
        age_medicine(medic.technology_age).emergency_surgery
        and c.in_stasis
        and not c.brain_dead
        and c.dead_since is not None
        and c.total_wounds() >= 3 * c.durability
    )


def emergency_surgery(ctx: StarflightContext, c: Fighter, medic: Fighter) -> None:
    """An hour of surgery: success heals one Wound per ten in the "species" skill; critical
    success leaves three times Durability minus one Wounds, then heals that many more;
    critical failure inflicts a Wound per ten points of the degree of failure. The patient
    then leaves stasis; alive if death is reversed, else put back in stasis if it can be.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    dc = SURGERY_BASE_DC + SURGERY_STEP * wounds_to_heal(c)
    out = medical_check(ctx, medic, c, "intensive_care", dc, "emergency surgery")
    per_ten = species_score(medic, c) // 10
    if out.critical == CRITICAL_SUCCESS:
        heal_wounds(ctx, c, wounds_to_heal(c) + per_ten, "emergency surgery")
    elif out.success:
        heal_wounds(ctx, c, per_ten, "emergency surgery")
    elif out.critical == CRITICAL_FAILURE and tenths_down(shortfall(out)):
        inflict_wounds(ctx, c, body_part(c), tenths_down(shortfall(out)), "botched surgery")
    ctx.emit(SurgeryHour(who=c.id, hours=c.surgery_hours + 1))
    if not c.brain_dead and clinical_death_reason(c) is None:
        ctx.emit(Resuscitated(who=c.id, medic=medic.id, hp_after=c.hp))
        pulled_through(ctx, c)
    leave_stasis(ctx, c, "the hour of surgery is over")
    if c.dead_since is not None and stasis_problem(ctx.state, medic, c) is None:
        place_in_stasis(ctx, medic, c)


def part_care_kind(ctx: StarflightContext, medic: Fighter) -> str | None:
    """'regrowth' or 'prosthetic' (option ``maimed_part_care``), or None if the age cannot."""
    age = age_medicine(medic.technology_age)
    if age.regrowth and ctx.options.maimed_part_care == "regrow":
        return "regrowth"
    return "prosthetic" if age.prosthetics else None


def part_care_due(ctx: StarflightContext, c: Fighter, medic: Fighter, part: str) -> bool:
    """A maimed part not yet working, and the wait after a failed attempt is over."""
    kind = part_care_kind(ctx, medic)
    if kind is None or part not in c.maimed or c.dead_since is not None:
        return False
    if kind == "prosthetic" and part not in c.failed:
        return False
    last = c.attempts.get(f"{kind}:{part}")
    wait = REGROWTH_WAIT_MIN if kind == "regrowth" else PROSTHETIC_WAIT_MIN
    return last is None or ctx.state.clock() - last >= 10 * wait


def care_for_part(ctx: StarflightContext, c: Fighter, medic: Fighter, part: str) -> None:
    """Fit a prosthetic (DC 100: the part works, Amputee unchanged) or regrow the part
    (DC 125: the part is whole, the penalties of its loss nullified).

    Chapter 9.2, 'Assisted Healing'.
    """
    kind = part_care_kind(ctx, medic) or "prosthetic"
    dc = REGROWTH_DC if kind == "regrowth" else PROSTHETIC_DC
    name = c.part_names.get(part, part)
    out = medical_check(ctx, medic, c, "long_term_care", dc, f"Long-Term Care ({kind}, {name})")
    ctx.emit(Attempted(who=c.id, kind=f"{kind}:{part}", at=ctx.state.clock()))
    if not out.success:
        return
    amputee = c.amputee
    if kind == "regrowth":
        others = len(c.maimed) - 1
        amputee = max(0, amputee - AMPUTEE_STEP) if others else 0
    how = "regrown" if kind == "regrowth" else "prosthetic"
    ctx.emit(PartRestored(who=c.id, part=part, how=how, amputee_after=amputee))
