"""What a finished EXP fight means, for ``fracas sim``: how it ended for each persona, its
notable events, and who dealt what damage (the ``Ruleset`` analysis hooks)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from fracas.engine import Event, Hit
from fracas.rulesets.exp.events import (
    AttackRolled,
    DamageRolled,
    Grappled,
    GrappleReversed,
    OopsChecked,
    SnatchBacklash,
    TripResolved,
    WeaponSnatched,
)
from fracas.rulesets.exp.state import ACTIVE, ExpEncounter, persona


def outcome(state: ExpEncounter, cid: str) -> str:
    """Chapter, 'Victory Conditions': a persona out of the fight has conceded, is stunned (a
    failed DSS roll), unconscious or dead (accidental damage), or broken (a robot); one still
    in it is standing."""
    condition = persona(state, cid).condition
    return "standing" if condition == ACTIVE else condition


def notable(log: Sequence[Event[Any]], state: ExpEncounter) -> Iterator[str]:
    """Oops damage, grapples that stick and grapples reversed, weapons snatched (a disarm)
    and failed snatches, trips that put the target down, and blows that land on one's own
    side."""
    for event in log:
        kind = type(event)
        if isinstance(event, OopsChecked):
            if event.oops:
                yield "oops"
        elif kind is Grappled:
            yield "grapple held"
        elif kind is GrappleReversed:
            yield "grapple reversed"
        elif kind is WeaponSnatched:
            yield "disarm"
        elif kind is SnatchBacklash:
            yield "snatch failed"
        elif isinstance(event, TripResolved):
            if event.outcome == "tripped":
                yield "tripped"
        elif kind is AttackRolled:
            assert isinstance(event, AttackRolled)
            if event.hit and event.attacker != event.target:
                sides = state.combatants
                if sides[event.attacker].side == sides[event.target].side:
                    yield "blue-on-blue"


def damage(log: Sequence[Event[Any]], state: ExpEncounter) -> Iterator[Hit]:
    """Every blow's damage as rolled (the non-lethal damage DSS is rolled against, or the
    lethal damage of a lethal blow: 'Damage is rolled as per normal'), dealt by the attacker
    to the target. The 10% actual damage and oops damage on HPS follow from it and are not
    counted again."""
    for event in log:
        if type(event) is DamageRolled:
            assert isinstance(event, DamageRolled)
            yield (event.attacker, event.target, event.damage)
