"""Damage: weapon damage, damage types, defensive gear (chapter 9.2, 'Attack Action Rules'
and 'Resolving Damage').

"Basic Damage is a combination of Non-Lethal and Lethal Damage; ... half of the damage (rounded
down) is Lethal Damage, and the rest is Non-Lethal." Gear that blocks the weapon turns Lethal
into Non-Lethal; shields then armour absorb unconverted Lethal point for point (and SI falls
with them); their remaining hit points reduce Non-Lethal without being worn down.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.rulesets.starflight.armour import Gear, armour_on
from fracas.rulesets.starflight.characters import attribute_modifier
from fracas.rulesets.starflight.combat_states import finesse_score
from fracas.rulesets.starflight.conditions import is_fatigued
from fracas.rulesets.starflight.death import check_death
from fracas.rulesets.starflight.events import ConditionGained, DamageTaken
from fracas.rulesets.starflight.nonlethal import after_nonlethal
from fracas.rulesets.starflight.shields import active_shield
from fracas.rulesets.starflight.species import Rider
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext, WeaponState
from fracas.rulesets.starflight.strength import HP_PLUS_GEAR
from fracas.rulesets.starflight.wounds import after_lethal

MINUTE_ROUNDS = 10
INTERNAL = "internal"  # damage from inside (a part failing): no gear in the way


@dataclass(slots=True)
class Absorption:
    """What the gear did to a hit: conversion, absorption, reduction, and what is left."""

    lethal: int
    nonlethal: int
    converted: int
    shield: int
    armour: int
    reduced: int
    shield_hp: int | None
    armour_hp: list[int]


def attribute_bonus(
    fight: Fight, attacker: Fighter, weapon: WeaponState | None, *, snipe: bool = False
) -> int:
    """Power for melee (and, by option, unarmed), Finesse for ranged; none when surprising
    (the surprise round, or a snipe under option ``sniping_surprise: surprise``).

    Chapter 9.2, 'Using Weapons' and 'Sniping'.
    """
    if fight.surprise_round or (snipe and fight.options.sniping_surprise == "surprise"):
        return 0
    ranged = weapon is not None and weapon.type != "melee"
    score = finesse_score(fight, attacker) if ranged else attacker.attributes["power"]
    return score if fight.options.damage_attribute == "score" else attribute_modifier(score)


def brawling_bonus(fight: Fight, attacker: Fighter, weapon: WeaponState | None) -> int:
    """Skill chapter 3.1 (option): +1 per 10 Brawling on melee and unarmed hits."""
    melee = weapon is None or weapon.type == "melee"
    on = melee and fight.options.brawling_damage_bonus
    return attacker.skills["brawling"] // 10 if on else 0


def weapon_damage(
    ctx: StarflightContext, attacker: Fighter, weapon: WeaponState, *, snipe: bool = False
) -> int:
    """'the amount of damage indicated by the weapon type and Class, as well as' the
    attribute bonus."""
    fight = ctx.state
    amount = weapon.stats.damage
    if weapon.stats.dice:
        amount += ctx.roll(weapon.stats.dice, f"{attacker.name} {weapon.name} damage")
    bonus = attribute_bonus(fight, attacker, weapon, snipe=snipe)
    return amount + bonus + brawling_bonus(fight, attacker, weapon)


def split(amount: int, damage_type: str) -> tuple[int, int]:
    """(lethal, non-lethal) of an amount of damage of a type; Basic is half lethal (down).

    Chapter 9.2, 'Resolving Damage'.
    """
    if damage_type == "lethal":
        return amount, 0
    if damage_type == "nonlethal":
        return 0, amount
    return amount // 2, amount - amount // 2


def absorb(
    c: Fighter, part: str, lethal: int, nonlethal: int, weapon_type: str, armour_only_nl: bool
) -> Absorption:
    """'Resolving Damage': conversion, shields before armour, Non-Lethal reduced by gear HP."""
    shield, pieces = gear_in_the_way(c, part, weapon_type)
    gear: list[Gear] = ([shield] if shield else []) + pieces
    converted = lethal if converts(gear, weapon_type) else 0
    lethal, nonlethal = lethal - converted, nonlethal + converted
    left = {id(g): g.hp for g in gear}
    taken = {}
    for g in gear:
        taken[id(g)] = min(left[id(g)], lethal)
        lethal -= taken[id(g)]
        left[id(g)] -= taken[id(g)]
    reducers = pieces if armour_only_nl else gear
    reduced = min(nonlethal, sum(left[id(g)] for g in reducers))
    return Absorption(
        lethal=lethal,
        nonlethal=nonlethal - reduced,
        converted=converted,
        shield=taken[id(shield)] if shield else 0,
        armour=sum(taken[id(g)] for g in pieces),
        reduced=reduced,
        shield_hp=None if c.shield is None else left.get(id(c.shield), c.shield.hp),
        armour_hp=[left.get(id(g), g.hp) for g in c.armour],
    )


def gear_in_the_way(c: Fighter, part: str, weapon_type: str) -> tuple[Gear | None, list[Gear]]:
    """The active shield and the armour pieces a blow to ``part`` meets (none for an
    internal blow)."""
    if weapon_type == INTERNAL:
        return None, []
    shield = active_shield(c.shield, c.shield_raised)
    pieces = [c.armour[i] for i in armour_on(c.armour, part, c.part_kinds.get(part, ""))]
    return shield, pieces


def converts(gear: list[Gear], weapon_type: str) -> bool:
    """Whether some of the gear blocks the weapon's type (its Lethal turns Non-Lethal)."""
    blocks = "melee" if weapon_type == "unarmed" else weapon_type
    return any(blocks in g.blocks for g in gear)


