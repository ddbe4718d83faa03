"""The readable account: one line per event worth telling, from the event's own numbers.
Lines that belong to an attack are indented under its attack-roll line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fracas.engine import EncounterEnded, Event, RoundStarted
from fracas.rulesets.exp import events as ev
from fracas.rulesets.exp.legality import lethal_reason
from fracas.rulesets.exp.state import ExpEncounter, persona


def _n(state: ExpEncounter, name: str) -> str:
    return persona(state, name).name


def initiative(e: ev.InitiativeRolled, s: ExpEncounter) -> str:
    if not e.rolls:
        return "Order of action: " + ", ".join(_n(s, n) for n in e.order)
    totals = dict(e.rolls)
    return "Initiative (1d20 + DEX): " + ", ".join(f"{_n(s, n)} {totals[n]}" for n in e.order)


def attack_rolled(e: ev.AttackRolled, s: ExpEncounter) -> str:
    what = {
        "grapple": "tries to grapple",
        "snatch": "grabs at the weapon of",
        "trip": "tries to trip",
    }.get(e.attack)
    if what is None and e.lethal:
        attacker, target = persona(s, e.attacker), persona(s, e.target)
        why = lethal_reason(attacker, target, attacker.weapon(e.attack), s.options)
        head = f"{attacker.name} attacks {target.name} lethally ({e.attack}; {why})"
    elif what is None:
        head = f"{_n(s, e.attacker)} attacks {_n(s, e.target)} non-lethally ({e.attack})"
    else:
        head = f"{_n(s, e.attacker)} {what} {_n(s, e.target)}"
    free = getattr(s, "free_attack", None)
    if free is not None and free[0] == e.attacker:
        head = f"Free attack, out of the unit cycle: {head}"
    extra = f" {e.situational:+d}" if e.situational else ""
    if e.owed:
        extra += f" +{e.owed} (fumbled grab)"
    verdict = "hit" if e.hit else "miss"
    return (
        f"{head}: kilodie {e.roll} + {e.bonus} {e.bonus_name} Bonus (max {e.cap}){extra} "
        f"= {e.total} vs DR {e.defence}: {verdict}"
    )


def damage_rolled(e: ev.DamageRolled, s: ExpEncounter) -> str:
    kind = "damage" if e.lethal else "non-lethal damage"
    fb = f" + {e.force_bonus} Force Bonus" if e.force_bonus else ""
    held = " (Force Bonus held back)" if e.held_back else ""
    return f"  {kind}: {e.dice} rolled {e.rolled}{fb} = {e.damage}{held}"


def stun_checked(e: ev.StunChecked, s: ExpEncounter) -> str:
    who = _n(s, e.target)
    head = f"  stun check (Damage System Shock): {who} rolls as if at {e.hps_as_if} HPS"
    if e.roll is None:
        return f"{head}: nothing left to resist with, stunned"
    if e.method == "percentile":
        test = f"needs {e.needed} or less on d100, rolled {e.roll}"
    else:
        added = (e.total or 0) - e.roll
        test = f"1d20 {e.roll} + {added} (CON + level) = {e.total}, needs more than {e.needed}"
    return f"{head}: {test}: {'stunned' if e.stunned else 'stays up'}"


def oops_skipped(e: ev.OopsSkipped, s: ExpEncounter) -> str:
    return f"  no oops check: {e.reason}"


def oops_checked(e: ev.OopsChecked, s: ExpEncounter) -> str:
    if e.oops:
        return f"  oops check: rolled {e.roll} against {e.damage}%: oops, the blow lands in full"
    return f"  oops check: rolled {e.roll} against {e.damage}%: no oops"


def damaged(e: ev.Damaged, s: ExpEncounter) -> str:
    if e.cause == "actual":
        what = f"10% of {e.nonlethal} = {e.amount} actual damage"
    elif e.cause == "oops":
        what = f"{e.amount} oops damage (lethal)"
    else:
        what = f"{e.amount} damage"
    return f"  {_n(s, e.target)} takes {what}: {e.hps_before} -> {e.hps_after} HPS"


def condition_changed(e: ev.ConditionChanged, s: ExpEncounter) -> str:
    if e.condition == "conceded":
        why = "" if e.reason == "calls it quits" else f" ({e.reason})"
        return f"{_n(s, e.target)} calls it quits{why}"
    return f"  {_n(s, e.target)} is {e.condition} ({e.reason})"


def contested(e: ev.Contested, s: ExpEncounter) -> str:
    winner = e.attacker if e.attacker_wins else e.defender
    # break checks and reversals are actions of their own: no attack line above them, so
    # the line says who tries what
    head = "  "
    if e.name.startswith("Break check"):
        head = f"{_n(s, e.attacker)} tries to break free of {_n(s, e.defender)}: "
    elif e.name.startswith("Reversal"):
        head = f"{_n(s, e.attacker)} tries to reverse {_n(s, e.defender)}'s grapple: "
    a_add, d_add = e.attacker_total - e.attacker_roll, e.defender_total - e.defender_roll
    tie = " (a tie holds the status quo)" if e.attacker_total == e.defender_total else ""
    return (
        f"{head}{e.name} (1d20 + {e.attribute}): {_n(s, e.attacker)} {e.attacker_roll} + "
        f"{a_add} = {e.attacker_total} vs {_n(s, e.defender)} {e.defender_roll} + {d_add} = "
        f"{e.defender_total}: {_n(s, winner)} wins{tie}"
    )


def grappled(e: ev.Grappled, s: ExpEncounter) -> str:
    return f"  {_n(s, e.grappler)} holds {_n(s, e.target)} in a grapple"


def grapple_ended(e: ev.GrappleEnded, s: ExpEncounter) -> str:
    if e.how == "released":
        return f"{_n(s, e.grappler)} lets go of {_n(s, e.target)}"
    if e.how == "let go":
        return f"  {_n(s, e.grappler)}, grappled in turn, has to let go of {_n(s, e.target)}"
    return f"  {_n(s, e.target)} breaks free of {_n(s, e.grappler)}"


def grapple_reversed(e: ev.GrappleReversed, s: ExpEncounter) -> str:
    return f"  {_n(s, e.grappler)} reverses the grapple and now holds {_n(s, e.target)}"


def snatched(e: ev.WeaponSnatched, s: ExpEncounter) -> str:
    return f"  {_n(s, e.grabber)} wrests the {e.weapon} from {_n(s, e.target)}"


def thrown(e: ev.WeaponThrown, s: ExpEncounter) -> str:
    return f"  the {e.weapon} is thrown: {_n(s, e.thrower)} no longer holds it"


def backlash(e: ev.SnatchBacklash, s: ExpEncounter) -> str:
    grabber, target = _n(s, e.grabber), _n(s, e.target)
    if e.step == "strength":
        return f"  {grabber} cannot wrest it away: {target} may attack with the {e.weapon} at once"
    if e.bonus:
        return f"  {grabber} fumbles the grab: {target} gets +{e.bonus} on an attack on {grabber}"
    return f"  {grabber} fumbles the grab, but {target} has no attack left this unit"


def trip_resolved(e: ev.TripResolved, s: ExpEncounter) -> str:
    target = _n(s, e.target)
    text = {
        "unnoticed": f"{target} does not even notice",
        "dodged": f"{target} dodges the trip",
        "stopped": f"{target} is stopped, but not tripped",
        "tripped": f"{target} is tripped and goes down",
    }
    return "  " + text[e.outcome]


def stood_up(e: ev.StoodUp, s: ExpEncounter) -> str:
    return f"{_n(s, e.target)} gets back up"


def yelled(e: ev.Yelled, s: ExpEncounter) -> str:
    return f"{_n(s, e.actor)} yells"


def held(e: ev.Held, s: ExpEncounter) -> str:
    return f"{_n(s, e.actor)} {e.what}"


def unit_started(e: RoundStarted, s: ExpEncounter) -> str:
    return f"\n— Unit {e.round} —"


def ended(e: EncounterEnded, s: ExpEncounter) -> str:
    """The end, and who is out of the fight and how (the winners' own fallen included, so
    the reason says what the list is)."""
    winner = f"side {e.winner} wins" if e.winner else "no winner"
    out = e.reason
    if e.winner and out != "nobody fell":
        out = f"out of the fight: {out}"
    return f"\nThe fight is over: {winner} ({out})."


LINES: dict[type[Event[Any]], Callable[[Any, ExpEncounter], str | None]] = {
    RoundStarted: unit_started,
    EncounterEnded: ended,
    ev.InitiativeRolled: initiative,
    ev.AttackRolled: attack_rolled,
    ev.DamageRolled: damage_rolled,
    ev.StunChecked: stun_checked,
    ev.OopsChecked: oops_checked,
    ev.OopsSkipped: oops_skipped,
    ev.Damaged: damaged,
    ev.ConditionChanged: condition_changed,
    ev.Contested: contested,
    ev.Grappled: grappled,
    ev.GrappleEnded: grapple_ended,
    ev.GrappleReversed: grapple_reversed,
    ev.WeaponSnatched: snatched,
    ev.WeaponThrown: thrown,
    ev.SnatchBacklash: backlash,
    ev.TripResolved: trip_resolved,
    ev.StoodUp: stood_up,
    ev.Yelled: yelled,
    ev.Held: held,
}


def describe(event: Event[Any], state: ExpEncounter) -> str | None:
    """One line for ``event``, or None (rolls are folded into their events' lines)."""
    line = LINES.get(type(event))
    return None if line is None else line(event, state)
