"""Initiative and the order of battle (chapter 9.1 procedure step 2; chapter 9.2 uses the
Initiative value for movement points and for the 'friendly' target of a critical miss).

PROPOSED (the check is not in the chapter): each combatant's order score is a die (1d10, or d%
by option) plus its Initiative value, rolled once; ties go to the higher Initiative, then to
scenario order.
"""

from __future__ import annotations

from fracas.rulesets.starflight.events import OrderRolled
from fracas.rulesets.starflight.state import StarflightContext


def roll_order(ctx: StarflightContext) -> None:
    """Roll every combatant's order score and emit the order of battle."""
    fight = ctx.state
    die = fight.options.initiative_die
    scores: dict[str, int] = {}
    for c in fight.fighters():
        scores[c.id] = ctx.roll(die, f"{c.name} initiative") + c.initiative
    position = {cid: n for n, cid in enumerate(fight.combatants)}
    order = sorted(
        scores, key=lambda cid: (-scores[cid], -fight.fighter(cid).initiative, position[cid])
    )
    ctx.emit(OrderRolled(order=order, scores=scores))
