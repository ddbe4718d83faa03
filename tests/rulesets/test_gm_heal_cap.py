"""A GM heal by hand (``GmAdjustHp``) stops at the maximum in every ruleset: past it, the
override is refused naming ``amount``, the maximum and the largest heal allowed, and the
log does not change."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import IllegalAction, Session
from fracas.engine.overrides import GmAdjustHp
from fracas.scenario import load_scenario

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize(
    ("path", "pool"),
    [
        ("examples/percentile/joanne-vs-ondkille.yaml", "hp"),
        ("examples/starflight/melee.yaml", "HP"),
        ("examples/exp/bar-brawl.yaml", "HPS"),
    ],
)
def test_a_gm_heal_past_the_maximum_is_refused_and_changes_nothing(path: str, pool: str) -> None:
    loaded = load_scenario(ROOT / path)
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(1))
    victim = next(iter(session.state.combatants))
    bar = loaded.ruleset.card(session.state, victim).bars[0]
    full = bar.maximum
    session.act(GmAdjustHp(target=victim, amount=-3))
    before = len(session.log)
    name = session.state.combatants[victim].name
    with pytest.raises(
        IllegalAction, match=rf"^amount: {name} has {full - 3} of {full} {pool}, .*\(at most \+3\)$"
    ):
        session.act(GmAdjustHp(target=victim, amount=500))
    assert len(session.log) == before
    assert loaded.ruleset.card(session.state, victim).bars[0].value == full - 3
    session.act(GmAdjustHp(target=victim, amount=3))
    assert loaded.ruleset.card(session.state, victim).bars[0].value == full
    with pytest.raises(IllegalAction, match=r"at most \+0"):
        session.act(GmAdjustHp(target=victim, amount=1))
