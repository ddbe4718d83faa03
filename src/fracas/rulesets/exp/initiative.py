"""Initiative and the combat-unit cycle. The chapter says "Attack Rolls based on Initiative"
and speaks of "the combat unit cycle" without printing either; the research notes
(section 3) propose: every unit, each persona rolls 1d20 + DEX, highest first, ties to the
higher DEX, then a reroll; each persona acts once per unit (options ``initiative`` and
``initiative_every_unit``)."""

from __future__ import annotations

from collections import Counter

from fracas.rulesets.exp.events import InitiativeRolled
from fracas.rulesets.exp.state import ACTIVE, ExpContext, ExpEncounter
from fracas.rulesets.exp.tables import die

ATTRIBUTE_DIE = die("attribute-die")


def in_fight(state: ExpEncounter) -> list[str]:
    """Personas still in the fight, in scenario order."""
    return [n for n, p in state.combatants.items() if p.condition == ACTIVE]


def next_actor(state: ExpEncounter) -> str | None:
    """The combat unit cycle (notes, section 3: one action per persona per unit): the next
    persona in this unit's order that has not acted and is still in the fight."""
    personas, acted = state.combatants, state.acted
    for name in state.order:
        if name not in acted and personas[name].condition == ACTIVE:
            return name
    return None


def order_by_dex(state: ExpEncounter, names: list[str]) -> list[str]:
    """Chapter, "Attack Rolls based on Initiative", option ``initiative`` = ``dex``: highest
    DEX first; equal DEX keep scenario order."""
    return sorted(names, key=lambda n: -state.combatants[n].attribute("DEX"))


def roll_order(ctx: ExpContext, state: ExpEncounter, names: list[str]) -> InitiativeRolled:
    """Research notes, section 3 (option ``initiative``, ``d20+dex``): 1d20 + DEX each; ties
    go to the higher DEX, then the tied personas roll again."""
    keys: dict[str, tuple[int, ...]] = {}
    first: list[tuple[str, int]] = []
    for n in names:
        p = state.combatants[n]
        dex = p.attributes["DEX"]
        total = ctx.roll(ATTRIBUTE_DIE, f"{p.name} initiative") + dex
        keys[n] = (-total, -dex)
        first.append((n, total))
    while len(set(keys.values())) < len(keys):
        seen = Counter(keys.values())
        for n in names:
            if seen[keys[n]] > 1:
                tie = ctx.roll(ATTRIBUTE_DIE, f"{state.combatants[n].name} initiative tie")
                keys[n] = (*keys[n], -tie)
    return InitiativeRolled(order=sorted(names, key=keys.__getitem__), rolls=first)


def start_unit_order(ctx: ExpContext, state: ExpEncounter, first: bool) -> None:
    """Chapter, "Attack Rolls based on Initiative" and "the combat unit cycle" (notes,
    section 3): emit this unit's order (rolled, by DEX, in scenario order, or, with
    ``initiative_every_unit`` off, last unit's again)."""
    names = in_fight(state)
    method = ctx.options.initiative
    if not first and not ctx.options.initiative_every_unit:
        event = InitiativeRolled(order=[n for n in state.order if n in names], rolls=[])
    elif method == "d20+dex":
        event = roll_order(ctx, state, names)
    elif method == "dex":
        event = InitiativeRolled(order=order_by_dex(state, names), rolls=[])
    else:
        event = InitiativeRolled(order=names, rolls=[])
    ctx.emit(event)
