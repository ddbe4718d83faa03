"""Every ruleset's tracker hooks: cards (public part and private part) and GM overrides, which
are logged as actions, undo like actions, and re-run by ``verify_log``."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import IllegalAction, Session
from fracas.engine.overrides import (
    GmAddCombatant,
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


def _actors_to_the_end(session: Session, limit: int) -> set[str]:
    """Step the fight to its end (at most ``limit`` steps); who was asked to act."""
    actors: set[str] = set()
    for _ in range(limit):
        pending = session.pending()
        if pending is None:
            break
        actors.add(pending.actor)
        session.step()
    return actors


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


def test_a_persona_the_gm_brings_in_acts_and_replays() -> None:
    path = Path(__file__).parents[2] / "examples/exp/bar-brawl.yaml"
    loaded = load_scenario(path)
    ruleset = loaded.ruleset
    spec = {
        "name": "Zed",
        "side": "dockers",
        "kind": "anthro",
        "attributes": {
            "AWE": 10,
            "CHA": 10,
            "CON": 12,
            "DEX": 11,
            "INT": 10,
            "MSTR": 10,
            "PSTR": 12,
        },
        "hps": 40,
        "combat_table": {
            "strike": {"skilled_bonus": 90, "raw_bonus": 35, "maximum_roll": 760, "force_bonus": 6}
        },
        "defence_rating": 420,
        "weapons": ["fist"],
        "tactics": "brawl",
    }
    session = Session.start(ruleset, loaded.scenario, SeededRoller(4))
    with pytest.raises(IllegalAction, match=r"spec\.hps: Input should be a valid integer"):
        session.act(GmAddCombatant(spec={**spec, "hps": "lots"}))
    with pytest.raises(IllegalAction, match="'Vera' is already in the fight"):
        session.act(GmAddCombatant(spec={**spec, "name": "Vera"}))
    session.act(GmAddCombatant(spec=spec))
    assert ruleset.card(session.state, "Zed").wound == UNHURT
    assert "Zed" in ruleset.turn_order(session.state)
    actors = _actors_to_the_end(session, 300)
    assert "Zed" in actors
    verify_log(ruleset, session.log)


def test_a_fighter_the_gm_brings_in_takes_turns_and_replays() -> None:
    path = Path(__file__).parents[2] / "examples/starflight/firefight.yaml"
    loaded = load_scenario(path)
    ruleset = loaded.ruleset
    spec = {
        "id": "zed",
        "side": "Thrynn",
        "species": "thrynn",
        "tactics": "all-out-attack",
        "attributes": {"power": 30, "finesse": 60, "physique": 40},
        "durability": 5,
        "hd": 52,
        "nhp": 80,
        "hp": 80,
        "initiative": 7,
        "weapons": [{"weapon": "laser rifle", "class": 3}],
        "position": [90, 30],
    }
    session = Session.start(ruleset, loaded.scenario, SeededRoller(4))
    with pytest.raises(IllegalAction, match=r"spec\.species: 'wookiee' is not one of"):
        session.act(GmAddCombatant(spec={**spec, "species": "wookiee"}))
    with pytest.raises(IllegalAction, match="'ikkit' is already in the fight"):
        session.act(GmAddCombatant(spec={**spec, "id": "ikkit"}))
    session.act(GmAddCombatant(spec=spec))
    assert ruleset.card(session.state, "zed").wound == UNHURT
    assert "zed" in ruleset.turn_order(session.state)
    actors = _actors_to_the_end(session, 500)
    assert "zed" in actors
    verify_log(ruleset, session.log)


def test_a_percentile_fighter_the_gm_brings_in_declares_and_replays() -> None:
    path = Path(__file__).parents[2] / "examples/percentile/joanne-vs-ondkille.yaml"
    loaded = load_scenario(path)
    ruleset = loaded.ruleset
    spec = {
        "name": "Brute",
        "side": "thugs",
        "STR": 8,
        "CON": 8,
        "AGL": 10,
        "PER": 13,
        "weapons": ["dagger"],
        "skills": {"dagger": 40},
        "tactics": "normal-attack",
    }
    session = Session.start(ruleset, loaded.scenario, SeededRoller(4))
    session.step()  # mid-round: one declaration made
    with pytest.raises(IllegalAction, match=r"spec\.STR: Input should be a valid integer"):
        session.act(GmAddCombatant(spec={**spec, "STR": "big"}))
    session.act(GmAddCombatant(spec=spec))
    assert ruleset.card(session.state, "Brute").wound == UNHURT
    actors = _actors_to_the_end(session, 500)
    assert "Brute" in actors
    verify_log(ruleset, session.log)
