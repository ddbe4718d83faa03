"""Medical Aid on the combat clock (chapter 9.2, 'Aid'; 'Assisted Revival, Resuscitation, and
Stasis'): revival with stimulants, resuscitation from zero HP, placing in stasis.

"a character may make an Intensive Care Check to apply medicines and or medical supplies ...
or (if necessary) to put the target in stasis". Aid needs the medic "within at least 50
meters"; it "counts as a special action" (option ``medical_aid_cost``). Leadership Aid
(rally, inspire) is another module's.
"""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import (
    Cost,
    PlaceInStasis,
    Resuscitate,
    Revive,
    register,
)
from fracas.rulesets.starflight.checks import CRITICAL_SUCCESS
from fracas.rulesets.starflight.death import PHYSIQUE_DEATH, check_death
from fracas.rulesets.starflight.events import (
    Afflicted,
    Attempted,
    DoseGiven,
    KnockedOut,
    LethalChanged,
    Resuscitated,
    StimulantWore,
    Stimulated,
)
from fracas.rulesets.starflight.medical_check import (
    margin,
    medical_check,
    shortfall,
    species_score,
    tenths_down,
    tenths_up,
)
from fracas.rulesets.starflight.medicine import age_medicine
from fracas.rulesets.starflight.range import distance_m
from fracas.rulesets.starflight.recovery import pulled_through
from fracas.rulesets.starflight.stasis import place_in_stasis, stasis_problem
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

AID_RANGE_M = 50
REVIVE_BASE_DC = 75
SAFE_DOSE_ROUNDS = 600  # "one attempt to revive a character per hour safely"
PREMATURE_STEP = 10
RESUSCITATION_BASE_DC = 50
RESUSCITATION_MOVING_DC = 100
RESUSCITATION_ROUNDS = 15
POISONED = "poisoned"


def _patient(fight: Fight, medic: Fighter, pid: str) -> Fighter:
    if pid not in fight.combatants or pid == medic.id:
        raise IllegalAction(f"{medic.name} cannot give medical aid to {pid!r}")
    patient = fight.fighter(pid)
    if patient.swallowed_by is not None:  # 'Swallow Whole': out of anyone's reach
        raise IllegalAction(f"{patient.name} is inside {fight.fighter(patient.swallowed_by).name}")
    if distance_m(medic, patient) > AID_RANGE_M:
        raise IllegalAction(f"{patient.name} is more than {AID_RANGE_M} m from {medic.name}")
    if patient.brain_dead:
        raise IllegalAction(f"{patient.name} is brain dead: nothing can be done")
    return patient


def aid_cost(fight: Fight, medic: Fighter, action: object) -> Cost:
    """A 'special action' (option ``medical_aid_cost``): a standard action, or a full round."""
    return "full" if fight.options.medical_aid_cost == "full" else "standard"


# -- revival ----------------------------------------------------------------------------------


def revive_dc(c: Fighter) -> int:
    """75 + the Non-Lethal and Impact Damage the patient has.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    return REVIVE_BASE_DC + (c.nhp_max - c.nhp)


def premature(fight: Fight, c: Fighter) -> bool:
    """Less than an hour since the patient's last dose."""
    return c.last_stimulant is not None and fight.clock() - c.last_stimulant < SAFE_DOSE_ROUNDS


