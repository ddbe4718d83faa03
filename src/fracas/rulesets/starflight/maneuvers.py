"""The Three-Dimensional Maneuvers check of a move (chapter 9.2, 'Move Action Rules'), shared
by stunts and by a plain move on wounded propulsive parts.

"Changing facing and moving straight ahead does not require a Three-Dimensional Maneuvers
Check, provided their propulsive appendages aren't damaged." With a Wound on a propulsive part
it does: DC 10 per such Wound plus the encumbrance total (option ``wounded_walk_check``). A
failure stops the mover where it stands, with a Reflex save against the check's DC or prone
(PROPOSED: a straight move has no "first stunt" to stop at); a critical failure is the
chapter's: "the character may not move at all; the GM changes the character's present facing to
a new, random one. Additionally, the character is knocked prone and takes 1d5 Wounds to their
propulsive appendages ...; if they were already Wounded before the character attempted the
stunt, their propulsive appendages automatically fail."
"""

from __future__ import annotations

from fracas.rulesets.starflight.checks import CRITICAL_FAILURE, check, save
from fracas.rulesets.starflight.events import ConditionGained, Faced
from fracas.rulesets.starflight.part_failure import fail_part
from fracas.rulesets.starflight.state import Fighter, StarflightContext
from fracas.rulesets.starflight.use_skill import skill_modifier
from fracas.rulesets.starflight.wounds import (
    inflict_wounds,
    needs_wound_fortitude,
    wound_count,
    wound_fortitude,
)

WOUND_DC = 10
SKILL = "three_dimensional_maneuvers"
CHECK = "Three-Dimensional Maneuvers"


def propulsive_wounds(c: Fighter) -> int:
    """Wounds on the propulsive appendages."""
    if not c.wounds:
        return 0
    return sum(n for p, n in c.wounds.items() if c.part_kinds.get(p) == "propulsive")


def wounded_walk(ctx: StarflightContext, c: Fighter) -> bool:
    """Whether a straight move on wounded propulsive parts goes ahead (the check, or no
    check at all when none is wounded or the option is off)."""
    if propulsive_wounds(c) == 0 or not ctx.state.options.wounded_walk_check:
        return True
    dc = WOUND_DC * propulsive_wounds(c) + c.encumbrance
    out = check(ctx, c, f"{CHECK} (wounded legs)", skill_modifier(ctx.state, c, SKILL), dc)
    if out.critical == CRITICAL_FAILURE:
        critical_failure(ctx, c, wounded_before=True)
        return False
    if not out.success:
        if not save(ctx, c, "reflex", dc, "Reflex save (stumbles)", potential=False).success:
            ctx.emit(ConditionGained(who=c.id, condition="prone", reason="stumbles"))
        return False
    return True


def critical_failure(ctx: StarflightContext, c: Fighter, wounded_before: bool) -> None:
    """No move; a random facing (1d8 x 45 degrees); prone; 1d5 Wounds to a propulsive
    appendage (1dN picks which) - or, if they were wounded before, they all fail."""
    facing = (ctx.roll("1d8", f"{c.name} new facing") - 1) * 45
    ctx.emit(Faced(who=c.id, facing=facing))
    ctx.emit(ConditionGained(who=c.id, condition="prone", reason="a botched move"))
    legs = [p for p, k in c.part_kinds.items() if k == "propulsive" and p not in c.failed]
    if not legs:
        return
    if wounded_before:
        for leg in legs:
            fail_part(ctx, c, leg, "a botched move on a wounded limb")
        return
    leg = legs[ctx.roll(f"1d{len(legs)}", f"{c.name} which limb") - 1] if len(legs) > 1 else legs[0]
    before = c.total_wounds()
    inflict_wounds(ctx, c, leg, wound_count(ctx, c, "stunt Wounds"), "a botched stunt")
    if needs_wound_fortitude(c, before, ctx):
        wound_fortitude(ctx, c)  # 'When a character is wounded ... must make a Fortitude Save'
