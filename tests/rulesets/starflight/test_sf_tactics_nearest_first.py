"""The tactics' nearest-first searches (``nearest_forward_move``, ``step_around``) pick the
move the full scans over every grid move picked before them (the nearest that passes, the
first in ``grid_moves`` order among equals), for every actor and hostile at every decision
of the Starflight examples that move on a grid."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.starflight.actions import Move
from fracas.rulesets.starflight.line_of_sight import line_of_sight
from fracas.rulesets.starflight.move_action import grid_moves, heading, possible
from fracas.rulesets.starflight.range import distance_m, hostiles
from fracas.rulesets.starflight.state import Fight, Fighter
from fracas.rulesets.starflight.tactics import (
    nearest_forward_move,
    step_around,
    strike_reach,
    within_a_turn,
)
from fracas.scenario import load_scenario

EXAMPLES = Path(__file__).parents[3] / "examples" / "starflight"


def moved(c: Fighter, move: Move) -> Fighter:
    assert move.to is not None
    return replace(c, x=move.to[0], y=move.to[1])


def full_scan_forward(fight: Fight, c: Fighter, target: Fighter, metres: int) -> Move | None:
    """The npc tactic's scan as it was: every grid move, a whole fighter for each distance."""
    best: tuple[int, Move] | None = None
    for move in grid_moves(fight, c):
        if move.to is None or not within_a_turn(heading(c, *move.to), c.facing):
            continue
        if not possible(fight, c, move):
            continue
        gap = distance_m(moved(c, move), target)
        if gap < metres and (best is None or gap < best[0]):
            best = (gap, move)
    return None if best is None else best[1]


def full_scan_around(fight: Fight, c: Fighter, target: Fighter, npc: bool) -> Move | None:
    """step_around's scan as it was: every grid move in reach, the shortest clear one."""
    reach = strike_reach(fight, c, target)
    best: tuple[int, Move] | None = None
    for move in grid_moves(fight, c):
        if move.to is None or distance_m(moved(c, move), target) > reach:
            continue
        if npc and not within_a_turn(heading(c, *move.to), c.facing):
            continue
        if not possible(fight, c, move):
            continue
        sight = line_of_sight(fight, moved(c, move), target, any_facing=True)
        if not sight.visible or sight.through:
            continue
        metres = distance_m(c, moved(c, move))
        if best is None or metres < best[0]:
            best = (metres, move)
    return None if best is None else best[1]


def compare_searches(fight: Fight, c: Fighter) -> int:
    """Compare both searches for ``c`` against each hostile; how many moves were found."""
    found = 0
    for target in hostiles(fight, c):
        metres = distance_m(c, target)
        forward = nearest_forward_move(fight, c, target, metres)
        assert forward == full_scan_forward(fight, c, target, metres)
        found += forward is not None
        for npc in (False, True):
            around = step_around(fight, c, target, npc=npc)
            assert around == full_scan_around(fight, c, target, npc)
            found += around is not None
    return found


@pytest.mark.parametrize("example", ["ambush.yaml", "stunt-firefight.yaml", "firefight.yaml"])
@pytest.mark.parametrize("seed", [1, 2])
def test_nearest_first_searches_pick_what_the_full_scans_pick(example: str, seed: int) -> None:
    loaded = load_scenario(str(EXAMPLES / example))
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    found = 0
    for _ in range(40):
        pending = session.pending()
        if pending is None:
            break
        fight = session.state
        assert isinstance(fight, Fight)
        found += compare_searches(fight, fight.fighter(pending.actor))
        session.step()
    assert found > 0  # the searches did find moves to compare
