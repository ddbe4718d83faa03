"""States the combat actions leave a combatant in, read from the fighter (chapter 9.2,
'Charge', 'Grapple', 'Swallow Whole'): charging, grappling, pinned, swallowed; and the
Range Zero / Range One distances those actions use.

Everything here is computed from stored fields, so nothing needs an upkeep event: a charge's
-10 HD lasts "for their next two actions" (through the charger's next turn), a pin holds "for
one round" (until the pinner's next turn).
"""

from __future__ import annotations

from fracas.rulesets.starflight.conditions import grapple_opponents
from fracas.rulesets.starflight.range import MELEE_INCREMENT_M, distance_m
from fracas.rulesets.starflight.state import Fight, Fighter

CHARGE_ATTACK_BONUS = 10
CHARGE_HD_PENALTY = 10
PIN_ATTACK_BONUS = 20


def range_zero(a: Fighter, b: Fighter) -> bool:
    """Within the first melee increment of each other (under 5 m): 'Range Zero'."""
    return distance_m(a, b) < MELEE_INCREMENT_M


def range_one(a: Fighter, b: Fighter) -> bool:
    """Within the second melee increment (under 10 m): 'Range One using melee combat'."""
    return distance_m(a, b) < 2 * MELEE_INCREMENT_M


def charge_bonus(fight: Fight, c: Fighter) -> int:
    """'The charging combatant gains a +10 Attack Bonus for the round'."""
    return CHARGE_ATTACK_BONUS if c.charged_round and fight.round == c.charged_round else 0


def charge_hd_penalty(fight: Fight, c: Fighter) -> int:
    """'-10 HD penalty for their next two actions': from the charge through the charger's
    next turn (a charge is a full-round action, so its next two actions are that turn's)."""
    if not c.charged_round:
        return 0
    if fight.round == c.charged_round:
        return CHARGE_HD_PENALTY
    if fight.round == c.charged_round + 1 and fight.turn <= c.charged_turn:
        return CHARGE_HD_PENALTY
    return 0


def pin_holds(fight: Fight, pinner: Fighter) -> bool:
    """'they hold their opponent immobile for one round': until the pinner's next turn."""
    if pinner.pinning is None:
        return False
    if fight.round == pinner.pin_round:
        return True
    return fight.round == pinner.pin_round + 1 and fight.turn < pinner.pin_turn


def pinner_of(fight: Fight, c: Fighter) -> Fighter | None:
    """Whoever holds ``c`` pinned now."""
    for g in grapple_opponents(fight, c):
        if g.pinning == c.id and pin_holds(fight, g):
            return g
    return None


def pin_bonus(fight: Fight, attacker: Fighter, target: Fighter) -> int:
    """'Opponents of the pinned target (other than the combatant maintaining the pin) get a
    +20 bonus on attacks against the target.'"""
    pinner = pinner_of(fight, target)
    if pinner is None or pinner.id == attacker.id or attacker.side == target.side:
        return 0
    return PIN_ATTACK_BONUS


def is_grappling(fight: Fight, c: Fighter) -> bool:
    """In a grapple with someone still in the fight ('Grapple'): no movement, no Opportunity
    Attacks, no Finesse."""
    return bool(c.grappling) and bool(grapple_opponents(fight, c))


def finesse_score(fight: Fight, c: Fighter) -> int:
    """'While Grappling, Combatants may not ... use their Finesse scores for any reason'."""
    return 0 if is_grappling(fight, c) else c.attributes["finesse"]


def won_grapple_now(fight: Fight, c: Fighter, target: Fighter) -> bool:
    """``c`` won a Grapple check against ``target`` during this turn (Constrict, Swallow
    Whole follow one)."""
    return (
        c.grapple_won_against == target.id
        and c.grapple_won_round == fight.round
        and fight.current == c.id
        and target.id in c.grappling
    )
