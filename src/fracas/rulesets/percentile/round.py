"""A combat round: declarations, the attacks in order, then fatigue, bleeding and the end.

Chapter 5, "The round": round 1 goes in initiative order; afterwards attacks are
"effectively simultaneous", resolved in a declared order for weapon breakage (a weapon broken
earlier in the round cannot attack).
"""

from __future__ import annotations

from fracas.engine import EncounterEnded, IllegalAction, Note, RoundStarted
from fracas.rulesets.percentile.actions import Declare, Defend
from fracas.rulesets.percentile.attack import answer_defence, attack, chance_of
from fracas.rulesets.percentile.encumbrance import check_encumbrance, encumbrance_fatigue
from fracas.rulesets.percentile.events import (
    Damaged,
    FatigueLost,
    FirstAidRolled,
    OrderSet,
    Reloaded,
    SpeedReloadRolled,
    StanceDeclared,
    WeaponDrawn,
    WeaponRecovered,
    Yielded,
)
from fracas.rulesets.percentile.fatigue import combat_fatigue_due
from fracas.rulesets.percentile.hit_points import bleeding_due
from fracas.rulesets.percentile.legality import check_declaration, name_of
from fracas.rulesets.percentile.options import PercentileOptions
from fracas.rulesets.percentile.reload import speed_reload_skill
from fracas.rulesets.percentile.skill_check import SUCCESS, skill_check
from fracas.rulesets.percentile.stances import ATTACKING, YIELDED, YIELDING
from fracas.rulesets.percentile.state import (
    DROPPED,
    READY,
    Fighter,
    PercentileContext,
    PercentileEncounter,
    acting,
    fighter,
    fighters,
)
from fracas.rulesets.percentile.weapons import shots_per_attack


def undeclared(state: PercentileEncounter) -> str | None:
    """The next able combatant (in the round's order) who has not chosen a stance yet."""
    combatants = state.combatants
    rnd = state.round
    order: list[str] = state.order
    for n in order:
        c: Fighter = combatants[n]
        if c.declared_round != rnd and c.able:
            return n
    return None


def declare(ctx: PercentileContext, c: Fighter, action: Declare) -> None:
    """Record ``c``'s choice for the round (taking another carried weapon in hand first, if
    the declaration names one)."""
    state = ctx.state
    arm = check_declaration(state, c, action, ctx.options)
    if arm != c.wielded:
        ctx.emit(WeaponDrawn(who=c.id, index=arm))
    ctx.emit(
        StanceDeclared(
            who=c.id,
            round=state.round,
            stance=action.stance,
            target=action.target,
            dodge=action.dodge,
            speed_reload=action.speed_reload,
        )
    )


def resolve_round(ctx: PercentileContext, opts: PercentileOptions, start: int = 0) -> None:
    """Each declared combatant acts in the round's order, from position ``start``; then the
    round's upkeep (Chapter 5, "The round": round 1 in initiative order, later ones
    "effectively simultaneous"; option ``later_rounds``). An attack whose defender must
    decide on an extra defence stops the round until ``answer`` carries on."""
    state = ctx.state
    rnd = state.round
    simultaneous = rnd > 1 and opts.later_rounds == "simultaneous"
    order = state.order
    if start == 0 and opts.recover_weapon == "start-of-round":
        for name in order:
            c = fighter(state, name)
            if c.declared_round == rnd and c.stance == "recover-weapon":
                recover(ctx, c)
    combatants = state.combatants
    for name in order[start:]:
        c = combatants[name]
        if c.declared_round != rnd or not (c.able or acting(state, c, simultaneous)):
            continue
        stance = c.stance
        if stance in ATTACKING:
            attack_in_turn(ctx, c, opts, simultaneous)
            if state.asking is not None:
                return
        elif stance == "recover-weapon":
            recover(ctx, c)
        elif stance == "reload":
            reload_weapon(ctx, c)
        elif stance == "first-aid":
            first_aid(ctx, c, opts)
        elif stance in YIELDING:
            if leaves_the_fight(c):
                ctx.emit(Yielded(who=c.id, how=YIELD_VERBS[stance], reason=yield_reason(c)))
            else:
                ctx.emit(Note(text=f"{c.name} does not {stance}: dead"))
    end_of_round(ctx, opts)


