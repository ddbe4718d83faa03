"""Percentile's ``legal_actions`` under the options that change what is legal or what the
tactics do (drawing takes the round, lost weapons, every-attack parries, no weapon left):
every listed action resolves, and the tactics' choice is listed (the generic test in
tests/engine/test_legal_actions.py runs the examples with their own options)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.scenario import load_scenario

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "percentile").glob("*.yaml"))
OVERRIDES = [
    ("draw_weapon=takes-round", "dropped_weapon=lost"),
    ("parry_against=every-attack", "no_weapon_left=unarmed", "recover_weapon=no-defence"),
    ("all_out_dodge=hard-attack", "fumble_parry=free", "no_weapon_left=flee"),
]


@pytest.mark.parametrize("overrides", OVERRIDES, ids=lambda o: ",".join(o))
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_listed_actions_resolve_and_include_the_tactics_choice(
    path: Path, overrides: tuple[str, ...]
) -> None:
    loaded = load_scenario(path, overrides)
    ruleset = loaded.ruleset
    for seed in (4, 5):
        session = Session.start(ruleset, loaded.scenario, SeededRoller(seed))
        while (pending := session.pending()) is not None:
            actions = [c.action for c in ruleset.legal_actions(session.state, pending)]
            chosen = ruleset.choose(session.state, pending)
            assert chosen in actions
            for action in actions:
                session.act(action)
                session.undo()
            session.act(chosen)
        assert session.state.over
