"""How an EXP persona looks on the tracker: the table's view and the GM's.

Public: a wound level from HPS against the maximum ("down" once out of the fight), and what
anyone sees: conceded, stunned, unconscious..., who grapples whom, lying tripped. Private:
the numbers (HPS, attributes, defence rating) and the weapons."""

from __future__ import annotations

from fracas.engine.view import Bar, Card, wound_level
from fracas.rulesets.exp.state import ExpEncounter, persona


def card(state: ExpEncounter, combatant_id: str) -> Card:
    p = persona(state, combatant_id)
    conditions: list[str] = []
    if not p.active:
        conditions.append(p.condition)
    if p.holding:
        conditions.append(f"grappling {state.combatants[p.holding].name}")
    if p.held_by:
        conditions.append(f"held by {state.combatants[p.held_by].name}")
    if p.down:
        conditions.append(f"tripped ({p.down} actions to get up)")
    details: list[tuple[str, str]] = [
        ("kind", f"{p.kind}{' (advanced)' if p.advanced else ''}, {p.size}, level {p.level}"),
        ("attributes", " ".join(f"{k} {v}" for k, v in p.attributes.items())),
        ("defence rating", str(p.defence_rating)),
    ]
    for w in p.weapons:
        details.append((w.name, f"{w.attack_type}, {w.damage}{', stun' if w.stun else ''}"))
    if p.concede_below is not None:
        details.append(("concedes below", f"{p.concede_below} HPS"))
    return Card(
        id=p.id,
        name=p.name,
        side=p.side,
        wound=wound_level(p.hps, p.hps_max, not p.active),
        conditions=tuple(conditions),
        bars=(Bar("HPS", p.hps, p.hps_max),),
        details=tuple(details),
    )


def turn_order(state: ExpEncounter) -> list[str]:
    """The unit's initiative order (scenario order before it is rolled)."""
    order = state.order if isinstance(state, ExpEncounter) else []
    return list(order) or list(state.combatants)
