"""Whether an action may be taken now, and every action that may: each check raises
``IllegalAction`` naming the problem and changes nothing (Chapter 5, "The round": what a
combatant may declare); ``legal_choices`` lists, for a person choosing from a menu
(``Ruleset.legal_actions``), the stances with their targets, weapons, dodging and
speed-reloading for a round's declaration, and the answers to an extra-defence question."""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction, Pending
from fracas.rulesets.percentile.actions import Declare, Defend
from fracas.rulesets.percentile.options import PercentileOptions
from fracas.rulesets.percentile.skill_check import RESULT_NAMES
from fracas.rulesets.percentile.stances import ATTACKING, STANCE_NAMES, YIELDING
from fracas.rulesets.percentile.state import (
    DROPPED,
    READY,
    Arm,
    Asking,
    Fighter,
    PercentileEncounter,
    fighter,
    fighters,
)


def switched_arm(c: Fighter, weapon: str | None) -> int:
    """The index of the carried weapon ``weapon`` (a key) that ``c`` takes in hand, ready;
    ``c.wielded`` when ``weapon`` is None or the one in hand. IllegalAction otherwise."""
    if weapon is None or (c.arm is not None and c.arm.key == weapon and c.arm_ready):
        return c.wielded
    for i, arm in enumerate(c.p.arms):
        if arm.key == weapon and c.condition[i] == READY:
            return i
    carried = [a.key for i, a in enumerate(c.p.arms) if c.condition[i] == READY]
    raise IllegalAction(
        f"{c.name} has no ready {weapon!r} to take in hand (ready: {', '.join(carried) or 'none'})"
    )


def check_declaration(
    state: PercentileEncounter, c: Fighter, action: Declare, opts: PercentileOptions
) -> int:
    """Raise IllegalAction if ``c`` may not make this choice now (nothing is changed); the
    index of the weapon in hand for the round."""
    if state.asking is not None:
        raise IllegalAction(
            f"{name_of(state, state.asking.defender)} must first decide on a defence"
        )
    if not c.able:
        raise IllegalAction(f"{c.name} cannot fight (hp {c.hp})")
    if c.declared_round == state.round:
        raise IllegalAction(f"{c.name} has already declared for round {state.round}")
    if action.stance not in STANCE_NAMES:
        raise IllegalAction(f"unknown stance {action.stance!r} (known: {', '.join(STANCE_NAMES)})")
    if action.dodge and c.p.dodge is None:
        raise IllegalAction(f"{c.name} has no dodge skill")
    arm = c.wielded if action.weapon is None else switched_arm(c, action.weapon)
    if (
        arm != c.wielded
        and opts.draw_weapon == "takes-round"
        and action.stance not in ("all-out-defence", *YIELDING)
    ):
        raise IllegalAction(
            f"drawing a weapon takes the round (option draw_weapon): {c.name} may only "
            "stand in all-out defence while doing it"
        )
    if action.stance == "recover-weapon" and (c.wielded < 0 or c.condition[c.wielded] != DROPPED):
        raise IllegalAction(f"{c.name} has no dropped weapon to recover")
    if action.stance == "recover-weapon" and arm != c.wielded:
        raise IllegalAction(f"{c.name} cannot draw another weapon while recovering the dropped one")
    if action.stance == "reload" and (arm < 0 or c.p.arms[arm].klass == "melee"):
        raise IllegalAction(f"{c.name} has no distance weapon to reload")
    if action.stance == "first-aid":
        check_first_aid(state, c, action)
    if action.stance in ATTACKING:
        check_attack(state, c, action, arm)
    return arm


def name_of(state: PercentileEncounter, who: str) -> str:
    return state.combatants[who].name


def check_first_aid(state: PercentileEncounter, c: Fighter, action: Declare) -> None:
    """First aid needs the skill and a bleeding friend (below 0 hp, alive, not yet helped)."""
    if c.p.first_aid is None:
        raise IllegalAction(f"{c.name} has no first aid skill")
    target = state.combatants.get(action.target or "")
    if not isinstance(target, Fighter) or target.side != c.side or target is c:
        raise IllegalAction(f"{c.name} can give first aid to a friend, not {action.target!r}")
    if not target.bleeding:
        raise IllegalAction(f"{target.name} is not bleeding (hp {target.hp})")


def check_attack(state: PercentileEncounter, c: Fighter, action: Declare, index: int) -> None:
    """An attack needs a living enemy still in the fight as target and a ready, loaded (or
    speed-reloaded) weapon (``index``: the one in hand for the round)."""
    target = state.combatants.get(action.target or "")
    if not isinstance(target, Fighter) or target.side == c.side:
        raise IllegalAction(f"{c.name} must attack an enemy, not {action.target!r}")
    if target.dead:
        raise IllegalAction(f"{target.name} is dead")
    if target.yielded:
        raise IllegalAction(f"{target.name} {target.yielded} and is out of the fight")
    if index < 0 or c.condition[index] != READY:
        cond = "no weapon" if index < 0 else f"{c.p.arms[index].name} is {c.condition[index]}"
        raise IllegalAction(f"{c.name} cannot attack: {cond}")
    arm = c.p.arms[index]
    if arm.klass != "melee" and c.ammo[index] == 0 and not arm.builtin:
        if not action.speed_reload:
            raise IllegalAction(f"{c.name}'s {arm.name} is empty: reload or speed-reload")
        if not arm.speed_reload:
            raise IllegalAction(f"the {arm.name} cannot be speed-reloaded")


