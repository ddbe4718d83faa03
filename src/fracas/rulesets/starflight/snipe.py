"""The sniping attack as a full-round action (chapter 9.2, 'Sniping')."""

from __future__ import annotations

from fracas.engine import IllegalAction
from fracas.rulesets.starflight.actions import Snipe, register
from fracas.rulesets.starflight.attack import Use, attack_target
from fracas.rulesets.starflight.sniping import check_snipe
from fracas.rulesets.starflight.state import Fighter, StarflightContext


@register(Snipe, "full")
def resolve_snipe(ctx: StarflightContext, c: Fighter, action: Snipe) -> None:
    """Check, then one attack roll under the sniping rules."""
    fight = ctx.state
    if action.target not in fight.combatants or action.target == c.id:
        raise IllegalAction(f"{c.name} cannot snipe at {action.target!r}")
    if not 0 <= action.weapon < len(c.weapons):
        raise IllegalAction(f"{c.name} has no weapon number {action.weapon}")
    target = fight.fighter(action.target)
    check_snipe(fight, c, target, c.weapons[action.weapon])
    attack_target(ctx, c, target, [Use(action.weapon, 1)], 0, snipe=True)
