"""The readable account: one line per event worth a line, from the event's own numbers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fracas.engine import Encounter, Event, Note
from fracas.rulesets.percentile import events as ev
from fracas.rulesets.percentile.difficulty import AUTO_FAIL, AUTO_SUCCESS
from fracas.rulesets.percentile.skill_check import RESULT_NAMES
from fracas.rulesets.percentile.state import fighter, fighters

STANCE_TEXT = {
    "all-out-attack": "all-out attack",
    "normal-attack": "normal attack",
    "all-out-defence": "all-out defence",
    "recover-weapon": "recovers the dropped weapon",
    "reload": "reloads",
}


def name(state: Encounter, who: str) -> str:
    return state.combatants[who].name


def rolls_text(rolls: tuple[int, ...], chance: int, skill: int) -> str:
    """ "rolled 17 vs 60", "rolled 97 then 5 (vs unmodified 67) vs 67", "automatic"."""
    if not rolls:
        return "automatic" if chance in (AUTO_FAIL, AUTO_SUCCESS) else "no roll"
    if len(rolls) == 1:
        return f"rolled {rolls[0]} vs {chance}"
    return f"rolled {rolls[0]} then {rolls[1]} (re-roll vs unmodified {skill}), vs {chance}"


def _initiative(e: ev.InitiativeRolled, s: Encounter) -> str:
    c = fighter(s, e.who)
    return f"{c.name} initiative: D20 {e.d20} + PER {c.p.PER} + AGL {c.p.AGL} = {e.total}"


def _order(e: ev.OrderSet, s: Encounter) -> str:
    return "Order: " + ", ".join(f"{name(s, n)} ({fighter(s, n).initiative})" for n in e.order)


def _stance(e: ev.StanceDeclared, s: Encounter) -> str:
    text = STANCE_TEXT.get(e.stance, e.stance)
    extra = f" on {name(s, e.target)}" if e.target else ""
    if e.dodge:
        extra += ", dodging"
    if e.extra_defences:
        extra += f", up to {e.extra_defences} extra defences"
    return f"{name(s, e.who)}: {text}{extra}"


def _attack(e: ev.AttackRolled, s: Encounter) -> str:
    mods = f" ({e.mods})" if e.mods else ""
    return (
        f"{name(s, e.who)} attacks {name(s, e.target)} with the {e.weapon}{mods}: "
        f"{rolls_text(e.rolls, e.chance, e.skill)}: {RESULT_NAMES[e.result]}"
    )


def _defence(e: ev.DefenceRolled, s: Encounter) -> str:
    who = name(s, e.who)
    if e.kind == "none":
        return f"{who} cannot defend ({e.reason})"
    mods = f" ({e.mods})" if e.mods else ""
    verb = "parries" if e.kind == "parry" else "dodges"
    return f"{who} {verb}{mods}: {rolls_text(e.rolls, e.chance, e.skill)}: {RESULT_NAMES[e.result]}"


def _exchange(e: ev.Exchanged, s: Encounter) -> str:
    return f"Table 5.1, {RESULT_NAMES[e.attack]} vs {RESULT_NAMES[e.parry]}: {e.text}"


def _damage(e: ev.Damaged, s: Encounter) -> str:
    c = fighter(s, e.who)
    before = e.hp_after + e.amount
    how = {"full": "full damage ", "full-no-armour": "full damage, no armour, "}.get(e.kind, "")
    sums = f"{e.rolled} - {e.absorbed} ABS = {e.amount}" if e.absorbed else f"{e.amount}"
    state = " (dead)" if c.dead else " (unconscious)" if e.hp_after <= 0 else ""
    return f"{c.name} takes {how}{sums} from {e.source}: {before} -> {e.hp_after} hp{state}"


def _killed(e: ev.Killed, s: Encounter) -> str:
    return f"{name(s, e.who)} is instantly killed by {name(s, e.by)}"


def _dropped(e: ev.WeaponDropped, s: Encounter) -> str:
    where = f", it flies {e.distance_m} m" if e.distance_m is not None else ""
    fate = " (lost for this fight)" if e.lost else ""
    verb = "is disarmed of" if e.reason == "disarmed" else "drops"
    return f"{name(s, e.who)} {verb} the {e.weapon}{where}{fate}"


def _fumble(e: ev.FumbleRolled, s: Encounter) -> str:
    return f"{name(s, e.who)} fumbles: d100 {e.roll} ({e.low:02d}-{e.high % 100:02d}): {e.text}"


def _fatigue(e: ev.FatigueLost, s: Encounter) -> str:
    before = e.fatigue_after + e.amount
    return f"{name(s, e.who)} loses {e.amount} fatigue ({e.reason}): {before} -> {e.fatigue_after}"


LINES: dict[type[Any], Callable[[Any, Encounter], str | None]] = {
    ev.InitiativeRolled: _initiative,
    ev.OrderSet: _order,
    ev.StanceDeclared: _stance,
    ev.AttackRolled: _attack,
    ev.DefenceRolled: _defence,
    ev.Exchanged: _exchange,
    ev.Damaged: _damage,
    ev.Killed: _killed,
    ev.WeaponDropped: _dropped,
    ev.FumbleRolled: _fumble,
    ev.FatigueLost: _fatigue,
    ev.WeaponRecovered: lambda e, s: f"{name(s, e.who)} recovers the {e.weapon}",
    ev.WeaponDrawn: lambda e, s: (
        f"{name(s, e.who)} draws the {fighter(s, e.who).p.arms[e.index].name}"
        if e.index >= 0
        else f"{name(s, e.who)} has no weapon left"
    ),
    ev.Defenceless: lambda e, s: f"{name(s, e.who)} is defenceless in round {e.round}",
    ev.ArmourGlitched: lambda e, s: (
        f"{name(s, e.who)}'s armour glitches: -{e.penalty}% to all attacks"
    ),
    ev.ArmourLoosened: lambda e, s: f"{name(s, e.who)}'s armour loosens: ABS now {e.abs_after}",
    ev.WeaponDamaged: lambda e, s: (
        f"{name(s, e.who)}'s {e.weapon} takes {e.damage} damage: BV now {e.bv_after}"
    ),
    ev.WeaponBroken: lambda e, s: f"{name(s, e.who)}'s {e.weapon} is {e.condition} ({e.reason})",
    ev.ExplosionRolled: lambda e, s: (
        f"{name(s, e.who)}'s {e.weapon} malfunctions: d100 {e.roll} "
        + ("<= 15, it explodes" if e.exploded else "> 15, it jams")
    ),
    ev.AmmoSpent: lambda e, s: None,
    ev.Reloaded: lambda e, s: (
        f"{name(s, e.who)} {'speed-' if e.speed else ''}reloads the {e.weapon} ({e.rounds})"
    ),
    ev.SpeedReloadRolled: lambda e, s: (
        f"{name(s, e.who)} tries to speed-reload: {rolls_text(e.rolls, e.chance, e.chance)}: "
        f"{RESULT_NAMES[e.result]}"
    ),
    Note: lambda e, s: f"({e.text})",
}


def describe(event: Event, state: Encounter) -> str | None:
    """The account's line for ``event`` (``state`` is after it), or None."""
    line = LINES.get(type(event))
    return None if line is None else line(event, state)


def summary(state: Encounter) -> list[str]:
    """Each combatant's condition at the end."""
    out = []
    for c in fighters(state):
        status = (
            "dead"
            if c.dead
            else "unconscious"
            if c.hp <= 0
            else "immobile"
            if not c.p.mobile
            else "fighting"
        )
        arm = c.arm
        weapon = "no weapon" if arm is None else f"{arm.name} ({c.condition[c.wielded]})"
        out.append(
            f"{c.name}: {c.hp}/{c.p.hp_max} hp, fatigue {c.fatigue}/{c.p.fatigue_max}, "
            f"{weapon}, {status}"
        )
    return out
