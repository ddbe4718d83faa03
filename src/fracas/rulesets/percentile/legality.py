"""Every action a percentile combatant may take now, for a person choosing from a menu
(``Ruleset.legal_actions``): the stances with their targets, weapons, dodging and
speed-reloading for a round's declaration, and the answer to an extra-defence question."""

from __future__ import annotations

from fracas.engine import Choice, Pending
from fracas.rulesets.percentile.actions import Declare, Defend
from fracas.rulesets.percentile.skill_check import RESULT_NAMES
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
