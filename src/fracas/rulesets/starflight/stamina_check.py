"""The Stamina check of a wounded part (chapter 9.2, 'Lethal Damage and Wounds').

"the character must make a Stamina Check, with a DC of 50, plus 20 for each Wound to the
affected part, plus another 10 for every other Wound they may have suffered." Sensory and
cognitive organs are checked at the start of the turn, propulsive appendages on a move, motor
appendages when used. A critical failure inflicts 1d10 Basic Damage and one more Wound, so
this module sits above ``damage`` and ``wounds``; the failure itself is in ``part_failure``.
"""

from __future__ import annotations

from fracas.rulesets.starflight.checks import CRITICAL_FAILURE, CRITICAL_SUCCESS, skill_check
from fracas.rulesets.starflight.damage import INTERNAL, apply_blow, consequences, split
from fracas.rulesets.starflight.events import WoundHealed
from fracas.rulesets.starflight.part_failure import fail_part, needs_check, stamina_dc
from fracas.rulesets.starflight.state import Fighter, StarflightContext
from fracas.rulesets.starflight.wounds import (
    inflict_wounds,
    needs_wound_fortitude,
    wound_fortitude,
)


def check_part(ctx: StarflightContext, c: Fighter, part: str) -> bool:
    """'Lethal Damage and Wounds': the Stamina check for a wounded part, with critical
    potential. Returns whether the part works afterwards."""
    if not needs_check(c, part):
        return part not in c.failed
    name = c.part_names.get(part, part)
    out = skill_check(ctx, c, "stamina", "physique", stamina_dc(c, part), f"Stamina ({name})")
    if out.critical == CRITICAL_SUCCESS:
        ctx.emit(WoundHealed(target=c.id, part=part))
        return True
    if out.success:
        return True
    fail_part(ctx, c, part, "failed Stamina check")
    if out.critical == CRITICAL_FAILURE:
        critical_part_failure(ctx, c, part, name)
    return False


def critical_part_failure(ctx: StarflightContext, c: Fighter, part: str, name: str) -> None:
    """ "In the event of a critical failure, then the part fails, 1d10 Basic Damage is inflicted
    on the character, and the character takes an additional Wound" - and, being wounded, makes
    the Fortitude save ("When a character is wounded ... must make a Fortitude Save")."""
    amount = ctx.roll("1d10", f"{c.name} basic damage ({name} fails)")
    lethal, nonlethal = split(amount, "basic")
    nhp, hp, wounds = c.nhp, c.hp, c.total_wounds()
    apply_blow(ctx, c, part, lethal, nonlethal, INTERNAL)
    consequences(ctx, c, nhp, hp)
    inflict_wounds(ctx, c, part, 1, "part failure")
    if needs_wound_fortitude(c, wounds, ctx):
        wound_fortitude(ctx, c)


def start_of_turn_checks(ctx: StarflightContext, c: Fighter) -> None:
    """Sensory and cognitive organs are checked at the beginning of the combatant's turn."""
    if not c.wounds:
        return
    for part, kind in c.part_kinds.items():
        if kind in ("sensory", "cognitive") and needs_check(c, part):
            check_part(ctx, c, part)


def propulsion_works(ctx: StarflightContext, c: Fighter) -> bool:
    """Propulsive appendages are checked when the combatant tries to move.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    ok = True
    if not c.wounds:
        return ok
    for part, kind in c.part_kinds.items():
        if kind == "propulsive" and needs_check(c, part):
            ok = check_part(ctx, c, part) and ok
    return ok
