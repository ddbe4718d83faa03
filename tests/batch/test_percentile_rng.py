"""The percentile kernel's dice (``rng.face``/``roll``): integer multiply-shifts of numbers
mixed one ahead, counted from SplitMix64's state rather than one by one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from fracas.scenario import load_scenario
from fracas.sim import batch
from fracas.sim.batch.rng import _GOLDEN as GOLDEN
from fracas.sim.batch.rng import face, new_draws, prime, restart, roll, settle, uniform

DUEL = Path(__file__).parents[2] / "examples" / "percentile" / "joanne-vs-ondkille.yaml"


@pytest.mark.parametrize("sides", [100, 20, 6, 4, -4])
def test_a_face_is_the_float_readings_face_of_the_same_number(sides: int) -> None:
    """``face`` reads the top 32 bits of the number ``uniform`` reads as 53: the same face
    unless the product falls within 2^-32 of a boundary (none in these 2,000)."""
    ahead = new_draws(7)
    prime(ahead)
    plain = new_draws(7)
    for _ in range(2000):
        assert face(sides, ahead) == int(uniform(plain) * sides)
        # one number per die, the look-ahead's state one step further on
        assert int(ahead[1]) == (int(plain[1]) + int(GOLDEN)) % 2**64


def test_settle_counts_every_number_drawn_since_the_mark() -> None:
    draws = new_draws(3)
    prime(draws)
    for _ in range(37):
        roll(100, draws)
    settle(draws)
    assert draws[0] == 37
    restart(draws, np.uint64(12))
    for _ in range(5):
        roll(6, draws)
    settle(draws)
    assert draws[0] == 42


def test_a_runs_count_of_numbers_is_the_sum_of_its_fights() -> None:
    loaded = load_scenario(DUEL)
    seeds = [4, 5, 6, 2**64 + 1]
    whole = batch.run(loaded.ruleset, loaded.scenario, 0, 0, per_fight=seeds)
    parts = [batch.run(loaded.ruleset, loaded.scenario, 0, 0, per_fight=[s]) for s in seeds]
    assert whole.draws == sum(p.draws for p in parts) > 0
