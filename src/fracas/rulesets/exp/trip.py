"""Tripping. Chapter, 'Tripping': "The player must win an attack roll and a Strength
competition to get a chance to trip. The target then has a chance to dodge the trip by
winning a normal Dexterity roll", then, under its own headings, attack roll ("the target
does not even notice"), 'Dodge the Trip' ("The attacker must win a Dexterity Challenge, or the
target dodges") and 'Overpower' ("If the attacker loses this challenge the target is stopped,
but not tripped"). The two orders are the option ``trip_order``."""

from __future__ import annotations

from fracas.engine import Context, IllegalAction
from fracas.rulesets.exp.actions import Trip
from fracas.rulesets.exp.attack_roll import roll_attack
from fracas.rulesets.exp.challenges import compete
from fracas.rulesets.exp.events import TripResolved
from fracas.rulesets.exp.legality import check_maneuver, require, tippable_problem
from fracas.rulesets.exp.personas import Persona, persona


def trip_steps(order: str) -> tuple[tuple[str, str, str], ...]:
    """The challenges after the attack roll: (name, attribute, outcome if lost)."""
    dodge = ("Dexterity Challenge", "DEX", "dodged")
    overpower = ("Strength Challenge", "PSTR", "stopped")
    return (dodge, overpower) if order == "headings" else (overpower, dodge)


def trip_outcome(ctx: Context, actor: Persona, target: Persona) -> str:
    """Run the challenges in the option's order; the first lost one decides."""
    for name, attribute, lost in trip_steps(ctx.options.trip_order):
        if not compete(ctx, name, attribute, actor, target):
            return lost
    return "tripped"


def trip(ctx: Context, action: Trip) -> None:
    """Attack roll (a miss goes unnoticed), then the two challenges."""
    state = ctx.state
    if action.target not in state.combatants:
        raise IllegalAction(f"no persona called {action.target!r}")
    actor, target = persona(state, action.actor or ""), persona(state, action.target)
    check_maneuver(actor, target, ctx.options, "trip")
    require(tippable_problem(target))
    row = actor.table["strike"]
    hit = roll_attack(ctx, actor, target, row, "trip", actor.hand_to_hand, False, 0)
    outcome = trip_outcome(ctx, actor, target) if hit else "unnoticed"
    down = ctx.options.tripped_loses_actions if outcome == "tripped" else 0
    ctx.emit(TripResolved(attacker=actor.id, target=target.id, outcome=outcome, down=down))
