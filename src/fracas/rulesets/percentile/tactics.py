"""Tactics: small named policies that choose a combatant's stance each round, and whether to
defend beyond the free defences when an attack comes.

A scenario names one per combatant (``tactics: normal-attack``). Every tactic first deals with
its weapon: a dropped one is replaced by the best other ready weapon carried, or picked up if
there is none; with nothing left, the option ``no_weapon_left`` says whether to fight with body
parts, surrender or flee. It takes the best ready weapon against its target (a battle-suit's
built-in plasma rifle included), speed-reloads (or reloads) an empty one, then takes its
stance against the able enemy its weapon is expected to hurt most (the earliest in scenario
order among equals). A weapon that cannot get through that enemy's armour is given up for
the weapon (or body parts) and enemy worth most that it can get through; with none, the
fighter holds on in all-out defence while a friend can still hurt an enemy, and otherwise
leaves the fight as ``no_weapon_left`` says. In a normal attack or an all-out defence a fighter
who dodges better than it parries with any close-combat weapon it has dodges instead
(``dodges_rather_than_parries``). The decisions are small pure functions
(``wants_extra_defence``, ``dodges_rather_than_parries``, ``expected_damage``, ``arm_value``,
``best_arm``, ``softest_enemy``, ``worth_fighting_unarmed``, ``yielding``) so a batch kernel
can mirror them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from fracas.engine import IllegalAction
from fracas.rulesets.percentile.actions import Declare, Defend
from fracas.rulesets.percentile.reload import speed_reload_skill
from fracas.rulesets.percentile.skill_check import FAIL, PERFECT
from fracas.rulesets.percentile.stances import ATTACKING, DODGING, YIELDING
from fracas.rulesets.percentile.state import (
    DROPPED,
    READY,
    Arm,
    Asking,
    Fighter,
    PercentileEncounter,
    Profile,
)

Tactic = Callable[[PercentileEncounter, Fighter], Declare]

#: the lowest chance (after its Hard modifiers) at which an extra parry or dodge is tried
EXTRA_DEFENCE_MIN = 10
#: another ready weapon replaces the one in hand when worth this many times more
SWITCH_RATIO = 1.5
#: fighting with body parts is worth it above this expected damage per attack
UNARMED_MIN = 0.1


def wants_extra_defence(chance: int, attack_result: int, hp: int, full_no_armour: int) -> bool:
    """Whether to try a parry or dodge beyond the free ones (one more Hard each) against an
    attack that came out ``attack_result``: when its chance is at least 10%, except against
    a failed attack (nothing to stop: only a fumbled parry could come of it) and against a
    perfect one unless its full damage without armour (``full_no_armour``: the weapon's
    maximum) would down the defender anyway (a fumbled parry of a perfect attack is instant
    death, table 5.1)."""
    if attack_result == FAIL or chance < EXTRA_DEFENCE_MIN:
        return False
    if attack_result == PERFECT:
        return full_no_armour >= hp
    return True


def defence_choice(state: PercentileEncounter, c: Fighter, asking: Asking) -> Defend:
    """Every tactic's answer when an attack comes and no free defence is left."""
    a: Fighter = state.combatants[asking.attacker]
    arm = a.p.arms[a.wielded]
    take = wants_extra_defence(asking.chance, asking.result, c.hp, arm.damage_max)
    return defending(c.id, take)


@lru_cache(maxsize=256)
def defending(actor: str, take: bool) -> Defend:
    return Defend(actor=actor, defend=take)


@lru_cache(maxsize=1024)
def _totals(dice: tuple[tuple[int, int], ...], constant: int) -> tuple[tuple[int, int], ...]:
    """(total, ways) for a dice expression (``dice``: (count, sides), count < 0 subtracted)."""
    dist = {constant: 1}
    for count, sides in dice:
        for _ in range(abs(count)):
            step: dict[int, int] = {}
            for total, ways in dist.items():
                for face in range(1, sides + 1):
                    t = total + face if count > 0 else total - face
                    step[t] = step.get(t, 0) + ways
            dist = step
    return tuple(sorted(dist.items()))


