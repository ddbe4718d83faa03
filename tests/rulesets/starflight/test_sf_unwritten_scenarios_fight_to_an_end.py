"""Scenarios written for the audit, not from the chapter's examples
(``scenarios/*.yaml``: cover and line of sight with a sniper, two blades and bursts, big
and small creatures with a trample, grapples, a gridless speed-based skirmish, a surprise
round with an acrobat and an Industrial Age medic; each with options away from their
defaults), fought at seeds 1-8: every fight ends inside its round limit, replays byte for
byte, and reads as players would play it (the detectors of
``tests/rulesets/test_tactics_play_like_players.py``: no ping-pong, no standing by next to
a foe with something to do, no three idle turns, no hurt cautious fighter that stays)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.rulesets.test_tactics_play_like_players import starflight_findings

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.engine.codec import encode_log
from fracas.scenario import load_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))
SEEDS = range(1, 9)


def play(path: Path, seed: int) -> Session:
    loaded = load_scenario(path)
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    session.run()
    return session


def test_there_are_six_scenarios() -> None:
    assert len(SCENARIOS) == 6


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_each_scenario_ends_and_replays_byte_for_byte(path: Path) -> None:
    for seed in SEEDS:
        first = play(path, seed)
        assert first.state.over, f"seed {seed} did not end"
        assert encode_log(play(path, seed).log) == encode_log(first.log)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_each_scenario_plays_like_players(path: Path) -> None:
    findings = {seed: starflight_findings(path, seed) for seed in SEEDS}
    assert {s: f for s, f in findings.items() if f} == {}
