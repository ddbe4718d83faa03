"""Victory. Chapter, 'Victory Conditions': "A persona may have had enough and calls it
quits. A persona may be stunned by a failed DSS Roll. A persona may be knocked unconscious by
an accidental damage bolus. A persona may die from accidental damage." A side wins when
every other side is out of the fight (conceded, stunned, unconscious, dead, or broken)."""

from __future__ import annotations

from fracas.engine import EncounterEnded
from fracas.rulesets.exp.state import ACTIVE, ExpContext, ExpEncounter


def sides_standing(state: ExpEncounter) -> list[str]:
    """Sides with at least one persona still in the fight, in scenario order."""
    sides: list[str] = []
    for p in state.combatants.values():  # the personas
        if p.condition == ACTIVE and p.side not in sides:
            sides.append(p.side)
    return sides


def sides_at_odds(state: ExpEncounter) -> bool:
    """Chapter, 'Victory Conditions': whether personas of two sides or more are still in the
    fight, so no side has won yet (``sides_standing`` has more than one); found at the
    first persona of a second side."""
    first: str | None = None
    for p in state.combatants.values():
        if p.condition == ACTIVE:
            if first is None:
                first = p.side
            elif p.side != first:
                return True
    return False


def fallen(state: ExpEncounter) -> str:
    """'Socmob stunned, Brick conceded': who is out and how."""
    out = [
        f"{p.name} {p.condition}"
        for p in (state.combatants[n] for n in state.combatants)
        if not p.active
    ]
    return ", ".join(out) if out else "nobody fell"


def check_victory(ctx: ExpContext, state: ExpEncounter) -> bool:
    """Chapter, 'Victory Conditions': a side wins when every other persona has conceded, is
    stunned, unconscious, dead (or a broken robot). End the fight then; True if it ended."""
    if sides_at_odds(state):  # the usual case, without listing the sides
        return False
    sides = sides_standing(state)
    winner = sides[0] if sides else None
    ctx.emit(EncounterEnded(winner=winner, reason=fallen(state)))
    return True
