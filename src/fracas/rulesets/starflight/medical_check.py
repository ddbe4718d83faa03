"""A medic's Check on a patient's behalf (chapter 9.2, 'Assisted Healing'; 'Assisted Revival,
Resuscitation, and Stasis').

"Each ten points in the character's Recuperation skill add a plus one to the results of all
rolls the doctor makes on that character's behalf"; "For Stone Age cultures, all medical
Checks listed in this section are at a minus 75 penalty. All Metal Age cultures are at minus
25"; and revival and resuscitation "are considered assisted healing", so the same holds there.
"""

from __future__ import annotations

from fracas.rulesets.starflight.checks import Outcome, check, skill_modifier
from fracas.rulesets.starflight.medicine import MEDICAL_ATTRIBUTE, age_medicine, species_skill
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

RECUPERATION_STEP = 10


def tenths_up(n: int) -> int:
    """One-tenth of ``n`` rounded up (the chapter's '1/10th the degree ... (rounded up)')."""
    return -(-abs(n) // 10)


def tenths_down(n: int) -> int:
    """One-tenth of ``n`` rounded down."""
    return abs(n) // 10


def margin(out: Outcome) -> int:
    """The degree of success: how far the total beat the DC (0 for a success that only a
    natural critical gave)."""
    return max(0, out.total - out.dc)


def shortfall(out: Outcome) -> int:
    """The degree of failure: how far the total fell short of beating the DC (0 for a
    failure that only a natural critical gave)."""
    return max(0, out.dc - out.total)


def recuperation_bonus(patient: Fighter) -> int:
    """+1 per ten points of the patient's Recuperation on the medic's rolls for them.

    Chapter 9.2, 'Assisted Healing'.
    """
    return patient.skills["recuperation"] // RECUPERATION_STEP


def technology_penalty(medic: Fighter) -> int:
    """Stone Age -75, Metal Age -25 on every medical Check.

    Chapter 9.2, 'Assisted Healing'.
    """
    return age_medicine(medic.technology_age).penalty


def species_score(medic: Fighter, patient: Fighter) -> int:
    """The medic's score in the patient's "species" sub-discipline (Primatology, ...)."""
    return medic.skills[species_skill(patient.species_id)]


def medical_modifier(ctx: StarflightContext, medic: Fighter, patient: Fighter, skill: str) -> int:
    """Skill + attribute modifier - the medic's own penalties + the patient's Recuperation
    bonus + the technology-age penalty.

    Chapter 9.2, 'Assisted Healing'.
    """
    return medical_modifier_now(ctx.state, medic, patient, skill)


def medical_modifier_now(
    fight: Fight, medic: Fighter, patient: Fighter, skill: str = "intensive_care"
) -> int:
    """``medical_modifier`` read from the state alone (for tactics)."""
    own = skill_modifier(fight, medic, skill, MEDICAL_ATTRIBUTE)
    return own + recuperation_bonus(patient) + technology_penalty(medic)


def medical_check(
    ctx: StarflightContext,
    medic: Fighter,
    patient: Fighter,
    skill: str,
    dc: int,
    what: str,
    *,
    potential: bool = True,
) -> Outcome:
    """The medic's Check (Intensive Care or Long-Term Care) on ``patient``'s behalf.

    Chapter 9.2, 'Assisted Healing'.
    """
    label = f"{what} on {patient.name}" if medic.id != patient.id else what
    modifier = medical_modifier(ctx, medic, patient, skill)
    return check(ctx, medic, label, modifier, dc, potential=potential)
