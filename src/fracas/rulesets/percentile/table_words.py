"""What the table sees of a percentile attack and defence, for the players' feed: who
attacked whom with what and how it came out in the chapter's words (fumble, fail, success,
special, perfect), the parry or dodge against it; no roll, no chance (Chapter 5,
"Attacking and defending")."""

from __future__ import annotations

from typing import Any

from fracas.engine import Event
from fracas.rulesets.percentile.events import AttackRolled, DefenceRolled
from fracas.rulesets.percentile.skill_check import RESULT_NAMES
from fracas.rulesets.percentile.state import PercentileEncounter


def table_words(
    event: Event[Any], state: PercentileEncounter
) -> tuple[str, tuple[str, ...]] | None:
    names = {cid: c.name for cid, c in state.combatants.items()}
    if isinstance(event, AttackRolled):
        line = f"{names[event.who]} attacks {names[event.target]} with the {event.weapon}: "
        return line + RESULT_NAMES[event.result], (event.who, event.target)
    if isinstance(event, DefenceRolled):
        if event.kind == "none":
            return f"{names[event.who]} does not defend", (event.who, event.attacker)
        line = f"{names[event.who]} tries to {event.kind}: {RESULT_NAMES[event.result]}"
        return line, (event.who, event.attacker)
    return None
