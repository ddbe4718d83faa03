"""Range (chapter 9.2, 'Range' and 'Attack Action Rules').

Positions are whole metres on a plane (x, y); the range between two combatants is the
distance rounded down. Melee increments are 5 m, ranged increments 25 m. Two combatants within
two melee increments (10 m) are 'in melee'. Beyond fifteen increments of every hostile a
combatant may withdraw; beyond fifteen ranged increments only sniping reaches.
"""

from __future__ import annotations

from math import isqrt

from fracas.rulesets.starflight.conditions import in_fight
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.state import Fight, Fighter, WeaponState

MELEE_INCREMENT_M = 5
RANGED_INCREMENT_M = 25
IN_MELEE_M = 2 * MELEE_INCREMENT_M
WITHDRAWAL_INCREMENTS = 15


def distance_m(a: Fighter, b: Fighter) -> int:
    """Whole metres between two combatants (rounded down)."""
    return isqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2)


def increment_m(scale: str) -> int:
    """'Range': 5 m per increment in melee combat, 25 m in ranged combat."""
    return MELEE_INCREMENT_M if scale == "melee" else RANGED_INCREMENT_M


def hostiles(fight: Fight, c: Fighter) -> list[Fighter]:
    """Combatants of other sides still in the fight (once per side in a decision,
    ``decision``)."""
    memo = fight.memo
    if memo is None:
        return _hostiles(fight, c.side)
    key = ("hostiles", c.side)
    found: list[Fighter] | None = memo.get(key)
    if found is None:
        found = memo[key] = _hostiles(fight, c.side)
    return found


def _hostiles(fight: Fight, side: str) -> list[Fighter]:
    """``hostiles`` of ``side`` (``_still_in`` inline)."""
    options = fight.options
    return [
        o
        for o in fight.combatants.values()
        if o.side != side
        and not o.withdrawn
        and o.nhp > 0
        and o.dead_since is None
        and (not o.failed or in_fight(o, options))
    ]


def _still_in(o: Fighter, options: StarflightOptions) -> bool:
    """``in_fight``, its quick tests inline (the full one only for a fighter with a failed
    part)."""
    return (
        not o.withdrawn
        and o.nhp > 0
        and o.dead_since is None
        and (not o.failed or in_fight(o, options))
    )


def in_melee(fight: Fight, c: Fighter, besides: Fighter | None = None) -> bool:
    """'within two melee combat range increments (within 10 meters)' of a hostile other than
    ``besides`` (the one shooting at, or being shot by, ``c``). The distance is tested
    first: it rules out most of the others at once."""
    skip = None if besides is None else besides.id
    x, y, reach2 = c.x, c.y, (IN_MELEE_M + 1) ** 2  # isqrt(d2) <= 10 exactly when d2 < 11**2
    if fight.memo is not None:  # a decision: the side's hostiles are worked out already
        for o in hostiles(fight, c):
            if (o.x - x) ** 2 + (o.y - y) ** 2 < reach2 and o.id != skip:
                return True
        return False
    side, options = c.side, fight.options
    for o in fight.combatants.values():
        near = (o.x - x) ** 2 + (o.y - y) ** 2 < reach2
        if near and o.side != side and o.id != skip and _still_in(o, options):
            return True
    return False


def withdrawal_limit_m(fight: Fight) -> int:
    """Fifteen increments: 75 m in melee; 375 m or 400 m in ranged combat (an option).

    Chapter 9.2, 'Range'.
    """
    if fight.scale == "melee":
        return WITHDRAWAL_INCREMENTS * MELEE_INCREMENT_M
    return fight.options.ranged_limit_m


def may_withdraw(fight: Fight, c: Fighter) -> bool:
    """'greater than fifteen range increments from all hostile combatants'."""
    limit = withdrawal_limit_m(fight)
    return all(distance_m(c, o) > limit for o in hostiles(fight, c))


def is_sniping_range(fight: Fight, metres: int) -> bool:
    """'Sniping': 'beyond fifteen ranged combat increments' (the ranged limit option)."""
    return metres > fight.options.ranged_limit_m


def reach_m(fight: Fight, weapon: WeaponState | None) -> int:
    """How far a weapon reaches: melee weapons and fists the melee reach, others range_m.

    Chapter 9.2, 'Range' and 'Using Weapons'.
    """
    if weapon is None or weapon.type == "melee":
        return fight.options.melee_reach_m
    return weapon.stats.range_m


def range_falloff(fight: Fight, weapon: WeaponState | None, metres: int) -> int:
    """HD 'Range falloff': the weapon's falloff per full range increment to the target (of
    the scenario's scale, or always 25 m: option ``falloff_increment``)."""
    if weapon is None or weapon.type == "melee":
        return 0
    per = RANGED_INCREMENT_M if fight.options.falloff_increment == "ranged" else fight.increment_m
    return weapon.stats.falloff * (metres // per)


def ready(fight: Fight, weapon: WeaponState) -> bool:
    """'Opportunity Attack': "Any beam or projectile weapons fired during an Opportunity
    Attack are considered discharged, should the target get a turn later on in the Order of
    Battle" - so they cannot fire again this round."""
    return weapon.type == "melee" or weapon.discharged_round != fight.round
