"""Oops damage. Chapter, 'Oops Damage': "There is a 1% chance per HPS of damage that the
non-lethal attack will convert to an accidental lethal attack" and "If the player ... rolls
under 20 on deci-die Socmob would take 20 HPS of damage." "Personas with hand-to-hand combat
skill can avoid oops damage." The deci-die is a percentile die (research notes, section 4;
option ``oops_die``); 'under' is read as 'at or under' (option ``oops_when``)."""

from __future__ import annotations

from fracas.rulesets.exp.events import OopsChecked
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.state import ExpContext, Persona, Weapon
from fracas.rulesets.exp.tables import die


def oops_exemption(attacker: Persona, weapon: Weapon, options: ExpOptions) -> str | None:
    """Chapter, 'Oops Damage': "Personas with hand-to-hand combat skill can avoid oops
    damage." Why this blow makes no oops check, or None if it does (stun weapons check by
    option ``oops_on_stun_weapons``)."""
    if attacker.hand_to_hand:
        return f"{attacker.name} has hand-to-hand skill"
    if weapon.stun and not options.oops_on_stun_weapons:
        return f"the {weapon.name} is made to be non-lethal"
    return None


def is_oops(roll: int, damage: int, when: str) -> bool:
    """Chapter, 'Oops Damage': "a 1% chance per HPS of damage": the roll is at or under (or,
    by option ``oops_when``, strictly under) the damage."""
    return roll <= damage if when == "at-or-under" else roll < damage


def oops_check(ctx: ExpContext, attacker: Persona, target: Persona, damage: int) -> bool:
    """Chapter, 'Oops Damage': roll the deci-die (option ``oops_die``); emit the check; True
    if the blow converts "to an accidental lethal attack"."""
    options: ExpOptions = ctx.options
    roll = ctx.roll(die(options.oops_die), f"{attacker.name} oops check")
    oops = is_oops(roll, damage, options.oops_when)
    ctx.emit(
        OopsChecked(attacker=attacker.id, target=target.id, damage=damage, roll=roll, oops=oops)
    )
    return oops
