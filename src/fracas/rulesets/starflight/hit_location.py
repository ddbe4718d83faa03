"""Hit location (chapter 9.2, 'Resolving Damage').

"When a hit is indicated, 1d10 is rolled. ... If a part is indicated which the character either
does not have or is not available to take damage, roll again on this table." The species'
table may send a roll to its sensory sub-table (a second d10), as the worked example does
(4 = sensory organs, then 5 = olfactory organs). A maimed part is not available.
"""

from __future__ import annotations

from fracas.engine import FracasError
from fracas.rulesets.starflight.events import Located
from fracas.rulesets.starflight.species import SENSORY
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

MAX_ROLLS = 200
TACTILE = "tactile"


def table_entry(fight: Fight, c: Fighter, face: int) -> str | None:
    """The species' hit-location table at a d10 face (1..10): a part id, 'sensory' or None."""
    return fight.species[c.species_id].hit_locations[face]


def sensory_entry(fight: Fight, c: Fighter, face: int) -> str | None:
    """The species' sensory sub-table at a d10 face; a tactile organ is None (roll again)
    under option ``sensory_tactile: reroll`` (the research notes' "7 | tactile or other")."""
    species = fight.species[c.species_id]
    part = species.sensory_locations.get(face)
    reroll = fight.options.sensory_tactile == "reroll"
    if reroll and any(p.id == part and p.sense == TACTILE for p in species.parts):
        return None
    return part


def available(c: Fighter, part: str | None) -> bool:
    """A part can take damage unless it is maimed ('no longer available to take Wounds')."""
    return part is not None and part not in c.maimed


def roll_location(ctx: StarflightContext, c: Fighter, purpose: str = "hit location") -> str:
    """Roll d10 (and the sensory sub-d10) until an available part comes up; emit ``Located``.

    Chapter 9.2, 'Resolving Damage'.
    """
    fight = ctx.state
    rolls: list[int] = []
    while len(rolls) < MAX_ROLLS:
        face = ctx.roll("1d10", f"{c.name} {purpose}")
        rolls.append(face)
        part = table_entry(fight, c, face)
        if part == SENSORY:
            sub = ctx.roll("1d10", f"{c.name} {purpose} (sensory organ)")
            rolls.append(sub)
            part = sensory_entry(fight, c, sub)
        if available(c, part):
            assert part is not None
            ctx.emit(Located(target=c.id, rolls=rolls, part=part))
            return part
    raise FracasError(f"{c.name}: no part of the body can take the hit")
