"""Sniping (chapter 9.2, 'Sniping').

"All instances of attempting to hit a target beyond fifteen ranged combat increments is
considered sniping." It needs a weapon with the range and a scope; it is a full-round action;
HD is doubled, Dodge ignored, projectiles are treated as at fifteen ranged increments, scope
bonuses reduce the HD; a hit does triple damage, or, with a sniper weapon, any hit on a
cognitive or vital area is a massive attack.
"""

from __future__ import annotations

from fracas.engine import IllegalAction
from fracas.rulesets.starflight.line_of_sight import line_of_sight
from fracas.rulesets.starflight.range import distance_m, is_sniping_range, ready
from fracas.rulesets.starflight.state import Fight, Fighter, WeaponState


def check_snipe(fight: Fight, c: Fighter, target: Fighter, weapon: WeaponState) -> None:
    """Legality of a sniping attack (IllegalAction names what is missing).

    Chapter 9.2, 'Sniping'.
    """
    metres = distance_m(c, target)
    if not is_sniping_range(fight, metres):
        raise IllegalAction(f"{target.name} is within ranged combat ({metres} m): attack instead")
    if weapon.type == "melee" or not weapon.drawn:
        raise IllegalAction(f"{c.name}'s {weapon.name} cannot snipe (drawn ranged weapon needed)")
    if weapon.stats.range_m < metres:
        raise IllegalAction(f"the {weapon.name} reaches {weapon.stats.range_m} m, not {metres} m")
    if not weapon.scope:
        raise IllegalAction(f"sniping needs a scope on the {weapon.name}")
    if not ready(fight, weapon):
        raise IllegalAction(f"{c.name}'s {weapon.name} was discharged in an opportunity attack")
    if weapon.stats.magazine and weapon.loaded < 1:
        raise IllegalAction(f"{c.name}'s {weapon.name} is empty")
    sight = line_of_sight(fight, c, target)
    if not sight.visible:
        raise IllegalAction(f"{c.name} has no line of sight: {sight.reason}")
