"""What the table sees of a Starflight attack, for the players' feed: who shot or struck at
whom, and whether it hit (chapter 9.2, 'Using Weapons'); no roll, no modifier."""

from __future__ import annotations

from typing import Any

from fracas.engine import Event
from fracas.rulesets.starflight.events import AttackRolled
from fracas.rulesets.starflight.state import Fight


def table_words(event: Event[Any], fight: Fight) -> tuple[str, tuple[str, ...]] | None:
    if not isinstance(event, AttackRolled):
        return None
    a, t = fight.fighter(event.attacker), fight.fighter(event.target)
    if event.shots > 1:
        outcome = f"{event.hits} of {event.shots} shots hit" if event.hits else "all miss"
    else:
        outcome = "hit" if event.hits else "miss"
    return f"{a.name} attacks {t.name} with the {event.weapon}: {outcome}", (a.id, t.id)
