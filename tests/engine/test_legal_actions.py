"""``Ruleset.legal_actions``: over many seeded states of every example, every listed action
resolves without ``IllegalAction`` (act, then undo), and the tactics' choice is always listed.

Generic over rulesets: each ruleset adds its (ruleset, example files) pair to ``CASES``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import IllegalAction, Session
from fracas.scenario import load_scenario

EXAMPLES = Path(__file__).parents[2] / "examples"

#: (ruleset, its example files)
CASES: list[tuple[str, list[Path]]] = [
    ("exp", sorted((EXAMPLES / "exp").glob("*.yaml"))),
    ("percentile", sorted((EXAMPLES / "percentile").glob("*.yaml"))),
    ("starflight", sorted((EXAMPLES / "starflight").glob("*.yaml"))),
]
FILES = [(ruleset, path) for ruleset, paths in CASES for path in paths]

SEEDS = range(4)
#: decisions per fight whose every listed action is tried (act, then undo)
TRIED = 40


@pytest.mark.parametrize(("ruleset", "path"), FILES, ids=lambda v: getattr(v, "stem", v))
def test_every_listed_action_resolves_and_the_tactics_choice_is_listed(
    ruleset: str, path: Path
) -> None:
    loaded = load_scenario(path)
    assert loaded.ruleset.name == ruleset
    for seed in SEEDS:
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        decisions = 0
        while (pending := session.pending()) is not None:
            choices = session.ruleset.legal_actions(session.state, pending)
            assert choices, f"{path.name} seed {seed}: nothing to do at {pending.prompt}"
            assert all(c.label and c.kind for c in choices)
            actions = [c.action for c in choices]
            assert len(set(map(repr, actions))) == len(actions), "an action is listed twice"
            chosen = session.ruleset.choose(session.state, pending)
            assert chosen in actions, f"{path.name} seed {seed}: tactics chose {chosen!r}"
            if decisions < TRIED:
                for choice in choices:
                    try:
                        session.act(choice.action)
                    except IllegalAction as exc:
                        pytest.fail(f"{path.name} seed {seed}: {choice.label!r} refused: {exc}")
                    session.undo()
            session.act(chosen)
            decisions += 1
        assert session.state.over


@pytest.mark.parametrize(("ruleset", "path"), FILES, ids=lambda v: getattr(v, "stem", v))
def test_any_listed_action_chosen_at_random_resolves(ruleset: str, path: Path) -> None:
    """A walk through states the tactics never reach: each step takes a random listed action
    (a fixed seed per fight); none is refused, and the fight still ends or stops at a bound."""
    loaded = load_scenario(path)
    for seed in SEEDS:
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        pick = random.Random(seed)
        for _ in range(300):
            pending = session.pending()
            if pending is None:
                break
            choices = session.ruleset.legal_actions(session.state, pending)
            assert choices, f"{path.name} seed {seed}: nothing to do at {pending.prompt}"
            choice = pick.choice(choices)
            try:
                session.act(choice.action)
            except IllegalAction as exc:
                pytest.fail(f"{path.name} seed {seed}: {choice.label!r} refused: {exc}")
