"""simulate: the same counts as a plain loop of Session.run() over the same seeds, the same
figures for any number of jobs, and rates that agree with an exactly known probability."""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.scenario import load_scenario
from fracas.sim import FightFailed, SimResult, chunk_seeds, simulate
from fracas.sim.figures import rate
from fracas.sim.intervals import wilson
from fracas.sim.variant import CHUNK, chunk_counts
from tests.sim.conftest import DUEL, ROOT

ONE_PER_RULESET = [
    DUEL,
    ROOT / "examples" / "exp" / "bar-brawl.yaml",
    ROOT / "examples" / "starflight" / "melee.yaml",
]


def plain_loop(path: Path, n: int, seed: int) -> dict[str, object]:
    """The figures counted by hand: Session.run() for each seed, nothing else."""
    loaded = load_scenario(path)
    ruleset = loaded.ruleset
    wins: dict[str | None, int] = {}
    rounds: list[int] = []
    outcomes: dict[tuple[str, str], int] = {}
    taken: dict[str, int] = {}
    for chunk, count in enumerate(chunk_counts(n)):
        for s in chunk_seeds(seed, chunk, count):
            session = Session.start(ruleset, loaded.scenario, SeededRoller(s))
            state = session.run()
            wins[state.winner] = wins.get(state.winner, 0) + 1
            rounds.append(state.round)
            for cid in state.combatants:
                key = (cid, ruleset.outcome(state, cid))
                outcomes[key] = outcomes.get(key, 0) + 1
            for _, target, amount in ruleset.damage(session.log, state):
                taken[target] = taken.get(target, 0) + amount
    rounds.sort()

    def quantile(q: float) -> int:
        return rounds[math.ceil(q * len(rounds)) - 1]  # the inverted empirical distribution

    return {
        "wins": wins,
        "rounds": (sum(rounds) / n, quantile(0.5), quantile(0.05), quantile(0.95), max(rounds)),
        "outcomes": outcomes,
        "taken": taken,
    }


def counted(result: SimResult) -> dict[str, object]:
    wins: dict[str | None, int] = {s.side: s.win.count for s in result.sides if s.win.count}
    if result.draw.count:
        wins[None] = result.draw.count
    r = result.rounds
    assert sum(b.count for b in r.histogram) == result.n
    rounds = (r.mean, r.median, r.p5, r.p95, r.max)
    outcomes = {(c.id, o.outcome): o.rate.count for c in result.combatants for o in c.outcomes}
    taken = {c.id: round(c.taken.mean * result.n) for c in result.combatants if c.taken.mean}
    return {"wins": wins, "rounds": rounds, "outcomes": outcomes, "taken": taken}


@pytest.mark.parametrize("path", ONE_PER_RULESET, ids=lambda p: p.stem)
def test_figures_are_the_counts_of_a_plain_session_loop_over_the_same_seeds(path: Path) -> None:
    n = CHUNK + 40  # two chunks, the second partial
    result = simulate(path, n=n, seed=11, engine="event")
    expected = plain_loop(path, n, 11)
    assert counted(result) == expected
    assert result.n == n


@pytest.mark.usefixtures("always_pool")
def test_one_job_and_four_jobs_give_the_same_figures() -> None:
    one = simulate(DUEL, n=3 * CHUNK + 7, seed=5, jobs=1, engine="event")
    four = simulate(DUEL, n=3 * CHUNK + 7, seed=5, jobs=4, engine="event")
    assert one.figures() == four.figures()
    assert four.engine == "event"


@pytest.mark.usefixtures("always_pool")
def test_a_precision_stops_after_the_same_chunk_whatever_the_jobs() -> None:
    one = simulate(DUEL, n=20 * CHUNK, seed=2, jobs=1, precision=0.05, engine="event")
    two = simulate(DUEL, n=20 * CHUNK, seed=2, jobs=2, precision=0.05, engine="event")
    assert one.figures() == two.figures()
    assert one.n < 20 * CHUNK and one.n % CHUNK == 0
    assert all(r.width < 0.05 for r in one.rates())
    shorter = simulate(DUEL, n=one.n - CHUNK, seed=2, engine="event")
    assert max(r.width for r in shorter.rates()) >= 0.05  # it did not stop too late


