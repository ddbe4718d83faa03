"""Hit points (Chapter 5, "Damage and fatigue", and its footnote on regeneration)."""

from __future__ import annotations

#: the skill that stops the bleeding below 0 hp (its key in a scenario's ``skills``)
FIRST_AID = "first aid"


def derived_hp(strength: int, con: int) -> int:
    """hp (and fatigue) when a scenario omits them: STR + CON, which fits both characters of
    the worked example (option ``derive_hp_fatigue``; chapter 2 was not found)."""
    return strength + con


def unconscious(hp: int) -> bool:
    """Chapter 5, "Damage and fatigue": "when hp reaches 0, the character falls unconscious"."""
    return hp <= 0


def dead(hp: int, con: int) -> bool:
    """Chapter 5, "Damage and fatigue": "When hp reaches -CON, the character dies"."""
    return hp <= -con


def bleeding_due(round_number: int, below_zero_round: int) -> int:
    """hp lost at the end of ``round_number`` by someone below 0 since ``below_zero_round``
    (Chapter 5, "Damage and fatigue"): "losing hp at a rate of 1 hp every 4 rounds until a
    successful First aid has been done" (rounds r+4, r+8, ...)."""
    if below_zero_round <= 0:
        return 0
    elapsed = round_number - below_zero_round
    return 1 if elapsed > 0 and elapsed % 4 == 0 else 0


def regenerated_hp(hp: int, maximum: int, con: int, days: int, complete_rest: bool) -> int:
    """hp after ``days`` of taking it easy (Chapter 5, "Damage and fatigue", footnote 5.2):
    "1 hp per day of taking it easy (if completely at rest, the character regenerates 2 hp
    per day)"; never above the maximum, and the dead do not heal."""
    if dead(hp, con):
        return hp
    return min(maximum, hp + days * (2 if complete_rest else 1))
