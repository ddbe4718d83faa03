"""The sniping attack as a full-round action (chapter 9.2, 'Sniping')."""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Snipe, lists_choices, register
from fracas.rulesets.starflight.attack import Use, attack_target
from fracas.rulesets.starflight.range import hostiles
from fracas.rulesets.starflight.sniping import check_snipe
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


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


@lists_choices(Snipe)
def snipe_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Snipe at each hostile beyond ranged combat with each weapon that may."""
    out = []
    for o in hostiles(fight, c):
        for i, w in enumerate(c.weapons):
            try:
                check_snipe(fight, c, o, w)
            except IllegalAction:
                continue
            action = Snipe(actor=c.id, target=o.id, weapon=i)
            out.append(Choice(f"snipe at {o.name} with the {w.name}", action, "attack"))
    return out
