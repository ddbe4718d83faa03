"""Break value (Chapter 5, "Break value")."""

from __future__ import annotations


def break_value_after(bv: int, damage: int) -> tuple[int, bool]:
    """Chapter 5, "Break value": (new BV, broken) after a weapon takes ``damage`` in one attack:
    more than its BV costs 1 BV; "more than 6 damage than its BV" breaks it."""
    if damage > bv + 6:
        return bv, True
    if damage > bv:
        return bv - 1, False
    return bv, False
