"""Disarm/Sunder (chapter 9.2, 'Disarm/Sunder').

"Disarming is a special full-round Attack action, and a further declaration of a specific piece
of equipment an opposing combatant is carrying (this can be a personal shield generator, or
even a weapon they are currently wielding). The opponent must be at least as close as five
melee combat range increments if the attempt is to be made with a ranged weapon, or one range
increment if the attempt will be made with a melee weapon (a combatant using sniper-style
weaponry, however, may make an attempt from any range). The attempt to disarm is made as a
normal attack action, with the affected body part automatically targeted in the event of a
hit. A character must make a roll with a total result of 25 points higher than the ordinary
required HD in order to disarm the opponent, or 35 points higher if the targeted object is a
multi-handed item. If the attack is successful, the opponent takes one-half the normal damage
from the attack. If this attempt is successfully made by an unarmed combatant at one melee
range increment, then they automatically pick up the item as a result of the attack. In all
other cases, the object falls to the ground at their opponent's feet (and deactivates, if
activated). If the final result of the attack is at least 50 points over the amount needed
for a normal attack, then the attack is so well-placed that the object itself is hit. The GM
makes a d% roll. If the result is less than the final result of the attack roll, the object in
question is destroyed. If the object in question is an explosive or a charged energy weapon,
it detonates, causing the half of the item's full damage, falling off ten points for each
range increment from the point of the blast. Otherwise, the item is merely rendered
inoperative until repaired. The opponent will drop the item whether or not the item is
destroyed or merely disabled."

A shield generator is worn on the body; a wielded weapon is in its motor appendage. A charged
energy weapon is a beam weapon with shots loaded; its blast is its Class damage (dice rolled).
"""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Disarm, register
from fracas.rulesets.starflight.attack import Hit, resolve_hit
from fracas.rulesets.starflight.blow import land_basic
from fracas.rulesets.starflight.charge import target_problem
from fracas.rulesets.starflight.checks import roll_natural
from fracas.rulesets.starflight.conditions import in_fight, is_dead
from fracas.rulesets.starflight.draw_sheathe import free_hands
from fracas.rulesets.starflight.events import (
    GearCheck,
    ItemDropped,
    ItemPickedUp,
    ItemWrecked,
    Maneuver,
    ShieldLost,
)
from fracas.rulesets.starflight.line_of_sight import line_of_sight
from fracas.rulesets.starflight.range import MELEE_INCREMENT_M, distance_m, hostiles, ready
from fracas.rulesets.starflight.special_attack import Roll, roll_attack
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext, WeaponState

DISARM_MARGIN = 25
MULTI_HANDED_MARGIN = 35
OBJECT_HIT_MARGIN = 50
RANGED_INCREMENTS = 5
BLAST_FALLOFF = 10


def body_part(c: Fighter) -> str:
    """The Body (Vital) area, where a shield generator is worn."""
    return next(p for p, k in c.part_kinds.items() if k == "body")


def disarm_problem(
    fight: Fight, c: Fighter, tid: str, item: int | None, weapon: int | None
) -> str | None:
    """Why ``c`` cannot try to disarm ``tid`` of ``item`` with ``weapon``, or None."""
    problem = target_problem(fight, c, tid)
    if problem is not None:
        return problem
    t = fight.fighter(tid)
    if item is None:
        if t.shield is None:
            return f"{t.name} carries no personal shield"
    elif not 0 <= item < len(t.weapons) or not t.weapons[item].drawn:
        return f"{t.name} wields no weapon number {item}"
    w = None
    if weapon is None:
        if any(x.drawn for x in c.weapons):
            return f"{c.name} wields a weapon: name it"
    else:
        if not 0 <= weapon < len(c.weapons) or not c.weapons[weapon].drawn:
            return f"{c.name} has no drawn weapon number {weapon}"
        w = c.weapons[weapon]
        if not ready(fight, w) or (w.stats.magazine and w.loaded < 1):
            return f"{c.name}'s {w.name} is not ready to fire"
    increments = distance_m(c, t) // MELEE_INCREMENT_M
    if w is not None and w.type != "melee":
        if not w.sniper and increments > RANGED_INCREMENTS:
            return f"{t.name} is beyond five melee increments: too far to disarm with a shot"
        if distance_m(c, t) > w.stats.range_m:
            return f"{t.name} is out of the {w.name}'s range"
    elif increments > 1:
        return f"{t.name} is beyond one melee increment: too far to disarm hand to hand"
    if not line_of_sight(fight, c, t).visible:
        return f"{c.name} has no line of sight to {t.name}"
    return None


def item_name(t: Fighter, item: int | None) -> str:
    """'the knife' / 'the personal shield'."""
    if item is None:
        return f"the {t.shield.name}" if t.shield is not None else "the shield"
    return f"the {t.weapons[item].name}"


