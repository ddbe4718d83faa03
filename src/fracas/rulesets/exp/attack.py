"""An attack from the roll to the last HPS. Chapter, 'Non-Lethal Combat', the steps of
"Each successful hit": roll non-lethal damage, stun check (DSS), actual damage (10%), oops
damage check. A lethal attack ("The players can use non-lethal and lethal personal combat
simultaneously") applies its damage in full."""

from __future__ import annotations

from fracas.engine import Context, IllegalAction
from fracas.rulesets.exp.actions import Attack
from fracas.rulesets.exp.actual_damage import actual_damage, lose_hps, settle_condition
from fracas.rulesets.exp.attack_roll import roll_attack, uses_skilled_bonus
from fracas.rulesets.exp.dss import stun_check
from fracas.rulesets.exp.legality import (
    check_free_to_act,
    check_nonlethal,
    check_target,
    check_weapon_use,
)
from fracas.rulesets.exp.nonlethal_damage import roll_damage
from fracas.rulesets.exp.oops import oops_applies, oops_check
from fracas.rulesets.exp.personas import Persona, Weapon, persona


def check_attack(ctx: Context, action: Attack) -> tuple[Persona, Persona, Weapon]:
    """Every legality check of an attack; returns attacker, target and weapon."""
    state = ctx.state
    if action.target not in state.combatants:
        raise IllegalAction(f"no persona called {action.target!r}")
    attacker, target = persona(state, action.actor or ""), persona(state, action.target)
    check_free_to_act(attacker, "attack")
    check_target(attacker, target)
    weapon = attacker.weapon(action.weapon)
    if weapon is None:
        held = ", ".join(w.name for w in attacker.weapons)
        raise IllegalAction(f"{attacker.name} holds no {action.weapon!r} (holds: {held})")
    check_weapon_use(attacker, target, weapon, ctx.options)
    if not action.lethal:
        check_nonlethal(attacker, target, weapon, ctx.options)
    return attacker, target, weapon


def attack(ctx: Context, action: Attack) -> None:
    """Check, roll to hit, and on a hit apply the lethal or non-lethal damage steps."""
    attacker, target, weapon = check_attack(ctx, action)
    row = attacker.table[weapon.attack_type]
    skilled = uses_skilled_bonus(
        attacker, weapon.attack_type, weapon.name, action.lethal, ctx.options.skilled_bonus_rule
    )
    hit = roll_attack(
        ctx, attacker, target, row, weapon.name, skilled, action.lethal, action.situational
    )
    if not hit:
        return
    if action.lethal:
        lethal_hit(ctx, attacker, target, weapon)
    else:
        nonlethal_hit(ctx, attacker, target, weapon)


def lethal_hit(ctx: Context, attacker: Persona, target: Persona, weapon: Weapon) -> None:
    """A lethal blow: the damage (with the Force Bonus for Strike) comes off the HPS."""
    damage = roll_damage(ctx, attacker, target, weapon, lethal=True)
    lose_hps(ctx, target, damage, "lethal")
    settle_condition(ctx, target, stunned=False, reason="lethal damage")


def nonlethal_hit(ctx: Context, attacker: Persona, target: Persona, weapon: Weapon) -> None:
    """'Each successful hit': non-lethal damage, the DSS as if HPS were reduced by it, then
    10% actual damage, unless the oops check turns the blow into the full damage."""
    damage = roll_damage(ctx, attacker, target, weapon, lethal=False)
    stunned = stun_check(ctx, target, damage)
    oops = oops_applies(attacker, weapon, ctx.options) and oops_check(ctx, attacker, target, damage)
    if not oops or not ctx.options.oops_replaces_actual:
        lose_hps(ctx, target, actual_damage(damage, ctx.options.actual_damage_rounding), "actual")
    if oops:
        lose_hps(ctx, target, damage, "oops")
    settle_condition(ctx, target, stunned, "oops damage" if oops else "actual damage")