@lru_cache(maxsize=4096)
def expected_damage(dice: tuple[tuple[int, int], ...], constant: int, abs_: int) -> float:
    """Expected normal damage after ``abs_`` ABS: E[max(0, roll - ABS)] (Chapter 5, "Armour")."""
    totals = _totals(dice, constant)
    ways = sum(w for _, w in totals)
    return sum(max(0, t - abs_) * w for t, w in totals) / ways


def enemy_abs(enemy: Fighter, klass: str) -> int:
    """The ABS ``enemy``'s armour has against a weapon of ``klass`` (impact vests: projectiles
    only): ``armour_abs`` where ``absorbs``, written out (the tactics ask it on every
    decision)."""
    p = enemy.p
    if p.projectile_only and klass != "projectile":  # not absorbs(...)
        return 0
    return max(0, p.abs - enemy.abs_loss)  # enemy.armour_abs


def hit_chance(skill: int) -> float:
    """A rough chance to hit: the skill, at least the 01-05 and at most short of 95-00."""
    return max(5, min(94, skill)) / 100


def arm_value(arm: Arm, ammo: int, enemy_abs_: int) -> float:
    """What a weapon is worth in an attack: chance to hit x expected damage after ABS; an
    empty distance weapon (not a suit's rifle) only as likely as its speed-reload works
    (nothing if it cannot be speed-reloaded)."""
    value = hit_chance(arm.skill) * expected_damage(
        arm.damage.dice, arm.damage.constant, enemy_abs_
    )
    if arm.klass != "melee" and not arm.builtin and ammo == 0:
        if not arm.speed_reload:
            return 0.0
        value *= hit_chance(speed_reload_skill(arm.group, arm.specific, "half-up"))
    return value


def best_arm(c: Fighter, enemy: Fighter | None) -> int:
    """The ready carried weapon (not body parts) to use against ``enemy``: the one in hand
    unless another is worth ``SWITCH_RATIO`` times more (``arm_value``), the most valuable
    then; with nothing ready in hand, the most valuable ready one; -1 if none is ready."""
    carried = c.p.carried
    condition = c.condition
    if len(carried) == 1:  # nothing to choose between (the usual case)
        return carried[0] if condition[carried[0]] == READY else -1
    arms = c.p.arms
    ready = [i for i in carried if condition[i] == READY]
    if len(ready) < 2:
        return ready[0] if ready else -1
    best = c.wielded if c.wielded in ready else ready[0]
    if enemy is None:
        return best
    values = {i: arm_value(arms[i], c.ammo[i], enemy_abs(enemy, arms[i].klass)) for i in ready}
    top = max(ready, key=lambda i: (values[i], -i))
    if best != c.wielded or values[top] > SWITCH_RATIO * values[best]:
        best = top
    return best


def body_parts(c: Fighter) -> int:
    """The index of ``c``'s body parts (every combatant has them)."""
    return next(i for i, arm in enumerate(c.p.arms) if arm.natural)


def can_get_through(arm: Arm, enemy: Fighter) -> bool:
    """Whether ``arm``'s normal damage can ever beat ``enemy``'s ABS."""
    return arm.damage_max > enemy_abs(enemy, arm.klass)


def can_ever_get_through(c: Fighter, arm: Arm, enemy: Fighter) -> bool:
    """Whether ``c``'s ``arm`` can get through ``enemy``'s armour short of a perfect success
    (Table 5.1): its normal damage (``can_get_through``) or, under ``full_damage: double``, a
    special's doubled roll can beat the ABS."""
    abs_ = enemy_abs(enemy, arm.klass)
    return arm.damage_max > abs_ or (c.p.full_damage_doubles and 2 * arm.damage_max > abs_)


def first_enemy(state: PercentileEncounter, c: Fighter) -> Fighter | None:
    """The first enemy in scenario order who can still fight."""
    side = c.side
    e: Fighter
    for e in state.combatants.values():
        if e.side != side and e.able:
            return e
    return None


