"""The choices a combatant makes each round (Chapter 5, "Attacking and defending").

"With close-combat weapons ... one has effectively three choices: all-out attack, attack and
all-out defence." A round can also go to recovering a dropped weapon or to reloading
(Chapter 5, "Reloading": "Reloading takes one round").
"""

from __future__ import annotations

from typing import Literal

from fracas.rulesets.percentile.difficulty import EASY, HARD, NORMAL

Stance = Literal["all-out-attack", "normal-attack", "all-out-defence", "recover-weapon", "reload"]
STANCE_NAMES: tuple[str, ...] = (
    "all-out-attack",
    "normal-attack",
    "all-out-defence",
    "recover-weapon",
    "reload",
)

#: stances that make an attack this round
ATTACKING = frozenset({"all-out-attack", "normal-attack"})


def free_defences(stance: str) -> int:
    """Parries (or dodges) without penalty this round: none for an all-out attack, one for a
    normal attack, three for all-out defence (Chapter 5, "Attacking and defending"). A round
    spent recovering a weapon or reloading is read as a normal attack's one."""
    if stance == "all-out-attack":
        return 0
    if stance == "all-out-defence":
        return 3
    return 1


def attack_shift(stance: str) -> int:
    """Ladder shift of the attack itself: an all-out attack is Easy."""
    return EASY - NORMAL if stance == "all-out-attack" else 0


def defence_shifts(used: int, free: int) -> int:
    """Hard modifiers on the next parry or dodge: one per attempt beyond the free ones,
    counting this one ("an extra Hard modifier for each extra parry attempt", earlier ones
    unaffected)."""
    return max(0, used + 1 - free) * (HARD - NORMAL)
