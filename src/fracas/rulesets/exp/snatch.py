"""Weapon snatching. Chapter, 'Weapon Snatching': "The player must win an attack roll, a
Dexterity competition and a Strength competition to wrestle a weapon from the target";
"If the grabber fails this Dexterity competition ... If the target persona has an attack
remaining, they get a +242 attack roll bonus on their attacker"; "If this attribute
challenge [Strength] fails the persona is open to an attack with the weapon regardless of the
combat unit cycle." """

from __future__ import annotations

from fracas.engine import Context, Encounter, IllegalAction
from fracas.rulesets.exp.actions import Snatch
from fracas.rulesets.exp.attack_roll import roll_attack
from fracas.rulesets.exp.challenges import compete
from fracas.rulesets.exp.events import SnatchBacklash, WeaponSnatched
from fracas.rulesets.exp.legality import check_maneuver
from fracas.rulesets.exp.personas import ExpEncounter, Persona, persona

FUMBLED_GRAB_BONUS = 242


def has_attack_left(state: Encounter, p: Persona) -> bool:
    """Has ``p`` still to act this unit (so the +242 can be used)?"""
    assert isinstance(state, ExpEncounter)
    return p.id in state.order and p.id not in state.acted


def snatch(ctx: Context, action: Snatch) -> None:
    """Attack roll, Dexterity competition, Strength competition; the weapon changes hands."""
    state = ctx.state
    if action.target not in state.combatants:
        raise IllegalAction(f"no persona called {action.target!r}")
    actor, target = persona(state, action.actor or ""), persona(state, action.target)
    check_maneuver(actor, target, ctx.options, "snatch a weapon")
    weapon = target.weapon(action.weapon)
    if weapon is None or weapon.natural:
        raise IllegalAction(f"{target.name} holds no {action.weapon!r} that can be snatched")
    row = actor.table["strike"]
    if not roll_attack(ctx, actor, target, row, "snatch", actor.hand_to_hand, False, 0):
        return
    if not compete(ctx, "Dexterity competition", "DEX", actor, target):
        bonus = FUMBLED_GRAB_BONUS if has_attack_left(state, target) else 0
        ctx.emit(
            SnatchBacklash(
                grabber=actor.id, target=target.id, step="dexterity", bonus=bonus, weapon=None
            )
        )
        return
    if not compete(ctx, "Strength competition", "PSTR", actor, target):
        ctx.emit(
            SnatchBacklash(
                grabber=actor.id, target=target.id, step="strength", bonus=0, weapon=weapon.name
            )
        )
        return
    ctx.emit(WeaponSnatched(grabber=actor.id, target=target.id, weapon=weapon.name))
