"""The readable account: one line per event worth a line, from the event's own numbers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fracas.engine import Event, Note, RoundStarted
from fracas.rulesets.percentile import events as ev
from fracas.rulesets.percentile.difficulty import AUTO_FAIL, AUTO_SUCCESS
from fracas.rulesets.percentile.skill_check import RESULT_NAMES, SUCCESS
from fracas.rulesets.percentile.stances import YIELDED
from fracas.rulesets.percentile.state import Fighter, PercentileEncounter, fighter, fighters

RESULT_TEXT = ("fumble", "fail", "success", "special success", "perfect success")

STANCE_TEXT = {
    "all-out-attack": "all-out attack",
    "normal-attack": "normal attack",
    "all-out-defence": "all-out defence",
    "recover-weapon": "recovers the dropped weapon",
    "reload": "reloads",
    "first-aid": "first aid",
    "surrender": "surrenders",
    "flee": "flees",
}


def name(state: PercentileEncounter, who: str) -> str:
    return state.combatants[who].name


def rolls_text(rolls: tuple[int, ...], chance: int, skill: int, result: int) -> str:
    """ "rolled 17: success", "automatic failure (harder than Impossible)", and for a roll
    of 01-05 or 95-00, what the re-roll decided, in a GM's words: "rolled 97 (95-00, a
    possible fumble: re-rolled 5, not above the unmodified skill 67, so no fumble): fail"."""
    outcome = RESULT_TEXT[result]
    if not rolls:
        if chance == AUTO_FAIL:
            return f"no roll, {outcome} (harder than Impossible)"
        if chance == AUTO_SUCCESS:
            return f"no roll, {outcome} (easier than Very easy)"
        return f"no roll: {outcome}"
    if len(rolls) == 1:
        return f"rolled {rolls[0]}: {outcome}"
    first, again = rolls[0], rolls[1]
    within = "not above" if again <= skill else "above"
    if first <= 5:
        verdict = "so perfect" if again <= skill else "so only special"
        why = f"01-05, a possible perfect success: re-rolled {again}, {within}"
    else:
        verdict = "so a fumble" if result == 0 else "so no fumble"
        if first == again == 100:
            within, verdict = "00 then 00 is always a fumble, whatever", "so a fumble"
        why = f"95-00, a possible fumble: re-rolled {again}, {within}"
    return f"rolled {first} ({why} the unmodified skill {skill}, {verdict}): {outcome}"


def chance_text(skill: int, chance: int, mods: str) -> str:
    """ "40%", "40%, Easy for all-out attack = 60%"."""
    if not mods:
        return f"{skill}%"
    if chance in (AUTO_FAIL, AUTO_SUCCESS):
        return f"{skill}%, {mods}"
    return f"{skill}%, {mods} = {chance}%"


def check_text(skill: int, chance: int, mods: str, rolls: tuple[int, ...], result: int) -> str:
    """The chance and the rolls of a check, as the account prints them."""
    return f"at {chance_text(skill, chance, mods)}: {rolls_text(rolls, chance, skill, result)}"


def _initiative(e: ev.InitiativeRolled, s: PercentileEncounter) -> str:
    c = fighter(s, e.who)
    return f"{c.name} initiative: D20 {e.d20} + PER {c.p.PER} + AGL {c.p.AGL} = {e.total}"


def _order(e: ev.OrderSet, s: PercentileEncounter) -> str:
    return "Order: " + ", ".join(f"{name(s, n)} ({fighter(s, n).initiative})" for n in e.order)


def _stance(e: ev.StanceDeclared, s: PercentileEncounter) -> str:
    text = STANCE_TEXT.get(e.stance, e.stance)
    extra = f" on {name(s, e.target)}" if e.target else ""
    if e.dodge:
        extra += ", dodging"
    if e.speed_reload:
        extra += ", speed-reloading"
    return f"{name(s, e.who)}: {text}{extra}"


def falling(s: PercentileEncounter, who: str, verb: str) -> str:
    """ " (simultaneous: strikes as she falls)" for a combatant downed earlier in this
    simultaneous round who still acts (option ``later_rounds``), else ""."""
    c = fighter(s, who)
    if c.able or c.down_round != s.round:
        return ""
    falls = "fall" if c.p.pronoun == "they" else "falls"
    return f" (simultaneous: {verb} as {c.p.pronoun} {falls})"


def _attack(e: ev.AttackRolled, s: PercentileEncounter) -> str:
    with_ = "with body parts" if e.weapon == "Body parts" else f"with the {e.weapon}"
    return (
        f"{name(s, e.who)} attacks {name(s, e.target)} {with_} "
        f"{check_text(e.skill, e.chance, e.mods, e.rolls, e.result)}"
        f"{falling(s, e.who, 'strikes')}"
    )


def _round(e: RoundStarted, s: PercentileEncounter) -> str:
    """The round's header, then who cannot act in it and why (a fighter down but not dead
    would otherwise seem to do nothing for no reason)."""
    idle = [
        f"({c.name} does nothing this round: {idle_reason(c)})"
        for c in fighters(s)
        if not c.able and not c.dead
    ]
    return "\n".join([f"\n— Round {e.round} —", *idle])


def idle_reason(c: Fighter) -> str:
    """Why a combatant out of the fight (not dead) does nothing: it surrendered or fled, is
    unconscious (0 hp or below), or cannot move (a battle-suit without power)."""
    if c.yielded:
        return YIELDED.get(c.yielded, c.yielded)
    return "unconscious" if c.hp <= 0 else "cannot move"


