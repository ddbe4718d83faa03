"""The decision cache (``decision.deciding``): what the tactics derive once per decision
(line of sight, hostiles, a strike's odds) changes no choice, and no rule resolving an
action ever sees it (the fight holds it only while the tactics choose)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.starflight.decision import deciding
from fracas.rulesets.starflight.line_of_sight import Sight, line_of_sight
from fracas.rulesets.starflight.range import hostiles
from fracas.rulesets.starflight.state import Fight, Fighter
from fracas.rulesets.starflight.tactics import TACTICS
from fracas.scenario import load_scenario

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "starflight").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_decision_is_the_same_with_and_without_the_cache(path: Path) -> None:
    loaded = load_scenario(str(path))
    decisions = 0
    for seed in (1, 2):
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        while (pending := session.pending()) is not None:
            fight = session.state
            assert isinstance(fight, Fight)
            c = fight.fighter(pending.actor or "")
            tactic = TACTICS[c.tactics]
            uncached = tactic(fight, c)
            assert fight.memo is None
            assert deciding(fight, c, tactic) == uncached
            assert fight.memo is None  # taken away once the decision is made
            session.step()
            decisions += 1
    assert decisions > 0


def test_the_cache_is_taken_away_when_a_tactic_raises() -> None:
    loaded = load_scenario(str(EXAMPLES[0]))
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(1))
    fight = session.state
    assert isinstance(fight, Fight)

    def broken(fight: Fight, c: Fighter) -> None:
        raise RuntimeError("tactic failed")

    with pytest.raises(RuntimeError):
        deciding(fight, fight.fighters()[0], broken)
    assert fight.memo is None


def same_from_cache(
    fight: Fight,
    c: Fighter,
    *,
    pairs: list[tuple[Fighter, Fighter]],
    plain: list[Sight],
    foes: list[list[Fighter]],
) -> None:
    """Inside a decision: line of sight and hostiles as worked out without the cache, the
    first time and the second (from the cache)."""
    assert fight.memo is not None
    for _ in range(2):
        sights = [line_of_sight(fight, a, b, any_facing=f) for a, b in pairs for f in (False, True)]
        assert sights == plain
        assert [hostiles(fight, a) for a in fight.fighters()] == foes


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_cached_sight_and_hostiles_are_what_the_rules_work_out(path: Path) -> None:
    loaded = load_scenario(str(path))
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(3))
    for _ in range(30):
        if session.pending() is None:
            break
        fight = session.state
        assert isinstance(fight, Fight)
        pairs = [(a, b) for a in fight.fighters() for b in fight.fighters() if a is not b]
        plain = [line_of_sight(fight, a, b, any_facing=f) for a, b in pairs for f in (False, True)]
        foes = [hostiles(fight, a) for a in fight.fighters()]

        check = partial(same_from_cache, pairs=pairs, plain=plain, foes=foes)
        deciding(fight, fight.fighters()[0], check)
        session.step()
