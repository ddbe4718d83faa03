"""Fatigue (Chapter 5, "Damage and fatigue", and its footnote on regeneration)."""

from __future__ import annotations

#: combat rounds in five minutes (a round is about 5 seconds)
FIVE_MINUTES_CR = 60


def combat_fatigue_due(round_number: int, mode: str) -> int:
    """Fatigue lost at the end of a round of combat: "For each three rounds of combat, deduct
    one fatigue point" (``per-3-rounds``: at the end of rounds 3, 6, 9...), or one every
    round (``per-round``, the worked example's 28 -> 23 over five rounds)."""
    if mode == "per-round":
        return 1
    return 1 if round_number % 3 == 0 else 0


def fatigue_shift(fatigue: int) -> int:
    """At 0 fatigue, fighting on is "two difficulty levels harder"."""
    return 2 if fatigue <= 0 else 0


def fatigue_after_rest(fatigue: int, maximum: int, rounds: int) -> int:
    """Fatigue after ``rounds`` CR of rest: one point every two CR; from 0, five minutes of
    complete rest first, after which fatigue is half the normal maximum (rounded up)."""
    if fatigue <= 0:
        if rounds < FIVE_MINUTES_CR:
            return 0
        fatigue, rounds = (maximum + 1) // 2, rounds - FIVE_MINUTES_CR
    return min(maximum, fatigue + rounds // 2)


def fatigue_after_easy_minutes(fatigue: int, maximum: int, minutes: int) -> int:
    """Out of combat: "For each minute of not working hard ... a character regains one
    fatigue" (from 0, the five minutes' rest comes first and ends at half the maximum)."""
    if fatigue <= 0:
        if minutes < 5:
            return 0
        fatigue, minutes = (maximum + 1) // 2, minutes - 5
    return min(maximum, fatigue + minutes)
