"""What the table sees of an EXP attack roll, for the players' feed: who went for whom with
what, and whether it hit; no kilodie, no defence rating."""

from __future__ import annotations

from typing import Any

from fracas.engine import Event
from fracas.rulesets.exp.events import AttackRolled
from fracas.rulesets.exp.state import ExpEncounter, persona

#: what an attack roll is for when it is not a weapon's (``AttackRolled.attack``)
MANOEUVRES = ("grapple", "snatch", "trip")


def table_words(event: Event[Any], state: ExpEncounter) -> tuple[str, tuple[str, ...]] | None:
    if not isinstance(event, AttackRolled):
        return None
    a, t = persona(state, event.attacker), persona(state, event.target)
    how = event.attack if event.attack in ("grapple", "snatch", "trip") else f"the {event.attack}"
    verb = (
        f"tries to {event.attack}" if event.attack in ("grapple", "snatch", "trip") else "attacks"
    )
    with_ = "" if event.attack in ("grapple", "snatch", "trip") else f" with {how}"
    return f"{a.name} {verb} {t.name}{with_}: {'hit' if event.hit else 'miss'}", (a.id, t.id)
