"""How a percentile combatant looks on the tracker: the table's view and the GM's.

The public part is what anyone at the table can see: a wound level (from hit points against
the maximum, "down" once the combatant cannot fight) and visible states such as unconscious
or bleeding. The numbers (hit points, fatigue, ABS, ammunition) and the declared stance are
private: the GM's and the combatant's own player's."""

from __future__ import annotations

from fracas.engine.view import Bar, Card, wound_level
from fracas.rulesets.percentile.state import (
    Fighter,
    PercentileEncounter,
    fighter,
    is_defenceless,
)


def visible_conditions(state: PercentileEncounter, c: Fighter) -> tuple[str, ...]:
    """What the table sees: dead, unconscious, bleeding, given first aid, immobile, unarmed."""
    out: list[str] = []
    if c.dead:
        out.append("dead")
    elif c.hp <= 0:
        out.append("unconscious")
        if c.bleeding:
            out.append("bleeding")
    if c.stabilised and not c.dead:
        out.append("first aid given")
    if not c.p.mobile:
        out.append("immobile (battle-suit without power)")
    if is_defenceless(c, state.round):
        out.append("defenceless this round")
    if c.wielded >= 0 and c.condition[c.wielded] != "ready":
        out.append(f"{c.p.arms[c.wielded].name} {c.condition[c.wielded]}")
    return tuple(out)


def card(state: PercentileEncounter, combatant_id: str) -> Card:
    c = fighter(state, combatant_id)
    details: list[tuple[str, str]] = []
    for i, arm in enumerate(c.p.arms):
        parts = [c.condition[i]] + ([f"BV {c.bv[i]}"] if arm.bv else [])
        if arm.rounds:
            parts.append(f"{c.ammo[i]}/{arm.rounds} rounds")
        mark = " (wielded)" if i == c.wielded else ""
        details.append((f"{arm.name}{mark}", ", ".join(parts)))
    if c.p.armour:
        details.append(("armour", f"{c.p.armour_name}, ABS {c.armour_abs}"))
    details.append(("stance", c.stance + (" + dodge" if c.dodging else "")))
    if c.target:
        details.append(("target", state.combatants[c.target].name))
    details.append(("initiative", str(c.initiative)))
    return Card(
        id=c.id,
        name=c.name,
        side=c.side,
        wound=wound_level(c.hp, c.p.hp_max, not c.able),
        conditions=visible_conditions(state, c),
        bars=(Bar("HP", c.hp, c.p.hp_max), Bar("Fatigue", c.fatigue, c.p.fatigue_max)),
        details=tuple(details),
    )


def turn_order(state: PercentileEncounter) -> list[str]:
    """The order attacks resolve in this round (scenario order before initiative)."""
    order = state.order if isinstance(state, PercentileEncounter) else []
    return list(order) or list(state.combatants)
