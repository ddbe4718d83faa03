"""The Starflight field as a battle map for the tracker (:mod:`fracas.engine.battlefield`):
positions and facings in metres, the reach of the weapon in hand, fields of vision, the
obstacles with the cover they give, and the last attack roll's line.

Chapter 9.2, 'Range', 'Using Weapons' (line of sight, obstacles) and 'Move Action Rules'."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.engine import Action, Event, IllegalAction
from fracas.engine.battlefield import Attack, Battlefield, Obstacle, Token
from fracas.rulesets.starflight.actions import Move, Run, StuntMove
from fracas.rulesets.starflight.conditions import in_fight
from fracas.rulesets.starflight.events import AttackRolled
from fracas.rulesets.starflight.move_action import destination
from fracas.rulesets.starflight.range import reach_m
from fracas.rulesets.starflight.run import check_run
from fracas.rulesets.starflight.state import Fight, Fighter
from fracas.rulesets.starflight.stunts import path

#: the cover each kind of obstacle gives, in the words of 'Using Weapons'
COVER = {
    "low": "low: shot over",
    "penetrable": "shot through at -25 for unclear sight",
    "solid": "blocks the line of sight",
}


def token(fight: Fight, c: Fighter) -> Token:
    """One fighter on the map: the reach of its drawn weapon (its fists when none)."""
    drawn = next((w for w in c.weapons if w.drawn and not w.dropped), None)
    species = fight.species.get(c.species_id)
    return Token(
        id=c.id,
        x=c.x,
        y=c.y,
        facing=c.facing,
        reach=reach_m(fight, drawn),
        vision=species.vision.peripheral if species is not None else None,
        out=not in_fight(c, fight.options),
        prone=c.prone,
    )


def battlefield(fight: Fight, log: Sequence[Event[Any]]) -> Battlefield:
    """Every fighter not swallowed, every obstacle, and the last attack roll in ``log``."""
    last = None
    for event in reversed(log):
        if isinstance(event, AttackRolled):
            outcome = "hit" if event.hits else "miss"
            last = Attack(event.attacker, event.target, outcome)
            break
    return Battlefield(
        unit="m",
        tokens=tuple(token(fight, c) for c in fight.fighters() if c.swallowed_by is None),
        obstacles=tuple(
            Obstacle(o.name, o.start, o.end, o.kind, COVER.get(o.kind, o.kind), o.destroyed)
            for o in fight.obstacles
        ),
        last_attack=last,
    )


def lands_at(fight: Fight, action: Action) -> tuple[float, float] | None:
    """Where a move (or a move of stunts) leaves its actor; ``None`` for any other action,
    and for a move without a grid ('Move Action Rules': "If combat is not being conducted on
    a grid, then the move action simply changes the range to the current target. The GM
    rolls 2d10": where it ends is rolled)."""
    if not isinstance(action, Move | StuntMove) or action.actor not in fight.combatants:
        return None
    c = fight.fighter(action.actor)
    try:
        if isinstance(action, StuntMove):
            points = path(fight, c, action)
            return (points[-1][0], points[-1][1]) if points else None
        if not fight.options.grid:
            return None
        if isinstance(action, Run):
            x, y, _ = check_run(fight, c, action)
        else:
            x, y, _ = destination(fight, c, action)
    except IllegalAction:
        return None
    return x, y