def softest_enemy(enemies: list[Fighter], arm: Arm) -> Fighter:
    """Of the able ``enemies`` (scenario order), the one ``arm`` is expected to hurt most
    (E[max(0, roll - ABS)] against each one's armour); the earliest among equals."""
    dice, constant = arm.damage.dice, arm.damage.constant
    best = enemies[0]
    best_value = -1.0
    for e in enemies:
        value = expected_damage(dice, constant, enemy_abs(e, arm.klass))
        if value > best_value:
            best, best_value = e, value
    return best


@lru_cache(maxsize=4096)
def declaration(
    actor: str,
    stance: str,
    target: str | None = None,
    speed_reload: bool = False,
    weapon: str | None = None,
    dodge: bool = False,
) -> Declare:
    """The (frozen, so shareable) ``Declare`` action; cached, as fights repeat them."""
    return Declare(
        actor=actor,
        stance=stance,
        target=target,
        speed_reload=speed_reload,
        weapon=weapon,
        dodge=dodge,
    )


def take_stance(state: PercentileEncounter, c: Fighter, stance: str) -> Declare:
    """``stance`` for ``c``, adjusted for a dropped, missing or empty weapon. A stance ending
    in ``+dodge`` (``split_dodging``) dodges instead of parrying when it stays one of the
    close-combat choices (an attack or all-out defence), ``c`` has the skill and a parry to
    give up (``parry_to_give_up``)."""
    dodge = stance.endswith(DODGING)  # split_dodging, without a call on every decision
    if dodge:
        stance = stance[: -len(DODGING)]
        dodge = c.p.dodge is not None
    if stance == "first-aid":
        return medic(state, c)
    if stance in YIELDING:
        return declaration(c.id, stance)
    side = c.side
    enemies: list[Fighter] = []
    for e in state.combatants.values():  # the able enemies, in scenario order
        if e.side != side and e.able:
            enemies.append(e)
    enemy = enemies[0] if enemies else None
    index = best_arm(c, enemy)
    arms = c.p.arms
    if len(enemies) > 1 and index >= 0:
        target = softest_enemy(enemies, arms[index])
        if target is not enemy:
            enemy = target
            index = best_arm(c, enemy)
    if (
        enemy is not None
        and index >= 0
        and stance in ATTACKING
        and not can_ever_get_through(c, arms[index], enemy)
    ):
        way = way_through(c, enemies)
        if way is not None:
            index, enemy = way
        elif (hopeless := cannot_get_through(state, c, enemies)) is not None:
            return hopeless
    if dodge and index >= 0 and not parry_to_give_up(arms[index]):
        dodge = False
    w = c.wielded
    if index < 0:
        if w >= 0 and c.condition[w] == DROPPED:
            return declaration(c.id, "recover-weapon")
        return no_weapon(c, enemies, stance, dodge)
    weapon = None if index == w else arms[index].key
    if enemy is None or stance == "all-out-defence" or (weapon and c.p.draw_takes_round):
        return declaration(c.id, "all-out-defence", None, False, weapon, dodge)
    if stance not in ATTACKING:  # a scripted reload or recovery, as written
        return declaration(c.id, stance)
    arm = arms[index]
    if arm.klass != "melee" and not arm.builtin and c.ammo[index] == 0:
        if not arm.speed_reload:
            return declaration(c.id, "reload", None, False, weapon)
        return declaration(c.id, stance, enemy.id, True, weapon, dodge)
    return declaration(c.id, stance, enemy.id, False, weapon, dodge)


def way_through(c: Fighter, enemies: list[Fighter]) -> tuple[int, Fighter] | None:
    """The ready weapon (or body parts) and able enemy whose armour it can get through
    (``can_ever_get_through``) that are worth most (``arm_value``), earliest among equals; None
    if nothing ``c`` can fight with gets through anyone's armour."""
    arms = c.p.arms
    usable = [i for i in c.p.carried if c.condition[i] == READY] + [body_parts(c)]
    best: tuple[int, Fighter] | None = None
    best_value = -1.0
    for e in enemies:
        for i in usable:
            arm = arms[i]
            if can_ever_get_through(c, arm, e):
                value = arm_value(arm, c.ammo[i], enemy_abs(e, arm.klass))
                if value > best_value:
                    best, best_value = (i, e), value
    return best


