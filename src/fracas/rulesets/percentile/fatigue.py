"""Fatigue (Chapter 5, "Damage and fatigue", and its footnote on regeneration)."""

from __future__ import annotations

from fracas.rulesets.percentile.difficulty import Rounding, round_ratio

#: combat rounds in a minute (Chapter 5, "The round": a round is "approximately 5 seconds")
ROUNDS_PER_MINUTE = 12
#: combat rounds in the five minutes of complete rest that fatigue 0 needs
FIVE_MINUTES_CR = 5 * ROUNDS_PER_MINUTE


def combat_fatigue_due(round_number: int, mode: str) -> int:
    """Fatigue lost at the end of a round of combat (Chapter 5, "Damage and fatigue"): "For
    each three rounds of combat, deduct one fatigue point" (``per-3-rounds``: at the end of
    rounds 3, 6, 9...), or one every round (``per-round``, the worked example's 28 -> 23 over
    five rounds; option ``fatigue_loss``)."""
    if mode == "per-round":
        return 1
    return 1 if round_number % 3 == 0 else 0


def fatigue_shift(fatigue: int) -> int:
    """Ladder steps at 0 fatigue (Chapter 5, "Damage and fatigue"): "Continuing fighting is
    done at two difficulty levels harder than it should've been"."""
    return 2 if fatigue <= 0 else 0


def fatigue_after_rest(
    fatigue: int,
    maximum: int,
    rounds: int,
    recovery: str = "per-2-rounds",
    rounding: Rounding = "half-up",
) -> int:
    """Fatigue after ``rounds`` CR of rest (Chapter 5, "Damage and fatigue" and its footnote
    on regeneration; option ``fatigue_recovery``): one point every two CR ("Fatigue points are
    recovered at the rate of one every two CR"), or one per minute "of not working hard" (the
    footnote). From 0, "five minutes of complete rest is needed before any recovery", at the
    end of which "fatigue is at half of normal max" (rounded like any modifier)."""
    if fatigue <= 0:
        if rounds < FIVE_MINUTES_CR:
            return 0
        fatigue, rounds = round_ratio(maximum, 2, rounding), rounds - FIVE_MINUTES_CR
    per_point = 2 if recovery == "per-2-rounds" else ROUNDS_PER_MINUTE
    return min(maximum, fatigue + rounds // per_point)