def disarm_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Disarm each opponent of each wielded weapon and its shield, with each drawn weapon."""
    weapons: list[int | None] = [i for i, w in enumerate(c.weapons) if w.drawn] or [None]
    out = []
    for o in hostiles(fight, c):
        items: list[int | None] = [i for i, w in enumerate(o.weapons) if w.drawn]
        if o.shield is not None:
            items.append(None)
        for item in items:
            for w in weapons:
                if disarm_problem(fight, c, o.id, item, w) is None:
                    how = "" if w is None else f" with the {c.weapons[w].name}"
                    action = Disarm(actor=c.id, target=o.id, item=item, weapon=w)
                    out.append(
                        Choice(f"disarm {o.name} of {item_name(o, item)}{how}", action, "attack")
                    )
    return out


def detonate(ctx: StarflightContext, t: Fighter, w: WeaponState) -> None:
    """Half the item's full damage, ten less per range increment from the blast."""
    fight = ctx.state
    full = w.stats.damage + (ctx.roll(w.stats.dice, f"{w.name} blast") if w.stats.dice else 0)
    for o in fight.fighters():
        if is_dead(o) or o.swallowed_by is not None:
            continue
        amount = full // 2 - BLAST_FALLOFF * (distance_m(t, o) // fight.increment_m)
        if amount > 0:
            land_basic(ctx, o, amount, w.damage_type, "blast", kind=w.type)


def wreck(ctx: StarflightContext, t: Fighter, item: int | None, roll: Roll) -> bool:
    """'the object itself is hit': a GM's d% under the attack's total destroys it; a d% at or
    over it leaves it whole (falling as any disarmed item) or, option
    ``object_hit_survives: disabled``, "merely rendered inoperative until repaired"."""
    gm = roll_natural(ctx, f"GM d% against {item_name(t, item)}")
    disabled = gm >= roll.total
    if disabled and ctx.options.object_hit_survives == "dropped":
        return False
    if disabled:
        text = f"{item_name(t, item)} is hit but not destroyed: inoperative until repaired"
        ctx.emit(GearCheck(target=t.id, text=text))
    if item is None:
        ctx.emit(ShieldLost(who=t.id, wrecked=True))
        return True
    w = t.weapons[item]
    charged = not disabled and w.type == "beam" and w.stats.magazine > 0 and w.loaded > 0
    ctx.emit(ItemWrecked(who=t.id, weapon=item, detonated=charged))
    if charged:
        detonate(ctx, t, w)
    return True


def take_or_drop(
    ctx: StarflightContext, c: Fighter, t: Fighter, item: int | None, bare: bool
) -> None:
    """An unarmed disarmer at one increment takes the item; otherwise it falls."""
    if item is None:
        ctx.emit(ShieldLost(who=t.id, wrecked=False))
        return
    w = t.weapons[item]
    hands = free_hands(c)
    close = distance_m(c, t) < 2 * MELEE_INCREMENT_M
    ctx.emit(ItemDropped(who=t.id, weapon=item, x=t.x, y=t.y, reason=f"disarmed by {c.name}"))
    if bare and close and len(hands) >= w.appendages:
        ctx.emit(ItemPickedUp(who=c.id, owner=t.id, weapon=item, hand=hands[0]))


@register(Disarm, "full", choices=disarm_choices)
def resolve_disarm(ctx: StarflightContext, c: Fighter, action: Disarm) -> None:
    """The attack; half damage to the part holding the item; +25 (+35) disarms; +50 hits the
    item itself."""
    fight = ctx.state
    problem = disarm_problem(fight, c, action.target, action.item, action.weapon)
    if problem is not None:
        raise IllegalAction(problem)
    t = fight.fighter(action.target)
    text = f"tries to disarm {t.name} of {item_name(t, action.item)}"
    ctx.emit(Maneuver(who=c.id, kind="disarm", target=t.id, text=text))
    roll = roll_attack(ctx, c, t, action.weapon, label=f"disarm: {item_name(t, action.item)}")
    if roll is None or not roll.hit:
        return
    multi = action.item is not None and t.weapons[action.item].appendages > 1
    needed = MULTI_HANDED_MARGIN if multi else DISARM_MARGIN
    # "25 points higher than the ordinary required HD", "at least 50 points over the amount
    # needed": both over the least total that hits, HD + 1 (as 'Using Weapons' counts a
    # burst's shots: "successful with a result of 76, the second shot succeeds at 81")
    over = roll.degree - 1
    disarmed = over >= needed
    part = body_part(t) if action.item is None else (t.weapons[action.item].hand or body_part(t))
    if disarmed or fight.options.disarm_half_damage_on == "hit":
        w = None if action.weapon is None else c.weapons[action.weapon]
        through = line_of_sight(fight, c, t).through
        resolve_hit(ctx, c, t, Hit(w, roll.critical, roll.degree, halved=True, part=part), through)
    if not disarmed:
        if not in_fight(t, fight.options):
            return
        ctx.emit(
            GearCheck(
                target=t.id, text=f"keeps hold ({roll.degree} over; {needed + 1} needed to disarm)"
            )
        )
        return
    if over >= OBJECT_HIT_MARGIN and wreck(ctx, t, action.item, roll):
        return
    take_or_drop(ctx, c, t, action.item, action.weapon is None)
