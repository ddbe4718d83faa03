"""Whether an action may be taken now: each check raises ``IllegalAction`` naming the problem
and changes nothing (chapter 9.2, 'Character-Scale Actions' and 'Attack Action Rules').
The checks of a single action's own preconditions stay with its resolver; sniping's are in
``sniping``."""

from __future__ import annotations

from fracas.engine import Action, IllegalAction
from fracas.rulesets.starflight.actions import REGISTRY, ActionKind, Attack, Strike
from fracas.rulesets.starflight.conditions import is_dead, striking_part
from fracas.rulesets.starflight.held_actions import check_held
from fracas.rulesets.starflight.line_of_sight import Sight, line_of_sight
from fracas.rulesets.starflight.range import distance_m, is_sniping_range, reach_m, ready
from fracas.rulesets.starflight.state import Fight, Fighter


def check_turn(fight: Fight, action: Action) -> tuple[ActionKind, str]:
    """A registered action, by the combatant whose turn it is, with the action phases left
    for its cost (chapter 9.2, 'Character-Scale Actions'; a pricer may refuse the action
    itself). Returns its kind and the actor."""
    kind, actor, _ = checked_turn(fight, action)
    return kind, actor


def checked_turn(fight: Fight, action: Action) -> tuple[ActionKind, str, int]:
    """``check_turn``, and the action phases the action uses (priced once)."""
    kind = REGISTRY.get(type(action))
    if kind is None:
        raise IllegalAction(f"unknown action {type(action).__name__}")
    actor = action.actor
    if fight.over or actor is None or actor != fight.current:
        raise IllegalAction(f"it is not {actor}'s turn")
    phases = kind.phases_for(fight, fight.fighter(actor), action)
    if phases > fight.phases_left:
        raise IllegalAction(f"{actor} has {fight.phases_left} action phase(s) left")
    check_held(fight, fight.fighter(actor), action)
    return kind, actor, phases


def check_attack(fight: Fight, c: Fighter, action: Attack) -> dict[str, Sight]:
    """An attack has at least one strike, and every strike is legal. Returns the line of
    sight to each target, as checked."""
    if not action.strikes:
        raise IllegalAction("an attack needs at least one strike")
    shots_used: dict[int, int] = {}
    return {s.target: check_strike(fight, c, s, shots_used) for s in action.strikes}


def check_strike(fight: Fight, c: Fighter, s: Strike, shots_used: dict[int, int]) -> Sight:
    """Legality of one strike: target, weapon, ammunition, reach, line of sight (returned)."""
    if s.target not in fight.combatants or s.target == c.id:
        raise IllegalAction(f"{c.name} cannot attack {s.target!r}")
    target = fight.fighter(s.target)
    if is_dead(target) or target.withdrawn:
        raise IllegalAction(f"{target.name} is out of the fight")
    if target.swallowed_by is not None:
        raise IllegalAction(f"{target.name} is inside {fight.fighter(target.swallowed_by).name}")
    if c.swallowed_by is not None:
        raise IllegalAction(f"{c.name} has been swallowed: it can only try to cut its way out")
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
    part = striking_part(c, weapon)
    if part and part in c.failed:  # 'Lethal Damage and Wounds': a failed part does not work
        raise IllegalAction(
            f"{c.name} has lost the use of its {c.part_names.get(part, part)} and cannot "
            "strike with it"
        )
    if is_sniping_range(fight, metres):
        raise IllegalAction(f"{target.name} is beyond ranged combat: that takes sniping")
    if metres > reach_m(fight, weapon):
        raise IllegalAction(f"{target.name} is out of reach ({metres} m)")
    sight = line_of_sight(fight, c, target)
    if not sight.visible:
        raise IllegalAction(f"{c.name} has no line of sight: {sight.reason}")
    return sight