def cannot_get_through(
    state: PercentileEncounter, c: Fighter, enemies: list[Fighter]
) -> Declare | None:
    """Nothing ``c`` can fight with gets through any able enemy's armour (only a perfect
    success would): hold on in all-out defence while a friend can still hurt an enemy;
    otherwise do what option ``no_weapon_left`` says of a fighter with nothing to fight
    with (surrender, flee, or leave as ``yielding`` says); None under ``unarmed`` (always
    fight): carry on, hoping for a perfect success."""
    side = c.side
    for f in state.combatants.values():
        if f.side == side and f is not c and f.able:
            arm = f.p.arms[f.wielded] if f.arm_ready else f.p.arms[body_parts(f)]
            if any(can_ever_get_through(f, arm, e) for e in enemies):
                return declaration(c.id, "all-out-defence")
    mode = c.p.no_weapon_left
    if mode in ("surrender", "flee"):
        return declaration(c.id, mode)
    if mode == "unarmed-else-yield":
        return declaration(c.id, yielding(c, enemies))
    return None


def no_weapon(c: Fighter, enemies: list[Fighter], stance: str, dodge: bool = False) -> Declare:
    """No weapon to draw or pick up (option ``no_weapon_left``): fight with body parts (under
    ``unarmed-else-yield`` only while ``worth_fighting_unarmed``; otherwise leave the fight,
    ``yielding``), surrender or flee; ``dodge``: dodging instead of parrying."""
    mode = c.p.no_weapon_left
    if mode in ("surrender", "flee"):
        return declaration(c.id, mode)
    body = body_parts(c)
    arm = c.p.arms[body]
    weapon = None if c.wielded == body else arm.key
    if not enemies:
        return declaration(c.id, "all-out-defence", None, False, weapon, dodge)
    enemy = softest_enemy(enemies, arm)
    if mode == "unarmed-else-yield" and not worth_fighting_unarmed(
        arm_value(arm, 0, enemy_abs(enemy, arm.klass))
    ):
        return declaration(c.id, yielding(c, enemies))
    if (weapon and c.p.draw_takes_round) or stance not in ATTACKING:
        return declaration(c.id, "all-out-defence", None, False, weapon, dodge)
    return declaration(c.id, stance, enemy.id, False, weapon, dodge)


def worth_fighting_unarmed(value: float) -> bool:
    """Whether body parts are worth fighting with: more than ``UNARMED_MIN`` expected damage
    per attack (``arm_value``: chance to hit x E[max(0, D3 - ABS)]; with no unarmed skill,
    5% x at most 2 is never more)."""
    return value > UNARMED_MIN


def yielding(c: Fighter, enemies: list[Fighter]) -> str:
    """How a fighter with nothing worth fighting with leaves: surrender if an able enemy's
    weapon in hand (body parts if none) can get through ``c``'s armour, flee otherwise (no
    one can stop or hurt them)."""
    for e in enemies:
        arm = e.p.arms[e.wielded] if e.arm_ready else e.p.arms[body_parts(e)]
        if can_get_through(arm, c):
            return "surrender"
    return "flee"


def all_out_attack(state: PercentileEncounter, c: Fighter) -> Declare:
    """Always attack all-out (Easy to hit, no free parry)."""
    return take_stance(state, c, "all-out-attack")


def dodges_rather_than_parries(p: Profile) -> bool:
    """Whether a fighter declares dodging in a normal attack or an all-out defence
    (``dodge_beats_parries``, worked out once when its profile is built)."""
    return p.dodges_better


def dodge_beats_parries(dodge: int | None, arms: tuple[Arm, ...]) -> bool:
    """Whether a fighter with ``dodge`` skill (None: none) and ``arms`` declares dodging in a
    normal attack or an all-out defence: when its dodge skill is higher than its skill with
    every close-combat weapon it carries, body parts included. Dodging "doesn't affect a
    normal attack or an all-out defence" (Chapter 5, "Attacking and defending"), so a fighter
    who dodges better than it parries loses nothing by it; in an all-out attack it costs a
    Hard, and the tactics do not declare it there."""
    if dodge is None:
        return False
    return all(dodge > a.skill for a in arms if a.klass == "melee")


