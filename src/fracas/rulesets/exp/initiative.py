"""Initiative and the combat-unit cycle. The chapter says "Attack Rolls based on Initiative"
and speaks of "the combat unit cycle" without printing either; the research notes
(section 3) propose: every unit, each persona rolls 1d20 + DEX, highest first, ties to the
higher DEX, then a reroll; each persona acts once per unit (options ``initiative`` and
``initiative_every_unit``)."""

from __future__ import annotations

from collections import Counter

from fracas.engine import Context
from fracas.rulesets.exp.events import InitiativeRolled
from fracas.rulesets.exp.personas import ACTIVE, ExpEncounter, persona
from fracas.rulesets.exp.tables import die

ATTRIBUTE_DIE = die("attribute-die")


def in_fight(state: ExpEncounter) -> list[str]:
    """Personas still in the fight, in scenario order."""
    return [n for n in state.combatants if persona(state, n).active]


def next_actor(state: ExpEncounter) -> str | None:
    """The next persona in this unit's order that has not acted and is still in the fight."""
    personas, acted = state.personas, state.acted
    for name in state.order:
        if name not in acted and personas[name].condition == ACTIVE:
            return name
    return None


def order_by_dex(state: ExpEncounter, names: list[str]) -> list[str]:
    """Highest DEX first; equal DEX keep scenario order."""
    return sorted(names, key=lambda n: -persona(state, n).attribute("DEX"))


def roll_order(ctx: Context, state: ExpEncounter, names: list[str]) -> InitiativeRolled:
    """1d20 + DEX each; ties go to the higher DEX, then the tied roll again."""
    keys: dict[str, list[int]] = {}
    first: list[tuple[str, int]] = []
    for n in names:
        p = persona(state, n)
        total = ctx.roll(ATTRIBUTE_DIE, f"{p.name} initiative") + p.attribute("DEX")
        keys[n] = [total, p.attribute("DEX")]
        first.append((n, total))
    while True:
        counts = Counter(tuple(k) for k in keys.values())
        tied = [n for n in names if counts[tuple(keys[n])] > 1]
        if not tied:
            break
        for n in tied:
            keys[n].append(ctx.roll(ATTRIBUTE_DIE, f"{persona(state, n).name} initiative tie"))
    order = sorted(names, key=lambda n: [-k for k in keys[n]])
    return InitiativeRolled(order=order, rolls=first)


def start_unit_order(ctx: Context, state: ExpEncounter, first: bool) -> None:
    """Emit this unit's order (rolled, by DEX, in scenario order, or last unit's again)."""
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
