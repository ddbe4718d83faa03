"""Opportunity attacks (chapter 9.2, 'Using Weapons' and 'Miscellaneous Terms'):
"a character that moves within two melee combat range increments of an opponent prompts an
Opportunity Attack from that opponent" - a free single attack at the mover, with a weapon
that reaches (or fists), made by a conscious opponent who can see the mover."""

from __future__ import annotations

from fracas.rulesets.starflight.attack import Use, attack_target
from fracas.rulesets.starflight.combat_states import is_grappling
from fracas.rulesets.starflight.conditions import can_strike, in_fight, is_dead
from fracas.rulesets.starflight.line_of_sight import line_of_sight
from fracas.rulesets.starflight.range import IN_MELEE_M, distance_m, hostiles, reach_m, ready
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


def weapon_for(fight: Fight, o: Fighter, metres: int) -> Use | None:
    """The opponent's first drawn, loaded, ready weapon that reaches; fists if it wields none."""
    for i, w in enumerate(o.weapons):
        loaded = w.stats.magazine == 0 or w.loaded > 0
        works = w.hand not in o.failed  # a failed part "cannot use it at all"
        if works and w.drawn and loaded and ready(fight, w) and metres <= reach_m(fight, w):
            return Use(i, 1)
    if any(w.drawn for w in o.weapons) or not can_strike(o):
        return None  # fists only when "they aren't wielding any weapon" ('Using Weapons')
    return Use(None, 1) if metres <= reach_m(fight, None) else None


def provoked(fight: Fight, mover: Fighter, before: dict[str, int]) -> list[Fighter]:
    """Opponents the mover came within two melee increments of.

    Chapter 9.2, 'Using Weapons'.
    """
    return [
        o
        for o in hostiles(fight, mover)
        if distance_m(mover, o) <= IN_MELEE_M < before.get(o.id, 0)
    ]


def opportunity_attacks(ctx: StarflightContext, mover: Fighter, before: dict[str, int]) -> None:
    """Each provoked opponent strikes once at the mover.

    Chapter 9.2, 'Using Weapons' and 'Miscellaneous Terms and Definitions'.
    """
    fight = ctx.state
    for o in provoked(fight, mover, before):
        surprised = fight.surprise_round and o.surprised
        if is_dead(mover) or surprised or not in_fight(o, fight.options):
            continue
        if is_grappling(fight, o) or o.swallowed_by is not None:
            continue  # 'While Grappling, ... [they] may not ... make Opportunity Attacks'
        use = weapon_for(fight, o, distance_m(o, mover))
        if use is not None and line_of_sight(fight, o, mover).visible:
            attack_target(ctx, o, mover, [use], 0, opportunity=True)
