"""How a Starflight fighter looks on the tracker: the table's view and the GM's.

Public: a wound level (the worse of HP and NHP against their maxima; "down" once out of the
fight: unconscious, dead or withdrawn) and the conditions anyone sees (prone, shaken, dazed,
unconscious...). Private: HP and NHP, Wounds by body part, failed and maimed parts, weapons
(drawn, loaded), armour and shield with their hit points."""

from __future__ import annotations

from fracas.engine.view import Bar, Card, worst, wound_level
from fracas.rulesets.starflight.conditions import condition_names, grapple_opponents, in_fight
from fracas.rulesets.starflight.state import Fight


def card(state: Fight, combatant_id: str) -> Card:
    assert isinstance(state, Fight)
    c = state.fighter(combatant_id)
    out = not in_fight(c, state.options)
    wound = worst(wound_level(c.hp, c.hp_max, out), wound_level(c.nhp, c.nhp_max, out))
    details: list[tuple[str, str]] = []
    wounds = [f"{c.part_names.get(p, p)} {n}" for p, n in c.wounds.items() if n]
    if wounds:
        details.append(("wounds", ", ".join(wounds)))
    if c.failed:
        details.append(("failed", ", ".join(c.part_names.get(p, p) for p in c.failed)))
    if c.maimed:
        details.append(("maimed", ", ".join(c.part_names.get(p, p) for p in c.maimed)))
    for w in c.weapons:
        state_ = "dropped" if w.dropped else "drawn" if w.drawn else "holstered"
        shots = f", {w.loaded} loaded" if w.type != "melee" else ""
        details.append((w.name, f"{state_}{shots}"))
    for g in c.armour:
        details.append(("armour", f"{g.name} {g.hp}/{g.hp_max} HP"))
    if c.shield is not None:
        raised = "raised" if c.shield_raised else "lowered"
        details.append(("shield", f"{c.shield.name} {c.shield.hp}/{c.shield.hp_max} HP, {raised}"))
    holds = grapple_opponents(state, c)
    if holds:
        details.append(("grappling", ", ".join(g.name for g in holds)))
    for label, other in (
        ("pinning", c.pinning),
        ("swallowed by", c.swallowed_by),
        ("mounted on", c.mounted_on),
    ):
        if other:
            found = state.combatants.get(other)
            details.append((label, found.name if found is not None else other))
    details.append(("position", f"({c.x}, {c.y})"))
    return Card(
        id=c.id,
        name=c.name,
        side=c.side,
        wound=wound,
        conditions=tuple(condition_names(c, state)),
        bars=(Bar("HP", c.hp, c.hp_max), Bar("NHP", c.nhp, c.nhp_max)),
        details=tuple(details),
    )


def turn_order(state: Fight) -> list[str]:
    """The order of battle (scenario order before it is rolled)."""
    order = state.order if isinstance(state, Fight) else []
    return list(order) or list(state.combatants)
