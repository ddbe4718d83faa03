"""Whether an action may be taken now: each check raises ``IllegalAction`` naming the problem
and changes nothing (Chapter 5, "The round": what a combatant may declare)."""

from __future__ import annotations

from fracas.engine import IllegalAction
from fracas.rulesets.percentile.actions import Declare
from fracas.rulesets.percentile.stances import ATTACKING, STANCE_NAMES
from fracas.rulesets.percentile.state import DROPPED, Fighter, PercentileEncounter


def check_declaration(state: PercentileEncounter, c: Fighter, action: Declare) -> None:
    """Raise IllegalAction if ``c`` may not make this choice now (nothing is changed)."""
    if not c.able:
        raise IllegalAction(f"{c.name} cannot fight (hp {c.hp})")
    if c.declared_round == state.round:
        raise IllegalAction(f"{c.name} has already declared for round {state.round}")
    if action.stance not in STANCE_NAMES:
        raise IllegalAction(f"unknown stance {action.stance!r} (known: {', '.join(STANCE_NAMES)})")
    if action.extra_defences < 0:
        raise IllegalAction("extra_defences cannot be negative")
    if action.dodge and c.p.dodge is None:
        raise IllegalAction(f"{c.name} has no dodge skill")
    if action.stance == "recover-weapon" and (c.wielded < 0 or c.condition[c.wielded] != DROPPED):
        raise IllegalAction(f"{c.name} has no dropped weapon to recover")
    if action.stance == "reload" and (c.arm is None or c.arm.klass == "melee"):
        raise IllegalAction(f"{c.name} has no distance weapon to reload")
    if action.stance == "first-aid":
        check_first_aid(state, c, action)
    if action.stance in ATTACKING:
        check_attack(state, c, action)


def check_first_aid(state: PercentileEncounter, c: Fighter, action: Declare) -> None:
    """First aid needs the skill and a bleeding friend (below 0 hp, alive, not yet helped)."""
    if c.p.first_aid is None:
        raise IllegalAction(f"{c.name} has no first aid skill")
    target = state.combatants.get(action.target or "")
    if not isinstance(target, Fighter) or target.side != c.side or target is c:
        raise IllegalAction(f"{c.name} can give first aid to a friend, not {action.target!r}")
    if not target.bleeding:
        raise IllegalAction(f"{target.name} is not bleeding (hp {target.hp})")


def check_attack(state: PercentileEncounter, c: Fighter, action: Declare) -> None:
    """An attack needs a living enemy as target and a ready, loaded (or speed-reloaded) weapon."""
    target = state.combatants.get(action.target or "")
    if not isinstance(target, Fighter) or target.side == c.side:
        raise IllegalAction(f"{c.name} must attack an enemy, not {action.target!r}")
    if target.dead:
        raise IllegalAction(f"{target.name} is dead")
    arm = c.arm
    if arm is None or not c.arm_ready:
        cond = "no weapon" if arm is None else f"{arm.name} is {c.condition[c.wielded]}"
        raise IllegalAction(f"{c.name} cannot attack: {cond}")
    if arm.klass != "melee" and c.ammo[c.wielded] == 0:
        if not action.speed_reload:
            raise IllegalAction(f"{c.name}'s {arm.name} is empty: reload or speed-reload")
        if not arm.speed_reload:
            raise IllegalAction(f"the {arm.name} cannot be speed-reloaded")