def revive_problem(fight: Fight, medic: Fighter, patient: Fighter) -> str | None:
    """Why ``medic`` cannot give ``patient`` revival medicine now, or None.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    if medic.stimulants <= 0:
        return f"{medic.name} has no revival medicine left"
    if patient.dead_since is not None:
        return f"{patient.name} is clinically dead: that takes resuscitation"
    if patient.comatose:
        return f"{patient.name} is comatose: 'a Doctor may not revive a comatose patient'"
    if patient.in_stasis:
        return f"{patient.name} is in stasis"
    if patient.nhp > 0:
        return f"{patient.name} is not unconscious"
    return None


def revive(ctx: StarflightContext, medic: Fighter, patient: Fighter) -> None:
    """The revival Check: NHP to zero plus the degree (less 10 per premature dose), draining
    away one a round; an overdose (a premature dose failing, or its penalty eating the gain)
    deals Lethal damage and poisons; a critical success keeps the NHP.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    fight = ctx.state
    early = premature(fight, patient)
    doses = patient.premature_doses + 1 if early else 0
    now = fight.clock()
    ctx.emit(
        DoseGiven(
            medic=medic.id, who=patient.id, at=now, premature_doses=doses, left=medic.stimulants - 1
        )
    )
    out = medical_check(ctx, medic, patient, "intensive_care", revive_dc(patient), "revival")
    gain = margin(out) - PREMATURE_STEP * doses
    if out.success and gain > 0:
        nhp = min(gain, patient.nhp_max)
        boost = 0 if out.critical == CRITICAL_SUCCESS else nhp - patient.nhp
        ctx.emit(
            Stimulated(
                who=patient.id,
                medic=medic.id,
                nhp_after=nhp,
                boost=boost,
                at=now,
                premature_doses=doses,
            )
        )
        return
    if early:
        harm = shortfall(out) if not out.success else -gain
        if harm > 0:
            ctx.emit(
                LethalChanged(
                    who=patient.id, change=-harm, hp_after=patient.hp - harm, cause="overdose"
                )
            )
        ctx.emit(Afflicted(who=patient.id, affliction=POISONED, reason="overdose"))
        check_death(ctx, patient)


def stimulant_upkeep(ctx: StarflightContext, c: Fighter, rounds: int = 1) -> None:
    """'Each round after being resuscitated, the character loses one NHP until the character
    returns to the original amount of Non-Lethal Damage (and loses consciousness again)'.

    New damage or healing meanwhile changes the NHP itself, so it is 'figured in'.
    """
    if c.nhp_boost <= 0 or c.dead_since is not None:
        return
    drain = min(rounds, c.nhp_boost)
    was_up = c.nhp > 0
    ctx.emit(StimulantWore(who=c.id, nhp_after=c.nhp - drain, boost_after=c.nhp_boost - drain))
    if was_up and c.nhp <= 0:
        ctx.emit(KnockedOut(who=c.id, reason="revival medicine wore off", nhp_after=c.nhp))


def revive_choices(fight: Fight, medic: Fighter) -> list[Choice]:
    """Revival for each Unconscious patient within 50 m the medic can treat now."""
    return [
        Choice(f"revive {p.name}", Revive(actor=medic.id, patient=p.id), "aid")
        for p in _in_reach(fight, medic)
        if revive_problem(fight, medic, p) is None
    ]


@register(Revive, "standard", choices=revive_choices, cost_of=aid_cost)
def resolve_revive(ctx: StarflightContext, medic: Fighter, action: Revive) -> None:
    """Aid: revival medicine (chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis')."""
    patient = _patient(ctx.state, medic, action.patient)
    problem = revive_problem(ctx.state, medic, patient)
    if problem:
        raise IllegalAction(problem)
    revive(ctx, medic, patient)


# -- resuscitation ----------------------------------------------------------------------------


def resuscitation_dc(fight: Fight, c: Fighter, vehicle: str) -> int:
    """50 (100 in a moving vehicle) + the Lethal damage the patient has taken.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    base = RESUSCITATION_MOVING_DC if vehicle == "moving" else RESUSCITATION_BASE_DC
    return base + (c.hp_max - c.hp)


def resuscitation_interval(medic: Fighter, patient: Fighter) -> int:
    """Rounds between attempts: fifteen, less one per ten in the "species" skill (at least 1)."""
    return max(1, RESUSCITATION_ROUNDS - species_score(medic, patient) // 10)


def resuscitation_problem(fight: Fight, medic: Fighter, patient: Fighter) -> str | None:
    """Why ``medic`` cannot try to resuscitate ``patient`` now, or None.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    if not age_medicine(medic.technology_age).resuscitation:
        return f"resuscitation is beyond {medic.name}'s {medic.technology_age} age medicine"
    if patient.dead_since is None:
        return f"{patient.name} is not clinically dead"
    if patient.in_stasis:
        return f"{patient.name} is in stasis"
    if patient.total_wounds() >= 3 * patient.durability:
        return f"{patient.name} died of Wounds: that takes stasis (and surgery)"
    if patient.attributes["physique"] <= PHYSIQUE_DEATH:
        return f"{patient.name} died of Physique drain: resuscitation is 'nearly impossible'"
    last = patient.attempts.get("resuscitation")
    wait = resuscitation_interval(medic, patient)
    if last is not None and fight.clock() - last < wait:
        return f"the next resuscitation attempt on {patient.name} is {wait} rounds after the last"
    return None


