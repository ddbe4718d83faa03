"""The stun check. Chapter, 'Stun Check': "The target must win a damage system shock roll
(DSS) against the non-lethal damage value or be stunned" and "she must win a DSS Roll as if
her HPS were reduced by the Non-Lethal Damage ... Her HPS total does not change at this
point." The DSS itself is not printed; its two variants (option ``dss``) come from the
research notes, section 1, with parameters in data/dss.yaml."""

from __future__ import annotations

from fracas.rulesets.exp.events import StunChecked
from fracas.rulesets.exp.state import ExpContext, Persona
from fracas.rulesets.exp.tables import DSS_TABLE, die


def hps_as_if(target: Persona, damage: int) -> int:
    """Chapter, 'Stun Check': "as if her HPS were reduced by the Non-Lethal Damage" (from
    her current HPS, which carry earlier actual damage)."""
    return target.hps - damage


def _round_half_up(numerator: int, denominator: int) -> int:
    return (2 * numerator + denominator) // (2 * denominator)


def percentile_needed(hps_left: int, hps_max: int, attribute: int) -> int:
    """Chapter, 'Stun Check', option ``dss`` = ``percentile`` (notes, section 1): stay up on
    a d100 at or under % of maximum HPS left + CON (cap 99)."""
    row = DSS_TABLE.percentile
    return min(row.cap, _round_half_up(row.scale * hps_left, hps_max) + attribute)


def save_needed(damage: int, hps_left: int) -> int:
    """Chapter, 'Stun Check', option ``dss`` = ``save-d20`` (notes, section 1): 1d20 + CON +
    level must beat 10 + 20 x damage / HPS-as-if (cap 40)."""
    row = DSS_TABLE.save_d20
    return min(row.cap, row.base + _round_half_up(row.scale * damage, max(hps_left, 1)))


def dss_needed(target: Persona, damage: int, method: str) -> int:
    """Chapter, 'Stun Check': "a damage system shock roll (DSS) against the non-lethal damage
    value": the number the DSS is rolled against, by the ``dss`` option's method."""
    left = hps_as_if(target, damage)
    if method == "percentile":
        attribute = target.attribute(DSS_TABLE.percentile.attribute)
        return percentile_needed(left, target.hps_max, attribute)
    return save_needed(damage, left)


PERCENTILE_DIE = die(DSS_TABLE.percentile.die)
SAVE_DIE = die(DSS_TABLE.save_d20.die)


def roll_dss(ctx: ExpContext, target: Persona, method: str, needed: int) -> tuple[int, int, bool]:
    """Chapter, 'Stun Check': "The target must win a damage system shock roll": roll the DSS
    die: (roll, total, stunned). Percentile: she wins at or under ``needed``; save-style:
    roll + CON + level must beat ``needed``."""
    if method == "percentile":
        roll = ctx.roll(PERCENTILE_DIE, f"{target.name} DSS")
        return roll, roll, roll > needed
    roll = ctx.roll(SAVE_DIE, f"{target.name} DSS")
    total = roll + target.attribute(DSS_TABLE.save_d20.attribute) + target.level
    return roll, total, total <= needed


def stun_check(ctx: ExpContext, target: Persona, damage: int) -> bool:
    """Chapter, 'Stun Check': "The target must win a damage system shock roll ... or be
    stunned". Roll the DSS for ``target`` against ``damage``; emit it; True if stunned.
    At 0 or fewer HPS-as-if she fails without a roll."""
    method = ctx.options.dss
    left = hps_as_if(target, damage)
    needed = dss_needed(target, damage, method)
    roll: int | None = None
    total: int | None = None
    stunned = True
    if left > 0:
        roll, total, stunned = roll_dss(ctx, target, method, needed)
    ctx.emit(
        StunChecked(
            target=target.id,
            damage=damage,
            hps_as_if=left,
            method=method,
            roll=roll,
            total=total,
            needed=needed,
            stunned=stunned,
        )
    )
    return stunned
