"""Initiative: PER + AGL + D20, rolled once at the start (Chapter 5, "The round")."""

from __future__ import annotations

from fracas.dice import parse
from fracas.rulesets.percentile.events import InitiativeRolled, OrderSet
from fracas.rulesets.percentile.state import PercentileContext, fighters

D20 = parse("D20")


def initiative_total(per: int, agl: int, d20: int) -> int:
    """Chapter 5, "The round": "roll for initiative (PER+AGL+D20), highest score goes first"."""
    return per + agl + d20


def roll_initiative(ctx: PercentileContext, ties: str) -> None:
    """Roll each combatant's initiative (scenario order) and set the order, highest first
    (Chapter 5, "The round"; option ``initiative_ties``).

    Equal totals keep scenario order (``ties="scenario-order"``) or roll D20 again among
    themselves until they differ (``ties="reroll"``); the re-rolls only order the tied ones."""
    everyone = fighters(ctx.state)
    for c in everyone:
        d20 = ctx.roll(D20, c.p.p_initiative)
        total = initiative_total(c.p.PER, c.p.AGL, d20)
        ctx.emit(InitiativeRolled(who=c.id, d20=d20, total=total))
    keys: dict[str, list[int]] = {c.id: [-c.initiative] for c in everyone}
    if ties == "reroll":
        while True:
            groups: dict[tuple[int, ...], list[str]] = {}
            for c in everyone:
                groups.setdefault(tuple(keys[c.id]), []).append(c.id)
            tied = [names for names in groups.values() if len(names) > 1]
            if not tied:
                break
            for names in tied:
                for name in names:
                    keys[name].append(-ctx.roll(D20, f"{name} initiative tie"))
    order = sorted([c.id for c in everyone], key=keys.__getitem__)  # stable: scenario order
    ctx.emit(OrderSet(order=order))
