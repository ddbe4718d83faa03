"""Damage that is not a weapon's hit (chapter 9.2, 'Trample', 'Trip', 'Constrict', 'Swallow
Whole', 'Disarm/Sunder'): an amount of Basic, Lethal or Non-Lethal Damage landed on a rolled
(or given) part and run through the gear, Wounds, consequences and the saves every hit calls
for ("a character must make a Reflex Save and a Willpower Save any time they are hit")."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.starflight.conditions import is_dead
from fracas.rulesets.starflight.damage import INTERNAL, apply_blow, apply_rider, consequences, split
from fracas.rulesets.starflight.hit_location import roll_location
from fracas.rulesets.starflight.saves_after_hit import saves_after_hit
from fracas.rulesets.starflight.state import Fighter, StarflightContext
from fracas.rulesets.starflight.wounds import inflict_wounds, needs_wound_fortitude, wound_fortitude

UNARMED = "unarmed"


def land_basic(
    ctx: StarflightContext, target: Fighter, amount: int, damage_type: str, cause: str, **kw: Any
) -> int:
    """Land ``amount`` of ``damage_type`` (basic: half Lethal, rounded down; lethal;
    nonlethal) with :func:`land_blow`."""
    lethal, nonlethal = split(amount, damage_type)
    return land_blow(ctx, target, lethal, nonlethal, cause, **kw)


def land_blow(
    ctx: StarflightContext,
    target: Fighter,
    lethal: int,
    nonlethal: int,
    cause: str,
    *,
    kind: str = UNARMED,
    part: str | None = None,
    wounds: int | None = None,
    saves: bool = True,
) -> int:
    """Land ``lethal`` and ``nonlethal`` damage on ``target``; ``kind`` is the weapon type
    gear may block ('unarmed' counts as melee, 'internal' passes no gear). ``wounds``: Wounds
    the blow inflicts when Lethal damage gets through (default one, as any hit). Returns the
    damage that reached the combatant (lethal + non-lethal)."""
    if lethal + nonlethal <= 0 or is_dead(target):
        return 0
    where = part if part is not None else roll_location(ctx, target)
    wounds_before, nhp, hp = target.total_wounds(), target.nhp, target.hp
    taken_l, through_nl, taken_nl = apply_blow(ctx, target, where, lethal, nonlethal, kind)
    if kind != INTERNAL:  # a rider is a located hit's ('Resolving Damage'); acid is not a hit
        apply_rider(ctx, target, where, taken_l + through_nl)
    count = (1 if wounds is None else wounds) if taken_l > 0 else 0
    if count:
        inflict_wounds(ctx, target, where, count, cause)
    consequences(ctx, target, nhp, hp)
    if saves:
        saves_after_hit(ctx, target, taken_l + taken_nl)
    if needs_wound_fortitude(target, wounds_before, ctx):
        wound_fortitude(ctx, target)
    return taken_l + taken_nl
