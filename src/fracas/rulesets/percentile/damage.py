"""Damage to combatants and losing weapons (Chapter 5, table 5.1 and "Armour")."""

from __future__ import annotations

from fracas.engine import Note
from fracas.rulesets.percentile.armour import absorbs
from fracas.rulesets.percentile.events import Damaged, WeaponDrawn, WeaponDropped
from fracas.rulesets.percentile.options import PercentileOptions
from fracas.rulesets.percentile.state import READY, Arm, Fighter, PercentileContext


def damage_rolled(
    ctx: PercentileContext, arm: Arm, kind: str, full_damage: str, purpose: str
) -> int:
    """Damage before armour (Chapter 5, table 5.1; option ``full_damage``): normal damage is the
    weapon's roll; full damage is its maximum (``full_damage: maximum``) or twice a roll
    (``double``)."""
    if kind == "normal":
        return ctx.roll(arm.damage, purpose)
    if full_damage == "maximum":
        return arm.damage_max
    return 2 * ctx.roll(arm.damage, purpose)


def absorbed(target: Fighter, arm_klass: str, kind: str, rolled: int) -> int:
    """ABS taken off (Chapter 5, "Armour": "Each armour absorbs a number of points of
    damage"): none for "no armour" and for an impact vest against non-projectiles;
    never more than the damage ("Normal damage = rolled - ABS", never below 0)."""
    if kind == "full-no-armour" or not absorbs(target.p.projectile_only, arm_klass):
        return 0
    return min(rolled, target.armour_abs)


def deal(
    ctx: PercentileContext,
    target: Fighter,
    arm: Arm,
    kind: str,
    source: str,
    purpose: str,
    opts: PercentileOptions,
) -> None:
    """``target`` takes ``kind`` damage (normal, full, full-no-armour) from ``arm`` (Chapter 5,
    table 5.1 and "Damage and fatigue": "Damage from weapons are taken from hp")."""
    rolled = damage_rolled(ctx, arm, kind, opts.full_damage, purpose)
    taken = absorbed(target, arm.klass, kind, rolled)
    amount = rolled - taken
    ctx.emit(
        Damaged(
            who=target.id,
            source=source,
            kind=kind,
            rolled=rolled,
            absorbed=taken,
            amount=amount,
            hp_after=target.hp - amount,
        )
    )


def draw_next(ctx: PercentileContext, c: Fighter) -> None:
    """After losing the wielded weapon for good (a reading: docs, "A broken, exploded or lost
    weapon"), take the next ready one carried (if any; body parts are not drawn: fighting
    unarmed is the tactics' choice, option ``no_weapon_left``)."""
    arms = c.p.arms
    nxt = next(
        (i for i, cond in enumerate(c.condition) if cond == READY and not arms[i].natural), -1
    )
    ctx.emit(WeaponDrawn(who=c.id, index=nxt))


def drop_weapon(
    ctx: PercentileContext, c: Fighter, distance: int | None, reason: str, opts: PercentileOptions
) -> None:
    """The wielded weapon leaves the hand (table 5.1 "disarmed", table 5.2 26-40; option
    ``dropped_weapon``): on the ground to be recovered with a round's action
    (``dropped_weapon: recover``) or gone for the fight (``lost``)."""
    if not c.arm_ready:
        return
    arm = c.p.arms[c.wielded]
    if arm.builtin:
        ctx.emit(Note(text=f"{c.name}'s {arm.name} is built into the suit: it stays put"))
        return
    if arm.natural:
        ctx.emit(Note(text=f"{c.name} fights with {arm.name.lower()}: nothing to drop"))
        return
    lost = opts.dropped_weapon == "lost"
    ctx.emit(
        WeaponDropped(who=c.id, weapon=arm.name, distance_m=distance, lost=lost, reason=reason)
    )
    if lost:
        draw_next(ctx, c)
