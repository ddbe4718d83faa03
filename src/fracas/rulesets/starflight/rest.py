"""Rest after the fight (chapter 9.2, 'Healing and Recuperation', 'Assisted Healing' and
'Assisted Revival, Resuscitation, and Stasis').

"Characters cannot heal naturally in combat situations", so time for healing is a ``Rest``
action taken once the fight is over (``EncounterEnded``): it is logged, replayed and undone
like any other action. The rest clock runs in half hours (the shortest period the chapter
names, the medic's half-hourly care) from the end of the fight, across every rest; each
periodic check runs when the clock reaches a multiple of its period. A medic (``medic``)
cares for the others on their side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fracas.engine import IllegalAction
from fracas.engine.events import Note
from fracas.rulesets.starflight.actions import Rest
from fracas.rulesets.starflight.checks import CRITICAL_FAILURE, save
from fracas.rulesets.starflight.conditions import is_unconscious
from fracas.rulesets.starflight.death import (
    ROUNDS_PER_MINUTE,
    brain_death_upkeep,
    clinical_death_reason,
)
from fracas.rulesets.starflight.events import (
    ConditionEnded,
    Crashed,
    RestClock,
    RestStarted,
    RestTime,
    Resuscitated,
)
from fracas.rulesets.starflight.medical_aid import (
    resuscitate,
    resuscitation_interval,
    resuscitation_problem,
    stimulant_upkeep,
)
from fracas.rulesets.starflight.medicine import age_medicine
from fracas.rulesets.starflight.nonlethal import coma_hour, impact_damage
from fracas.rulesets.starflight.recovery import (
    cared_conscious_nonlethal,
    cared_lethal,
    cared_lethal_interval,
    cared_wound_interval,
    cared_wounds,
    coma_care,
    conscious_nonlethal,
    half_hour_care,
    medic_bonus,
    natural_lethal,
    natural_lethal_interval,
    natural_wound_interval,
    natural_wounds,
    pulled_through,
    rec,
    unconscious_free_healing,
    unconscious_recuperation,
)
from fracas.rulesets.starflight.stasis import (
    death_budget,
    leave_stasis,
    place_in_stasis,
    stasis_problem,
    stasis_upkeep,
)
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext
from fracas.rulesets.starflight.surgery import (
    care_for_part,
    emergency_surgery,
    part_care_due,
    surgery_due,
)
from fracas.rulesets.starflight.wounds import bleed

TICK_MIN = 30
HOUR = 60
MAX_REST_HOURS = 24 * 7 * 52 * 2
DRAIN_ROUNDS = 10 * TICK_MIN
VEHICLES = ("none", "parked", "moving")


@dataclass(frozen=True, slots=True)
class Care:
    """Who rests with whom: the medic (if conscious and alive) and the vehicle."""

    medic: Fighter | None
    vehicle: str


def rest_problem(fight: Fight, action: Rest) -> str | None:
    """Why the rest cannot be taken now, or None."""
    if not fight.over:
        return "the fight is not over: 'Characters cannot heal naturally in combat situations'"
    if not 1 <= action.hours <= MAX_REST_HOURS:
        return f"hours: {action.hours} is not between 1 and {MAX_REST_HOURS}"
    if action.vehicle not in VEHICLES:
        return f"vehicle: {action.vehicle!r} is not one of {', '.join(VEHICLES)}"
    if action.medic is not None:
        if action.medic not in fight.combatants:
            return f"medic: no combatant {action.medic!r}"
        m = fight.fighter(action.medic)
        if is_unconscious(m, fight.options):
            return f"medic: {m.name} is in no state to care for anyone"
    return None


def available_medic(fight: Fight, medic_id: str | None) -> Fighter | None:
    """The medic, while conscious and alive."""
    if medic_id is None:
        return None
    m = fight.fighter(medic_id)
    return None if is_unconscious(m, fight.options) else m


def medic_for(fight: Fight, c: Fighter, care: Care) -> Fighter | None:
    """The medic caring for ``c``: another combatant on its side ('in a group with a medic')."""
    m = care.medic
    if m is None or m.id == c.id or m.side != c.side:
        return None
    return None if is_unconscious(m, fight.options) else m


def every(minute: int, hours: int) -> bool:
    """Whether the rest clock is at a multiple of ``hours``."""
    return minute % (HOUR * hours) == 0


def alive(c: Fighter) -> bool:
    """Not clinically dead."""
    return c.dead_since is None


# -- the checks of one half hour, in order ------------------------------------------------------

Due = Callable[[StarflightContext, Fighter, Fighter | None, int], bool]
Run = Callable[[StarflightContext, Fighter, Fighter | None, Care], None]


def _drain_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    return c.nhp_boost > 0


def _drain(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    stimulant_upkeep(ctx, c, DRAIN_ROUNDS)


def _bleed_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    return ctx.options.rest_wounds_bleed and c.total_wounds() > 0 and not c.brain_dead


def _bleed(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    for _ in range(TICK_MIN):
        if c.brain_dead or c.in_stasis:
            return
        bleed(ctx, c)


def _stasis_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    return c.in_stasis and c.stasis_until is not None


def _stasis(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    stasis_upkeep(ctx, c)


def _brain_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    return c.dead_since is not None and not c.brain_dead


def _brain(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    brain_death_upkeep(ctx, c)


def _surgery_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    return m is not None and every(minute, 1) and surgery_due(c, m)


def _surgery(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    if m is not None:
        emergency_surgery(ctx, c, m)


def _in_stasis_care(c: Fighter, m: Fighter | None) -> bool:
    """'If a character is successfully put in stasis, a doctor may treat them with Long-Term
    Care checks without risk of causing additional Wounds'; a death of three times Durability
    in Wounds takes emergency surgery in the Industrial Age, the normal process in the
    Starfaring Age."""
    if m is None or not c.in_stasis or c.dead_since is None or c.brain_dead:
        return False
    of_wounds = c.total_wounds() >= 3 * c.durability
    return age_medicine(m.technology_age).stasis_heals_wounds or not of_wounds


def _heals(c: Fighter, m: Fighter | None) -> bool:
    """Alive and out of stasis (stasis stops natural healing), or cared for in stasis."""
    return (alive(c) and not c.in_stasis) or _in_stasis_care(c, m)


def _coma_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    return alive(c) and not c.in_stasis and c.comatose and every(minute, 1)


def _coma(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    """The hourly coma save; a medic's care may spare the skill and attribute points."""
    crashed: list[bool] = []

    def spare() -> bool:
        if m is None:
            return False
        out = coma_care(ctx, c, m, care.vehicle)
        crashed.append(out.critical == CRITICAL_FAILURE)
        return out.success

    coma_hour(ctx, c, spare)
    if crashed and crashed[0] and c.dead_since is None:
        fight = ctx.state
        ctx.emit(Crashed(who=c.id, hp_before=c.hp, round=fight.clock()))


