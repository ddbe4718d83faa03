"""Opposed checks (chapter 9.2, 'Push Attack', 'Trip', 'Grapple').

Both sides roll; the higher total wins ("Whoever wins the check"); a tie goes to the defender
unless the ``opposed_ties`` option says otherwise. A Power or Finesse Check is d% + the
attribute (score or modifier, option ``attribute_check``) - the Check penalties; a Grapple
Check is "2d10 plus the combatant's combined base Attack Bonus (one-tenth of their Security
sub-discipline score), Power bonus, and Size Class".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fracas.rulesets.starflight.characters import attribute_modifier, base_attack_bonus
from fracas.rulesets.starflight.checks import roll_natural
from fracas.rulesets.starflight.combat_states import finesse_score
from fracas.rulesets.starflight.conditions import check_penalties
from fracas.rulesets.starflight.events import Opposed
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

Terms = list[tuple[str, int]]
PUSH_BONUS = 10
SIZE_STEP = 20
STABLE_BONUS = 20
STABLE_LEGS = 4


@dataclass(frozen=True, slots=True)
class Result:
    """An opposed roll: did the initiator win, and by how much (negative: lost by)."""

    won: bool
    margin: int


def penalties(fight: Fight, c: Fighter) -> Terms:
    """The Check penalties (Wounds, Shaken, Dazed, fatigue; inspiration as a bonus)."""
    return [(label, -amount) for label, amount in check_penalties(c, fight.round)]


def attribute_terms(fight: Fight, c: Fighter, attribute: str) -> Terms:
    """A Power or Finesse Check's modifier terms (no Finesse while grappling)."""
    score = finesse_score(fight, c) if attribute == "finesse" else c.attributes[attribute]
    value = score if fight.options.attribute_check == "score" else attribute_modifier(score)
    return [(attribute.capitalize(), value), *penalties(fight, c)]


def grapple_terms(fight: Fight, c: Fighter) -> Terms:
    """'2d10 plus ... base Attack Bonus ..., Power bonus, and Size Class', and the Check
    penalties (Wounds, Shaken, Dazed, fatigue) unless the option ``grapple_check_penalties``
    is off."""
    terms = [
        ("base AB", base_attack_bonus(c.skills["security"])),
        ("Power bonus", attribute_modifier(c.attributes["power"])),
        ("Size Class", c.size_class),
    ]
    return terms + (penalties(fight, c) if fight.options.grapple_check_penalties else [])


def is_stable(c: Fighter) -> bool:
    """'as stable or more stable than a quadruped (has at least four propulsive appendages or
    more), lying Prone'."""
    legs = sum(1 for p, k in c.part_kinds.items() if k == "propulsive" and p not in c.failed)
    return c.prone or legs >= STABLE_LEGS


def push_terms(pusher: Fighter, target: Fighter) -> tuple[Terms, Terms]:
    """'Push Attack' modifiers, also used by Trip and Trample: -20 against a larger target,
    +20 against a smaller one, +10 always for the pusher; +20 to a stable target."""
    mine: Terms = [("pushing", PUSH_BONUS)]
    if target.size_class > pusher.size_class:
        mine.append(("larger target", -SIZE_STEP))
    elif target.size_class < pusher.size_class:
        mine.append(("smaller target", SIZE_STEP))
    theirs: Terms = [("stable", STABLE_BONUS)] if is_stable(target) else []
    return mine, theirs


def opposed(
    ctx: StarflightContext,
    what: str,
    a: Fighter,
    a_terms: Terms,
    b: Fighter,
    b_terms: Terms,
    *,
    dice: str = "d%",
) -> Result:
    """Roll for both (``dice``: d% read 00-99, or '2d10' for Grapple checks) and record it."""
    fight = ctx.state
    rolls = []
    for who in (a, b):
        if dice == "d%":
            rolls.append(roll_natural(ctx, f"{who.name} {what} check"))
        else:
            rolls.append(ctx.roll(dice, f"{who.name} {what} check"))
    a_mod, b_mod = sum(n for _, n in a_terms), sum(n for _, n in b_terms)
    a_total, b_total = rolls[0] + a_mod, rolls[1] + b_mod
    tie_to_a = fight.options.opposed_ties == "initiator"
    won = a_total > b_total or (a_total == b_total and tie_to_a)
    ctx.emit(
        Opposed(
            what=what,
            a=a.id,
            b=b.id,
            a_natural=rolls[0],
            a_modifier=a_mod,
            a_total=a_total,
            b_natural=rolls[1],
            b_modifier=b_mod,
            b_total=b_total,
            winner=a.id if won else b.id,
            a_terms=tuple((label, n) for label, n in a_terms if n),
            b_terms=tuple((label, n) for label, n in b_terms if n),
        )
    )
    return Result(won, a_total - b_total)


def grapple_check(
    ctx: StarflightContext,
    a: Fighter,
    b: Fighter,
    extra: Sequence[tuple[str, int]] = (),
    b_extra: Sequence[tuple[str, int]] = (),
) -> Result:
    """An opposed Grapple check, ``a`` against ``b`` ('Grapple')."""
    return opposed(
        ctx,
        "Grapple",
        a,
        [*grapple_terms(ctx.state, a), *extra],
        b,
        [*grapple_terms(ctx.state, b), *b_extra],
        dice="2d10",
    )
