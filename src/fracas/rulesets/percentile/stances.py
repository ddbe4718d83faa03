"""The choices a combatant makes each round (Chapter 5, "Attacking and defending").

"With close-combat weapons ... one has effectively three choices: all-out attack, attack and
all-out defence." A round can also go to recovering a dropped weapon, to reloading
(Chapter 5, "Reloading": "Reloading takes one round") or to giving first aid to a bleeding
friend (Chapter 5, "Damage and fatigue": "until a successful First aid has been done").
"""

from __future__ import annotations

from typing import Literal

from fracas.rulesets.percentile.difficulty import EASY, HARD, NORMAL

#: a modifier is (ladder shift, why): (-1, "all-out attack") is Easy
Mod = tuple[int, str]
Mods = tuple[Mod, ...]

Stance = Literal[
    "all-out-attack", "normal-attack", "all-out-defence", "recover-weapon", "reload", "first-aid"
]
STANCE_NAMES: tuple[str, ...] = (
    "all-out-attack",
    "normal-attack",
    "all-out-defence",
    "recover-weapon",
    "reload",
    "first-aid",
)

#: stances that make an attack this round
ATTACKING = frozenset({"all-out-attack", "normal-attack"})


def free_defences(stance: str, dodging: bool = False, all_out_dodge: str = "hard-dodge") -> int:
    """Parries (or dodges) without penalty this round: none for an all-out attack, one for a
    normal attack, three for all-out defence (Chapter 5, "Attacking and defending"). A round
    spent recovering a weapon, reloading or giving first aid is read as a normal attack's
    one. Under ``all_out_dodge: hard-attack`` a dodging all-out attacker has bought one."""
    if stance == "all-out-attack":
        return 1 if dodging and all_out_dodge == "hard-attack" else 0
    if stance == "all-out-defence":
        return 3
    return 1


def defences_allowed(free: int, extra: int, dodging: bool) -> int:
    """How many parries or dodges ``d`` may attempt this round: the free ones plus the extra
    ones declared (each one more Hard). Declaring a dodge in an all-out attack is at least one
    attempt (Chapter 5, "Attacking and defending": "Dodging means applying a Hard modifier
    when doing an all-out attack")."""
    allowed = free + extra
    return 1 if allowed == 0 and dodging else allowed


def attack_shifts(stance: str, dodging: bool = False, all_out_dodge: str = "hard-dodge") -> Mods:
    """Modifiers of the attack itself (Chapter 5, "Attacking and defending"): an all-out
    attack is Easy; under ``all_out_dodge: hard-attack``, dodging in it adds a Hard."""
    if stance != "all-out-attack":
        return ()
    if dodging and all_out_dodge == "hard-attack":
        return ALL_OUT_DODGING
    return ALL_OUT


def defence_shifts(used: int, free: int) -> Mods:
    """Modifiers of the next parry or dodge (Chapter 5, "Attacking and defending"): one Hard
    per attempt beyond the free ones, counting this one ("an extra Hard modifier for each
    extra parry attempt, this doesn't affect parry attempts that have already been
    resolved")."""
    extra = used + 1 - free
    return EXTRA_PARRIES[extra] if 0 < extra < len(EXTRA_PARRIES) else _extra_parries(extra)


def _extra_parries(extra: int) -> Mods:
    return ((HARD - NORMAL, "extra parry"),) * max(0, extra)


ALL_OUT: Mods = ((EASY - NORMAL, "all-out attack"),)
ALL_OUT_DODGING: Mods = (*ALL_OUT, (HARD - NORMAL, "dodging in an all-out attack"))
EXTRA_PARRIES: tuple[Mods, ...] = tuple(_extra_parries(n) for n in range(8))
