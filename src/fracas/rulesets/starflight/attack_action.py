"""The Attack action (chapter 9.2, 'Attack Action Rules'): one or more weapons (or fists) at
one or more targets. Strikes at the same target share one attack roll; each further target is
attacked at a cumulative -10."""

from __future__ import annotations

from fracas.engine import Context, IllegalAction
from fracas.rulesets.starflight.actions import Attack, Strike, register
from fracas.rulesets.starflight.attack import Use, attack_target
from fracas.rulesets.starflight.conditions import is_dead, is_unconscious
from fracas.rulesets.starflight.line_of_sight import line_of_sight
from fracas.rulesets.starflight.range import distance_m, is_sniping_range, reach_m, ready
from fracas.rulesets.starflight.state import Fight, Fighter


def group_by_target(strikes: list[Strike]) -> list[tuple[str, list[Use]]]:
    """Strikes grouped by target, in the order targets first appear."""
    groups: dict[str, list[Use]] = {}
    for s in strikes:
        groups.setdefault(s.target, []).append(Use(s.weapon, s.shots))
    return list(groups.items())


def check_strike(fight: Fight, c: Fighter, s: Strike, shots_used: dict[int, int]) -> None:
    """Legality of one strike: target, weapon, ammunition, reach, line of sight."""
    if s.target not in fight.combatants or s.target == c.id:
        raise IllegalAction(f"{c.name} cannot attack {s.target!r}")
    target = fight.fighter(s.target)
    if is_dead(target) or target.withdrawn:
        raise IllegalAction(f"{target.name} is out of the fight")
    metres = distance_m(c, target)
    weapon = None
    if s.weapon is not None:
        if not 0 <= s.weapon < len(c.weapons):
            raise IllegalAction(f"{c.name} has no weapon number {s.weapon}")
        weapon = c.weapons[s.weapon]
        if not weapon.drawn:
            raise IllegalAction(f"{c.name}'s {weapon.name} is not drawn")
        if not ready(fight, weapon):
            raise IllegalAction(
                f"{c.name}'s {weapon.name} was discharged in an opportunity attack this round"
            )
        used = shots_used.get(s.weapon, 0) + s.shots
        shots_used[s.weapon] = used
        if s.shots < 1 or used > weapon.stats.shots:
            raise IllegalAction(f"the {weapon.name} fires at most {weapon.stats.shots} shot(s)")
        if weapon.stats.magazine and used > weapon.loaded:
            raise IllegalAction(f"{c.name}'s {weapon.name} has {weapon.loaded} shot(s) loaded")
    elif s.shots != 1:
        raise IllegalAction("an unarmed strike is one blow")
    elif any(w.drawn for w in c.weapons):
        # 'Using Weapons': an unarmed attack is made when "they aren't wielding any weapon"
        raise IllegalAction(f"{c.name} is wielding a weapon: no unarmed attack")
    if is_sniping_range(fight, metres):
        raise IllegalAction(f"{target.name} is beyond ranged combat: that takes sniping")
    if metres > reach_m(fight, weapon):
        raise IllegalAction(f"{target.name} is out of reach ({metres} m)")
    sight = line_of_sight(fight, c, target)
    if not sight.visible:
        raise IllegalAction(f"{c.name} has no line of sight: {sight.reason}")


@register(Attack, "standard")
def resolve_attack(ctx: Context, c: Fighter, action: Attack) -> None:
    """Check every strike, then roll once per target."""
    fight = ctx.state
    assert isinstance(fight, Fight)
    if not action.strikes:
        raise IllegalAction("an attack needs at least one strike")
    shots_used: dict[int, int] = {}
    for s in action.strikes:
        check_strike(fight, c, s, shots_used)
    for index, (tid, uses) in enumerate(group_by_target(action.strikes)):
        target = fight.fighter(tid)
        if is_unconscious(c, fight.options):
            return
        if not is_dead(target):
            attack_target(ctx, c, target, uses, index)
