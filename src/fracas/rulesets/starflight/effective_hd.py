"""Effective HD: the number an attack roll must beat (chapter 9.2, 'Using Weapons').

"This begins by subtracting the appropriate Attack Bonus of the attacking combatant from
one-tenth of the target's Dodge skill score (rounded down) ... The difference is added to the
target combatant's HD (THD, if the weapon is making a touch attack, or FHD if the character is
surprised). The attacker's encumbrance total and any additional effects from any equipment
they're carrying are added to the HD as well, as well as any HD Range falloff penalties".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter

from fracas.rulesets.starflight.combat_states import charge_hd_penalty
from fracas.rulesets.starflight.conditions import prone_hd
from fracas.rulesets.starflight.range import (
    RANGED_INCREMENT_M,
    WITHDRAWAL_INCREMENTS,
    in_melee,
    range_falloff,
)
from fracas.rulesets.starflight.state import Fight, Fighter, WeaponState

IN_MELEE_HD_BONUS = 20


#: a term's amount (a zero amount is left out)
_amount = itemgetter(1)


@dataclass(slots=True)
class Terms:
    """A sum and the labelled terms that made it, for the account (effective HD, or what is
    added to an attack roll). Zero terms are left out."""

    total: int = 0
    parts: list[tuple[str, int]] = field(default_factory=list)

    def add(self, amount: int, label: str) -> None:
        """Add a term."""
        if amount:
            self.parts.append((label, amount))
            self.total += amount

    @classmethod
    def of(cls, terms: list[tuple[str, int]]) -> Terms:
        """The sum of the (label, amount) ``terms``, zero terms left out (as ``add`` each)."""
        parts = list(filter(_amount, terms))  # filter and sum in C: this runs on every attack
        return cls(sum(map(_amount, parts)), parts)

    @property
    def terms(self) -> list[str]:
        """The terms as text: ``["HD 61", "Dodge/10 - AB -1"]``."""
        return list(terms_text(tuple(self.parts)))


@lru_cache(maxsize=4096)
def terms_text(parts: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """``Terms.terms`` of these parts (the same few sums recur fight after fight: cached)."""
    return tuple(
        f"{label} {n}" if i == 0 else f"{label} {n:+d}" for i, (label, n) in enumerate(parts)
    )


EffectiveHd = Terms


def base_hd(fight: Fight, target: Fighter, *, touch: bool, snipe: bool = False) -> tuple[int, str]:
    """HD, THD for a touch attack, FHD when the target is surprised (surprise round), or
    sniped under option ``sniping_surprise: surprise`` ('Sniping attacks are considered
    surprise attacks').

    Chapter 9.2, 'Using Weapons'.
    """
    if touch:
        return target.thd, "THD"
    if fight.surprise_round and target.surprised:
        return target.fhd, "FHD"
    if snipe and fight.options.sniping_surprise == "surprise":
        return target.fhd, "FHD"
    return target.hd, "HD"


def dodge_term(dodge: int, attack_bonus: int, *, ignore_dodge: bool) -> int:
    """Target Dodge / 10 (rounded down) minus the attacker's Attack Bonus; Dodge counts 0 in
    the surprise round and when sniping."""
    return (0 if ignore_dodge else dodge // 10) - attack_bonus


def attack_bonus(c: Fighter, weapon: WeaponState | None) -> int:
    """Melee Attack Bonus for melee weapons and fists, Ranged Attack Bonus otherwise.

    Chapter 9.2, 'Using Weapons'.
    """
    return c.ab_melee if weapon is None or weapon.type == "melee" else c.ab_ranged


def is_ranged(weapon: WeaponState | None) -> bool:
    """Beam and projectile weapons make ranged attacks.

    Chapter 9.2, 'Using Weapons'.
    """
    return weapon is not None and weapon.type != "melee"


def target_in_melee(fight: Fight, attacker: Fighter, target: Fighter) -> bool:
    """'Firing at any combatant in melee gives a +20 HD bonus to those combatants': in melee
    with someone other than the shooter (or with the shooter too, by option)."""
    counts_shooter = fight.options.ranged_into_melee_counts_shooter
    return in_melee(fight, target, besides=None if counts_shooter else attacker)


def effective_hd(
    fight: Fight,
    attacker: Fighter,
    target: Fighter,
    weapon: WeaponState | None,
    metres: int,
    *,
    touch: bool = False,
    snipe: bool = False,
) -> EffectiveHd:
    """Chapter 9.2 'Using Weapons' (and 'Sniping', 'Prone', combatants in melee)."""
    base, label = base_hd(fight, target, touch=touch, snipe=snipe)
    ignore = fight.surprise_round or snipe
    ab = attack_bonus(attacker, weapon)
    if snipe and weapon is not None and weapon.type == "projectile":
        metres = WITHDRAWAL_INCREMENTS * RANGED_INCREMENT_M
    ranged = weapon is not None and weapon.type != "melee"
    terms = [
        (label, base),
        ("sniping doubles HD", base if snipe else 0),
        ("Dodge/10 - AB", dodge_term(target.skills["dodge"], ab, ignore_dodge=ignore)),
        ("encumbrance", attacker.encumbrance),
        ("equipment", attacker.equipment_hd),
        ("range falloff", range_falloff(fight, weapon, metres) if ranged else 0),
        ("prone", prone_hd(target, fight.options)),
        ("charging", -charge_hd_penalty(fight, target) if target.charged_round else 0),
        # 'Stunts give the character an HD bonus until their next turn'
        ("stunts", target.stunt_hd),
    ]
    if ranged and target_in_melee(fight, attacker, target):
        terms.append(("target in melee", IN_MELEE_HD_BONUS))
    if snipe and weapon is not None and weapon.scope:
        terms.append(("scope", -weapon.stats.scope_bonus))
    return EffectiveHd.of(terms)
