"""Actual damage. Chapter, 'Actual Damage': "Ten percent of the non-lethal damage causes
actual damage to the target. The target's hit point total (HPS) loses that amount for every
successful attack roll." Rounding is not given (option ``actual_damage_rounding``)."""

from __future__ import annotations

from fracas.rulesets.exp.events import ConditionChanged, Damaged
from fracas.rulesets.exp.state import ACTIVE, OUT, ExpContext, Persona, condition_at


def actual_damage(damage: int, rounding: str, minimum: int = 1) -> int:
    """Chapter, 'Actual Damage': "Ten percent of the non-lethal damage causes actual damage",
    in whole HPS, rounded half up, down or up (option ``actual_damage_rounding``). Chapter,
    'Non-Lethal Combat' and 'Actual Damage': "Each attack still does some damage", "Every
    non-lethal damage roll inflicts a smaller amount of actual damage": never less than
    ``minimum`` HPS for a blow that does any damage, whatever the rounding (option
    ``actual_damage_minimum``: 1, or 0 for the ten percent alone)."""
    if damage <= 0:
        return 0
    if rounding == "half-up":
        tenth = (damage + 5) // 10
    elif rounding == "down":
        tenth = damage // 10
    else:
        tenth = (damage + 9) // 10
    return max(minimum, tenth)


def lose_hps(ctx: ExpContext, target: Persona, amount: int, cause: str, nonlethal: int = 0) -> None:
    """Chapter, 'Actual Damage': "The target's hit point total (HPS) loses that amount";
    also oops and lethal damage. Take ``amount`` HPS off ``target``."""
    before = target.hps
    ctx.emit(
        Damaged(
            target=target.id,
            amount=amount,
            cause=cause,
            hps_before=before,
            hps_after=before - amount,
            nonlethal=nonlethal,
        )
    )


def settle_condition(ctx: ExpContext, target: Persona, stunned: bool, reason: str) -> None:
    """Chapter, 'Victory Conditions': after a hit, the worst of "stunned by a failed DSS
    Roll" and what the HPS left mean for the kind ("knocked unconscious", "die" from
    accidental damage; a robot broken)."""
    options = ctx.options
    by_hps = condition_at(target, target.hps, options.death_below_zero, options.robot_at_zero_hps)
    condition = by_hps
    if stunned and (by_hps == ACTIVE or OUT.index(by_hps) < OUT.index("stunned")):
        condition = "stunned"
    if condition != target.condition:
        why = "failed the DSS" if condition == "stunned" else f"at {target.hps} HPS after {reason}"
        ctx.emit(ConditionChanged(target=target.id, condition=condition, reason=why))