YIELD_VERBS = {"surrender": "surrenders", "flee": "flees"}


def leaves_the_fight(c: Fighter) -> bool:
    """Whether ``c``'s declared surrender or flight takes effect at its turn: not if ``c``
    was killed earlier in the round. Chapter 5, "Damage and fatigue": "When hp reaches -CON,
    the character dies"; "The round" makes a later round's attacks "effectively
    simultaneous", so someone downed or killed earlier in it still strikes (option
    ``later_rounds``), but surrender and flight are no attack: a dead man neither gives
    himself up nor runs. Someone only downed still leaves as declared (the chapter has no
    rule on surrender; the declaration is as simultaneous as an attack)."""
    return not c.dead


def yield_reason(c: Fighter) -> str:
    """What the account gives as the reason a combatant leaves the fight."""
    if not any(
        cond == READY and not a.natural for a, cond in zip(c.p.arms, c.condition, strict=True)
    ):
        return "no weapon left"
    return ""


def recover(ctx: PercentileContext, c: Fighter) -> None:
    """Pick the dropped weapon up (stance ``recover-weapon``; option ``recover_weapon`` says
    when in the round)."""
    if c.wielded >= 0 and c.condition[c.wielded] == DROPPED:
        ctx.emit(WeaponRecovered(who=c.id, weapon=c.p.arms[c.wielded].name))


def answer(ctx: PercentileContext, c: Fighter, action: Defend, opts: PercentileOptions) -> None:
    """``c``'s decision on the defence it was asked for; then the rest of the round."""
    state = ctx.state
    asking = state.asking
    if asking is None:
        raise IllegalAction("no attack is waiting for a defence decision")
    if asking.defender != c.id:
        raise IllegalAction(
            f"{name_of(state, asking.defender)} decides on this defence, not {c.name}"
        )
    a = fighter(state, asking.attacker)
    answer_defence(ctx, a, c, asking, action.defend, opts)
    resolve_round(ctx, opts, state.order.index(a.id) + 1)


def attack_in_turn(
    ctx: PercentileContext, c: Fighter, opts: PercentileOptions, simultaneous: bool
) -> None:
    """``c``'s attack when its turn comes (Chapter 5, "The round"), if its weapon is still
    usable and its target is still there (a weapon broken earlier in the round "will not be
    usable for attack")."""
    target = ctx.state.combatants[c.target or ""]
    if target.yielded:
        ctx.emit(Note(text=f"{c.name} has no attack: {target.name} {target.yielded}"))
        return
    if target.dead or not (simultaneous or target.able):
        ctx.emit(Note(text=f"{c.name} has no attack: {target.name} is already down"))
        return
    w = c.wielded
    if w < 0 or c.condition[w] != READY:  # not c.arm_ready
        if not c.able:  # downed this round: that, not the weapon, is why it has no attack
            ctx.emit(Note(text=f"{c.name} has no attack: {'dead' if c.dead else 'down'}"))
            return
        arm = c.arm
        what = "no weapon" if arm is None else f"{arm.name} is {c.condition[w]}"
        ctx.emit(Note(text=f"{c.name} cannot attack: {what}"))
        return
    arm = c.p.arms[w]
    if arm.klass != "melee" and c.ammo[w] == 0 and not arm.builtin:
        shots = shots_per_attack(arm.klass, arm.rate, opts.ammo_per_attack)
        if shots and not speed_reload(ctx, c, opts):
            return
    attack(ctx, c, target, opts, simultaneous)


def reload_weapon(ctx: PercentileContext, c: Fighter) -> None:
    """Chapter 5, "Reloading": "Reloading takes one round": the weapon is full for the next
    round."""
    arm = c.arm
    if arm is not None and arm.klass != "melee" and c.arm_ready:
        ctx.emit(Reloaded(who=c.id, weapon=arm.name, rounds=arm.rounds, speed=False))


