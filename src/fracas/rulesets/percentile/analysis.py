"""What a finished percentile fight means, for ``fracas sim``: how it ended for each
combatant, its notable events, and who dealt what damage (the ``Ruleset`` analysis hooks)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from fracas.engine import Encounter, Event, Hit
from fracas.rulesets.percentile.events import (
    ArmourGlitched,
    ArmourLoosened,
    AttackRolled,
    Damaged,
    Exchanged,
    ExplosionRolled,
    FumbleRolled,
    Killed,
    WeaponBroken,
    WeaponDamaged,
    WeaponDropped,
)
from fracas.rulesets.percentile.state import fighter

#: attack and parry results (skill_check: 0 fumble .. 4 perfect)
_PERFECT = 4


def outcome(state: Encounter, cid: str) -> str:
    """Chapter 5, "Damage and fatigue": dead at -CON hp (or a perfect attack against a fumbled
    parry), unconscious at 0 hp, bleeding below 0 until first aid; "Powered armour": a
    battle-suit without power cannot move."""
    c = fighter(state, cid)
    if c.dead:
        return "dead"
    if c.bleeding:
        return "unconscious, bleeding"
    if c.hp <= 0:
        return "unconscious"
    if not c.p.mobile:
        return "immobile"
    return "standing"


def notable(log: Sequence[Event], state: Encounter) -> Iterator[str]:
    """Fumbles (table 5.2), perfect attacks, instant kills, disarms and dropped weapons,
    weapons damaged or broken (break value), exploding weapons, armour malfunctions, and
    blows on one's own side (a fumble's "hits friend")."""
    for event in log:
        kind = type(event)
        if kind is FumbleRolled:
            yield "fumble"
        elif kind is AttackRolled:
            if event.result == _PERFECT:  # type: ignore[attr-defined]
                yield "perfect attack"
        elif kind is Killed:
            yield "instant kill"
        elif kind is WeaponDropped:
            yield "disarm" if event.reason == "disarmed" else "weapon dropped"  # type: ignore[attr-defined]
        elif kind is WeaponBroken:
            yield "breakage"
        elif kind is WeaponDamaged:
            yield "weapon damaged"
        elif kind is ExplosionRolled:
            if event.exploded:  # type: ignore[attr-defined]
                yield "explosion"
        elif kind is ArmourGlitched or kind is ArmourLoosened:
            yield "armour malfunction"
    people = state.combatants
    for dealer, target, _ in damage(log, state):
        if dealer is not None and dealer != target and people[dealer].side == people[target].side:
            yield "blue-on-blue"


def damage(log: Sequence[Event], state: Encounter) -> Iterator[Hit]:
    """Every ``Damaged``, with whose weapon it was. Within one exchange of table 5.1 the
    defender's damage is the attacker's blow and the attacker's is the defender's counter,
    unless a fumble (table 5.2) was rolled: then the fumbler hurts herself ("her own" weapon,
    "her exploding" one) or a friend. Falls and bleeding are no one's blow."""
    attacker = defender = fumbler = None
    for event in log:
        kind = type(event)
        if kind is Exchanged:
            attacker, defender = event.attacker, event.defender  # type: ignore[attr-defined]
            fumbler = None
        elif kind is FumbleRolled:
            fumbler = event.who  # type: ignore[attr-defined]
        elif kind is Damaged:
            assert isinstance(event, Damaged)
            target = event.who
            if event.kind in ("fall", "bleeding") or attacker is None:
                dealer = None
            elif fumbler is not None and target != fumbler:
                dealer = fumbler  # a friend hit by the fumbler
            elif fumbler is not None and event.source.startswith("her "):
                dealer = fumbler  # her own weapon
            else:
                dealer = defender if target == attacker else attacker
            yield Hit(dealer, target, event.amount)
