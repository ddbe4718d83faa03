"""Part failure (chapter 9.2, 'Lethal Damage and Wounds').

"the character must make a Stamina Check, with a DC of 50, plus 20 for each Wound to the
affected part, plus another 10 for every other Wound they may have suffered." Sensory and
cognitive organs are checked at the start of the turn, propulsive appendages on a move, motor
appendages when used (those checks are in ``stamina_check``). A part fails outright at
Durability Wounds and is maimed at twice that (Amputee Complication at 10, or +5 up to 25).
"A combatant's Body Area never fails."
"""

from __future__ import annotations

from fracas.rulesets.starflight.events import (
    KnockedOut,
    PartFailed,
    PartMaimed,
    WeaponDropped,
)
from fracas.rulesets.starflight.state import Fighter, StarflightContext

BASE_DC = 50
PER_WOUND_ON_PART = 20
PER_OTHER_WOUND = 10
AMPUTEE_FIRST = 10
AMPUTEE_STEP = 5
AMPUTEE_MAX = 25


def can_fail(c: Fighter, part: str) -> bool:
    """Every part but the Body area can fail.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    return c.part_kinds.get(part) != "body"


def stamina_dc(c: Fighter, part: str) -> int:
    """DC 50 + 20 per Wound on the part + 10 per other Wound.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    on_part = c.wounds.get(part, 0)
    return BASE_DC + PER_WOUND_ON_PART * on_part + PER_OTHER_WOUND * (c.total_wounds() - on_part)


def amputee_after(score: int) -> int:
    """Amputee Complication at 10, or +5 if already there, up to 25.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    return AMPUTEE_FIRST if score == 0 else min(AMPUTEE_MAX, score + AMPUTEE_STEP)


def part_thresholds(ctx: StarflightContext, c: Fighter, part: str) -> None:
    """Durability Wounds: the part fails; twice Durability: it is maimed.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    if not can_fail(c, part):
        return
    wounds = c.wounds.get(part, 0)
    if wounds >= 2 * c.durability and part not in c.maimed:
        ctx.emit(PartMaimed(target=c.id, part=part, amputee_after=amputee_after(c.amputee)))
        on_failure(ctx, c, part)
    elif wounds >= c.durability and part not in c.failed:
        fail_part(ctx, c, part, f"{wounds} Wounds (Durability {c.durability})")


def fail_part(ctx: StarflightContext, c: Fighter, part: str, reason: str) -> None:
    """Emit the failure and its consequences.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    ctx.emit(PartFailed(target=c.id, part=part, reason=reason))
    on_failure(ctx, c, part)


def on_failure(ctx: StarflightContext, c: Fighter, part: str) -> None:
    """A failed motor appendage drops what it holds; a failed cognitive organ knocks the
    combatant out (option). Failed propulsive and visual organs are read from the state.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    kind = c.part_kinds.get(part)
    if kind == "motor":
        for i, w in enumerate(c.weapons):
            if w.drawn and w.hand == part:
                ctx.emit(WeaponDropped(who=c.id, weapon=i))
    if kind == "cognitive" and ctx.options.cognitive_failure_unconscious and c.nhp > 0:
        ctx.emit(KnockedOut(who=c.id, reason="cognitive organ failed", nhp_after=0))


def needs_check(c: Fighter, part: str) -> bool:
    """A wounded, still working part that can fail.

    Chapter 9.2, 'Lethal Damage and Wounds'.
    """
    return can_fail(c, part) and c.wounds.get(part, 0) > 0 and part not in c.failed
