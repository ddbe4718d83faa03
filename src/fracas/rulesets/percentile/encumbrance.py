"""Encumbrance (Chapter 5, "Weapon skills": "anything up to STR x 2 is fine, anything above
that gets an extra Hard modifier per started multiple of STR and an extra Fatigue loss per
combat round")."""

from __future__ import annotations

#: steps that put any check past Impossible (an automatic failure)
BEYOND_LADDER = 6


def encumbrance_steps(load_g: int, carrying_str: int) -> int:
    """Hard modifiers for carrying ``load_g`` grams (Chapter 5, "Weapon skills"): 0 up to 2 x
    STR kg, then one per started multiple of STR above that (n = ceil((load - 2 STR) / STR))."""
    limit = 2 * carrying_str * 1000
    if load_g <= limit:
        return 0
    if carrying_str == 0:
        return BEYOND_LADDER
    return -(-(load_g - limit) // (carrying_str * 1000))


def check_encumbrance(steps: int, weapon_skill: bool, applies: str) -> int:
    """The encumbrance steps a check carries (Chapter 5, "Weapon skills": "Weapon skills are
    affected by encumbrance"; option ``encumbrance_applies``): all of them on every check
    (``every-check``), or on a weapon-skill check only (``weapon-skills``: an attack, a
    parry, a speed-reload; not a dodge or first aid)."""
    return steps if weapon_skill or applies == "every-check" else 0


def encumbrance_fatigue(steps: int, mode: str) -> int:
    """Extra fatigue lost each round (Chapter 5, "Weapon skills"; option
    ``encumbrance_fatigue``): 1 when encumbered (``one-per-round``) or one per step
    (``per-multiple``)."""
    if steps == 0:
        return 0
    return 1 if mode == "one-per-round" else steps
