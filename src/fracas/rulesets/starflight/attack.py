"""The attack roll and what a hit does (chapter 9.2, 'Attack Action Rules', 'Resolving Damage').

One d% per target: "If using both weapons on a single target, a single Attack Roll is used for
both weapons"; each further target is attacked at a cumulative -10. A multiple-fire weapon's
n-th shot at one target needs 5 x (n - 1) more. Unarmed attacks are Brawling Checks whose
degree of success is the Non-Lethal damage, plus one Lethal per ten Brawling.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.rulesets.starflight.characters import attribute_modifier
from fracas.rulesets.starflight.checks import (
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    critical_of,
    roll_natural,
    succeeds,
)
from fracas.rulesets.starflight.combat_states import charge_bonus, pin_bonus
from fracas.rulesets.starflight.conditions import (
    check_penalties,
    is_dead,
    is_unconscious,
    striking_part,
)
from fracas.rulesets.starflight.criticals import blue_on_blue_victim, critical_damage
from fracas.rulesets.starflight.damage import (
    apply_blow,
    apply_rider,
    attribute_bonus,
    consequences,
    lethal_for_massive,
    split,
    weapon_damage,
)
from fracas.rulesets.starflight.death import is_massive, massive_attack
from fracas.rulesets.starflight.effective_hd import Terms, attack_bonus, effective_hd, is_ranged
from fracas.rulesets.starflight.events import (
    AttackRolled,
    BlueOnBlue,
    Fired,
    GearCheck,
    ObstacleHit,
    Refused,
)
from fracas.rulesets.starflight.hit_location import roll_location
from fracas.rulesets.starflight.line_of_sight import Sight, line_of_sight
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.range import distance_m, in_melee
from fracas.rulesets.starflight.saves_after_hit import saves_after_hit
from fracas.rulesets.starflight.stamina_check import check_part
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext, WeaponState
from fracas.rulesets.starflight.wounds import (
    inflict_wounds,
    needs_wound_fortitude,
    wound_count,
    wound_fortitude,
)

OFF_HAND_PENALTY = 10
EXTRA_TARGET_PENALTY = 10
RANGED_FROM_MELEE_PENALTY = 20
EXTRA_SHOT_STEP = 5
SNIPING_MULTIPLIER = 3
UNARMED = "unarmed"


@dataclass(frozen=True, slots=True)
class Use:
    """One weapon (index, or None for fists) and the shots it fires at one target."""

    weapon: int | None
    shots: int = 1


@dataclass(frozen=True, slots=True)
class Hit:
    """A hit to resolve: weapon, critical, the roll's degree (unarmed damage), sniping."""

    weapon: WeaponState | None
    critical: bool
    degree: int
    snipe: bool = False
    multiplier: int = 1  # 'Full Attack': damage doubled when every weapon hits
    halved: bool = False  # 'Disarm/Sunder': 'one-half the normal damage'
    part: str | None = None  # 'Disarm/Sunder': 'the affected body part automatically targeted'


def off_hand_penalty(fight: Fight, c: Fighter, weapon: WeaponState | None) -> int:
    """-10 for a weapon in any motor appendage but the dominant one (less if ambidextrous).

    Chapter 9.2, 'Using Weapons'.
    """
    if weapon is None or not weapon.hand or weapon.hand == c.dominant:
        return 0
    return fight.options.ambidexterity_offhand_penalty if c.ambidextrous else OFF_HAND_PENALTY


def roll_modifier(
    fight: Fight, c: Fighter, target: Fighter, weapon: WeaponState | None, extra: int, sight: int
) -> Terms:
    """What is added to the d%: the Attack Bonus (as written, unless ``attack_bonus_twice`` is
    off), or Brawling for fists ("a simple Brawling Check in lieu of an attack roll"), and
    every penalty: off-hand -10, -10 per further target, -20 for a ranged attack out of melee,
    unclear sight, and the Check penalties (Wounds, Shaken, Dazed, fatigue).

    Chapter 9.2, 'Using Weapons'.
    """
    options = fight.options
    terms: list[tuple[str, int]]
    if weapon is None:
        terms = [("Brawling", c.skills["brawling"])]
        if options.check_attribute_modifier:
            terms.append(("Power", attribute_modifier(c.attributes["power"])))
    elif options.attack_bonus_twice:
        terms = [("AB", attack_bonus(c, weapon))]
    else:
        terms = []
    terms += [
        ("off hand", -off_hand_penalty(fight, c, weapon)),
        ("further target", -extra),
        ("unclear sight", -sight),
        ("charge", charge_bonus(fight, c)),
        ("target pinned", pin_bonus(fight, c, target) if target.grappling else 0),
    ]
    if is_ranged(weapon) and in_melee(fight, c, besides=target):
        terms.append(("firing out of melee", -RANGED_FROM_MELEE_PENALTY))
    if weapon is None or options.condition_penalties_on_attack:
        terms.extend((label, -penalty) for label, penalty in check_penalties(c, fight.round))
    if c.actions_taken < c.stunt_penalty_until:
        terms.append(("stunts", -c.stunt_attack_penalty))  # 'through the character's next action'
    return Terms.of(terms)


