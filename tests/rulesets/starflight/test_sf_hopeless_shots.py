"""Tactics play like people: a shot only a lucky natural can land is not taken while anything
better is open (``shot_odds``, ``tactics.pinned_down`` / ``cover_choice``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.starflight.actions import Attack, DropProne, Move, Standby, StandUp, Strike
from fracas.rulesets.starflight.checks import naturals_that_succeed, succeeds
from fracas.rulesets.starflight.events import AttackRolled
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.shot_odds import HOPELESS_NATURALS, naturals_that_hit
from fracas.rulesets.starflight.tactics import TACTICS
from fracas.scenario import load_scenario

from .helpers import fight_of, fighter, shooter, start, target, who

ALL_OUT = TACTICS["all-out-attack"]
EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "starflight"


def shaken_dazed_fatigued(**options: object) -> Session:
    """'a' (AB 0) 20 m from 't' (HD 50): Shaken -30, Dazed -5, fatigued -20 need a total
    over 50 from d% - 55, so only a natural 99 (a critical success) hits."""
    s = start([shooter(), target()], [10, 1], options=dict(options))
    a = who(s, "a")
    a.shaken, a.nhp, a.hp = True, 50, 50
    return s


def test_a_shot_needing_more_than_99_hits_only_on_a_natural_99() -> None:
    s = shaken_dazed_fatigued()
    strike = Strike(target="t", weapon=0)
    assert naturals_that_hit(fight_of(s), who(s, "a"), who(s, "t"), strike) == 1
    s2 = shaken_dazed_fatigued(natural_extremes_decide=False)
    assert naturals_that_hit(fight_of(s2), who(s2, "a"), who(s2, "t"), strike) == 0
    plain = start([shooter(), target()], [10, 1])  # d% over 50 (range falloff 0): 49 naturals
    assert naturals_that_hit(fight_of(plain), who(plain, "a"), who(plain, "t"), strike) == 49


def test_a_pinned_down_shooter_takes_cover_and_stays_down_instead_of_firing() -> None:
    s = shaken_dazed_fatigued()
    fight, a = fight_of(s), who(s, "a")
    assert ALL_OUT(fight, a) == DropProne(actor="a")
    a.prone = True
    assert isinstance(ALL_OUT(fight, a), Standby)  # not StandUp: standing changes nothing
    a.shaken = False  # the Willpower save shook it off: over 75 needed, 24 naturals
    assert ALL_OUT(fight, a) == StandUp(actor="a")
    a.prone = False
    assert ALL_OUT(fight, a) == Attack(actor="a", strikes=[Strike(target="t", weapon=0)])


def test_a_hopeless_shot_at_the_nearest_foe_gives_way_to_a_fair_one_at_another() -> None:
    near = target(hd=150)  # nothing but a natural 99 gets through HD 150
    far = fighter("u", "blue", position=[30, 10], facing=180)
    s = start([shooter(), near, far], [10, 1, 1])
    assert ALL_OUT(fight_of(s), who(s, "a")) == Attack(
        actor="a", strikes=[Strike(target="u", weapon=0)]
    )


@pytest.mark.parametrize("example", ["field-medic.yaml", "stunt-firefight.yaml"])
def test_the_examples_tactics_take_no_shot_only_a_lucky_natural_can_land(example: str) -> None:
    """Seed 35 of field-medic had Trooper Kade, Shaken, Dazed and fatigued, fire a shot that
    needed 106 on d%; stunt-firefight's guards fired at a stunting Kkra needing 98."""
    loaded = load_scenario(EXAMPLES / example)
    for seed in [*range(1, 11), 35]:
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        session.run()
        for e in session.log:
            if isinstance(e, AttackRolled) and not e.opportunity:
                naturals = 99 - (e.effective_hd - e.modifier)
                assert naturals >= HOPELESS_NATURALS - 1, (seed, e)


def test_a_shot_hopeless_only_for_the_range_is_walked_up_to_rather_than_taken_or_hidden_from() -> (
    None
):
    """Fatigued (-20) at 95 m with a slug pistol (falloff 2 per 5 m increment: +38 on HD 55)
    needs 114; from close up it needs 76, so the shooter closes in - not fire, not go prone."""
    pistol = [{"weapon": "slug pistol", "class": 1}]
    s = start([shooter(weapons=pistol), target(position=[95, 0], hd=55)], [10, 1], scale="melee")
    fight, a = fight_of(s), who(s, "a")
    a.hp = 50  # fatigued
    strike = Strike(target="t", weapon=0)
    assert naturals_that_hit(fight, a, who(s, "t"), strike) < HOPELESS_NATURALS
    assert naturals_that_hit(fight, a, who(s, "t"), strike, up_close=True) == 24
    assert isinstance(ALL_OUT(fight, a), Move)
    a.prone = True
    assert ALL_OUT(fight, a) == StandUp(actor="a")  # not pinned down: up, then on


@pytest.mark.parametrize("extremes", [True, False])
@pytest.mark.parametrize(("fail_max", "success_min"), [(0, 99), (4, 95), (49, 50)])
def test_the_count_of_naturals_that_succeed_is_the_rules_own_roll_natural_by_natural(
    extremes: bool, fail_max: int, success_min: int
) -> None:
    options = StarflightOptions(
        natural_extremes_decide=extremes,
        critical_failure_max=fail_max,
        critical_success_min=success_min,
    )
    for modifier in range(-130, 131, 7):
        for dc in range(-20, 160, 9):
            by_hand = sum(1 for n in range(100) if succeeds(n, n + modifier, dc, options))
            assert naturals_that_succeed(modifier, dc, options) == by_hand, (modifier, dc)
