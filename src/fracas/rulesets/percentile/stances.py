"""The choices a combatant makes each round (Chapter 5, "Attacking and defending").

"With close-combat weapons ... one has effectively three choices: all-out attack, attack and
all-out defence." A round can also go to recovering a dropped weapon, to reloading
(Chapter 5, "Reloading": "Reloading takes one round") or to giving first aid to a bleeding
friend (Chapter 5, "Damage and fatigue": "until a successful First aid has been done"), or
to leaving the fight: surrendering or fleeing (the chapter's advice, "one should (if at all
possible) avoid ending up in a combat situation"; no rule of its own).
"""

from __future__ import annotations

from typing import Literal

from fracas.rulesets.percentile.difficulty import EASY, HARD, NORMAL

#: a modifier is (ladder shift, why): (-1, "all-out attack") is Easy
Mod = tuple[int, str]
Mods = tuple[Mod, ...]

Stance = Literal[
    "all-out-attack",
    "normal-attack",
    "all-out-defence",
    "recover-weapon",
    "reload",
    "first-aid",
    "surrender",
    "flee",
]
STANCE_NAMES: tuple[str, ...] = (
    "all-out-attack",
    "normal-attack",
    "all-out-defence",
    "recover-weapon",
    "reload",
    "first-aid",
    "surrender",
    "flee",
)

#: a scripted (or advised) stance may end in this to dodge instead of parrying that round
#: (Chapter 5, "Attacking and defending": "The character also has the option to dodge"),
#: e.g. ``all-out-attack+dodge``: the declaration's ``dodge``
DODGING = "+dodge"
#: the stances one may dodge in (the three close-combat choices)
DODGEABLE: tuple[str, ...] = ("all-out-attack", "normal-attack", "all-out-defence")
DodgingStance = Literal["all-out-attack+dodge", "normal-attack+dodge", "all-out-defence+dodge"]
DODGING_STANCES: tuple[str, ...] = tuple(s + DODGING for s in DODGEABLE)
#: one round of a script: a stance, or a close-combat one dodging (one Literal, so a wrong
#: name gets one message listing every allowed name, not one per half of a union)
ScriptStance = Literal[Stance, DodgingStance]


def split_dodging(name: str) -> tuple[str, bool]:
    """A scripted or advised stance name as (stance, dodging): ``normal-attack+dodge`` is a
    normal attack, dodging instead of parrying."""
    if name.endswith(DODGING):
        return name[: -len(DODGING)], True
    return name, False


#: stances that take the combatant out of the fight when the turn comes
YIELDING = frozenset({"surrender", "flee"})
#: how the account and the end of a fight name those who left it
YIELDED = {"surrenders": "surrendered", "flees": "fled"}

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


def is_extra_defence(used: int, free: int) -> bool:
    """Whether the next parry or dodge is beyond the stance's free ones, so its defender
    decides when the attack comes whether to try it at one more Hard (Chapter 5, "Attacking
    and defending": "Attempting to parry more than the 'penalty-free' amount (none, one or
    three parried attacks) gives an extra Hard modifier for each extra parry attempt"; a
    dodge in an all-out attack is such a defence under ``all_out_dodge: hard-dodge``)."""
    return used >= free


def attack_shifts(stance: str, dodging: bool = False, all_out_dodge: str = "hard-dodge") -> Mods:
    """Modifiers of the attack itself (Chapter 5, "Attacking and defending"): an all-out
    attack is Easy; under ``all_out_dodge: hard-attack``, dodging in it adds a Hard."""
    if stance != "all-out-attack":
        return ()
    if dodging and all_out_dodge == "hard-attack":
        return ALL_OUT_DODGING
    return ALL_OUT


def defence_shifts(used: int, free: int, kind: str = "parry") -> Mods:
    """Modifiers of the next parry or dodge (``kind``) (Chapter 5, "Attacking and
    defending"): one Hard per attempt beyond the free ones, counting this one ("an extra Hard
    modifier for each extra parry attempt, this doesn't affect parry attempts that have
    already been resolved")."""
    extra = used + 1 - free
    if extra <= 0:  # within the free defences (the usual case)
        return ()
    cached = EXTRA_DEFENCES.get(kind)
    if cached is not None and 0 < extra < len(cached):
        return cached[extra]
    return _extra_defences(extra, kind)


def _extra_defences(extra: int, kind: str) -> Mods:
    return ((HARD - NORMAL, f"extra {kind}"),) * max(0, extra)


ALL_OUT: Mods = ((EASY - NORMAL, "all-out attack"),)
ALL_OUT_DODGING: Mods = (*ALL_OUT, (HARD - NORMAL, "dodging in an all-out attack"))
EXTRA_DEFENCES: dict[str, tuple[Mods, ...]] = {
    kind: tuple(_extra_defences(n, kind) for n in range(8)) for kind in ("parry", "dodge")
}
