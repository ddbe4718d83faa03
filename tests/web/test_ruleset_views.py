"""Every ruleset's tracker hooks: cards (public part and private part) and GM overrides, which
are logged as actions, undo like actions, and re-run by ``verify_log``."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import IllegalAction, Session
from fracas.engine.overrides import (
    GmAddCondition,
    GmAdjustHp,
    GmEndFight,
    GmRemoveCombatant,
    GmRemoveCondition,
)
from fracas.engine.replay import verify_log
from fracas.engine.view import DOWN, UNHURT, WOUND_LEVELS
from fracas.scenario import load_scenario

EXAMPLES = sorted((Path(__file__).parents[2] / "examples").glob("*/*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_combatant_has_a_card_with_a_wound_level_at_every_step(path: Path) -> None:
    loaded = load_scenario(path)
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(3))
    for _ in range(60):
        for cid in session.state.combatants:
            card = loaded.ruleset.card(session.state, cid)
            assert card.wound in WOUND_LEVELS
            assert card.bars, "the GM sees the pools"
        if session.pending() is None:
            break
        session.step()
    assert set(loaded.ruleset.turn_order(session.state)) <= set(session.state.combatants)


@pytest.mark.parametrize(
    ("path", "condition"),
    [
        ("examples/percentile/joanne-vs-ondkille.yaml", "first aid given"),
        ("examples/exp/bar-brawl.yaml", "conceded"),
        ("examples/starflight/melee.yaml", "prone"),
    ],
)
def test_a_gm_override_changes_the_card_undoes_and_replays(path: str, condition: str) -> None:
    loaded = load_scenario(Path(__file__).parents[2] / path)
    ruleset = loaded.ruleset
    session = Session.start(ruleset, loaded.scenario, SeededRoller(1))
    victim = next(iter(session.state.combatants))
    before = ruleset.card(session.state, victim)
    assert before.wound == UNHURT
    full = before.bars[0].maximum
    session.act(GmAdjustHp(target=victim, amount=-(full // 2 + 1)))
    hurt = ruleset.card(session.state, victim)
    assert hurt.bars[0].value == full - (full // 2 + 1)
    assert hurt.wound in ("badly wounded", DOWN)
    assert condition in ruleset.gm_conditions()
    session.act(GmAddCondition(target=victim, condition=condition))
    assert condition in ruleset.card(session.state, victim).conditions or session.state.over
    if session.state.over:
        session.undo()
        session.act(GmAdjustHp(target=victim, amount=1))
    else:
        session.act(GmRemoveCondition(target=victim, condition=condition))
    verify_log(ruleset, session.log)
    session.undo()
    session.undo()
    session.undo()
    assert ruleset.card(session.state, victim) == before
    with pytest.raises(IllegalAction):
        session.act(GmAddCondition(target=victim, condition="on fire"))
    session.act(GmEndFight(winner=None, reason="the GM ended the fight"))
    assert session.state.over and session.pending() is None
    verify_log(ruleset, session.log)


def test_a_heal_past_zero_brings_a_percentile_fighter_back() -> None:
    loaded = load_scenario(Path(__file__).parents[2] / "examples/percentile/scout-and-medic.yaml")
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(2))
    victim = next(iter(session.state.combatants))
    hp = loaded.ruleset.card(session.state, victim).bars[0].value
    session.act(GmAdjustHp(target=victim, amount=-hp))
    assert loaded.ruleset.card(session.state, victim).wound == DOWN
    if not session.state.over:
        session.act(GmAdjustHp(target=victim, amount=hp))
        assert loaded.ruleset.card(session.state, victim).wound == UNHURT


@pytest.mark.parametrize(
    "path",
    [
        "examples/percentile/scout-and-medic.yaml",
        "examples/percentile/spaceport-firefight.yaml",
        "examples/exp/bar-brawl.yaml",
        "examples/starflight/firefight.yaml",
    ],
)
def test_a_combatant_the_gm_removes_never_acts_again_until_undone(path: str) -> None:
    loaded = load_scenario(Path(__file__).parents[2] / path)
    ruleset = loaded.ruleset
    session = Session.start(ruleset, loaded.scenario, SeededRoller(5))
    assert GmRemoveCombatant in ruleset.override_types()
    pending = session.pending()
    assert pending is not None
    leaver = next(cid for cid in ruleset.turn_order(session.state) if cid != pending.actor)
    session.act(GmRemoveCombatant(target=leaver))
    assert ruleset.card(session.state, leaver).wound == DOWN
    with pytest.raises(IllegalAction):
        session.act(GmRemoveCombatant(target=leaver))
    log = list(session.log)
    for _ in range(300):
        pending = session.pending()
        if pending is None:
            break
        assert pending.actor != leaver
        session.step()
    verify_log(ruleset, session.log)
    while len(session.log) > len(log) - 2:
        session.undo()
    assert ruleset.card(session.state, leaver).wound != DOWN
