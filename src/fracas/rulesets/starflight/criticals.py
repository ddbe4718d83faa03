"""Critical hits and misses (chapter 9.2, 'Using Weapons').

"For melee weaponry and unarmed combat, the hit scores double the full amount of damage. The
same hold true for beam weaponry ... For projectile weaponry, roll 1d10 (counting the 0 as 10)
and multiply the result by 10. Add the result to the weapon's damage." A critical miss hits "the
friendly combatant with the next lowest initiative value, or (if no such combatant exists) the
friendly combatant with the highest initiative value ... [else] themselves".
"""

from __future__ import annotations

from fracas.rulesets.starflight.conditions import is_dead
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

PROJECTILE_CRITICAL_STEP = 10
#: the end of the purpose of a projectile critical's d10 roll ("Mira Sol critical damage"),
#: which the account tells (``account._critical``)
CRITICAL_DAMAGE = "critical damage"


def critical_damage(ctx: StarflightContext, who: Fighter, weapon_type: str, amount: int) -> int:
    """Double for melee, unarmed and beam; + 10 x 1d10 for projectiles.

    Chapter 9.2, 'Using Weapons'.
    """
    if weapon_type == "projectile":
        return amount + PROJECTILE_CRITICAL_STEP * ctx.roll("1d10", f"{who.name} {CRITICAL_DAMAGE}")
    return 2 * amount


def _initiative(fight: Fight, c: Fighter) -> tuple[int, int]:
    key = c.initiative if fight.options.blue_on_blue_by == "initiative-value" else c.order_score
    position = fight.order.index(c.id) if c.id in fight.order else 0
    return key, -position


def blue_on_blue_victim(fight: Fight, attacker: Fighter) -> Fighter:
    """The friendly combatant a critical miss strikes (the attacker if there is none).

    Chapter 9.2, 'Using Weapons'.
    """
    friends = [
        f
        for f in fight.fighters()
        if f.side == attacker.side and f.id != attacker.id and not is_dead(f) and not f.withdrawn
    ]
    if not friends:
        return attacker
    mine = _initiative(fight, attacker)[0]
    lower = [f for f in friends if _initiative(fight, f)[0] < mine]
    pool = lower or friends
    return max(pool, key=lambda f: _initiative(fight, f))
