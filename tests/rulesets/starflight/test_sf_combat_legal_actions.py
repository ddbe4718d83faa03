"""The combat actions in ``legal_actions`` (what ``--control`` offers): over seeded states of
the combat-action examples, every listed action resolves without ``IllegalAction``, labels are
unique, and whenever the tactics choose a combat action it is one of those listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import IllegalAction, Session
from fracas.rulesets.starflight.actions import REGISTRY
from fracas.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "starflight"
NAMES = ["tunnel-wyrm", "charge-and-trip", "disarm", "melee"]


@pytest.mark.parametrize("name", NAMES)
def test_listed_combat_actions_resolve_and_the_tactics_choice_is_listed(name: str) -> None:
    loaded = load_scenario(EXAMPLES / f"{name}.yaml")
    tried = chosen_listed = 0
    for seed in range(8):
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        for n in range(60):
            pending = session.pending()
            if pending is None:
                break
            choices = session.ruleset.legal_actions(session.state, pending)
            assert len({c.label for c in choices}) == len(choices), "labels are not unique"
            chosen = session.ruleset.choose(session.state, pending)
            if REGISTRY[type(chosen)].choices is not None:
                assert chosen in [c.action for c in choices], f"seed {seed}: {chosen!r}"
                chosen_listed += 1
            if n % 3 == 0:
                for choice in choices:
                    try:
                        session.act(choice.action)
                    except IllegalAction as exc:
                        pytest.fail(f"seed {seed}: {choice.label!r} refused: {exc}")
                    session.undo()
                    tried += 1
            session.act(chosen)
    assert tried > 0 and chosen_listed > 0