def shots_that_hit(
    natural: int, total: int, hd: int, shots: int, options: StarflightOptions
) -> int:
    """'Using Weapons': a multiple-fire weapon at one target "must score 5 points over the
    initial target DC to hit with the second shot, and an additional five over the target for
    each subsequent shot" (first shot at 76, then 81, 86, 91...)."""
    return sum(
        1 for n in range(shots) if succeeds(natural, total, hd + EXTRA_SHOT_STEP * n, options)
    )


def burst_shot_critical(fight: Fight, n: int) -> bool:
    """Whether the ``n``-th landed shot (from 0) of a critical roll is a critical hit: every
    one, or only the first (option ``burst_criticals``; 'Using Weapons' gives one roll for
    the burst and the critical hit's effects without saying how many shots they reach)."""
    return n == 0 or fight.options.burst_criticals == "every-shot"


def usable(ctx: StarflightContext, c: Fighter, uses: list[Use]) -> list[Use]:
    """Motor appendages are checked when used; a weapon whose appendage fails is not used.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    out = []
    for use in uses:
        weapon = None if use.weapon is None else c.weapons[use.weapon]
        hand = striking_part(c, weapon)
        if not hand or check_part(ctx, c, hand):
            out.append(use)
            continue
        name = c.part_names.get(hand, hand)
        what = f"its {name}" if weapon is None else f"the {weapon.name}"
        ctx.emit(Refused(who=c.id, text=f"the attack with {what} is lost"))
    return out


def attack_target(
    ctx: StarflightContext,
    c: Fighter,
    target: Fighter,
    uses: list[Use],
    index: int,
    *,
    snipe: bool = False,
    opportunity: bool = False,
    checked: tuple[int, Sight] | None = None,
) -> None:
    """'Using Weapons': one attack roll at one target with every weapon aimed at it
    (legality already checked; ``checked``: see ``attack_sight``). ``opportunity``: an
    Opportunity Attack, which leaves beam and projectile weapons discharged for the rest of
    the round ('Miscellaneous Terms')."""
    fight = ctx.state
    uses = usable(ctx, c, uses)
    if not uses:
        return
    metres = distance_m(c, target)
    sight = attack_sight(ctx, c, target, checked)
    natural = roll_natural(ctx, f"{c.name} attack on {target.name}")
    crit = critical_of(natural, fight.options)
    hits: list[Hit] = []
    for use in uses:
        weapon = None if use.weapon is None else c.weapons[use.weapon]
        touch = weapon is not None and weapon.touch
        hd = effective_hd(fight, c, target, weapon, metres, touch=touch, snipe=snipe)
        mod = roll_modifier(fight, c, target, weapon, EXTRA_TARGET_PENALTY * index, sight.penalty)
        total = natural + mod.total
        landed = shots_that_hit(natural, total, hd.total, use.shots, fight.options)
        ctx.emit(
            AttackRolled(
                attacker=c.id,
                target=target.id,
                weapon=UNARMED if weapon is None else f"Class {weapon.cls} {weapon.name}",
                natural=natural,
                modifier=total - natural,
                total=total,
                effective_hd=hd.total,
                hits=landed,
                shots=use.shots,
                critical=crit,
                notes=tuple(hd.terms),
                roll_terms=tuple(mod.parts),
                opportunity=opportunity,
            )
        )
        if weapon is not None and weapon.stats.magazine:
            ctx.emit(
                Fired(
                    who=c.id,
                    weapon=use.weapon or 0,
                    shots=use.shots,
                    loaded_after=weapon.loaded - use.shots,
                    opportunity=opportunity,
                )
            )
        is_crit = crit == CRITICAL_SUCCESS
        hits.extend(
            Hit(weapon, is_crit and burst_shot_critical(fight, n), total - hd.total, snipe)
            for n in range(landed)
        )
    for hit in hits:
        if not is_dead(target):
            resolve_hit(ctx, c, target, hit, sight.through)
    if crit == CRITICAL_FAILURE and not hits:
        blue_on_blue(ctx, c, uses[0])


def attack_sight(
    ctx: StarflightContext, c: Fighter, target: Fighter, checked: tuple[int, Sight] | None
) -> Sight:
    """The line of sight the attack is made with ('Using Weapons'): the one the legality
    check drew (``checked``: the log's length then, and that sight) when nothing has been
    logged since, so the fight is as it was (every change to it is an event,
    ``Context.emit``); else drawn now."""
    if checked is not None and checked[0] == len(ctx.log):
        return checked[1]
    return line_of_sight(ctx.state, c, target)


def blue_on_blue(ctx: StarflightContext, c: Fighter, use: Use) -> None:
    """A critical miss strikes a friend (or the attacker) with critical effect.

    Chapter 9.2, 'Using Weapons'.
    """
    fight = ctx.state
    victim = blue_on_blue_victim(fight, c)
    ctx.emit(BlueOnBlue(attacker=c.id, victim=victim.id))
    weapon = None if use.weapon is None else c.weapons[use.weapon]
    if not is_dead(victim):
        resolve_hit(ctx, c, victim, Hit(weapon, True, 0), [])


def raw_damage(ctx: StarflightContext, c: Fighter, hit: Hit) -> tuple[int, int, str]:
    """(lethal, non-lethal, weapon type) of a hit before anything stops it.

    Chapter 9.2, 'Using Weapons' and 'Sniping'.
    """
    fight = ctx.state
    if hit.weapon is None:
        nonlethal = max(0, hit.degree)
        if fight.options.unarmed_adds_power:
            nonlethal += attribute_bonus(fight, c, None)
        lethal = c.skills["brawling"] // 10
        if hit.critical:
            lethal, nonlethal = 2 * lethal, 2 * nonlethal
        lethal, nonlethal = lethal * hit.multiplier, nonlethal * hit.multiplier
        if hit.halved:
            lethal, nonlethal = lethal // 2, nonlethal // 2
        return lethal, nonlethal, UNARMED
    amount = weapon_damage(ctx, c, hit.weapon, snipe=hit.snipe)
    if hit.critical:
        amount = critical_damage(ctx, c, hit.weapon.type, amount)
    if hit.snipe and not hit.weapon.sniper:
        amount *= SNIPING_MULTIPLIER
    amount *= hit.multiplier
    if hit.halved:
        amount //= 2
    lethal, nonlethal = split(amount, hit.weapon.damage_type)
    return lethal, nonlethal, hit.weapon.type


def through_obstacles(
    ctx: StarflightContext, lethal: int, nonlethal: int, through: list[int]
) -> tuple[int, int]:
    """'The obstacle itself will have to be blasted through (reduced to 0 HP) before any
    leftover damage makes it to the target.' Damage reduction, then hit points; Lethal first."""
    fight = ctx.state
    for i in through:
        ob = fight.obstacles[i]
        if ob.hp <= 0:
            continue
        stop = min(lethal + nonlethal, ob.damage_reduction + ob.hp)
        absorbed = max(0, min(ob.hp, lethal + nonlethal - ob.damage_reduction))
        ctx.emit(ObstacleHit(obstacle=i, absorbed=stop, hp_after=ob.hp - absorbed))
        from_lethal = min(lethal, stop)
        lethal, nonlethal = lethal - from_lethal, nonlethal - (stop - from_lethal)
    return lethal, nonlethal


def resolve_hit(
    ctx: StarflightContext, c: Fighter, target: Fighter, hit: Hit, through: list[int]
) -> None:
    """Location, damage through gear, Wounds, massive attack, saves, Fortitude.

    Chapter 9.2, 'Resolving Damage': the Reflex and Willpower saves come "any time they are
    hit", after the massive-attack save; whether a combatant the hit left unconscious or dead
    rolls them is the option ``saves_when_down`` (the wound Fortitude save is only for the
    conscious and living).
    """
    lethal, nonlethal, kind = raw_damage(ctx, c, hit)
    lethal, nonlethal = through_obstacles(ctx, lethal, nonlethal, through)
    part = hit.part if hit.part is not None else roll_location(ctx, target)
    fight = ctx.state
    assert isinstance(fight, Fight)
    massive_lethal = lethal_for_massive(fight, target, part, lethal, kind)
    massive = is_massive(massive_lethal) or sniper_massive(target, hit, part)
    wounds_before, nhp, hp = target.total_wounds(), target.nhp, target.hp
    taken_l, through_nl, taken_nl = apply_blow(ctx, target, part, lethal, nonlethal, kind)
    apply_rider(ctx, target, part, taken_l + through_nl)
    wounds = 1 if taken_l > 0 else 0
    if hit.critical:
        extra = wound_count(ctx, target, "critical Wounds")
        wounds = extra if ctx.options.critical_wounds == "replace" else wounds + extra
    if wounds:
        inflict_wounds(ctx, target, part, wounds, "hit")
    consequences(ctx, target, nhp, hp)
    if massive and not is_dead(target):
        if not is_massive(massive_lethal):
            ctx.emit(GearCheck(target=target.id, text="sniper weapon on a vital area"))
        massive_attack(ctx, target)
    dealt = lethal + nonlethal if ctx.options.hit_save_dc == "damage-dealt" else taken_l + taken_nl
    saves_after_hit(ctx, target, dealt)
    if needs_wound_fortitude(target, wounds_before, ctx):
        wound_fortitude(ctx, target)


def sniper_massive(target: Fighter, hit: Hit, part: str) -> bool:
    """'Sniping': a sniper weapon's hit on a cognitive or vital area is a massive attack."""
    if not hit.snipe or hit.weapon is None or not hit.weapon.sniper:
        return False
    return target.part_kinds.get(part) in ("cognitive", "body")


def can_attack(fight: Fight, c: Fighter) -> bool:
    """Conscious combatants attack.

    Chapter 9.2, 'Miscellaneous Terms and Definitions'.
    """
    return not is_unconscious(c, fight.options)
