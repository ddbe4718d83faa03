"""The scenarios no hand-picked test wrote (``scenarios/``), fought on the event engine:
every fight ends with a side standing well inside ``max_units``, a side wins only when every
other side is out (three sides in ``three-way.yaml``), and nobody stands idle: a persona who
waits says why (a declined free attack, nothing left to fight with) or keeps a hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import EncounterEnded, Session
from fracas.rulesets.exp.events import Held
from fracas.scenario import load_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_fight_ends_with_one_side_standing_and_nobody_idle(path: Path) -> None:
    loaded = load_scenario(str(path))
    for seed in range(20):
        s = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        s.run()
        end = s.log[-1]
        assert isinstance(end, EncounterEnded) and end.winner is not None, (path.stem, seed)
        assert s.state.round < loaded.scenario.options.max_units
        standing = {p.side for p in s.state.combatants.values() if p.active}
        assert standing == {end.winner}
        for e in s.log:
            if isinstance(e, Held):
                assert e.what.startswith(("keeps hold", "declines")) or "(" in e.what, e.what
