"""What a finished Starflight fight means, for ``fracas sim``: how it ended for each
combatant, its notable events, and who dealt what damage (the ``Ruleset`` analysis hooks)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from fracas.engine import Event, Hit
from fracas.rulesets.starflight.conditions import is_unconscious
from fracas.rulesets.starflight.events import (
    AttackRolled,
    Bled,
    Charged,
    ConditionGained,
    Constricted,
    DamageTaken,
    Escaped,
    GrappleStarted,
    ItemDropped,
    ItemWrecked,
    KnockedOut,
    ObjectDestroyed,
    Opposed,
    PartFailed,
    PartMaimed,
    Pinned,
    Swallowed,
    WeaponDropped,
    WoundsInflicted,
)
from fracas.rulesets.starflight.state import Fight


def outcome(state: Fight, cid: str) -> str:
    """Chapter 9.2, 'Lethal Damage and Wounds' and 'Miscellaneous Terms and Definitions', the
    worst state the combatant ends in: brain dead (or mutilated), clinically dead, comatose,
    unconscious, withdrawn from the fight, or standing."""
    c = state.fighter(cid)
    if c.brain_dead:
        return "mutilated" if c.mutilated else "brain dead"
    if c.dead_since is not None:
        return "clinically dead"
    if c.comatose:
        return "comatose"
    if is_unconscious(c, state.options):
        return "unconscious"
    if c.withdrawn:
        return "withdrawn"
    return "standing"


def notable(log: Sequence[Event[Any]], state: Fight) -> Iterator[str]:
    """Critical successes and failures on attack rolls (chapter 1.1, 'Core Mechanic'),
    knock-outs, Wounds, failed and maimed parts, dropped weapons, and attacks that hit one's
    own side."""
    for event in log:
        kind = type(event)
        if kind is AttackRolled:
            assert isinstance(event, AttackRolled)
            if event.critical is not None:
                yield f"critical {event.critical}"
            if event.hits and event.attacker != event.target:
                people = state.combatants
                if people[event.attacker].side == people[event.target].side:
                    yield "blue-on-blue"
        elif kind is KnockedOut:
            yield "knocked out"
        elif kind is WoundsInflicted:
            yield "wound"
        elif kind is PartFailed:
            yield "part failed"
        elif kind is PartMaimed:
            yield "part maimed"
        elif kind is WeaponDropped:
            yield "weapon dropped"
        else:
            yield from combat_action_notes(event)


COMBAT_ACTION_NOTES: dict[type[Event[Any]], str] = {
    Charged: "charge",
    GrappleStarted: "grapple",
    Pinned: "pin",
    Swallowed: "swallowed whole",
    Escaped: "cut free",
    ItemWrecked: "item wrecked",
    ObjectDestroyed: "object destroyed",
}


def combat_action_notes(event: Event[Any]) -> Iterator[str]:
    """The combat actions' notable events (chapter 9.2, 'Charge' ... 'Disarm/Sunder'): charges,
    grapples, pins, swallowings and escapes, trips, disarms, wrecked items and objects."""
    note = COMBAT_ACTION_NOTES.get(type(event))
    if note is not None:
        yield note
    elif isinstance(event, ItemDropped) and event.reason.startswith("disarmed"):
        yield "disarmed"
    elif isinstance(event, ConditionGained) and event.reason.startswith("tripped"):
        yield "tripped"


def damage(log: Sequence[Event[Any]], state: Fight) -> Iterator[Hit]:
    """Each hit's lethal plus non-lethal damage that got past shields and armour, dealt by
    the attacker whose roll hit that target last; bleeding is no one's blow."""
    attacker: dict[str, str] = {}  # target -> who attacked it last
    for event in log:
        kind = type(event)
        if kind is AttackRolled:
            assert isinstance(event, AttackRolled)
            attacker[event.target] = event.attacker
        elif kind is DamageTaken:
            assert isinstance(event, DamageTaken)
            amount = event.lethal + event.nonlethal
            yield (attacker.get(event.target), event.target, amount)
        elif kind is Bled:
            assert isinstance(event, Bled)
            yield (None, event.who, event.amount)
        elif kind is Opposed:  # a push, trample or grapple: the winner's blow on the loser
            assert isinstance(event, Opposed)
            loser = event.b if event.winner == event.a else event.a
            attacker[loser] = event.winner
        elif kind is Constricted or kind is Swallowed:
            assert isinstance(event, Constricted | Swallowed)
            attacker[event.target] = event.who
