"""Rounds, turns and action phases (chapter 9.2, 'Character-Scale Actions').

"A character may make two actions per round, or one full-round action, as well as free
actions." Combatants act in the order of battle; a fatigued combatant has one action. In a
surprise round (chapter 9.1) the surprised do not act and the others have the number of
phases the option gives. The regeneration phase at the end of each round bleeds Wounds and
brings brain death (and, every 600 rounds, a comatose combatant's hourly save).
"""

from __future__ import annotations

from fracas.engine import EncounterEnded, RoundStarted
from fracas.rulesets.starflight.checks import save
from fracas.rulesets.starflight.conditions import in_fight, phases_per_turn
from fracas.rulesets.starflight.death import brain_death_upkeep
from fracas.rulesets.starflight.digestion import digest
from fracas.rulesets.starflight.events import ConditionEnded, SurpriseRound, TurnsOver, TurnStarted
from fracas.rulesets.starflight.grapple_upkeep import let_go_of_the_fallen
from fracas.rulesets.starflight.idle import deadlocked
from fracas.rulesets.starflight.initiative import roll_order
from fracas.rulesets.starflight.medical_aid import stimulant_upkeep
from fracas.rulesets.starflight.nonlethal import coma_hour
from fracas.rulesets.starflight.ready import expire_readied
from fracas.rulesets.starflight.stamina_check import start_of_turn_checks
from fracas.rulesets.starflight.stasis import stasis_upkeep
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext
from fracas.rulesets.starflight.wounds import bleed, bleed_due

ROUNDS_PER_HOUR = 600


def _fight(ctx: StarflightContext) -> Fight:
    return ctx.state


def can_act(fight: Fight, c: Fighter) -> bool:
    """In the fight, and not surprised during the surprise round.

    Chapter 9.2, 'Character-Scale Actions'.
    """
    return in_fight(c, fight.options) and not (fight.surprise_round and c.surprised)


def start_fight(ctx: StarflightContext) -> None:
    """Order of battle, the surprise round if anyone is surprised, the first turn.

    Chapter 9.2, 'Character-Scale Actions'.
    """
    fight = _fight(ctx)
    roll_order(ctx)
    surprised = [c.id for c in fight.fighters() if c.surprised]
    if surprised and len(surprised) < len(fight.combatants):
        ctx.emit(SurpriseRound(active=True, surprised=surprised))
    ctx.emit(RoundStarted(round=1))
    next_turn(ctx)


def phases_for(fight: Fight, c: Fighter) -> int:
    """Two phases (one if fatigued); the surprise round's option in a surprise round."""
    phases = phases_per_turn(c)
    phases = min(phases, fight.options.surprise_round_actions) if fight.surprise_round else phases
    return max(0, phases - c.phases_owed)  # 'Ready': phases lost to readied actions executed


def advance(ctx: StarflightContext) -> None:
    """After an action: the same actor goes on if it can, else the next turn starts.

    Chapter 9.2, 'Character-Scale Actions'.
    """
    fight = _fight(ctx)
    if fight.over or check_end(ctx):
        return
    actor = fight.current
    if actor is not None and fight.phases_left > 0 and can_act(fight, fight.fighter(actor)):
        return
    next_turn(ctx)


def next_turn(ctx: StarflightContext) -> None:
    """Start the next combatant's turn (ending rounds as needed) until someone can act."""
    fight = _fight(ctx)
    while not fight.over:
        idx = _next_index(fight, fight.turn)
        if idx is None:
            end_round(ctx)
            if fight.over:
                return
            ctx.emit(RoundStarted(round=fight.round + 1))
            continue
        c = fight.fighter(fight.order[idx])
        ctx.emit(TurnStarted(actor=c.id, turn=idx, phases=phases_for(fight, c)))
        start_of_turn(ctx, c)
        if check_end(ctx):
            return
        if can_act(fight, c) and fight.phases_left > 0:
            return


def _next_index(fight: Fight, after: int) -> int | None:
    for idx in range(after + 1, len(fight.order)):
        if can_act(fight, fight.fighter(fight.order[idx])):
            return idx
    return None


def start_of_turn(ctx: StarflightContext, c: Fighter) -> None:
    """Shaken may be shaken off; sensory and cognitive organs are checked.

    Chapter 9.2, 'Character-Scale Actions'.
    """
    expire_readied(ctx, c)
    let_go_of_the_fallen(ctx, c)
    if c.shaken:
        what = "Willpower save (shake off Shaken)"
        out = save(ctx, c, "willpower", c.shaken_dc, what, potential=False)
        if out.success:
            ctx.emit(ConditionEnded(who=c.id, condition="shaken"))
    start_of_turn_checks(ctx, c)


def end_round(ctx: StarflightContext) -> None:
    """The regeneration phase: bleeding, brain death, coma hours; the round limit.

    Chapter 9.2, 'Character-Scale Actions'.
    """
    fight = _fight(ctx)
    ctx.emit(TurnsOver())
    for c in fight.fighters():
        if bleed_due(fight, c):
            bleed(ctx, c)
        if c.swallowed_by is not None:
            digest(ctx, c)  # 'Swallow Whole': 1d10 Lethal per round
        if c.comatose and fight.round % ROUNDS_PER_HOUR == 0:
            coma_hour(ctx, c)
        stimulant_upkeep(ctx, c)
        stasis_upkeep(ctx, c)
        brain_death_upkeep(ctx, c)
    if fight.surprise_round:
        ctx.emit(SurpriseRound(active=False, surprised=[]))
    if check_end(ctx):
        return
    if deadlocked(fight):
        reason = "no one left in the fight can ever reach or harm a foe"
        ctx.emit(EncounterEnded(winner=None, reason=reason))
        return
    if fight.round >= fight.options.max_rounds:
        reason = fight.round_limit_reason or f"round limit ({fight.round}) reached"
        ctx.emit(EncounterEnded(winner=None, reason=reason))


def check_end(ctx: StarflightContext) -> bool:
    """The fight ends when at most one side has anyone still in it.

    Chapter 9.2, 'Character-Scale Actions'.
    """
    fight = _fight(ctx)
    if fight.over:
        return True
    options, standing = fight.options, None
    for c in fight.combatants.values():
        if c.withdrawn or c.nhp <= 0 or c.dead_since is not None:
            continue  # out of the fight (``in_fight``'s quick tests)
        if not c.failed or in_fight(c, options):
            if standing is None:
                standing = c.side
            elif c.side != standing:
                return False
    if standing is not None:
        reason = "every opponent is down or gone"
        ctx.emit(EncounterEnded(winner=standing, reason=reason))
    else:
        ctx.emit(EncounterEnded(winner=None, reason="nobody is left standing"))
    return True