STANCE_LABELS = {"normal-attack": "normal attack", "all-out-attack": "all-out attack"}


def legal_choices(state: PercentileEncounter, pending: Pending) -> list[Choice]:
    """What ``pending.actor`` may do now: answer the extra-defence question, or declare."""
    if pending.actor is None or pending.actor not in state.combatants:
        return []
    c = fighter(state, pending.actor)
    if state.asking is not None:
        return defence_choices(state, c, state.asking)
    if not c.able or c.declared_round == state.round:
        return []
    return declaration_choices(state, c)


def defence_choices(state: PercentileEncounter, c: Fighter, asking: Asking) -> list[Choice]:
    """Try the extra parry or dodge (one more Hard), or take the attack undefended."""
    if asking.defender != c.id:
        return []
    a = fighter(state, asking.attacker)
    result = RESULT_NAMES[asking.result].lower()
    return [
        Choice(
            f"{asking.kind} {a.name}'s {result} at {asking.chance}% ({asking.mods})",
            Defend(actor=c.id, defend=True),
            "defend",
        ),
        Choice(f"take {a.name}'s {result} undefended", Defend(actor=c.id, defend=False), "defend"),
    ]


def _empty(c: Fighter, i: int) -> bool:
    arm = c.p.arms[i]
    return arm.klass != "melee" and not arm.builtin and c.ammo[i] == 0


def _with(arm: Arm, switch: bool) -> str:
    if arm.natural:
        return " with body parts (unarmed)"
    return f" {'drawing' if switch else 'with'} the {arm.name}"


def declaration_choices(state: PercentileEncounter, c: Fighter) -> list[Choice]:
    """Every declaration ``c`` may make for the round (check_declaration accepts each)."""
    out: list[Choice] = []
    me = c.id
    dodges = (False, True) if c.p.dodge is not None else (False,)
    enemies = [e for e in fighters(state) if e.side != c.side and not e.dead and not e.yielded]
    takes_round = c.p.draw_takes_round
    w = c.wielded
    ready = [i for i, cond in enumerate(c.condition) if cond == READY]
    hands = ([w] if w in ready else []) + [i for i in ready if i != w]
    for i in hands:
        arm = c.p.arms[i]
        switch = i != w
        weapon = arm.key if switch else None
        empty = _empty(c, i)
        if not (switch and takes_round) and (not empty or arm.speed_reload):
            reload = ", speed-reloading" if empty else ""
            for stance in ("normal-attack", "all-out-attack"):
                for e in enemies:
                    down = "" if e.able else " (down)"
                    for dodge in dodges:
                        label = (
                            f"{STANCE_LABELS[stance]} on {e.name}{down}{_with(arm, switch)}"
                            f"{reload}{', dodging' if dodge else ''}"
                        )
                        action = Declare(
                            actor=me,
                            stance=stance,
                            target=e.id,
                            dodge=dodge,
                            speed_reload=empty,
                            weapon=weapon,
                        )
                        out.append(Choice(label, action, "attack"))
        if switch:
            for dodge in dodges:
                label = f"all-out defence{_with(arm, True)}{', dodging' if dodge else ''}"
                action = Declare(actor=me, stance="all-out-defence", dodge=dodge, weapon=weapon)
                out.append(Choice(label, action, "defence"))
        reloadable = arm.klass != "melee" and not arm.builtin and c.ammo[i] < arm.rounds
        if reloadable and not (switch and takes_round):
            label = f"reload the {arm.name} (the round)"
            out.append(Choice(label, Declare(actor=me, stance="reload", weapon=weapon), "reload"))
    for dodge in dodges:
        label = f"all-out defence{', dodging' if dodge else ''}"
        action = Declare(actor=me, stance="all-out-defence", dodge=dodge)
        out.append(Choice(label, action, "defence"))
    if w >= 0 and c.condition[w] == DROPPED:
        label = f"pick up the dropped {c.p.arms[w].name}"
        out.append(Choice(label, Declare(actor=me, stance="recover-weapon"), "weapon"))
    if c.p.first_aid is not None:
        for f in fighters(state):
            if f.side == c.side and f is not c and f.bleeding:
                label = f"first aid to {f.name} ({f.hp} hp, bleeding)"
                out.append(
                    Choice(label, Declare(actor=me, stance="first-aid", target=f.id), "help")
                )
    out.append(Choice("surrender", Declare(actor=me, stance="surrender"), "yield"))
    out.append(Choice("flee", Declare(actor=me, stance="flee"), "yield"))
    return out
