"""Checks and saves: d%, degree of success, critical potential (chapter 1.1 'Core Mechanic',
as used throughout chapter 9.2).

"If the final result is higher than the DC, the action succeeds. If not, it fails." The d% is
read 00-99 (a d100 roll of 100 is the 00 the example calls 'a critical failure'); criticals
are decided on the natural roll against the thresholds in the options.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.rulesets.starflight.characters import attribute_modifier
from fracas.rulesets.starflight.conditions import check_penalty, inspired_save_bonus, save_penalty
from fracas.rulesets.starflight.events import Checked
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

CRITICAL_SUCCESS = "success"
CRITICAL_FAILURE = "failure"


@dataclass(frozen=True, slots=True)
class Outcome:
    """A resolved check: natural d%, total, DC, success and critical ('success'/'failure')."""

    natural: int
    total: int
    dc: int
    success: bool
    critical: str | None

    @property
    def degree(self) -> int:
        """Degree of success (positive) or failure (negative): total minus DC."""
        return self.total - self.dc


def roll_natural(ctx: StarflightContext, purpose: str) -> int:
    """Chapter 1.1: d% on two ten-sided dice, read 00-99 (a d100 of 100 reads 00)."""
    return ctx.roll("d100", purpose) % 100


def critical_of(natural: int, options: StarflightOptions) -> str | None:
    """Critical potential: at or below the failure threshold, at or above the success one.

    Chapter 1.1 'Core Mechanic'.
    """
    if natural <= options.critical_failure_max:
        return CRITICAL_FAILURE
    if natural >= options.critical_success_min:
        return CRITICAL_SUCCESS
    return None


def succeeds(natural: int, total: int, dc: int, options: StarflightOptions) -> bool:
    """'If the final result is higher than the DC, the action succeeds'; natural extremes
    decide on their own when the option says so."""
    if options.natural_extremes_decide:
        crit = critical_of(natural, options)
        if crit == CRITICAL_FAILURE:
            return False
        if crit == CRITICAL_SUCCESS:
            return True
    return total > dc


def naturals_that_succeed(modifier: int, dc: int, options: StarflightOptions) -> int:
    """How many of the 100 naturals (00-99) ``succeeds`` with ``modifier`` against ``dc``,
    counted without a loop: those above ``dc - modifier`` (less the critical failures, and
    plus the critical successes, when ``natural_extremes_decide``)."""
    lowest = max(0, dc - modifier + 1)  # 'higher than the DC'
    if options.natural_extremes_decide:
        lowest = min(max(lowest, options.critical_failure_max + 1), options.critical_success_min)
    return max(0, 100 - lowest)


def check(
    ctx: StarflightContext,
    who: Fighter,
    what: str,
    modifier: int,
    dc: int,
    *,
    potential: bool = True,
) -> Outcome:
    """Roll d% + ``modifier`` against ``dc``, record a ``Checked`` event, return the outcome.

    Chapter 1.1 'Core Mechanic'.
    """
    options: StarflightOptions = ctx.options
    natural = roll_natural(ctx, f"{who.name} {what}")
    total = natural + modifier
    success = succeeds(natural, total, dc, options)
    crit = critical_of(natural, options) if potential else None
    ctx.emit(
        Checked(
            who=who.id,
            what=what,
            natural=natural,
            modifier=modifier,
            total=total,
            dc=dc,
            success=success,
            critical=crit,
        )
    )
    return Outcome(natural, total, dc, success, crit)


def skill_modifier(fight: Fight, c: Fighter, skill: str, attribute: str) -> int:
    """Chapter 3 'Skills': skill score + attribute modifier (option) - check penalties."""
    bonus = attribute_modifier(c.attributes[attribute])
    bonus = bonus if fight.options.check_attribute_modifier else 0
    return c.skills[skill] + bonus - check_penalty(c, fight.clock())


def skill_check(
    ctx: StarflightContext, c: Fighter, skill: str, attribute: str, dc: int, what: str
) -> Outcome:
    """A skill Check (with critical potential) against ``dc``.

    Chapter 1.1 'Core Mechanic'.
    """
    fight = ctx.state
    return check(ctx, c, what, skill_modifier(fight, c, skill, attribute), dc)


def save(
    ctx: StarflightContext, c: Fighter, kind: str, dc: int, what: str, *, potential: bool = True
) -> Outcome:
    """A Fortitude/Reflex/Willpower save: d% + save modifier - save penalties against ``dc``;
    ``potential``: whether the save has critical potential (chapter 9.2 names the ones that
    do: the Reflex save on being hit and the Fortitude save in a coma among them; the
    Fortitude save against a wound's pain is not one).

    Chapter 1.1 'Core Mechanic'.
    """
    modifier = c.saves[kind] - save_penalty(c, ctx.options)
    modifier += inspired_save_bonus(c, ctx.state.round)
    return check(ctx, c, what, modifier, dc, potential=potential)
