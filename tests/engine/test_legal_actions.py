"""``Ruleset.legal_actions`` for every ruleset that implements it, over seeded fights of every
example: each listed action resolves without ``IllegalAction`` (tried on the session, then
undone), and the action the tactics choose is always one of them. A ruleset that does not
list its actions yet is skipped; one that does joins by having examples."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.scenario import load_scenario

EXAMPLES = sorted((Path(__file__).parents[2] / "examples").glob("*/*.yaml"))
SEEDS = (1, 2, 3)
MAX_DECISIONS = 400  # per fight: enough for the examples to end


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_listed_action_resolves_and_the_tactics_choice_is_listed(path: Path) -> None:
    loaded = load_scenario(path)
    ruleset = loaded.ruleset
    decisions = 0
    for seed in SEEDS:
        session = Session.start(ruleset, loaded.scenario, SeededRoller(seed))
        for _ in range(MAX_DECISIONS):
            pending = session.pending()
            if pending is None:
                break
            try:
                choices = ruleset.legal_actions(session.state, pending)
            except NotImplementedError:
                pytest.skip(f"the {ruleset.name} ruleset does not list its legal actions yet")
            actions = [choice.action for choice in choices]
            assert choices, f"nothing listed for {pending.prompt!r}"
            assert all(choice.label and choice.kind for choice in choices)
            assert len({c.label for c in choices}) == len(choices), "labels must tell apart"
            assert len(set(map(repr, actions))) == len(actions), "an action listed twice"
            chosen = ruleset.choose(session.state, pending)
            assert chosen in actions, f"the tactics chose {chosen!r}, not listed"
            for action in actions:
                session.act(action)  # raises IllegalAction if it is not legal
                session.undo()
            session.act(chosen)
            decisions += 1
        assert session.state.over, f"seed {seed}: not over after {MAX_DECISIONS} decisions"
    assert decisions > 0
