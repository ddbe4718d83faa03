"""The d100 roll-under skill check with its perfect, special and fumble zones.

Chapter 3 (as quoted in the research notes) and chapter 5, "Attacking and defending": roll
d100 (00 = 100) under or equal to the modified skill. 01-05: roll again, under or equal to the
*unmodified* skill is a perfect success, otherwise a special success. 95-00: roll again, above
the unmodified skill is a fumble, otherwise a plain failure; 00 then 00 is always a fumble.
"""

from __future__ import annotations

from typing import Literal

from fracas.dice import parse
from fracas.rulesets.percentile.difficulty import AUTO_FAIL, AUTO_SUCCESS
from fracas.rulesets.percentile.state import PercentileContext

FUMBLE, FAIL, SUCCESS, SPECIAL, PERFECT = range(5)
RESULT_NAMES = ("fumble", "fail", "success", "special", "perfect")

D100 = parse("d100")

FumbleZone = Literal["fail", "check-target"]


def check_outcome(
    first: int, second: int | None, target: int, unmodified: int, fumble_zone: FumbleZone
) -> int:
    """The result of a check from its rolls (chapter 3, "Perfect and special successes" and
    fumbles, as the research notes quote it): ``second`` is the re-roll (01-05 or 95-00 only).

    A 01-05 always succeeds at least ("a chance of a perfect success"). A 95-00 that does not
    fumble is a failure (option ``fumble_zone: fail``) or succeeds if ``first <= target``
    (``check-target``)."""
    if first <= 5:
        assert second is not None
        return PERFECT if second <= unmodified else SPECIAL
    if first >= 95:
        assert second is not None
        if second > unmodified or (first == 100 and second == 100):
            return FUMBLE
        return SUCCESS if fumble_zone == "check-target" and first <= target else FAIL
    return SUCCESS if first <= target else FAIL


def skill_check(
    ctx: PercentileContext, target: int, unmodified: int, purpose: str, fumble_zone: FumbleZone
) -> tuple[int, tuple[int, ...]]:
    """Roll a check against ``target`` (chapter 3, d100 roll-under); return the result and the
    rolls made.

    ``AUTO_SUCCESS``/``AUTO_FAIL`` targets (past the ends of the ladder) roll nothing."""
    if target == AUTO_FAIL:
        return FAIL, ()
    if target == AUTO_SUCCESS:
        return SUCCESS, ()
    first = ctx.roll(D100, purpose)
    if 5 < first < 95:
        return (SUCCESS if first <= target else FAIL), (first,)
    second = ctx.roll(D100, purpose + " re-roll")
    return check_outcome(first, second, target, unmodified, fumble_zone), (first, second)