def test_a_shorter_run_is_the_start_of_a_longer_one() -> None:
    """Chunk seeds do not depend on -n: the first 500 fights of a 1,000-fight run are the
    500-fight run, fight for fight."""
    short = simulate(DUEL, n=CHUNK, seed=9, engine="event")
    long = simulate(DUEL, n=2 * CHUNK, seed=9, engine="event")
    assert chunk_seeds(9, 0) == chunk_seeds(9, 0, CHUNK) and len(set(chunk_seeds(9, 1))) == CHUNK
    wins_second = sum(
        Session.start(*_loaded(DUEL), SeededRoller(s)).run().winner == "Joanne"
        for s in chunk_seeds(9, 1)
    )
    assert long.sides[0].win.count == short.sides[0].win.count + wins_second


def _loaded(path: Path) -> tuple[object, object]:
    loaded = load_scenario(path)
    return loaded.ruleset, loaded.scenario


def test_the_result_round_trips_through_json() -> None:
    result = simulate(DUEL, n=50, seed=1, engine="event")
    again = SimResult.from_json(result.to_json())
    assert again == result
    assert again.scenario_hash == result.scenario_hash and len(result.scenario_hash) == 64
    assert result.options["max_rounds"] == 100


@cache
def toy_win(a: int, b: int) -> float:
    """Exact chance that the fighter about to strike (``a`` hp left) wins the toy duel against
    one with ``b`` hp: each blow is a d6, strikes alternate, 0 hp or less is down."""
    return sum((1.0 if b - d <= 0 else 1.0 - toy_win(b - d, a)) for d in range(1, 7)) / 6


def test_the_win_rate_agrees_with_the_exact_chance_within_its_interval(toy_file: Path) -> None:
    result = simulate(toy_file, n=4000, seed=3)
    exact = toy_win(10, 10)
    ann = result.sides[0]
    low, high = wilson(ann.win.count, ann.win.n, z=3.2905)  # a 99.9% interval
    assert low <= exact <= high
    assert ann.win.count + result.sides[1].win.count == result.n


def test_damage_taken_agrees_with_what_the_toy_fight_deals(toy_file: Path) -> None:
    """The toy ruleset reports no damage hooks (the base class finds none): damage is 0 and
    the outcome is the base class's won/lost."""
    result = simulate(toy_file, n=100, seed=1)
    ann = result.combatants[0]
    assert ann.taken.mean == 0
    assert {o.outcome for o in ann.outcomes} <= {"won", "lost"}
    won = next(o.rate.count for o in ann.outcomes if o.outcome == "won")
    assert won == result.sides[0].win.count


def test_a_failing_fight_stops_the_sim_with_its_seed_and_reproduces(faulty_file: Path) -> None:
    with pytest.raises(FightFailed) as caught:
        simulate(faulty_file, n=200, seed=4)
    exc = caught.value
    assert str(exc.seed) in str(exc) and "a bug in the rules" in str(exc)
    assert f"fracas fight {faulty_file} --seed {exc.seed}" in str(exc)
    loaded = load_scenario(faulty_file)
    with pytest.raises(RuntimeError, match="a bug in the rules"):
        Session.start(loaded.ruleset, loaded.scenario, SeededRoller(exc.seed)).run()


def test_rates_sum_to_one_for_each_side() -> None:
    result = simulate(DUEL, n=300, seed=8, engine="event")
    for s in result.sides:
        assert s.win.count + s.loss.count + s.draw.count == result.n
    for c in result.combatants:
        assert sum(o.rate.count for o in c.outcomes) == result.n
    assert rate(0, 10).low == 0.0
