"""Tactics: small named policies that choose a combatant's next action.

A scenario names one per combatant (``tactics: all-out-attack``); unknown names are rejected
when the scenario is read. Tactics only read the state; the rules check what they choose.
"""

from __future__ import annotations

from collections.abc import Callable

from fracas.engine import Action, IllegalAction
from fracas.rulesets.starflight.actions import (
    Attack,
    Draw,
    DropProne,
    Face,
    Move,
    Reload,
    Snipe,
    Standby,
    StandUp,
    Strike,
)
from fracas.rulesets.starflight.conditions import can_move, is_fatigued
from fracas.rulesets.starflight.draw_sheathe import free_hands
from fracas.rulesets.starflight.line_of_sight import arc_of, line_of_sight
from fracas.rulesets.starflight.move_action import destination
from fracas.rulesets.starflight.range import (
    distance_m,
    hostiles,
    is_sniping_range,
    reach_m,
    ready,
)
from fracas.rulesets.starflight.state import Fight, Fighter

Tactic = Callable[[Fight, Fighter], Action]
TACTICS: dict[str, Tactic] = {}


def tactic(name: str) -> Callable[[Tactic], Tactic]:
    """Register a tactic under ``name``."""

    def decorate(fn: Tactic) -> Tactic:
        TACTICS[name] = fn
        return fn

    return decorate


def targets_by_distance(fight: Fight, c: Fighter) -> list[Fighter]:
    """Hostiles still in the fight, nearest first (ties: scenario order)."""
    return sorted(hostiles(fight, c), key=lambda o: distance_m(c, o))


def strikes_at(fight: Fight, c: Fighter, target: Fighter) -> list[Strike]:
    """Every drawn, loaded weapon that reaches the target, with all the shots it can fire;
    fists when the combatant holds no weapon at all and the target is within reach."""
    metres = distance_m(c, target)
    out = []
    for i, w in enumerate(c.weapons):
        loaded = w.loaded if w.stats.magazine else w.stats.shots
        if w.drawn and loaded > 0 and ready(fight, w) and metres <= reach_m(fight, w):
            out.append(Strike(target=target.id, weapon=i, shots=min(w.stats.shots, loaded)))
    if not out and not any(w.drawn for w in c.weapons) and metres <= reach_m(fight, None):
        out.append(Strike(target=target.id))
    return out


def housekeeping(fight: Fight, c: Fighter) -> Action | None:
    """Reload an empty drawn weapon, or draw one when none is drawn."""
    for i, w in enumerate(c.weapons):
        if w.drawn and w.stats.magazine and w.loaded == 0:
            return Reload(actor=c.id, weapon=i)
    if not any(w.drawn for w in c.weapons):
        for i, w in enumerate(c.weapons):
            if not w.dropped and len(free_hands(c)) >= w.appendages:
                return Draw(actor=c.id, weapon=i)
    return None


def engage(fight: Fight, c: Fighter, *, close_in: bool = True) -> Action:
    """Attack the nearest target that can be attacked (facing it first), else close in."""
    targets = targets_by_distance(fight, c)
    for target in targets:
        if is_sniping_range(fight, distance_m(c, target)):
            continue
        strikes = strikes_at(fight, c, target)
        if not strikes:
            continue
        if not line_of_sight(fight, c, target, any_facing=True).visible:
            continue
        if arc_of(fight, c, target) != "optimal":
            return Face(actor=c.id, target=target.id)
        return Attack(actor=c.id, strikes=strikes)
    if close_in and targets:
        move = Move(actor=c.id, toward=targets[0].id)
        if possible_move(fight, c, move):
            return move
    return Standby(actor=c.id)


def possible_move(fight: Fight, c: Fighter, move: Move) -> bool:
    """Whether the rules would let the move go anywhere."""
    if not can_move(c, fight):
        return False
    try:
        destination(fight, c, move)
    except IllegalAction:
        return False
    return True


@tactic("all-out-attack")
def all_out_attack(fight: Fight, c: Fighter) -> Action:
    """Stand up, keep weapons drawn and loaded, attack the nearest target, close in."""
    if c.prone and can_move(c, fight):
        return StandUp(actor=c.id)
    return housekeeping(fight, c) or engage(fight, c)


@tactic("cautious")
def cautious(fight: Fight, c: Fighter) -> Action:
    """Fight from the ground; withdraw once Shaken or fatigued."""
    targets = targets_by_distance(fight, c)
    if (c.shaken or is_fatigued(c)) and targets and can_move(c, fight):
        if c.prone:
            return StandUp(actor=c.id)
        move = Move(actor=c.id, away_from=targets[0].id, withdraw=True)
        if possible_move(fight, c, move):
            return move
    elif not c.prone:
        return DropProne(actor=c.id)
    return housekeeping(fight, c) or engage(fight, c, close_in=False)


@tactic("sniper")
def sniper(fight: Fight, c: Fighter) -> Action:
    """Snipe at the nearest target beyond ranged combat when a whole turn is left."""
    for target in targets_by_distance(fight, c):
        if not is_sniping_range(fight, distance_m(c, target)):
            continue
        for i, w in enumerate(c.weapons):
            ok = (
                w.drawn and w.scope and ready(fight, w) and w.stats.range_m >= distance_m(c, target)
            )
            if ok and (w.loaded > 0 or not w.stats.magazine) and fight.phases_left == 2:
                if arc_of(fight, c, target) != "optimal":
                    return Face(actor=c.id, target=target.id)
                return Snipe(actor=c.id, target=target.id, weapon=i)
    return housekeeping(fight, c) or engage(fight, c, close_in=False)


@tactic("fire-once")
def fire_once(fight: Fight, c: Fighter) -> Action:
    """Fire the first drawn weapon while its magazine is full, then stand by (the chapter's
    one-shot example)."""
    full = any(w.drawn and w.loaded == w.stats.magazine for w in c.weapons)
    return engage(fight, c, close_in=False) if full else Standby(actor=c.id)


@tactic("standby")
def standby(fight: Fight, c: Fighter) -> Action:
    """Do nothing."""
    return Standby(actor=c.id)
