"""``Ruleset.legal_actions``: over many seeded states of every example of a ruleset, every
listed action resolves without ``IllegalAction`` (``Session.act`` then ``undo``) and the
tactics' choice is always in the list. Each ruleset that lists its legal actions adds a row
to ``CASES``: the ruleset's name and the example files to draw states from."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import IllegalAction, Session
from fracas.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SEEDS = range(6)
DECISIONS = 40  # decisions walked per seed
EVERY = 3  # every third decision, each listed action is tried

CASES: list[tuple[str, list[Path]]] = [
    ("starflight", sorted((EXAMPLES / "starflight").glob("*.yaml"))),
]
PARAMS = [
    pytest.param(name, path, id=f"{name}-{path.stem}") for name, paths in CASES for path in paths
]


def states(path: Path, seed: int) -> Session:
    """A fresh session of the example under ``seed``."""
    loaded = load_scenario(path)
    return Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))


@pytest.mark.parametrize(("ruleset", "path"), PARAMS)
def test_every_listed_action_resolves_and_the_tactics_choice_is_listed(
    ruleset: str, path: Path
) -> None:
    tried = 0
    for seed in SEEDS:
        session = states(path, seed)
        assert session.ruleset.name == ruleset
        for n in range(DECISIONS):
            pending = session.pending()
            if pending is None:
                break
            choices = session.ruleset.legal_actions(session.state, pending)
            chosen = session.ruleset.choose(session.state, pending)
            actions = [c.action for c in choices]
            assert chosen in actions, f"seed {seed}: tactics chose {chosen!r}, not listed"
            assert all(c.label and c.kind for c in choices)
            assert len({c.label for c in choices}) == len(choices), "labels are not unique"
            if n % EVERY == 0:
                for choice in choices:
                    try:
                        session.act(choice.action)
                    except IllegalAction as exc:
                        pytest.fail(f"seed {seed}, {choice.label!r} refused: {exc}")
                    session.undo()
                    tried += 1
            session.act(chosen)
    assert tried > 0


@pytest.mark.parametrize(("ruleset", "path"), PARAMS)
def test_no_legal_actions_once_the_fight_is_over(ruleset: str, path: Path) -> None:
    session = states(path, 0)
    session.run()
    assert session.pending() is None
