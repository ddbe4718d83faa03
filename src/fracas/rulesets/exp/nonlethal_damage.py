"""Non-lethal damage. Chapter, 'Non-Lethal Damage': "The player rolls damage as per normal
after a successful attack roll" and "When using a Strike weapon ... the player must add the
Force Bonus to the damage rolled. Only personas with hand-to-hand combat skill can hold back
the Force Bonus when using a normally lethal weapon." Lethal attacks roll the same way."""

from __future__ import annotations

from fracas.rulesets.exp.events import DamageRolled
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.state import ExpContext, Persona, Weapon

#: attack types thrown by muscle power, whose row's Force Bonus is used by option
#: ``fling_force_bonus`` (powered attack types have none)
THROWN_TYPES = ("fling", "pointy-fling")


def force_bonus(attacker: Persona, weapon: Weapon, lethal: bool, options: ExpOptions) -> int:
    """Chapter, 'Non-Lethal Damage': "When using a Strike weapon ... the player must add the
    Force Bonus to the damage rolled." The Force Bonus added to a Strike attack's damage (0
    for fists and feet if ``force_bonus_on_natural`` is off, and when held back). "The
    player rolls damage as per normal": a Fling attack adds its own row's Force Bonus, as
    the tactical combat rules' damage column would (option ``fling_force_bonus``); powered
    attacks add none."""
    if weapon.attack_type in THROWN_TYPES:
        return attacker.table[weapon.attack_type].force_bonus if options.fling_force_bonus else 0
    if weapon.attack_type != "strike":
        return 0
    if weapon.natural and not options.force_bonus_on_natural:
        return 0
    if holds_back(attacker, weapon, lethal):
        return 0
    return attacker.table["strike"].force_bonus


def holds_back(attacker: Persona, weapon: Weapon, lethal: bool) -> bool:
    """Chapter, 'Non-Lethal Damage': "Only personas with hand-to-hand combat skill can hold
    back the Force Bonus" (a persona's ``holds_back_force_bonus``, non-lethal blows only)."""
    return (
        not lethal
        and weapon.attack_type == "strike"
        and attacker.hand_to_hand
        and attacker.holds_back_force_bonus
    )


def roll_damage(
    ctx: ExpContext, attacker: Persona, target: Persona, weapon: Weapon, lethal: bool
) -> int:
    """Chapter, 'Non-Lethal Damage': "The player rolls damage as per normal after a
    successful attack roll": ``weapon``'s dice plus the Force Bonus; emit it; return it."""
    kind = "damage" if lethal else "non-lethal damage"
    rolled = ctx.roll(weapon.damage, f"{attacker.name} {kind} ({weapon.name})")
    bonus = force_bonus(attacker, weapon, lethal, ctx.options)
    damage = max(0, rolled + bonus)
    ctx.emit(
        DamageRolled(
            attacker=attacker.id,
            lethal=lethal,
            dice=weapon.damage,
            target=target.id,
            weapon=weapon.name,
            rolled=rolled,
            force_bonus=bonus,
            held_back=holds_back(attacker, weapon, lethal),
            damage=damage,
        )
    )
    return damage
