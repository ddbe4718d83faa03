"""Opportunity Attacks provoked by an action rather than by movement (chapter 9.2, 'Charge':
"Charging provokes an Opportunity Attack from the target"; 'Push Attack': "from all applicable
opposing combatants, including the defender"; 'Trample': "Unsuccessful Trample attacks provoke
Opportunity Attacks"; 'Grapple': the grab "triggers an Opportunity Attack from the target").

An Opportunity Attack is "a single strike at its oncoming attacker": a combatant in the fight,
not grappling ("may not ... make Opportunity Attacks"), not surprised in the surprise round,
with a ready weapon that reaches (or fists) and a line of sight.
"""

from __future__ import annotations

from fracas.rulesets.starflight.attack import attack_target
from fracas.rulesets.starflight.combat_states import is_grappling
from fracas.rulesets.starflight.conditions import in_fight, is_dead
from fracas.rulesets.starflight.line_of_sight import line_of_sight
from fracas.rulesets.starflight.opportunity import weapon_for
from fracas.rulesets.starflight.range import distance_m, hostiles
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


def may_answer(fight: Fight, o: Fighter, mover: Fighter) -> bool:
    """Whether ``o`` may make an Opportunity Attack at all now."""
    if not in_fight(o, fight.options) or is_dead(mover) or o.swallowed_by is not None:
        return False
    return not (is_grappling(fight, o) or (fight.surprise_round and o.surprised))


def may_strike_back(fight: Fight, o: Fighter, mover: Fighter) -> bool:
    """Whether ``o`` can strike ``mover`` in an Opportunity Attack now."""
    if not may_answer(fight, o, mover):
        return False
    if weapon_for(fight, o, distance_m(o, mover)) is None:
        return False
    return line_of_sight(fight, o, mover).visible


def strike_back(ctx: StarflightContext, o: Fighter, mover: Fighter) -> None:
    """``o``'s single strike at ``mover``, if it can make one."""
    fight = ctx.state
    if not may_strike_back(fight, o, mover):
        return
    use = weapon_for(fight, o, distance_m(o, mover))
    if use is not None:
        attack_target(ctx, o, mover, [use], 0, opportunity=True)


def from_all(ctx: StarflightContext, mover: Fighter, skip: set[str]) -> None:
    """Every applicable opponent strikes at ``mover`` (the defender among them), but those in
    ``skip`` (who already struck during this action)."""
    for o in hostiles(ctx.state, mover):
        if o.id not in skip and in_fight(mover, ctx.state.options):
            strike_back(ctx, o, mover)
