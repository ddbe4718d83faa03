"""Weapon snatching. Chapter, 'Weapon Snatching': "The player must win an attack roll, a
Dexterity competition and a Strength competition to wrestle a weapon from the target", in
three steps: 'Attack roll', 'Dexterity Challenge' and 'Strength Challenge'."""

from __future__ import annotations

from fracas.engine import IllegalAction
from fracas.rulesets.exp.actions import Snatch
from fracas.rulesets.exp.attack_roll import maneuver_attack_roll
from fracas.rulesets.exp.challenges import compete
from fracas.rulesets.exp.events import SnatchBacklash, WeaponSnatched
from fracas.rulesets.exp.legality import check_maneuver
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.state import ExpContext, ExpEncounter, Persona, Weapon, persona

FUMBLED_GRAB_BONUS = 242


def has_attack_left(state: ExpEncounter, p: Persona) -> bool:
    """Has ``p`` still to act this unit (so the +242 can be used)?"""
    return p.id in state.order and p.id not in state.acted


def check_snatch(
    state: ExpEncounter, options: ExpOptions, action: Snatch
) -> tuple[Persona, Persona, Weapon]:
    """Chapter, 'Weapon Snatching' ("if the referee is going to allow it"): who may snatch
    what. A weapon that is part of the body (``natural``: fists, claws, a bite) is no weapon
    to wrest away. Returns grabber, target and weapon; raises ``IllegalAction``."""
    if action.target not in state.combatants:
        raise IllegalAction(f"no persona called {action.target!r}")
    actor, target = persona(state, action.actor or ""), persona(state, action.target)
    if not options.allow_weapon_snatching:
        raise IllegalAction(
            "the referee does not allow weapon snatching (option allow_weapon_snatching)"
        )
    check_maneuver(actor, target, options, "snatch a weapon")
    weapon = target.weapon(action.weapon)
    if weapon is None:
        raise IllegalAction(f"{target.name} holds no {action.weapon!r} that can be snatched")
    if weapon.natural:
        raise IllegalAction(
            f"{target.name} holds no {action.weapon!r} that can be snatched: it is part of "
            "the body (natural)"
        )
    return actor, target, weapon


def snatch(ctx: ExpContext, action: Snatch) -> None:
    """Chapter, 'Weapon Snatching': attack roll, Dexterity, then Strength; the first step lost
    ends the attempt; winning all three moves the weapon to the grabber."""
    actor, target, weapon = check_snatch(ctx.state, ctx.options, action)
    if not maneuver_attack_roll(ctx, actor, target, "snatch", action.situational):
        return
    if not dexterity_challenge(ctx, actor, target):
        return
    if not strength_challenge(ctx, actor, target, weapon):
        return
    ctx.emit(WeaponSnatched(grabber=actor.id, target=target.id, weapon=weapon.name))


def dexterity_challenge(ctx: ExpContext, grabber: Persona, target: Persona) -> bool:
    """Chapter, 'Weapon Snatching', 'Dexterity Challenge': "If the grabber fails this
    Dexterity competition ... If the target persona has an attack remaining, they get a +242
    attack roll bonus on their attacker." True if the grabber wins."""
    if compete(ctx, "Dexterity competition", "DEX", grabber, target):
        return True
    bonus = FUMBLED_GRAB_BONUS if has_attack_left(ctx.state, target) else 0
    ctx.emit(
        SnatchBacklash(
            grabber=grabber.id, target=target.id, step="dexterity", bonus=bonus, weapon=None
        )
    )
    return False


def strength_challenge(ctx: ExpContext, grabber: Persona, target: Persona, weapon: Weapon) -> bool:
    """Chapter, 'Weapon Snatching', 'Strength Challenge': "If this attribute challenge fails
    the persona is open to an attack with the weapon regardless of the combat unit cycle."
    True if the grabber wins."""
    if compete(ctx, "Strength competition", "PSTR", grabber, target):
        return True
    ctx.emit(
        SnatchBacklash(
            grabber=grabber.id, target=target.id, step="strength", bonus=0, weapon=weapon.name
        )
    )
    return False