def lethal_for_massive(fight: Fight, c: Fighter, part: str, lethal: int, weapon_type: str) -> int:
    """The Lethal damage a blow counts towards a massive attack: by default after the gear
    that blocks the weapon turned it Non-Lethal ('Resolving Damage': the Lethal Damage "is
    transformed into Non-Lethal Damage before any damage is applied"); option
    ``massive_attack_lethal``."""
    if fight.options.massive_attack_lethal == "before-conversion" or not lethal:
        return lethal
    shield, pieces = gear_in_the_way(c, part, weapon_type)
    return 0 if converts(([shield] if shield else []) + pieces, weapon_type) else lethal


def rider_multiplier(fight: Fight, c: Fighter, part: str) -> int:
    """The part rider's NHP multiplier for this combatant's sex (the groin rider: x2)."""
    rider = _rider(fight, c, part)
    return rider.nonlethal_multiplier if rider else 1


def _rider(fight: Fight, c: Fighter, part: str) -> Rider | None:
    name = c.part_riders.get(part)
    rider = fight.riders.get(name) if name else None
    return rider if rider is not None and c.sex in rider.sexes else None


def apply_rider(ctx: StarflightContext, c: Fighter, part: str, damage: int) -> None:
    """The example's groin hit: Dazed ceil(damage/10) minutes, no movement ceil(damage/10)
    rounds (NHP doubling is applied with the damage)."""
    fight = ctx.state
    rider = _rider(fight, c, part)
    if rider is None or damage <= 0:
        return  # "1/10 the damage rounded up" of no damage is no daze and no immobility
    if rider.dazed_minutes_per:
        minutes = -(-damage // rider.dazed_minutes_per)
        until = fight.round + minutes * MINUTE_ROUNDS
        ctx.emit(ConditionGained(who=c.id, condition="dazed", until=until, reason=f"{minutes} min"))
    if rider.immobile_rounds_per:
        rounds = -(-damage // rider.immobile_rounds_per)
        until = fight.round + rounds
        ctx.emit(
            ConditionGained(who=c.id, condition="immobile", until=until, reason=f"{rounds} rounds")
        )


def apply_blow(
    ctx: StarflightContext, c: Fighter, part: str, lethal: int, nonlethal: int, weapon_type: str
) -> tuple[int, int, int]:
    """Run a blow through the gear and onto the combatant; emit ``DamageTaken``. Returns the
    lethal taken, the non-lethal through the gear, and the non-lethal taken (after the rider's
    and fatigue's doubling)."""
    fight = ctx.state
    armour_only = fight.options.nonlethal_reduction == "armour-only"
    a = absorb(c, part, lethal, nonlethal, weapon_type, armour_only)
    nl = a.nonlethal * rider_multiplier(fight, c, part) * (2 if is_fatigued(c) else 1)
    worn = sum(hp for hp, g in zip(a.armour_hp, c.armour, strict=True) if g.worn)
    gear_after = worn + (a.shield_hp or 0)  # as strength.gear_hit_points: worn armour only
    hp_after = c.hp - a.lethal
    base = hp_after if fight.options.si_formula == HP_PLUS_GEAR else c.si_base
    ctx.emit(
        DamageTaken(
            target=c.id,
            part=part,
            lethal=a.lethal,
            nonlethal=nl,
            converted=a.converted,
            shield_absorbed=a.shield,
            armour_absorbed=a.armour,
            nonlethal_reduced=a.reduced,
            nhp_after=c.nhp - nl,
            hp_after=hp_after,
            shield_hp_after=a.shield_hp,
            armour_hp_after=a.armour_hp,
            si_after=base + gear_after,
        )
    )
    return a.lethal, a.nonlethal, nl


def consequences(ctx: StarflightContext, c: Fighter, nhp_before: int, hp_before: int) -> None:
    """What follows from the new NHP and HP: Dazed, Unconscious, comatose, fatigued, death.

    Chapter 9.2, 'Non-Lethal Damage' and 'Lethal Damage and Wounds'.
    """

    after_nonlethal(ctx, c, nhp_before)
    after_lethal(ctx, c, hp_before)
    check_death(ctx, c)
