"""The chance a strike hits, read from the rules' own roll (for the tactics, which never roll).

Chapter 9.2, 'Using Weapons': the d% plus its modifiers must beat the effective HD; with
``natural_extremes_decide`` a natural critical success hits and a critical failure misses,
whatever the modifiers (chapter 1.1, 'Core Mechanic').
"""

from __future__ import annotations

from fracas.rulesets.starflight.actions import Strike
from fracas.rulesets.starflight.attack import roll_modifier
from fracas.rulesets.starflight.checks import naturals_that_succeed
from fracas.rulesets.starflight.effective_hd import effective_hd
from fracas.rulesets.starflight.range import distance_m
from fracas.rulesets.starflight.state import Fight, Fighter

#: a strike that hits on fewer naturals than this in 100 is one nobody at a table would
#: take while something better is open (by default only a natural 99 hits a roll that needs
#: more than 99, the same odds as a natural 00's blue-on-blue on an ally)
HOPELESS_NATURALS = 5


def naturals_that_hit(
    fight: Fight, c: Fighter, target: Fighter, strike: Strike, *, up_close: bool = False
) -> int:
    """How many of the 100 naturals (00-99) land ``strike``'s first shot on ``target``, as
    if ``c`` already faced it with a clear line (turning and stepping around an obstacle are
    the tactics' own moves; the penalties of the attacker, range and target all count).
    ``up_close``: as if within the first range increment (no range falloff), which walking
    up to the target would buy.

    Chapter 9.2, 'Using Weapons'. Worked out once per decision (``decision``).
    """
    memo = fight.memo
    if memo is None:
        return _naturals_that_hit(fight, c, target, strike.weapon, up_close)
    key = ("hits", c.id, target.id, strike.weapon, up_close)
    found: int | None = memo.get(key)
    if found is None:
        found = memo[key] = _naturals_that_hit(fight, c, target, strike.weapon, up_close)
    return found


def _naturals_that_hit(
    fight: Fight, c: Fighter, target: Fighter, index: int | None, up_close: bool
) -> int:
    weapon = None if index is None else c.weapons[index]
    touch = weapon is not None and weapon.touch
    metres = 0 if up_close else distance_m(c, target)
    hd = effective_hd(fight, c, target, weapon, metres, touch=touch).total
    mod = roll_modifier(fight, c, target, weapon, 0, 0).total
    return naturals_that_succeed(mod, hd, fight.options)


def hopeless(
    fight: Fight, c: Fighter, target: Fighter, strikes: list[Strike], *, up_close: bool = False
) -> bool:
    """Whether every one of ``strikes`` hits ``target`` on fewer than
    :data:`HOPELESS_NATURALS` naturals in 100 (``up_close``: see :func:`naturals_that_hit`)."""
    for s in strikes:
        if naturals_that_hit(fight, c, target, s, up_close=up_close) >= HOPELESS_NATURALS:
            return False
    return True
