"""Attack Item (chapter 9.2, 'Attack Item' and its table 'Damage Reduction and Hit Points of
Common Materials').

"To break an object, the character makes an attack roll just like a regular attack action.
... If the attack is successful, damage will be done to the offending object. ... If enough
damage is done, the character will destroy the object. Objects have hit points ... most have
some damage reduction". The objects are the scenario's obstacles (their hit points and damage
reduction given, or from the materials table and thickness). An object has no Dodge and no HD
of its own: the roll is against the ``object_hd`` option, with the attacker's encumbrance,
equipment and range falloff. Damage reduction comes off each blow, the rest off the hit
points; at 0 the obstacle is destroyed and no longer stands in the way. "Breaking an object
creates noise": the account says so.
"""

from __future__ import annotations

from math import hypot

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import AttackItem, register
from fracas.rulesets.starflight.attack import UNARMED, Hit, off_hand_penalty, raw_damage
from fracas.rulesets.starflight.characters import attribute_modifier
from fracas.rulesets.starflight.checks import CRITICAL_SUCCESS, critical_of, roll_natural, succeeds
from fracas.rulesets.starflight.conditions import check_penalties
from fracas.rulesets.starflight.effective_hd import Terms, attack_bonus
from fracas.rulesets.starflight.events import Checked, Fired, Maneuver, ObjectDestroyed, ObstacleHit
from fracas.rulesets.starflight.range import range_falloff, reach_m, ready
from fracas.rulesets.starflight.state import Fight, Fighter, Obstacle, StarflightContext


def distance_to(c: Fighter, ob: Obstacle) -> int:
    """Whole metres from the combatant to the nearest point of the obstacle."""
    (x0, y0), (x1, y1) = ob.start, ob.end
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((c.x - x0) * dx + (c.y - y0) * dy) / length2))
    return int(hypot(c.x - (x0 + t * dx), c.y - (y0 + t * dy)))


def item_problem(fight: Fight, c: Fighter, index: int, weapon: int | None) -> str | None:
    """Why ``c`` cannot attack obstacle ``index`` with ``weapon``, or None."""
    if not 0 <= index < len(fight.obstacles):
        return f"there is no obstacle number {index}"
    ob = fight.obstacles[index]
    if ob.destroyed or ob.hp <= 0:
        return f"the {ob.name} has no hit points left to break (give it hp, or a material)"
    if c.swallowed_by is not None:
        return f"{c.name} has been swallowed"
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
    metres = distance_to(c, ob)
    if metres > reach_m(fight, w):
        return f"the {ob.name} is out of reach ({metres} m)"
    return None


def object_hd(fight: Fight, c: Fighter, weapon: int | None, metres: int) -> Terms:
    """The number to beat: the object's HD (option) less the Attack Bonus, plus encumbrance,
    equipment and range falloff ('Using Weapons' without the target's Dodge)."""
    w = None if weapon is None else c.weapons[weapon]
    hd = Terms()
    hd.add(fight.options.object_hd, "object HD")
    hd.add(-attack_bonus(c, w), "AB")
    hd.add(c.encumbrance, "encumbrance")
    hd.add(c.equipment_hd, "equipment")
    hd.add(range_falloff(fight, w, metres), "range falloff")
    return hd


def roll_terms(fight: Fight, c: Fighter, weapon: int | None) -> Terms:
    """What is added to the d%: as a regular attack (Brawling bare-handed)."""
    w = None if weapon is None else c.weapons[weapon]
    terms = Terms()
    if w is None:
        terms.add(c.skills["brawling"], "Brawling")
        if fight.options.check_attribute_modifier:
            terms.add(attribute_modifier(c.attributes["power"]), "Power")
    elif fight.options.attack_bonus_twice:
        terms.add(attack_bonus(c, w), "AB")
    terms.add(-off_hand_penalty(fight, c, w), "off hand")
    if w is None or fight.options.condition_penalties_on_attack:
        for label, penalty in check_penalties(c, fight.round):
            terms.add(-penalty, label)
    return terms


def item_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Attack each breakable obstacle within reach, with each drawn weapon (or fists)."""
    weapons: list[int | None] = [i for i, w in enumerate(c.weapons) if w.drawn] or [None]
    out = []
    for n, ob in enumerate(fight.obstacles):
        for w in weapons:
            if item_problem(fight, c, n, w) is None:
                what = "" if w is None else f" with the {c.weapons[w].name}"
                action = AttackItem(actor=c.id, obstacle=n, weapon=w)
                out.append(Choice(f"attack the {ob.name}{what}", action, "item"))
    return out


@register(AttackItem, "standard", choices=item_choices)
def resolve_attack_item(ctx: StarflightContext, c: Fighter, action: AttackItem) -> None:
    """The attack roll; on a hit, damage less damage reduction off the object's hit points."""
    fight = ctx.state
    problem = item_problem(fight, c, action.obstacle, action.weapon)
    if problem is not None:
        raise IllegalAction(problem)
    ob = fight.obstacles[action.obstacle]
    w = None if action.weapon is None else c.weapons[action.weapon]
    ctx.emit(Maneuver(who=c.id, kind="attack item", text=f"attacks the {ob.name} (noisily)"))
    hd = object_hd(fight, c, action.weapon, distance_to(c, ob))
    terms = roll_terms(fight, c, action.weapon)
    natural = roll_natural(ctx, f"{c.name} attack on the {ob.name}")
    crit = critical_of(natural, fight.options)
    total = natural + terms.total
    hit = succeeds(natural, total, hd.total, fight.options)
    weapon = UNARMED if w is None else f"Class {w.cls} {w.name}"
    what = f"attack on the {ob.name} with {weapon} ({', '.join(hd.terms) or 'object HD 0'})"
    ctx.emit(
        Checked(
            who=c.id,
            what=what,
            natural=natural,
            modifier=terms.total,
            total=total,
            dc=hd.total,
            success=hit,
            critical=crit,
        )
    )
    if w is not None and w.stats.magazine and action.weapon is not None:
        ctx.emit(Fired(who=c.id, weapon=action.weapon, shots=1, loaded_after=w.loaded - 1))
    if not hit:
        return
    lethal, nonlethal, _ = raw_damage(ctx, c, Hit(w, crit == CRITICAL_SUCCESS, total - hd.total))
    damage = lethal + nonlethal
    through = max(0, damage - ob.damage_reduction)
    hp_after = max(0, ob.hp - through)
    ctx.emit(
        ObstacleHit(
            obstacle=action.obstacle,
            absorbed=min(damage, ob.damage_reduction + ob.hp),
            hp_after=hp_after,
        )
    )
    if hp_after == 0:
        ctx.emit(ObjectDestroyed(obstacle=action.obstacle))
