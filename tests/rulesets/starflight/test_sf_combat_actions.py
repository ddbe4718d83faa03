"""The combat actions of chapter 9.2's 'Attack Action Rules' half of 'Character-Scale
Actions': Charge, Push Attack, Trip, Trample, each with its refusals, with rolls named by
purpose (``PurposeRoller``)."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine import IllegalAction, Session
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.actions import (
    Attack,
    Charge,
    DropProne,
    Move,
    PushAttack,
    Standby,
    Strike,
    Trample,
    Trip,
)
from fracas.rulesets.starflight.events import (
    AttackRolled,
    Charged,
    DamageTaken,
    Displaced,
    ItemDropped,
    Moved,
    Opposed,
)
from fracas.rulesets.starflight.state import Fight, Fighter
from fracas.scenario import parse_scenario

from .helpers import fighter, scenario_data
from .purpose_roller import PurposeRoller

FIRST = {"a initiative": [10], "t initiative": [1], "u initiative": [1]}


def begin(
    fighters: list[dict[str, Any]], rolls: dict[str, list[int]] | None = None, **top: Any
) -> tuple[Session, PurposeRoller]:
    """A melee-scale fight with 'a' acting first and rolls named by purpose."""
    top.setdefault("scale", "melee")
    # equal order scores keep scenario order: the roller's default would tie them forever
    top["options"] = {"initiative_ties": "scenario-order", **top.get("options", {})}
    roller = PurposeRoller({**FIRST, **(rolls or {})})
    loaded = parse_scenario(scenario_data(*fighters, **top))
    return Session.start(RULESET, loaded.scenario, roller), roller


def st(s: Session) -> Fight:
    state = s.state
    assert isinstance(state, Fight)
    return state


def who(s: Session, cid: str) -> Fighter:
    return st(s).fighter(cid)


def events(s: Session, cls: type[Any]) -> list[Any]:
    return [e for e in s.log if isinstance(e, cls)]


def a(**kw: Any) -> dict[str, Any]:
    return fighter("a", "red", **kw)


def t(**kw: Any) -> dict[str, Any]:
    return fighter("t", "blue", **{"position": [20, 0], "facing": 180, **kw})


KNIFE = [{"weapon": "knife", "class": 1}]


# --- Charge ---


def test_charge_runs_in_attacks_at_plus_10_and_moves_back_the_same_distance() -> None:
    s, _ = begin([a(), t()], {"a charge on t": [95], "t attack on a": [10]})
    s.act(Charge(actor="a", target="t"))
    moves = events(s, Moved)
    assert [(m.x, m.y) for m in moves] == [(19, 0), (0, 0)]
    assert moves[0].metres == moves[1].metres == 19
    charge = [e for e in events(s, AttackRolled) if e.attacker == "a"]
    assert len(charge) == 1 and ("charge", 10) in charge[0].roll_terms and charge[0].hits
    assert events(s, Charged)[0].round == 1
    opportunity = [e for e in events(s, AttackRolled) if e.attacker == "t"]
    assert len(opportunity) == 1 and opportunity[0].opportunity  # 'provokes an Opportunity Attack'
    assert st(s).current == "t"  # a full-round action


def test_a_charger_is_at_minus_10_hd_until_the_end_of_its_next_turn() -> None:
    s, _ = begin([a(), t(weapons=KNIFE)], {"a charge on t": [10], "t attack on a": [10]})
    s.act(Charge(actor="a", target="t"))
    s.act(Standby(actor="t"))
    s.act(Move(actor="t", toward="a"))  # t closes again; no attack roll needed
    assert st(s).round == 2 and st(s).current == "a"
    s.act(Standby(actor="a"))
    s.act(Standby(actor="a"))
    s.act(Attack(actor="t", strikes=[Strike(target="a", weapon=0)]))
    last = [e for e in events(s, AttackRolled) if e.attacker == "t"][-1]
    assert not any("charging" in n for n in last.notes)  # the two actions are over
    opportunity = next(e for e in events(s, AttackRolled) if e.attacker == "t")
    assert "charging -10" in opportunity.notes


@pytest.mark.parametrize(
    ("position", "initiative", "reason"),
    [
        ([4, 0], 5, "no room to run"),
        ([80, 0], 1, "cannot run the full distance"),
    ],
)
def test_a_charge_needs_room_to_run_and_the_legs_for_both_ways(
    position: list[int], initiative: int, reason: str
) -> None:
    s, _ = begin([a(initiative=initiative), t(position=position)])
    before = len(s.log)
    with pytest.raises(IllegalAction, match=reason):
        s.act(Charge(actor="a", target="t"))
    assert len(s.log) == before


def test_a_prone_combatant_cannot_charge() -> None:
    s, _ = begin([a(), t()])
    s.act(DropProne(actor="a"))
    with pytest.raises(IllegalAction, match="prone"):
        s.act(Charge(actor="a", target="t"))


def test_a_charge_with_a_ranged_weapon_drawn_is_refused() -> None:
    s, _ = begin([a(weapons=[{"weapon": "hand laser", "class": 1}]), t()])
    with pytest.raises(IllegalAction, match="not a melee weapon"):
        s.act(Charge(actor="a", target="t", weapon=0))
    with pytest.raises(IllegalAction, match="no bare-handed"):
        s.act(Charge(actor="a", target="t"))


# --- Trip ---


def test_a_charge_met_by_a_trip_slides_the_charger_on_hurts_and_dazes_it() -> None:
    rolls = {"t trip on a": [80], "t trip (Power vs Finesse) check": [60]}
    rolls |= {"a trip (Power vs Finesse) check": [40], "a slide (increments)": [2]}
    rolls |= {"a slide damage": [7]}
    s, _ = begin([a(weapons=KNIFE), t(charge_response="trip")], rolls)
    s.act(Charge(actor="a", target="t", weapon=0))
    slid = events(s, Displaced)
    assert len(slid) == 1 and slid[0].metres == 10 and (who(s, "a").x, who(s, "a").y) == (29, 0)
    hurt = [e for e in events(s, DamageTaken) if e.target == "a"]
    assert hurt and hurt[0].nonlethal == 7 and hurt[0].lethal == 0
    assert who(s, "a").prone and who(s, "a").dazed_until == 2
    assert who(s, "a").weapons[0].dropped  # 'dropping any one item'
    assert not [e for e in events(s, AttackRolled) if e.attacker == "a"]  # no charge attack
    opposed = events(s, Opposed)[0]
    assert ("pushing", 10) in opposed.a_terms


def test_on_a_frictionless_surface_the_slide_is_twice_as_long_but_hurts_the_same() -> None:
    rolls = {"t trip on a": [80], "t trip (Power vs Finesse) check": [60]}
    rolls |= {"a trip (Power vs Finesse) check": [40], "a slide (increments)": [2]}
    rolls |= {"a slide damage": [7]}
    s, _ = begin([a(), t(charge_response="trip")], rolls, surface="frictionless")
    s.act(Charge(actor="a", target="t"))
    assert events(s, Displaced)[0].metres == 20
    assert next(e for e in events(s, DamageTaken) if e.target == "a").nonlethal == 7


def test_a_trip_is_a_touch_attack_then_power_against_finesse() -> None:
    rolls = {"a trip on t": [60], "a trip (Power vs Finesse) check": [50]}
    rolls |= {"t trip (Power vs Finesse) check": [55]}
    s, _ = begin([a(), t(position=[3, 0], thd=40, weapons=KNIFE)], rolls)
    s.act(Trip(actor="a", target="t"))
    roll = next(e for e in events(s, AttackRolled) if e.attacker == "a")
    assert roll.effective_hd == 40 and roll.hits  # against THD
    assert who(s, "t").prone and who(s, "t").weapons[0].dropped  # 50 + 10 beats 55
    assert events(s, ItemDropped)[0].reason == "tripped by a"


def test_a_stable_target_gets_plus_20_against_a_trip() -> None:
    rolls = {"a trip on t": [60], "a trip (Power vs Finesse) check": [50]}
    rolls |= {"t trip (Power vs Finesse) check": [45]}
    s, _ = begin([a(), t(position=[3, 0], species="gnunk")], rolls)
    stable = sum(1 for k in who(s, "t").part_kinds.values() if k == "propulsive") >= 4
    s.act(Trip(actor="a", target="t"))
    assert who(s, "t").prone is not stable


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        ({"position": [3, 0], "size_class": 5}, "more than one Size Class larger"),
        ({"position": [8, 0]}, "Range Zero"),
    ],
)
def test_trip_refusals(target: dict[str, Any], reason: str) -> None:
    s, _ = begin([a(), t(**target)])
    with pytest.raises(IllegalAction, match=reason):
        s.act(Trip(actor="a", target="t"))


# --- Push Attack ---


def test_a_push_won_pushes_one_increment_knocks_down_and_disarms() -> None:
    rolls = {"a push (Power) check": [70], "t push (Power) check": [50], "attack on a": [5]}
    s, _ = begin([a(), t(weapons=KNIFE)], rolls)
    s.act(PushAttack(actor="a", target="t"))
    assert (who(s, "a").x, who(s, "t").x) == (19, 25)  # stops at Range Zero; t 5 m on
    assert who(s, "t").prone and who(s, "t").weapons[0].dropped
    hit = next(e for e in events(s, DamageTaken) if e.target == "t")
    assert hit.nonlethal == 30  # unarmed damage: the margin, 80 - 50


def test_a_push_lost_pushes_the_pusher() -> None:
    rolls = {"a push (Power) check": [30], "t push (Power) check": [60], "attack on a": [5]}
    s, _ = begin([a(), t()], rolls)
    s.act(PushAttack(actor="a", target="t"))
    assert who(s, "a").prone and not who(s, "t").prone and who(s, "a").x == 14


def test_a_push_draws_opportunity_attacks_from_every_applicable_opponent() -> None:
    u = fighter("u", "blue", position=[17, 4], facing=270)
    rolls = {"attack on a": [5]}
    s, _ = begin([a(), t(), u], rolls)
    s.act(PushAttack(actor="a", target="t"))
    strikers = {e.attacker for e in events(s, AttackRolled) if e.opportunity}
    assert strikers == {"t", "u"}


def test_a_push_against_a_much_larger_target_is_refused() -> None:
    s, _ = begin([a(), t(size_class=5)])
    with pytest.raises(IllegalAction, match="more than one Size Class larger"):
        s.act(PushAttack(actor="a", target="t"))


def test_a_larger_target_costs_the_pusher_20() -> None:
    s, _ = begin([a(), t(size_class=4)], {"attack on a": [5]})
    s.act(PushAttack(actor="a", target="t"))
    assert ("larger target", -20) in events(s, Opposed)[0].a_terms


# --- Trample ---


def beast(**kw: Any) -> dict[str, Any]:
    over = {"size_class": 5, "abilities": ["trample"], "attributes": {"power": 40}, **kw}
    return fighter("a", "red", **over)


def test_a_trample_deals_power_modifier_times_size_class() -> None:
    rolls = {"a trample (Power) check": [80], "t trample (Power) check": [20]}
    rolls |= {"t Reflex save (trample)": [10]}
    s, _ = begin([beast(), t()], rolls)
    s.act(Trample(actor="a", target="t"))
    hit = next(e for e in events(s, DamageTaken) if e.target == "t")
    assert hit.lethal + hit.nonlethal == 4 * 5  # Power modifier 4 x Size Class 5
    assert who(s, "t").prone
    assert not [e for e in events(s, AttackRolled) if e.opportunity]  # success: no OA


def test_a_failed_trample_does_half_and_a_reflex_save_halves_again_and_draws_attacks() -> None:
    rolls = {"a trample (Power) check": [10], "t trample (Power) check": [90]}
    rolls |= {"t Reflex save (trample)": [95], "attack on a": [5]}
    s, _ = begin([beast(), t()], rolls)
    s.act(Trample(actor="a", target="t"))
    hit = next(e for e in events(s, DamageTaken) if e.target == "t")
    assert hit.lethal + hit.nonlethal == 20 // 2 // 2
    assert any(e.opportunity and e.attacker == "t" for e in events(s, AttackRolled))


@pytest.mark.parametrize(
    ("attacker", "reason"),
    [
        ({"size_class": 3, "abilities": ["trample"]}, "at least one Size Class bigger"),
        ({"size_class": 5}, "no Trample ability"),
    ],
)
def test_trample_refusals(attacker: dict[str, Any], reason: str) -> None:
    s, _ = begin([fighter("a", "red", **attacker), t()])
    with pytest.raises(IllegalAction, match=reason):
        s.act(Trample(actor="a", target="t"))


def test_charges_are_runs_and_too_many_in_a_row_hurt() -> None:
    rolls = {"a charge on t": [10], "t attack on a": [5], "a running too long": [12]}
    s, _ = begin([a(durability=5), t()], rolls)
    for _ in range(3):
        s.act(Charge(actor="a", target="t"))
        s.act(Standby(actor="t"))
        s.act(Standby(actor="t"))
    runs = [e for e in s.log if type(e).__name__ == "Ran"]
    assert [r.streak for r in runs] == [1, 2, 3] and runs[0].limit == 2
    hurt = [e for e in events(s, DamageTaken) if e.target == "a"]
    assert [h.nonlethal for h in hurt] == [12]  # only the third: 'runs for a longer period'
