"""Tripping. Chapter, 'Tripping'. Its opening paragraph orders the checks "an attack roll and a
Strength competition to get a chance to trip. The target then has a chance to dodge the trip
by winning a normal Dexterity roll"; its headings order them 'Attack Roll', 'Dodge the Trip'
(a Dexterity Challenge), 'Overpower' (a Strength Challenge). Option ``trip_order`` picks one.
"For trips to work, the target and the attacker should be about the same size. The target
must also be tippable." """

from __future__ import annotations

from collections.abc import Callable

from fracas.engine import IllegalAction
from fracas.rulesets.exp.actions import Trip
from fracas.rulesets.exp.attack_roll import maneuver_attack_roll
from fracas.rulesets.exp.challenges import compete
from fracas.rulesets.exp.events import TripResolved
from fracas.rulesets.exp.legality import check_maneuver, require, tippable_problem
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.state import ExpContext, ExpEncounter, Persona, persona

#: a trip step: None if the attacker wins it, else the outcome that ends the trip
TripStep = Callable[[ExpContext, Persona, Persona], str | None]


def dodge_the_trip(ctx: ExpContext, actor: Persona, target: Persona) -> str | None:
    """Chapter, 'Tripping', 'Dodge the Trip': "The attacker must win a Dexterity Challenge, or
    the target dodges the trip attempt ... they are not impeded by the trip attempt at all"."""
    return None if compete(ctx, "Dexterity Challenge", "DEX", actor, target) else "dodged"


def overpower_the_target(ctx: ExpContext, actor: Persona, target: Persona) -> str | None:
    """Chapter, 'Tripping', 'Overpower': "The attacker must win a Strength Challenge to down
    the target. If the attacker loses this challenge the target is stopped, but not
    tripped"."""
    return None if compete(ctx, "Strength Challenge", "PSTR", actor, target) else "stopped"


def trip_steps(order: str) -> tuple[TripStep, TripStep]:
    """Chapter, 'Tripping': the two challenges after the attack roll, in the order of option
    ``trip_order`` (the headings' or the opening paragraph's)."""
    if order == "headings":
        return (dodge_the_trip, overpower_the_target)
    return (overpower_the_target, dodge_the_trip)


def trip_outcome(ctx: ExpContext, actor: Persona, target: Persona) -> str:
    """Chapter, 'Tripping': run the challenges in the option's order; the first one lost
    decides ("dodged" or "stopped"), winning both trips the target."""
    for step in trip_steps(ctx.options.trip_order):
        lost = step(ctx, actor, target)
        if lost is not None:
            return lost
    return "tripped"


def check_trip(state: ExpEncounter, options: ExpOptions, action: Trip) -> tuple[Persona, Persona]:
    """Chapter, 'Tripping': "For trips to work, the target and the attacker should be about
    the same size. The target must also be tippable." Returns attacker and target."""
    if action.target not in state.combatants:
        raise IllegalAction(f"no persona called {action.target!r}")
    actor, target = persona(state, action.actor or ""), persona(state, action.target)
    check_maneuver(actor, target, options, "trip")
    require(tippable_problem(target))
    if target.down > 0:  # "Tripping a target before they get to the ... switch": on its feet
        raise IllegalAction(f"{target.name} is already down after a trip")
    return actor, target


def trip(ctx: ExpContext, action: Trip) -> None:
    """Chapter, 'Tripping', 'Attack Roll': "[If] the player misses the attack roll the target
    does not even notice the attempted trip"; on a hit, the two challenges."""
    actor, target = check_trip(ctx.state, ctx.options, action)
    hit = maneuver_attack_roll(ctx, actor, target, "trip", action.situational)
    outcome = trip_outcome(ctx, actor, target) if hit else "unnoticed"
    down = ctx.options.tripped_loses_actions if outcome == "tripped" else 0
    ctx.emit(TripResolved(attacker=actor.id, target=target.id, outcome=outcome, down=down))
