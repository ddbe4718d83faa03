"""Statistical: the oops rate over many seeded hits is 1% per HPS of damage."""

from __future__ import annotations

import math

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Context
from fracas.rulesets.exp import RULESET
from fracas.rulesets.exp.attack import nonlethal_hit
from fracas.rulesets.exp.events import OopsChecked
from fracas.rulesets.exp.state import Weapon, persona

from .helpers import anthro, scenario

Z_999 = 3.2905  # two-sided 99.9% normal quantile
HITS = 20_000


def wilson(successes: int, n: int, z: float = Z_999) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_wilson_interval_of_a_known_case() -> None:
    low, high = wilson(50, 100, z=1.96)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962


@pytest.mark.parametrize("damage", [5, 15, 40])
def test_the_oops_rate_is_one_percent_per_hps_of_damage(damage: int) -> None:
    """``HITS`` non-lethal hits of exactly ``damage`` by an unskilled attacker."""
    table = {"skilled_bonus": 0, "raw_bonus": 0, "maximum_roll": 1000, "force_bonus": damage - 1}
    sc = scenario(
        anthro("Ann", "red", combat_table={"strike": table}), anthro("Bob", "blue", hps=1000)
    )
    state = RULESET.build(sc)
    ann, bob = persona(state, "Ann"), persona(state, "Bob")
    weapon = Weapon("tap", "strike", "1d1")  # always 1, + Force Bonus = damage
    log: list[object] = []
    ctx = Context(state, SeededRoller(damage), sc.options, log)  # type: ignore[arg-type]
    oopses = 0
    for _ in range(HITS):
        bob.hps, bob.condition = 1000, "active"
        del log[:]
        nonlethal_hit(ctx, ann, bob, weapon)
        oopses += next(e for e in log if isinstance(e, OopsChecked)).oops
    low, high = wilson(oopses, HITS)
    assert low <= damage / 100 <= high, (oopses, HITS, low, high)
