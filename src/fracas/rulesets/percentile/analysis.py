"""What a finished percentile fight means, for ``fracas sim``: how it ended for each
combatant, its notable events, and who dealt what damage (the ``Ruleset`` analysis hooks)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import compress
from operator import attrgetter
from typing import Any

from fracas.engine import Event, Hit
from fracas.rulesets.percentile.events import (
    ArmourGlitched,
    ArmourLoosened,
    AttackRolled,
    Damaged,
    ExplosionRolled,
    FumbleRolled,
    Killed,
    WeaponBroken,
    WeaponDamaged,
    WeaponDropped,
)
from fracas.rulesets.percentile.state import PercentileEncounter, fighter

#: attack and parry results (skill_check: 0 fumble .. 4 perfect)
_PERFECT = 4


def outcome(state: PercentileEncounter, cid: str) -> str:
    """Chapter 5, "Damage and fatigue": dead at -CON hp (or a perfect attack against a fumbled
    parry), unconscious at 0 hp, bleeding below 0 until first aid; "Powered armour": a
    battle-suit without power cannot move; a fighter with no weapon left may surrender or
    flee (option ``no_weapon_left``)."""
    c = fighter(state, cid)
    if c.dead:
        return "dead"
    if c.yielded:
        return _YIELDED.get(c.yielded, c.yielded)
    if c.bleeding:
        return "unconscious, bleeding"
    if c.hp <= 0:
        return "unconscious"
    if not c.p.mobile:
        return "immobile"
    return "standing"


#: ``Fighter.yielded`` -> how the fight ended for them
_YIELDED = {"surrenders": "surrendered", "flees": "fled"}

#: events named whenever they happen
_ALWAYS: dict[type[Event[Any]], str] = {
    FumbleRolled: "fumble",
    Killed: "instant kill",
    WeaponBroken: "breakage",
    WeaponDamaged: "weapon damaged",
    ArmourGlitched: "armour malfunction",
    ArmourLoosened: "armour malfunction",
}
#: the events ``notable`` and ``damage`` look at; the others (most of a log: rolls,
#: declarations, exchanges) are passed over in C by ``compress``
_RARE = frozenset({*_ALWAYS, WeaponDropped, ExplosionRolled, Damaged})
_ATTACK = frozenset({AttackRolled})
_RESULT = attrgetter("result")
#: damage that is no one's blow
_NOBODY = ("fall", "bleeding")


def _of(log: Sequence[Event[Any]], kinds: frozenset[type[Event[Any]]]) -> Iterator[Event[Any]]:
    return compress(log, map(kinds.__contains__, map(type, log)))


def _dealer(event: Damaged, ids: dict[str, str]) -> str | None:
    """Whose weapon a ``Damaged`` was, from the source it names (damage.py's ``deal``): a
    blow or a counter is "<name>'s <weapon>", a fumble's blow on oneself "her own <weapon>"
    or "her exploding <weapon>" (table 5.2), a friend hit by a fumble "<fumbler>'s <weapon>";
    a fall and bleeding are no one's."""
    if event.kind in _NOBODY:
        return None
    source = event.source
    if source.startswith("her "):
        return event.who
    return ids.get(source.partition("'s ")[0])


def _ids(state: PercentileEncounter) -> dict[str, str]:
    return {c.name: c.id for c in state.combatants.values()}


def analyse(log: Sequence[Event[Any]], state: PercentileEncounter) -> tuple[list[str], list[Hit]]:
    """``notable`` and ``damage`` in one reading of the log (``fracas sim`` reads every fight
    this way; see ``_dealer`` for whose weapon each ``Damaged`` was). The log is mostly
    rolls, declarations and exchanges: the events wanted are picked out in C (``compress``
    over the events' types), and perfect attacks counted there too."""
    kinds = list(map(type, log))
    perfect = sum(
        map(_PERFECT.__eq__, map(_RESULT, compress(log, map(_ATTACK.__contains__, kinds))))
    )
    names = ["perfect attack"] * perfect
    hits: list[Hit] = []
    people = state.combatants
    ids = {c.name: c.id for c in people.values()}
    for event in compress(log, map(_RARE.__contains__, kinds)):
        if isinstance(event, Damaged):
            target = event.who
            if event.kind in _NOBODY:
                dealer = None
            else:
                source = event.source
                dealer = (
                    target if source.startswith("her ") else ids.get(source.partition("'s ")[0])
                )
                if (
                    dealer is not None
                    and dealer != target
                    and people[dealer].side == people[target].side
                ):
                    names.append("blue-on-blue")
            hits.append((dealer, target, event.amount))
        elif isinstance(event, WeaponDropped):
            names.append("disarm" if event.reason == "disarmed" else "weapon dropped")
        elif isinstance(event, ExplosionRolled):
            if event.exploded:
                names.append("explosion")
        else:
            names.append(_ALWAYS[type(event)])
    return names, hits


def notable(log: Sequence[Event[Any]], state: PercentileEncounter) -> list[str]:
    """Fumbles (table 5.2), perfect attacks, instant kills, disarms and dropped weapons,
    weapons damaged or broken (break value), exploding weapons, armour malfunctions, and
    blows on one's own side (a fumble's "hits friend"), in log order."""
    return analyse(log, state)[0]


def damage(log: Sequence[Event[Any]], state: PercentileEncounter) -> list[Hit]:
    """Every ``Damaged``, with whose weapon it was (see ``_dealer``): the attacker's blow,
    the defender's counter (table 5.1), a fumbler's blow on herself or a friend (table
    5.2); falls and bleeding are no one's blow."""
    return analyse(log, state)[1]


def choice_kind(fields: dict[str, Any]) -> str | None:
    """A percentile decision for "what the tactics did" (Chapter 5, "Attacking and
    defending"): the round's stance ("all-out attack", "surrender"...), "dodging" when the
    declaration dodges instead of parrying, and the weapon taken in hand if it changes
    one; a defender's extra parry or dodge beyond the free ones, or the attack let through."""
    tag = fields.get("action")
    if tag == "Defend":
        return "extra defence" if fields.get("defend") else "extra defence declined"
    if tag != "Declare":
        return None
    kind = str(fields.get("stance", "")).replace("-", " ").replace("all out", "all-out")
    if fields.get("dodge"):
        kind += ", dodging"
    weapon = fields.get("weapon")
    if weapon:
        kind += f" (takes up {weapon})"
    return kind
