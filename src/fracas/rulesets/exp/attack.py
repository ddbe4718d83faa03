"""An attack from the roll to the last HPS. Chapter, 'Non-Lethal Combat', the steps of
"Each successful hit": roll non-lethal damage, stun check (DSS), actual damage (10%), oops
damage check. A lethal attack ("The players can use non-lethal and lethal personal combat
simultaneously") applies its damage in full."""

from __future__ import annotations

from fracas.engine import IllegalAction
from fracas.rulesets.exp.actions import Attack
from fracas.rulesets.exp.actual_damage import actual_damage, lose_hps, settle_condition
from fracas.rulesets.exp.attack_roll import roll_attack, uses_skilled_bonus
from fracas.rulesets.exp.dss import stun_check
from fracas.rulesets.exp.events import OopsSkipped, WeaponThrown
from fracas.rulesets.exp.legality import (
    check_free_to_act,
    check_held_attack,
    check_nonlethal,
    check_target,
    check_weapon_use,
)
from fracas.rulesets.exp.nonlethal_damage import THROWN_TYPES, roll_damage
from fracas.rulesets.exp.oops import oops_check, oops_exemption
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.state import ExpContext, ExpEncounter, Persona, Weapon


def check_attack(
    state: ExpEncounter, options: ExpOptions, action: Attack
) -> tuple[Persona, Persona, Weapon]:
    """Every legality check of an attack; returns attacker, target and weapon."""
    if action.target not in state.combatants:
        raise IllegalAction(f"no persona called {action.target!r}")
    attacker, target = state.combatants[action.actor or ""], state.combatants[action.target]
    held = attacker.held_by is not None and options.held_target_may_attack
    if not held:
        check_free_to_act(attacker, "attack")
    check_target(attacker, target)
    weapon = attacker.weapon(action.weapon)
    if weapon is None:
        holds = ", ".join(w.name for w in attacker.weapons)
        raise IllegalAction(f"{attacker.name} holds no {action.weapon!r} (holds: {holds})")
    if held:
        check_held_attack(attacker, target, weapon)
    check_weapon_use(attacker, target, weapon, options)
    if not action.lethal:
        check_nonlethal(attacker, target, weapon, options)
    return attacker, target, weapon


def attack(ctx: ExpContext, action: Attack) -> None:
    """Chapter, 'Non-Lethal Combat' ("Attack Rolls based on Initiative", "Each successful
    hit"): check, roll to hit, and on a hit apply the lethal or non-lethal damage steps."""
    attacker, target, weapon = check_attack(ctx.state, ctx.options, action)
    row = attacker.table[weapon.attack_type]
    skilled = uses_skilled_bonus(attacker, weapon, action.lethal, ctx.options)
    # thrown or used in hand is settled as the blow is struck: a dagger stabbed in a
    # grapple stays in hand even if the blow ends the grapple (the target going out)
    thrown = is_thrown(attacker, weapon) and ctx.options.thrown_weapons == "used-up"
    hit = roll_attack(
        ctx, attacker, target, row, weapon.name, skilled, action.lethal, action.situational
    )
    if hit and action.lethal:
        lethal_hit(ctx, attacker, target, weapon)
    elif hit:
        nonlethal_hit(ctx, attacker, target, weapon)
    if thrown:
        ctx.emit(WeaponThrown(thrower=attacker.id, weapon=weapon.name))


def is_thrown(attacker: Persona, weapon: Weapon) -> bool:
    """Chapter, 'Non-Lethal Combat': "Fling attacks like rocks, plates, bottles, and cheese
    wheels": a Fling (or Pointy Fling) attack throws the object, unless a close-range weapon
    (a dagger) is used in hand in a grapple."""
    if weapon.attack_type not in THROWN_TYPES:
        return False
    in_grapple = attacker.holding is not None or attacker.held_by is not None
    return not (weapon.close_range and in_grapple)


def lethal_hit(ctx: ExpContext, attacker: Persona, target: Persona, weapon: Weapon) -> None:
    """Chapter, 'Non-Lethal Combat': "The players can use non-lethal and lethal personal
    combat simultaneously": a lethal blow's damage (with the Force Bonus for Strike) comes
    off the HPS in full."""
    damage = roll_damage(ctx, attacker, target, weapon, lethal=True)
    lose_hps(ctx, target, damage, "lethal")
    settle_condition(ctx, target, stunned=False, reason="lethal damage")


def nonlethal_hit(ctx: ExpContext, attacker: Persona, target: Persona, weapon: Weapon) -> None:
    """Chapter, 'Non-Lethal Combat', "Each successful hit": non-lethal damage, the DSS as if
    HPS were reduced by it, then 10% actual damage, unless the oops check turns the blow
    into the full damage."""
    options = ctx.options
    damage = roll_damage(ctx, attacker, target, weapon, lethal=False)
    stunned = stun_check(ctx, target, damage)
    exempt = oops_exemption(attacker, weapon, options)
    if exempt is not None:
        ctx.emit(OopsSkipped(attacker=attacker.id, target=target.id, reason=exempt))
    oops = exempt is None and oops_check(ctx, attacker, target, damage)
    if not oops or not options.oops_replaces_actual:
        actual = actual_damage(
            damage, options.actual_damage_rounding, options.actual_damage_minimum
        )
        lose_hps(ctx, target, actual, "actual", nonlethal=damage)
    if oops:
        lose_hps(ctx, target, damage, "oops")
    settle_condition(ctx, target, stunned, "oops damage" if oops else "actual damage")
