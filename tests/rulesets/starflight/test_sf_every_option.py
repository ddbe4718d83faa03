"""Every option changes what it says, checked with scripted rolls (the options the other test
files do not already cover)."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.starflight.actions import Attack, Strike
from fracas.rulesets.starflight.conditions import can_move, is_unconscious
from fracas.rulesets.starflight.damage import absorb
from fracas.rulesets.starflight.events import (
    AttackRolled,
    BlueOnBlue,
    Checked,
    DamageTaken,
    OrderRolled,
)
from fracas.rulesets.starflight.wounds import bleed_due, inflict_wounds

from .helpers import fight_of, fighter, of_type, shooter, start, target, who
from .test_sf_parts_and_locations import ctx_for

INIT = [10, 1]
PASS = [90, 90, 90]
SHOT = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])
FISTS = Attack(actor="a", strikes=[Strike(target="t")])


def opts(**values: Any) -> dict[str, Any]:
    return {"options": values}


@pytest.mark.parametrize(("minimum", "lethal"), [(99, 10), (95, 20)], ids=["99", "95"])
def test_critical_success_min(minimum: int, lethal: int) -> None:
    rolls = [*INIT, 96, 5, *([3] if lethal == 20 else []), *PASS]
    s = start([shooter(), target()], rolls, **opts(critical_success_min=minimum))
    s.act(SHOT)
    assert of_type(s, DamageTaken)[0].lethal == lethal


@pytest.mark.parametrize(("maximum", "critical"), [(0, None), (4, "failure")], ids=["0", "4"])
def test_critical_failure_max(maximum: int, critical: str | None) -> None:
    rolls = [*INIT, 3, *([5, 3, *PASS] if critical else [])]  # a fumble hits 'a' itself
    s = start([shooter(), target()], rolls, **opts(critical_failure_max=maximum))
    s.act(SHOT)
    assert of_type(s, AttackRolled)[0].critical == critical
    assert bool(of_type(s, BlueOnBlue)) is (critical is not None)


@pytest.mark.parametrize(("on", "modifier"), [(True, 28), (False, 25)])
def test_check_attribute_modifier(on: bool, modifier: int) -> None:
    a = fighter("a", "red", skills={"brawling": 25}, attributes={"power": 30})
    s = start([a, target(position=[3, 0])], [*INIT, 10], **opts(check_attribute_modifier=on))
    s.act(FISTS)
    assert of_type(s, AttackRolled)[0].modifier == modifier


@pytest.mark.parametrize(("on", "modifier"), [(False, 0), (True, -3)])
def test_wound_penalty_on_saves(on: bool, modifier: int) -> None:
    s = start([shooter(), target()], [*INIT, 80, 5, *PASS], **opts(wound_penalty_on_saves=on))
    who(s, "t").wounds["abdomen"] = 2
    s.act(SHOT)  # a third Wound, on the chest
    reflex = next(c for c in of_type(s, Checked) if c.what == "Reflex save (hit)")
    assert reflex.modifier == modifier


@pytest.mark.parametrize(("on", "modifier"), [(True, -2), (False, 0)])
def test_condition_penalties_on_attack(on: bool, modifier: int) -> None:
    s = start([shooter(), target()], [*INIT, 10], **opts(condition_penalties_on_attack=on))
    who(s, "a").wounds["chest"] = 2
    s.act(SHOT)
    assert of_type(s, AttackRolled)[0].modifier == modifier


@pytest.mark.parametrize(
    ("reading", "due"),
    [("every-tenth-round", [10, 20]), ("ten-rounds-after-wound", [13, 23])],
)
def test_wound_bleed(reading: str, due: list[int]) -> None:
    s = start([shooter(), target()], [*INIT], **opts(wound_bleed=reading))
    fight, t = fight_of(s), who(s, "t")
    t.wounds["chest"], t.first_wound_round = 1, 3
    rounds = []
    for n in range(1, 25):
        fight.round = n
        if bleed_due(fight, t):
            rounds.append(n)
    assert rounds == due


@pytest.mark.parametrize(("dc", "kept"), [(None, 10), (40, 40)])
def test_shaken_recovery_dc(dc: int | None, kept: int) -> None:
    s = start([shooter(), target()], [*INIT, 80, 5, 50, 5, 80], **opts(shaken_recovery_dc=dc))
    s.act(SHOT)  # Willpower 05 fails against the 10 damage
    assert who(s, "t").shaken and who(s, "t").shaken_dc == kept


def test_initiative_die_d100() -> None:
    s = start([shooter(), target()], [55, 20], **opts(initiative_die="d100"))
    order = of_type(s, OrderRolled)[0]
    assert (order.order, order.scores) == (["a", "t"], {"a": 60, "t": 25})


@pytest.mark.parametrize("phases", [1, 2])
def test_surprise_round_actions(phases: int) -> None:
    s = start([shooter(), target(surprised=True)], [*INIT], **opts(surprise_round_actions=phases))
    assert fight_of(s).surprise_round and fight_of(s).phases_left == phases


@pytest.mark.parametrize(("on", "nonlethal"), [(False, 38), (True, 41)])
def test_unarmed_adds_power(on: bool, nonlethal: int) -> None:
    a = fighter("a", "red", skills={"brawling": 25}, attributes={"power": 30})
    s = start([a, target(position=[3, 0])], [*INIT, 60, 5, *PASS], **opts(unarmed_adds_power=on))
    s.act(FISTS)  # 60 + 25 + 3 = 88 against 50: degree 38
    assert of_type(s, DamageTaken)[0].nonlethal == nonlethal


@pytest.mark.parametrize(("on", "lethal"), [(False, 6), (True, 8)])
def test_brawling_damage_bonus(on: bool, lethal: int) -> None:
    knife = [{"weapon": "knife", "class": 1}]
    a = fighter("a", "red", weapons=knife, skills={"brawling": 20})
    s = start(
        [a, target(position=[3, 0])], [*INIT, 80, 2, 5, *PASS], **opts(brawling_damage_bonus=on)
    )
    s.act(SHOT)  # knife 4 + 1d5 (2), + 2 for Brawling 20 by option
    assert of_type(s, DamageTaken)[0].lethal == lethal


@pytest.mark.parametrize(("reading", "victim"), [("initiative-value", "f1"), ("order-score", "f2")])
def test_blue_on_blue_by(reading: str, victim: str) -> None:
    f1 = fighter("f1", "red", initiative=3, position=[0, 10])
    f2 = fighter("f2", "red", initiative=7, position=[0, 11])
    # order scores: a 10 + 5 = 15, t 1 + 5 = 6, f1 1 + 3 = 4, f2 6 + 7 = 13
    rolls = [10, 1, 1, 6, 100, 5, 3, *PASS]
    s = start([shooter(), target(), f1, f2], rolls, **opts(blue_on_blue_by=reading))
    s.act(SHOT)
    assert of_type(s, BlueOnBlue)[0].victim == victim


@pytest.mark.parametrize(("any_leg", "moves"), [(True, False), (False, True)])
def test_immobile_if_any_propulsive_failed(any_leg: bool, moves: bool) -> None:
    s = start([shooter(), target()], [*INIT], **opts(immobile_if_any_propulsive_failed=any_leg))
    who(s, "a").failed.append("left_leg")
    assert can_move(who(s, "a"), fight_of(s)) is moves


@pytest.mark.parametrize(("armour_only", "reduced"), [(False, 20), (True, 0)])
def test_nonlethal_reduction(armour_only: bool, reduced: int) -> None:
    s = start([shooter(), target(shield={"name": "deflector", "hp": 30})], [*INIT])
    a = absorb(who(s, "t"), "chest", 0, 20, "beam", armour_only_nl=armour_only)
    assert (a.reduced, a.nonlethal) == (reduced, 20 - reduced)


@pytest.mark.parametrize(("on", "out"), [(True, True), (False, False)])
def test_cognitive_failure_unconscious(on: bool, out: bool) -> None:
    s = start([shooter(), target(durability=1)], [*INIT], **opts(cognitive_failure_unconscious=on))
    t = who(s, "t")
    inflict_wounds(ctx_for(s, []), t, "brain", 1, "test")
    assert "brain" in t.failed
    assert is_unconscious(t, fight_of(s).options) is out


@pytest.mark.parametrize(("reach", "allowed"), [(10, True), (5, False)])
def test_melee_reach_m(reach: int, allowed: bool) -> None:
    a = fighter("a", "red", skills={"brawling": 25})
    s = start([a, target(position=[8, 0])], [*INIT, 10], **opts(melee_reach_m=reach))
    if allowed:
        s.act(FISTS)
        assert of_type(s, AttackRolled)
    else:
        with pytest.raises(IllegalAction, match="out of reach"):
            s.act(FISTS)


@pytest.mark.parametrize(("radius", "blocked"), [(1, False), (3, True)])
def test_blocking_radius_m(radius: int, blocked: bool) -> None:
    u = fighter("u", "blue", position=[10, 2])
    s = start([shooter(), target(), u], [10, 1, 1, 10], **opts(blocking_radius_m=radius))
    if blocked:
        with pytest.raises(IllegalAction, match="u is in the way"):
            s.act(SHOT)
    else:
        s.act(SHOT)
        assert of_type(s, AttackRolled)[0].target == "t"


def test_withdrawal_in_melee_combat_is_beyond_75_m() -> None:
    from fracas.rulesets.starflight.actions import Move
    from fracas.rulesets.starflight.events import Withdrew

    s = start([shooter(initiative=4), target(position=[60, 0])], [*INIT], scale="melee")
    s.act(Move(actor="a", away_from="t", withdraw=True))  # 5 points: 25 m, to 85 m
    assert of_type(s, Withdrew)[0].metres == 85