def resuscitate(ctx: StarflightContext, medic: Fighter, patient: Fighter, vehicle: str) -> None:
    """The resuscitation Check: HP + 1/10 the degree (up) on success, - 1/10 the degree of
    failure (down) on failure; back to life once HP are above zero.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    fight = ctx.state
    dc = resuscitation_dc(fight, patient, vehicle)
    ctx.emit(Attempted(who=patient.id, kind="resuscitation", at=fight.clock()))
    out = medical_check(ctx, medic, patient, "intensive_care", dc, "resuscitation", potential=False)
    if out.success:
        hp = patient.hp + tenths_up(margin(out))
        if hp > 0:
            ctx.emit(Resuscitated(who=patient.id, medic=medic.id, hp_after=hp))
            pulled_through(ctx, patient)
        else:
            change = hp - patient.hp
            ctx.emit(
                LethalChanged(who=patient.id, change=change, hp_after=hp, cause="resuscitation")
            )
        return
    loss = tenths_down(shortfall(out))
    if loss:
        ctx.emit(
            LethalChanged(
                who=patient.id, change=-loss, hp_after=patient.hp - loss, cause="resuscitation"
            )
        )
        check_death(ctx, patient)


def resuscitate_choices(fight: Fight, medic: Fighter) -> list[Choice]:
    """Resuscitation for each patient within 50 m that it may save now."""
    return [
        Choice(f"resuscitate {p.name}", Resuscitate(actor=medic.id, patient=p.id), "aid")
        for p in _in_reach(fight, medic)
        if resuscitation_problem(fight, medic, p) is None
    ]


@register(Resuscitate, "standard", choices=resuscitate_choices, cost_of=aid_cost)
def resolve_resuscitate(ctx: StarflightContext, medic: Fighter, action: Resuscitate) -> None:
    """Aid: resuscitation (chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis')."""
    patient = _patient(ctx.state, medic, action.patient)
    problem = resuscitation_problem(ctx.state, medic, patient)
    if problem:
        raise IllegalAction(problem)
    resuscitate(ctx, medic, patient, ctx.state.inside_vehicle)


# -- stasis -----------------------------------------------------------------------------------


def stasis_choices(fight: Fight, medic: Fighter) -> list[Choice]:
    """Stasis for each clinically dead patient within 50 m, if the medic can."""
    return [
        Choice(f"place {p.name} in stasis", PlaceInStasis(actor=medic.id, patient=p.id), "aid")
        for p in _in_reach(fight, medic)
        if stasis_problem(fight, medic, p) is None
    ]


@register(PlaceInStasis, "standard", choices=stasis_choices, cost_of=aid_cost)
def resolve_stasis(ctx: StarflightContext, medic: Fighter, action: PlaceInStasis) -> None:
    """Aid: stasis entry (chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis')."""
    patient = _patient(ctx.state, medic, action.patient)
    problem = stasis_problem(ctx.state, medic, patient)
    if problem:
        raise IllegalAction(problem)
    place_in_stasis(ctx, medic, patient)


# -- legal choices ----------------------------------------------------------------------------


def _in_reach(fight: Fight, medic: Fighter) -> list[Fighter]:
    """Everyone but the medic within 50 m who is not beyond help (nor inside a creature)."""
    return [
        p
        for p in fight.fighters()
        if p.id != medic.id
        and not p.brain_dead
        and p.swallowed_by is None
        and distance_m(medic, p) <= AID_RANGE_M
    ]


def medical_choices(fight: Fight, medic: Fighter) -> list[Choice]:
    """Every medical Aid the medic may give now: each patient within 50 m, each kind that the
    patient's state, the medic's kit and age, and the waiting times allow."""
    return [
        *revive_choices(fight, medic),
        *resuscitate_choices(fight, medic),
        *stasis_choices(fight, medic),
    ]