def parry_to_give_up(arm: Arm) -> bool:
    """Whether declaring a dodge changes anything for a fighter about to hold ``arm``: Chapter
    5, "Attacking and defending": "Dodging is useful against projectile and beam weapons,
    whereas the normal parrying implied in a normal attack or all-out defence isn't" - a shot
    is dodged whatever was declared, and a fighter holding a gun (which parries nothing,
    ``attack.defence_skill``) dodges every close-combat attack too. Declaring "dodging" means
    giving up the parry of a close-combat weapon in hand (body parts included), so it is
    declared only then: a gunman is never said to be "dodging" instead of a parry it does
    not have."""
    return arm.klass == "melee"


NORMAL_ATTACK = ("normal-attack", "normal-attack" + DODGING)
ALL_OUT_DEFENCE = ("all-out-defence", "all-out-defence" + DODGING)


def normal_attack(state: PercentileEncounter, c: Fighter) -> Declare:
    """Always attack normally (one free parry; a dodge instead when it is the better
    defence, ``dodges_rather_than_parries``)."""
    return take_stance(state, c, NORMAL_ATTACK[c.p.dodges_better])


def all_out_defence(state: PercentileEncounter, c: Fighter) -> Declare:
    """Never attack; three free parries (dodges when they are the better defence,
    ``dodges_rather_than_parries``)."""
    return take_stance(state, c, ALL_OUT_DEFENCE[c.p.dodges_better])


def defensive_below_half(state: PercentileEncounter, c: Fighter) -> Declare:
    """All-out defence once below half of maximum hp, normal attacks before."""
    if 2 * c.hp < c.p.hp_max:
        return all_out_defence(state, c)
    return normal_attack(state, c)


def medic(state: PercentileEncounter, c: Fighter) -> Declare:
    """First aid to the first bleeding friend (scenario order) when ``c`` has the skill
    (Chapter 5, "Damage and fatigue"); normal attacks otherwise."""
    if c.p.first_aid is not None:
        side = c.side
        f: Fighter
        for f in state.combatants.values():
            if f.side == side and f is not c and f.bleeding:
                return declaration(c.id, "first-aid", f.id)
    return normal_attack(state, c)


def scripted(state: PercentileEncounter, c: Fighter) -> Declare:
    """The scenario's stance for this round (``script``), then the ``then`` tactic; a script
    that runs out without ``then`` stops the fight with a clear message."""
    script = c.p.script or ()
    if state.round <= len(script):
        return take_stance(state, c, script[state.round - 1])
    if c.p.then is None:
        raise IllegalAction(
            f"{c.name}'s scripted stances ran out at round {state.round} "
            f"(the script has {len(script)}; add stances or a 'then:' tactic)"
        )
    return TACTICS[c.p.then](state, c)


#: The stance the ``optimal`` tactic takes, by combatant id: installed by the analysis layer
#: (``fracas.sim``), which computes the policy (``fracas advise``); the ruleset knows no policy.
OPTIMAL_POLICIES: dict[str, Callable[[PercentileEncounter, Fighter], str]] = {}


def optimal(state: PercentileEncounter, c: Fighter) -> Declare:
    """The stance of the policy ``fracas advise`` computed for ``c`` (by both hp; a dodging
    one ends in ``+dodge``), adjusted like any tactic for a dropped or missing weapon."""
    policy = OPTIMAL_POLICIES.get(c.id)
    if policy is None:
        raise IllegalAction(
            f"{c.name}'s tactics 'optimal' follow the policy of fracas advise: "
            "run the scenario with fracas sim (which computes it), not on its own"
        )
    return take_stance(state, c, policy(state, c))


TACTICS: dict[str, Tactic] = {
    "all-out-attack": all_out_attack,
    "normal-attack": normal_attack,
    "all-out-defence": all_out_defence,
    "defensive-below-half": defensive_below_half,
    "medic": medic,
    "scripted": scripted,
    "optimal": optimal,
}