def speed_reload(ctx: PercentileContext, c: Fighter, opts: PercentileOptions) -> bool:
    """Speed-reload (Chapter 5, "Reloading"): a check against the specific skill plus half the
    group skill; success reloads and the weapon fires this round, failure spends the round
    reloading."""
    arm = c.p.arms[c.wielded]
    skill = speed_reload_skill(arm.group, arm.specific, opts.rounding)
    chance, mods = chance_of(
        skill, (), c.p.encumbrance, c.fatigue <= 0, 0, opts.stacking, opts.rounding
    )
    result, rolls = skill_check(ctx, chance, skill, c.p.p_reload, opts.fumble_zone)
    ctx.emit(
        SpeedReloadRolled(
            who=c.id,
            weapon=arm.name,
            chance=chance,
            rolls=rolls,
            result=result,
            skill=skill,
            mods=mods,
        )
    )
    ok = result >= SUCCESS
    ctx.emit(Reloaded(who=c.id, weapon=arm.name, rounds=arm.rounds, speed=ok))
    return ok


def first_aid(ctx: PercentileContext, c: Fighter, opts: PercentileOptions) -> None:
    """A First aid check (Normal, with the helper's own condition) on a bleeding friend; a
    success stops the loss of 1 hp every 4 rounds (Chapter 5, "Damage and fatigue")."""
    target = fighter(ctx.state, c.target or "")
    if not target.bleeding:
        ctx.emit(Note(text=f"{c.name} gives no first aid: {target.name} is no longer bleeding"))
        return
    skill = c.p.first_aid or 0
    encumbrance = check_encumbrance(c.p.encumbrance, False, opts.encumbrance_applies)
    chance, mods = chance_of(
        skill, (), encumbrance, c.fatigue <= 0, 0, opts.stacking, opts.rounding
    )
    result, rolls = skill_check(ctx, chance, skill, c.p.p_first_aid, opts.fumble_zone)
    ctx.emit(
        FirstAidRolled(
            who=c.id,
            target=target.id,
            skill=skill,
            chance=chance,
            mods=mods,
            rolls=rolls,
            result=result,
        )
    )


def fight_decided(ctx: PercentileContext, standing: list[str] | None = None) -> bool:
    """End the fight if at most one side has anyone able to fight (Chapter 5, "Damage and
    fatigue": unconscious at 0 hp; "Powered armour": immobile battle-suits) (unconscious, dead or
    immobile combatants cannot); ``standing`` lists the sides that do, if already known.
    Returns whether the fight ended."""
    if standing is None:
        standing = list(dict.fromkeys(c.side for c in fighters(ctx.state) if c.able))
    if len(standing) > 1:
        return False
    winner = standing[0] if standing else None
    reason = "no one else can fight" if standing else "no one can fight"
    left = [f"{c.name} {YIELDED[c.yielded]}" for c in fighters(ctx.state) if c.yielded]
    if left:
        reason += f": {', '.join(left)}"
    ctx.emit(EncounterEnded(winner=winner, reason=reason))
    return True


def end_of_round(ctx: PercentileContext, opts: PercentileOptions) -> None:
    """Fatigue for those still fighting and bleeding for those below 0 hp (Chapter 5,
    "Damage and fatigue"), then the end of the fight or the next round."""
    state = ctx.state
    rnd = state.round
    due_now = combat_fatigue_due(rnd, opts.fatigue_loss)
    standing: list[str] = []
    for c in state.combatants.values():  # the events below change no one's membership
        if c.able:
            if c.side not in standing:
                standing.append(c.side)
            due = due_now
            if c.p.encumbrance:
                due += encumbrance_fatigue(c.p.encumbrance, opts.encumbrance_fatigue)
            lost = min(due, c.fatigue)
            if lost > 0:
                reason = "combat and encumbrance" if c.p.encumbrance else "combat"
                ctx.emit(
                    FatigueLost(
                        who=c.id, amount=lost, fatigue_after=c.fatigue - lost, reason=reason
                    )
                )
        elif c.bleeding and bleeding_due(rnd, c.below_zero_round):
            ctx.emit(
                Damaged(
                    who=c.id,
                    source="bleeding",
                    kind="bleeding",
                    rolled=1,
                    absorbed=0,
                    amount=1,
                    hp_after=c.hp - 1,
                )
            )
    if rnd == 1 and opts.round_order == "scenario":
        ctx.emit(OrderSet(order=list(state.combatants)))
    if fight_decided(ctx, standing):
        return
    if rnd >= opts.max_rounds:
        ctx.emit(EncounterEnded(winner=None, reason=f"{opts.max_rounds} rounds without a winner"))
    else:
        ctx.emit(RoundStarted(round=rnd + 1))
