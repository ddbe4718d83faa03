"""The battle map's view of a Starflight field (``Ruleset.battlefield`` / ``lands_at``):
every move on offer lands where the map says it will."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.rulesets.starflight.helpers import fight_of, shooter, start, target

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.actions import Move
from fracas.scenario import load_scenario

ROOT = Path(__file__).parents[3]


@pytest.mark.parametrize("example", ["firefight.yaml", "melee.yaml", "stunt-firefight.yaml"])
def test_every_move_choice_on_a_grid_lands_where_the_map_says(example: str) -> None:
    loaded = load_scenario(ROOT / "examples/starflight" / example)
    scenario = loaded.scenario.model_copy(
        update={"options": loaded.scenario.options.model_copy(update={"grid": True})}
    )
    session = Session.start(RULESET, scenario, SeededRoller(5))
    pending = session.pending()
    assert pending is not None and pending.actor is not None
    moves = [
        c.action
        for c in RULESET.legal_actions(fight_of(session), pending)
        if isinstance(c.action, Move)
    ]
    assert moves
    for move in moves:
        where = RULESET.lands_at(fight_of(session), move)
        assert where is not None, move
        trial = Session.from_log(RULESET, session.log, SeededRoller(5))
        trial.act(move)
        c = fight_of(trial).fighter(pending.actor)
        assert (c.x, c.y) == where, move


def test_without_a_grid_a_move_lands_where_the_dice_say_so_the_map_places_none() -> None:
    loaded = load_scenario(ROOT / "examples/starflight/firefight.yaml", ["grid=false"])
    session = Session.start(RULESET, loaded.scenario, SeededRoller(5))
    pending = session.pending()
    assert pending is not None
    choices = RULESET.legal_actions(fight_of(session), pending)
    moves = [c.action for c in choices if isinstance(c.action, Move)]
    assert moves and all(RULESET.lands_at(fight_of(session), m) is None for m in moves)


def test_the_field_has_reach_facing_obstacles_and_the_last_attack() -> None:
    session = start(
        [shooter(), target(facing=180)],
        [10, 1, 20, 1, 1, 1, 1, 1, 1, 1],
        obstacles=[{"name": "crate", "start": [10, 2], "end": [10, 6], "kind": "low"}],
    )
    field = RULESET.battlefield(fight_of(session), session.log)
    assert field is not None and field.unit == "m"
    where = {t.id: (t.x, t.y, t.facing) for t in field.tokens}
    assert where == {"a": (0, 0, 0), "t": (20, 0, 180)}
    assert [(o.name, o.kind, o.cover) for o in field.obstacles] == [
        ("crate", "low", "low: shot over")
    ]
    assert field.last_attack is None
    assert all(t.reach > 0 for t in field.tokens)
