"""bench/fight_speed.py still runs (a few fights; no time is asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("extra", [[], ["--scenario", "examples/exp/robot-brawl.yaml"]])
def test_the_fight_speed_bench_reports_fights_per_second(extra: list[str]) -> None:
    out = subprocess.run(
        [sys.executable, "bench/fight_speed.py", "--fights", "5", "--repeats", "1", *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines[1:4]] == ["stream", "seeded", "baseline"]
    assert all("fights/s" in line for line in lines[1:4])
    assert "x baseline" in lines[1]
    assert "plain_duel" in lines[3]
    if not extra:  # the duel itself: how often Joanne wins on each, to see they play alike
        assert lines[4].startswith("Joanne wins ") and "in the plain duel" in lines[4]
    else:
        assert len(lines) == 4


def test_the_plain_duel_plays_the_chapters_duel_as_the_event_engine_does() -> None:
    """The bench's baseline is the same fight. On the event engine (seeds 0-3,999) Joanne
    wins 99.05% of the duels, in 7.015 rounds (sd 3.78) on average. Bounds: 99.9% two-sided
    intervals (z = 3.29) for the difference of two samples of 4,000: rounds within
    3.29 x 3.78 x sqrt(2/4000) = 0.28 of 7.015; Joanne's rate at least 0.9905 - 3.29 x
    sqrt(2 x 0.99 x 0.01 / 4000) = 0.983 (the fumble table and disarms the plain duel
    leaves out only cost her fights, so no upper bound below 1)."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from fight_speed import plain_duel
    finally:
        sys.path.remove(str(ROOT / "bench"))
    rounds, wins = plain_duel(4000, seed=7)
    assert abs(rounds / 4000 - 7.015) <= 0.28
    assert wins / 4000 >= 0.983


@pytest.mark.parametrize(
    "example", ["examples/percentile/ondkille-dodges.yaml", "examples/exp/pile-on.yaml"]
)
def test_the_floor_builds_the_very_events_the_engine_logged(example: str) -> None:
    """``--floor`` times the events alone: its program, written from the engine's logs,
    builds equal events and leaves the state the engine's fights ended in."""
    from fracas.dice import SeededRoller
    from fracas.engine import Session
    from fracas.scenario import load_scenario

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from fight_speed import floor_program
    finally:
        sys.path.remove(str(ROOT / "bench"))
    loaded = load_scenario(str(ROOT / example))
    sessions = [Session.start(loaded.ruleset, loaded.scenario, SeededRoller(s)) for s in range(4)]
    ends = [session.run() for session in sessions]
    program, events = floor_program([session.log for session in sessions])
    built = program(loaded.ruleset.build, loaded.scenario)
    assert built == [session.log for session in sessions]
    assert events == sum(len(log) for log in built)
    for log, end in zip(built, ends, strict=True):
        state = loaded.ruleset.build(loaded.scenario)
        for event in log:
            event.apply(state)
        assert state == end


def test_the_floor_bench_prints_each_examples_engine_and_floor() -> None:
    args = ["--examples", "--floor", "--fights", "2", "--repeats", "1"]
    out = subprocess.run(
        [sys.executable, "bench/fight_speed.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = out.splitlines()
    assert lines[1].split() == ["example", "engine", "floor", "engine/floor"]
    rows = lines[2:]
    assert len(rows) == len(list((ROOT / "examples").glob("*/*.yaml")))
    assert all(row.endswith("x") and row.count(" us") == 2 for row in rows)


def test_the_startup_bench_prints_each_commands_ratio_to_python() -> None:
    out = subprocess.run(
        [sys.executable, "bench/startup.py", "--runs", "1", "--no-odds"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = out.splitlines()
    assert lines[0].startswith("python -c pass: ")
    assert [line.split(":")[0] for line in lines[1:]] == [
        "fracas roll 2D6",
        "fracas --help",
        "fracas fight (percentile example)",
        "fracas check (percentile example)",
        "fracas fight (exp example)",
        "fracas fight (starflight example)",
        "libraries alone (no fracas)",
        "pydantic alone, one model",
    ]
    assert all("x baseline" in line for line in lines[1:])