def _half_hour_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    if m is None or not alive(c) or c.in_stasis or c.comatose:
        return False
    if is_unconscious(c, ctx.options):
        return impact_damage(c) > 0
    return c.nhp < c.nhp_max and rec(c) + medic_bonus(ctx, m) > 0


def _half_hour(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    if m is None:
        return
    if not is_unconscious(c, ctx.options):
        if c.nhp < c.nhp_max:
            cared_conscious_nonlethal(ctx, c, m)
    elif impact_damage(c) > 0:
        half_hour_care(ctx, c, m, care.vehicle)


def coma_hour_lost(ctx: StarflightContext, c: Fighter) -> bool:
    """Option ``coma_failure_recovery: none``: the coma save failed this hour, so "not only
    does the character not lose a point of Impact Damage that hour" - no Recuperation Check
    that hour ('Non-Lethal Damage')."""
    failed = c.coma_save_failed_at == ctx.state.clock()
    return failed and ctx.options.coma_failure_recovery == "none"


def _natural_nl_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    if not (alive(c) and not c.in_stasis and every(minute, 1) and c.nhp < c.nhp_max):
        return False
    conscious = not is_unconscious(c, ctx.options)
    if conscious and m is not None and ctx.options.medic_half_hour_nonlethal == "replaces":
        return False
    free = conscious or (
        impact_damage(c) == 0 and ctx.options.unconscious_nonlethal_healing == "free"
    )
    if free and rec(c) + medic_bonus(ctx, m) <= 0:
        return False
    return conscious or m is None or ctx.options.natural_checks_with_medic


def _natural_nl(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    if not is_unconscious(c, ctx.options):
        conscious_nonlethal(ctx, c, m)
    elif coma_hour_lost(ctx, c):
        return
    elif impact_damage(c) > 0 or ctx.options.unconscious_nonlethal_healing == "check":
        if c.nhp <= 0 or impact_damage(c) > 0:
            unconscious_recuperation(ctx, c)
    else:
        unconscious_free_healing(ctx, c, m)


def _natural_ok(ctx: StarflightContext, c: Fighter, m: Fighter | None) -> bool:
    return alive(c) and not c.in_stasis and (m is None or ctx.options.natural_checks_with_medic)


def _natural_lethal_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    hurt = c.hp < c.hp_max or c.total_wounds() > 0
    return hurt and _natural_ok(ctx, c, m) and every(minute, natural_lethal_interval(c))


def _natural_lethal(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    natural_lethal(ctx, c, m)


def _natural_wounds_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    hurt = c.total_wounds() > 0
    return hurt and _natural_ok(ctx, c, m) and every(minute, natural_wound_interval(c))


def _natural_wounds(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    natural_wounds(ctx, c)


def _cared_lethal_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    if m is None or not _heals(c, m) or not (c.hp < c.hp_max or c.total_wounds() > 0):
        return False
    return every(minute, cared_lethal_interval(m, c))


def _cared_lethal(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    if m is not None:
        cared_lethal(ctx, c, m, care.vehicle)
        _revive_from_stasis(ctx, c, m)


def _cared_wounds_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    if m is None or not _heals(c, m) or not c.total_wounds():
        return False
    return every(minute, cared_wound_interval(m, c))


def _cared_wounds(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    if m is not None:
        cared_wounds(ctx, c, m)
        _revive_from_stasis(ctx, c, m)


def _revive_from_stasis(ctx: StarflightContext, c: Fighter, m: Fighter) -> None:
    """The Starfaring shortcut: once the cause of death is healed, the doctor brings the
    patient out of stasis, alive (Unconscious until the Impact Damage heals)."""
    if c.dead_since is None or c.brain_dead or clinical_death_reason(c) is not None:
        return
    ctx.emit(Resuscitated(who=c.id, medic=m.id, hp_after=c.hp))
    if c.in_stasis:
        leave_stasis(ctx, c, "revived by the doctor")
    pulled_through(ctx, c)


def _shaken_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    return c.shaken and alive(c) and not is_unconscious(c, ctx.options) and every(minute, 1)


def _shaken(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    """'A Shaken character can snap out of it with a successful Willpower Save': in a rest,
    once an hour (PROPOSED; in a fight it is the start of each turn)."""
    what = "Willpower save (shake off Shaken)"
    out = save(ctx, c, "willpower", c.shaken_dc, what, potential=False)
    if out.success:
        ctx.emit(ConditionEnded(who=c.id, condition="shaken"))


def _parts_due(ctx: StarflightContext, c: Fighter, m: Fighter | None, minute: int) -> bool:
    if m is None or not every(minute, 1):
        return False
    return any(part_care_due(ctx, c, m, p) for p in c.maimed)


def _parts(ctx: StarflightContext, c: Fighter, m: Fighter | None, care: Care) -> None:
    if m is None:
        return
    for part in list(c.maimed):
        if part_care_due(ctx, c, m, part):
            care_for_part(ctx, c, m, part)


TASKS: tuple[tuple[Due, Run], ...] = (
    (_drain_due, _drain),
    (_bleed_due, _bleed),
    (_stasis_due, _stasis),
    (_surgery_due, _surgery),
    (_brain_due, _brain),
    (_coma_due, _coma),
    (_half_hour_due, _half_hour),
    (_natural_nl_due, _natural_nl),
    (_natural_lethal_due, _natural_lethal),
    (_natural_wounds_due, _natural_wounds),
    (_cared_lethal_due, _cared_lethal),
    (_cared_wounds_due, _cared_wounds),
    (_parts_due, _parts),
    (_shaken_due, _shaken),
)


def _due_now(ctx: StarflightContext, care: Care, minute: int) -> list[tuple[Due, Run, Fighter]]:
    fight = ctx.state
    out: list[tuple[Due, Run, Fighter]] = []
    for c in fight.fighters():
        if c.brain_dead:
            continue
        m = medic_for(fight, c, care)
        out.extend((due, run, c) for due, run in TASKS if due(ctx, c, m, minute))
    return out


def first_aid(ctx: StarflightContext, care: Care, end: int) -> None:
    """The rest begins with the medic at the side of each clinically dead companion: trying
    to resuscitate (as in the fight, a try every so many rounds, here on whole minutes of the
    rest clock) while the brain-death clock leaves time for another try, else placing them in
    stasis, 'If there isn't enough time to try and save a patient before brain death sets
    in'.

    Chapter 9.2, 'Assisted Revival, Resuscitation, and Stasis'.
    """
    fight = ctx.state
    for c in fight.fighters():
        m = medic_for(fight, c, care)
        while m is not None and c.dead_since is not None and not c.brain_dead:
            if resuscitation_problem(fight, m, c) is None:
                _header(ctx)
                resuscitate(ctx, m, c, care.vehicle)
                wait = resuscitation_interval(m, c)
                if c.dead_since is None or c.brain_dead:
                    break
                if death_budget(fight, c) > wait and fight.rest_minutes + 1 <= end:
                    minutes = fight.rest_minutes + -(-wait // ROUNDS_PER_MINUTE)
                    ctx.emit(RestClock(minutes=min(end, minutes)))
                    brain_death_upkeep(ctx, c)
                    continue
            if stasis_problem(fight, m, c) is None:
                _header(ctx)
                place_in_stasis(ctx, m, c)
            break


def _header(ctx: StarflightContext) -> None:
    """The account's time line, once for the minute of the rest clock it is at."""
    fight = ctx.state
    last = next((e for e in reversed(ctx.log) if isinstance(e, RestTime | RestStarted)), None)
    if not (isinstance(last, RestTime) and last.minutes == fight.rest_minutes):
        ctx.emit(RestTime(minutes=fight.rest_minutes))


def rest(ctx: StarflightContext, action: Rest) -> None:
    """Advance the rest clock ``action.hours`` in half hours (a ``RestClock`` event each),
    running each check that is due (a ``RestTime`` event heads them in the account).

    Chapter 9.2, 'Healing and Recuperation'.
    """
    fight = ctx.state
    problem = rest_problem(fight, action)
    if problem:
        raise IllegalAction(problem)
    ctx.emit(RestStarted(hours=action.hours, medic=action.medic, vehicle=action.vehicle))
    care = Care(available_medic(fight, action.medic), action.vehicle)
    end = fight.rest_minutes + HOUR * action.hours
    first_aid(ctx, care, end)
    first = (fight.rest_minutes // TICK_MIN + 1) * TICK_MIN
    for minute in range(first, end + 1, TICK_MIN):
        ctx.emit(RestClock(minutes=minute))
        todo = _due_now(ctx, care, minute)
        if todo:
            ctx.emit(RestTime(minutes=minute))
        for due, run, c in todo:
            m = medic_for(fight, c, care)
            if not c.brain_dead and due(ctx, c, m, minute):
                run(ctx, c, m, care)
    _after_rest(ctx, care)


def _after_rest(ctx: StarflightContext, care: Care) -> None:
    """The end of a rest: whoever is awake and lying down has stood up, and the account says
    why anyone is still down (Unconscious, or Dazed with no NHP healing).

    Chapter 9.2, 'Healing and Recuperation': "Any type of healing requires resting ...
    Sleep is best, but any type of light activity will be sufficient for healing": a
    character awake through a rest of light activity is not lying where they fell.
    """
    fight = ctx.state
    for c in fight.fighters():
        if not alive(c) or c.in_stasis or c.brain_dead:
            continue
        if is_unconscious(c, ctx.options):
            ctx.emit(Note(text=f"  {c.name} is still down: {_why_unconscious(c)}"))
            continue
        if c.prone:
            ctx.emit(ConditionEnded(who=c.id, condition="prone", voluntary=True))
        m = medic_for(fight, c, care)
        if c.nhp * 2 <= c.nhp_max and rec(c) + medic_bonus(ctx, m) <= 0:
            ctx.emit(
                Note(
                    text=f"  {c.name} is still Dazed (NHP {c.nhp}/{c.nhp_max}): awake, NHP "
                    f"heal one an hour per point of Recuperation, and {c.name} has none; "
                    "a medic's care (--medic) heals them"
                )
            )


def _why_unconscious(c: Fighter) -> str:
    impact = impact_damage(c)
    if impact > 0:
        return (
            f"Unconscious with {impact} Impact Damage (NHP {c.nhp}/{c.nhp_max}), lost one "
            "point plus one per ten of Recuperation at each hourly Recuperation Check that "
            "succeeds"
        )
    if c.nhp <= 0:
        return f"Unconscious at NHP {c.nhp}/{c.nhp_max}"
    return "Unconscious (a failed cognitive organ)"
