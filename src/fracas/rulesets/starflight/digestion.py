"""Being digested (chapter 9.2, 'Swallow Whole'): "Assuming the target survives the damage
from swallowing, they take an additional 1d10 Lethal damage per round as they begin to be
digested (this is acid damage; each counts as two Wounds for damage purposes). If a target
becomes disabled for any reason after having been swallowed, they immediately die".

Digestion bites at the end of each round (the regeneration phase); 'disabled' is read as out
of the fight (Unconscious). Nothing inside the creature is stopped by gear. A dead swallower
digests no more.
"""

from __future__ import annotations

from fracas.rulesets.starflight.blow import land_blow
from fracas.rulesets.starflight.conditions import in_fight, is_dead
from fracas.rulesets.starflight.damage import INTERNAL
from fracas.rulesets.starflight.events import ClinicalDeath
from fracas.rulesets.starflight.state import Fighter, StarflightContext

ACID_WOUNDS = 2


def disabled_inside(ctx: StarflightContext, c: Fighter) -> None:
    """A swallowed combatant who is disabled dies at once."""
    fight = ctx.state
    if c.swallowed_by is not None and not is_dead(c) and not in_fight(c, fight.options):
        eater = fight.fighter(c.swallowed_by).name
        ctx.emit(
            ClinicalDeath(
                who=c.id,
                reason=f"disabled inside {eater}",
                round=fight.round,
                hp_after=min(c.hp, 0),
            )
        )


def digest(ctx: StarflightContext, c: Fighter) -> None:
    """One round's acid: 1d10 Lethal, two Wounds (per round, or per point by option)."""
    fight = ctx.state
    if c.swallowed_by is None or is_dead(c) or is_dead(fight.fighter(c.swallowed_by)):
        return
    amount = ctx.roll("1d10", f"{c.name} digestion")
    per_point = fight.options.acid_wounds == "two-per-point"
    wounds = ACID_WOUNDS * amount if per_point else ACID_WOUNDS
    land_blow(ctx, c, amount, 0, "acid", kind=INTERNAL, wounds=wounds, saves=False)
    disabled_inside(ctx, c)
