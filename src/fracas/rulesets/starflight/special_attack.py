"""The one attack roll of a special attack (chapter 9.2, 'Charge', 'Trip', 'Grapple',
'Full Attack', 'Disarm/Sunder', 'Attack Item'): "The attempt ... is made as a normal attack
action", so the roll is the Attack Action Rules' own (effective HD, Attack Bonus, the same
penalties), here made once with one weapon (or fists) and reported, so the action can decide
what a hit does. A grab or a trip is a touch attack against THD."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fracas.rulesets.starflight.attack import UNARMED, Use, roll_modifier, usable
from fracas.rulesets.starflight.checks import CRITICAL_SUCCESS, critical_of, roll_natural, succeeds
from fracas.rulesets.starflight.effective_hd import effective_hd
from fracas.rulesets.starflight.events import AttackRolled, Fired
from fracas.rulesets.starflight.line_of_sight import line_of_sight
from fracas.rulesets.starflight.range import distance_m
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


@dataclass(frozen=True, slots=True)
class Roll:
    """A special attack's roll: natural d%, total, effective HD, hit, critical hit."""

    natural: int
    total: int
    hd: int
    hit: bool
    critical: bool

    @property
    def degree(self) -> int:
        """How far the total beat (or missed) the effective HD."""
        return self.total - self.hd


def maneuver_weapon(fight: Fight, c: Fighter) -> int | None:
    """The weapon a trip or a grab is rolled with ("makes a melee attack", "a melee combat
    attack at Range Zero"): none, an unarmed Brawling roll (option ``maneuver_attack_with:
    unarmed``), or the first drawn melee weapon when it holds one (``weapon``)."""
    if fight.options.maneuver_attack_with == "unarmed":
        return None
    for n, w in enumerate(c.weapons):
        if w.drawn and w.type == "melee" and not w.wrecked:
            return n
    return None


def roll_attack(
    ctx: StarflightContext,
    c: Fighter,
    target: Fighter,
    weapon: int | None,
    *,
    label: str | None = None,
    touch: bool = False,
    bonus: Sequence[tuple[str, int]] = (),
    opportunity: bool = False,
    within: bool = False,
) -> Roll | None:
    """One attack roll by ``c`` at ``target`` with ``weapon`` (None = fists); None when the
    motor appendage it needs fails its Stamina check ('Lethal Damage and Wounds').
    ``within``: from inside the target (Swallow Whole): no range, no line of sight."""
    fight = ctx.state
    if not usable(ctx, c, [Use(weapon, 1)]):
        return None
    w = None if weapon is None else c.weapons[weapon]
    penalty = 0 if within else line_of_sight(fight, c, target).penalty
    metres = 0 if within else distance_m(c, target)
    hd = effective_hd(fight, c, target, w, metres, touch=touch or bool(w and w.touch))
    mod = roll_modifier(fight, c, target, w, 0, penalty)
    for what, amount in bonus:
        mod.add(amount, what)
    natural = roll_natural(ctx, f"{c.name} {label or 'attack'} on {target.name}")
    crit = critical_of(natural, fight.options)
    total = natural + mod.total
    hit = succeeds(natural, total, hd.total, fight.options)
    name = UNARMED if w is None else f"Class {w.cls} {w.name}"
    ctx.emit(
        AttackRolled(
            attacker=c.id,
            target=target.id,
            weapon=f"{name} ({label})" if label else name,
            natural=natural,
            modifier=mod.total,
            total=total,
            effective_hd=hd.total,
            hits=1 if hit else 0,
            shots=1,
            critical=crit,
            notes=tuple(hd.terms),
            roll_terms=tuple(mod.parts),
            opportunity=opportunity,
        )
    )
    if w is not None and w.stats.magazine and weapon is not None:
        ctx.emit(Fired(who=c.id, weapon=weapon, shots=1, loaded_after=w.loaded - 1))
    return Roll(natural, total, hd.total, hit, hit and crit == CRITICAL_SUCCESS)
