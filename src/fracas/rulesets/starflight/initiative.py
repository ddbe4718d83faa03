"""Initiative and the order of battle (chapter 9.1 procedure step 2; chapter 9.2 uses the
Initiative value for movement points and for the 'friendly' target of a critical miss).

PROPOSED (the check is not in the chapter; research notes, 'Initiative check'): each
combatant's order score is a die (1d10, or d% by option ``initiative_die``) plus its Initiative
value, rolled once; "Ties go to the higher Initiative, then a re-roll" (option
``initiative_ties``: ``reroll``, the tied combatants roll the die again until they differ, or
``scenario-order``, the one listed first in the scenario goes first).
"""

from __future__ import annotations

from collections import Counter

from fracas.rulesets.starflight.events import OrderRolled
from fracas.rulesets.starflight.state import StarflightContext


def roll_order(ctx: StarflightContext) -> None:
    """Roll every combatant's order score and emit the order of battle."""
    fight = ctx.state
    die = fight.options.initiative_die
    scores: dict[str, int] = {}
    keys: dict[str, tuple[int, ...]] = {}
    for c in fight.fighters():
        scores[c.id] = ctx.roll(die, f"{c.name} initiative") + c.initiative
        keys[c.id] = (-scores[c.id], -c.initiative)
    if fight.options.initiative_ties == "reroll":
        while len(set(keys.values())) < len(keys):
            seen = Counter(keys.values())
            for c in fight.fighters():
                if seen[keys[c.id]] > 1:
                    keys[c.id] = (*keys[c.id], -ctx.roll(die, f"{c.name} initiative tie"))
    position = {cid: n for n, cid in enumerate(fight.combatants)}
    order = sorted(scores, key=lambda cid: (keys[cid], position[cid]))
    ctx.emit(OrderRolled(order=order, scores=scores))
