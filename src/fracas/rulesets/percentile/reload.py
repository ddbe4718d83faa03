"""Reloading (Chapter 5, "Reloading")."""

from __future__ import annotations

from fracas.rulesets.percentile.difficulty import Rounding, round_ratio


def speed_reload_skill(group: int, specific: int, rounding: Rounding) -> int:
    """The speed-reload check (Chapter 5, "Reloading"): "the specific weapon skill plus half the
    group skill" (half rounded to nearest like any modifier)."""
    return specific + round_ratio(group, 2, rounding)


def rounds_after_shot(left: int, shots: int) -> int:
    """Rounds (or charges) left after an attack spends ``shots`` (Chapter 5, "Reloading": "The
    number of available uses (charges or projectiles) ... is noted in the weapons table")."""
    return max(0, left - shots)