def _defence(e: ev.DefenceRolled, s: PercentileEncounter) -> str:
    who = name(s, e.who)
    if e.declined:
        return f"{who} does not defend ({e.reason})"
    if e.kind == "none":
        return f"{who} cannot defend ({e.reason})"
    arm = fighter(s, e.who).arm
    verb = "dodges"
    if e.kind == "parry" and arm:
        verb = "parries with body parts" if arm.natural else f"parries with the {arm.name}"
    free = "" if e.counts else " (a fumbled attack: not counted)"
    return (
        f"{who} {verb} {check_text(e.skill, e.chance, e.mods, e.rolls, e.result)}{free}"
        f"{falling(s, e.who, verb.split()[0])}"
    )


def _yielded(e: ev.Yielded, s: PercentileEncounter) -> str:
    why = f" ({e.reason})" if e.reason else ""
    return f"{name(s, e.who)} {e.how}{why}: out of the fight"


def _first_aid(e: ev.FirstAidRolled, s: PercentileEncounter) -> str:
    helped = " (the bleeding stops)" if e.result >= SUCCESS else ""
    return (
        f"{name(s, e.who)} gives {name(s, e.target)} first aid "
        f"{check_text(e.skill, e.chance, e.mods, e.rolls, e.result)}{helped}"
    )


def _speed_reload(e: ev.SpeedReloadRolled, s: PercentileEncounter) -> str:
    skill = e.skill or e.chance
    return (
        f"{name(s, e.who)} tries to speed-reload the {e.weapon} "
        f"{check_text(skill, e.chance, e.mods, e.rolls, e.result)}"
    )


def _exchange(e: ev.Exchanged, s: PercentileEncounter) -> str:
    return f"Table 5.1, {RESULT_NAMES[e.attack]} vs {RESULT_NAMES[e.parry]}: {e.text}"


def _damage(e: ev.Damaged, s: PercentileEncounter) -> str:
    c = fighter(s, e.who)
    before = e.hp_after + e.amount
    how = {"full": "full damage ", "full-no-armour": "full damage, no armour, "}.get(e.kind, "")
    if e.absorbed and e.amount == 0:
        return f"{c.name} takes {how}{e.rolled} from {e.source}, all stopped by armour"
    sums = f"{e.rolled} - {e.absorbed} ABS = {e.amount}" if e.absorbed else f"{e.amount}"
    if c.dead:
        state = " (dead)"
    elif e.hp_after < 0:
        state = " (unconscious, bleeding)" if c.bleeding else " (unconscious)"
    elif e.hp_after == 0:
        state = " (unconscious)"
    else:
        state = ""
    hp = f"{before} -> {e.hp_after} hp" if e.amount else f"still {e.hp_after} hp"
    return f"{c.name} takes {how}{sums} from {e.source}: {hp}{state}"


def _killed(e: ev.Killed, s: PercentileEncounter) -> str:
    return f"{name(s, e.who)} is instantly killed by {name(s, e.by)}"


def _dropped(e: ev.WeaponDropped, s: PercentileEncounter) -> str:
    where = f", it flies {e.distance_m} m" if e.distance_m is not None else ""
    fate = " (lost for this fight)" if e.lost else ""
    verb = "is disarmed of" if e.reason == "disarmed" else "drops"
    return f"{name(s, e.who)} {verb} the {e.weapon}{where}{fate}"


def _fumble(e: ev.FumbleRolled, s: PercentileEncounter) -> str:
    return f"{name(s, e.who)} fumbles: d100 {e.roll} ({e.low:02d}-{e.high % 100:02d}): {e.text}"


def _fatigue(e: ev.FatigueLost, s: PercentileEncounter) -> str:
    before = e.fatigue_after + e.amount
    return f"{name(s, e.who)} loses {e.amount} fatigue ({e.reason}): {before} -> {e.fatigue_after}"


LINES: dict[type[Any], Callable[[Any, PercentileEncounter], str | None]] = {
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
    ev.Yielded: _yielded,
    ev.DefenceAsked: lambda e, s: None,
    ev.WeaponRecovered: lambda e, s: f"{name(s, e.who)} recovers the {e.weapon}",
    ev.WeaponDrawn: lambda e, s: (
        f"{name(s, e.who)} fights with body parts (unarmed)"
        if e.index >= 0 and fighter(s, e.who).p.arms[e.index].natural
        else f"{name(s, e.who)} draws the {fighter(s, e.who).p.arms[e.index].name}"
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
    ev.SpeedReloadRolled: _speed_reload,
    ev.FirstAidRolled: _first_aid,
    Note: lambda e, s: f"({e.text})",
    RoundStarted: _round,
}


def describe(event: Event[Any], state: PercentileEncounter) -> str | None:
    """The account's line for ``event`` (``state`` is after it), or None."""
    line = LINES.get(type(event))
    return None if line is None else line(event, state)


def summary(state: PercentileEncounter) -> list[str]:
    """Each combatant's condition at the end."""
    out = []
    for c in fighters(state):
        status = (
            "dead"
            if c.dead
            else "unconscious, bleeding 1 hp every 4 rounds until first aid"
            if c.bleeding
            else "unconscious, given first aid"
            if c.hp < 0 and c.stabilised
            else "unconscious"
            if c.hp <= 0
            else "immobile (battle-suit without power)"
            if not c.p.mobile
            else YIELDED.get(c.yielded, c.yielded)
            if c.yielded
            else "fighting"
        )
        arm = c.arm
        weapon = "no weapon" if arm is None else f"{arm.name} ({c.condition[c.wielded]})"
        out.append(
            f"{c.name}: {c.hp}/{c.p.hp_max} hp, fatigue {c.fatigue}/{c.p.fatigue_max}, "
            f"{weapon}, {status}"
        )
    return out
