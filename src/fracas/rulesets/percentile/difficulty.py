"""The difficulty ladder: Very easy ... Impossible as skill multipliers (data/difficulty.yaml).

Chapter 5 leans on chapter 3's "Skill Modification table": an all-out attack is "an Easy
modifier", each extra parry and each started multiple of STR of encumbrance "an extra Hard
modifier", fatigue at 0 "two difficulty levels harder", and "anything harder than Impossible
is an automatic fail". A modifier here is a *shift* on the ladder (Easy -1, Hard +1).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from fracas.rulesets.percentile.tables import Table, load_checked, per_mille

VERY_EASY, EASY, NORMAL, HARD, VERY_HARD, IMPOSSIBLE = range(6)

#: a check that cannot fail / cannot succeed (past either end of the ladder): no roll is made
AUTO_SUCCESS = 1_000_000
AUTO_FAIL = -1

Stacking = Literal["multiply", "ladder"]
Rounding = Literal["half-up", "half-down"]


class Rung(Table, frozen=True, kw_only=True):
    """One level of the ladder as written in data/difficulty.yaml."""

    name: str
    multiplier: str
    status: Literal["FOUND", "INFERRED", "PROPOSED"]

    def __post_init__(self) -> None:
        per_mille(self.multiplier)


class Ladder(Table, frozen=True, kw_only=True):
    levels: list[Rung]

    def __post_init__(self) -> None:
        names = [r.name for r in self.levels]
        expected = ["Very easy", "Easy", "Normal", "Hard", "Very hard", "Impossible"]
        if names != expected:
            raise ValueError(f"the ladder must be {expected}, got {names}")


LADDER = load_checked("difficulty.yaml", Ladder)
#: multiplier of each level in thousandths, indexed by VERY_EASY..IMPOSSIBLE
MULTIPLIERS: tuple[int, ...] = tuple(per_mille(r.multiplier) for r in LADDER.levels)
LEVEL_NAMES: tuple[str, ...] = tuple(r.name for r in LADDER.levels)


def shifted(level: int, shift: int) -> int:
    """``level`` moved ``shift`` steps (positive = harder). Past Impossible is AUTO_FAIL,
    before Very easy AUTO_SUCCESS (chapter 5, "Damage and fatigue": "anything harder than
    Impossible is an automatic fail"; "Armour": the chameleon suit's automatic success)."""
    moved = level + shift
    if moved > IMPOSSIBLE:
        return AUTO_FAIL
    if moved < VERY_EASY:
        return AUTO_SUCCESS
    return moved


def round_ratio(num: int, den: int, rounding: Rounding) -> int:
    """``num / den`` rounded to the nearest whole number, .5 up or down (chapter 3: "Always
    round to the closest whole number ... Feel free to consistently round x.5")."""
    if rounding == "half-up":
        return (2 * num + den) // (2 * den)
    return (2 * num + den - 1) // (2 * den)


@lru_cache(maxsize=4096)
def modified_skill(
    skill: int,
    shifts: tuple[int, ...],
    stacking: Stacking,
    rounding: Rounding,
    penalty: int = 0,
    penalty_first: bool = False,
) -> int:
    """The number to roll under for ``skill`` with ladder ``shifts`` applied (Chapter 5,
    "Attacking and defending"; option ``stacking``).

    ``multiply``: each modifier multiplies by its level's multiplier (Hard twice = x0.6x0.6).
    ``ladder``: the shifts add up and the skill takes the multiplier of the level reached.
    Either way a net shift past Impossible fails automatically, before Very easy succeeds
    automatically. ``penalty`` (percentage points, e.g. a glitching suit's 15) comes off the
    skill before the multipliers (``penalty_first``, so an all-out attack's Easy applies "to
    the over-all modified result") or off the result after them; never below 0.
    """
    net = shifted(NORMAL, sum(shifts))
    if net in (AUTO_FAIL, AUTO_SUCCESS):
        return net
    if penalty_first:
        skill, penalty = max(0, skill - penalty), 0
    if stacking == "ladder" or not shifts:
        num, den = skill * MULTIPLIERS[net], 1000
    else:
        num, den = skill, 1
        for shift in shifts:
            num *= MULTIPLIERS[NORMAL + shift]
            den *= 1000
    return max(0, round_ratio(num, den, rounding) - penalty)


def chameleon_hiding(level: int) -> int:
    """The level of a hiding check in a powered chameleon suit: two levels easier (Chapter 5,
    "Powered armour": Impossible -> Hard, Normal -> Very easy, Easy and Very easy -> automatic
    success)."""
    return shifted(level, -2)
