"""Tactics: the named policies that choose each persona's action."""

from __future__ import annotations

import pytest

from fracas.rulesets.exp.actions import (
    Attack,
    BreakFree,
    Concede,
    Grapple,
    Reverse,
    Snatch,
    StartUnit,
    Trip,
    Wait,
)
from fracas.rulesets.exp.tactics import TacticSpec, parse_tactics

from .helpers import anthro, session, who


@pytest.mark.parametrize(
    ("value", "spec"),
    [
        ("brawl", TacticSpec("brawl")),
        ("grapple; concede-below 12", TacticSpec("grapple", 12)),
        (["trip", {"concede-below": 5}], TacticSpec("trip", 5)),
        ([{"concede-below": 5}], TacticSpec("brawl", 5)),
        ("concede-below: 9", TacticSpec("brawl", 9)),
    ],
)
def test_tactics_are_read_in_each_form(value: object, spec: TacticSpec) -> None:
    assert parse_tactics(value) == spec
    assert parse_tactics(spec.text()) == spec


def test_two_tactics_at_once_are_refused() -> None:
    with pytest.raises(ValueError, match="two tactics named: brawl and trip"):
        parse_tactics(["brawl", "trip"])


def choice(*combatants: dict, actor: str = "Ann"):  # type: ignore[no-untyped-def,type-arg]
    s = session([], *combatants)
    return s.ruleset.choose(s.state, s.pending())  # type: ignore[arg-type]


def test_brawl_strikes_non_lethally_with_the_best_allowed_weapon() -> None:
    ann = anthro(
        "Ann",
        "red",
        weapons=["fist", "chair", "dagger"],
        combat_table={
            "strike": {"skilled_bonus": 1, "raw_bonus": 1, "maximum_roll": 9},
            "pointy-fling": {"skilled_bonus": 1, "raw_bonus": 1, "maximum_roll": 9},
        },
    )
    assert choice(ann, anthro("Bob", "blue")) == Attack(actor="Ann", target="Bob", weapon="chair")


def test_brawl_hits_a_robot_lethally() -> None:
    action = choice(anthro("Ann", "red"), anthro("Robo", "blue", kind="robot"))
    assert action == Attack(actor="Ann", target="Robo", weapon="fist", lethal=True)


def test_lethal_tactic_attacks_lethally() -> None:
    action = choice(anthro("Ann", "red", tactics="lethal"), anthro("Bob", "blue"))
    assert action == Attack(actor="Ann", target="Bob", weapon="fist", lethal=True)


def test_grapple_snatch_and_trip_tactics_choose_their_move() -> None:
    bob = anthro("Bob", "blue", weapons=["chair"])
    assert choice(anthro("Ann", "red", tactics="grapple"), bob) == Grapple(
        actor="Ann", target="Bob"
    )
    assert choice(anthro("Ann", "red", tactics="snatch"), bob) == Snatch(
        actor="Ann", target="Bob", weapon="chair"
    )
    assert choice(anthro("Ann", "red", tactics="trip"), bob) == Trip(actor="Ann", target="Bob")


def test_trip_tactic_skips_a_treaded_robot() -> None:
    tank = anthro("Tank", "blue", kind="robot", treaded=True)
    action = choice(anthro("Ann", "red", tactics="trip"), tank)
    assert action == Attack(actor="Ann", target="Tank", weapon="fist", lethal=True)


def test_concede_below_concedes_when_hps_are_below_the_threshold() -> None:
    ann = anthro("Ann", "red", hps_now=9, tactics=["brawl", {"concede-below": 10}])
    assert choice(ann, anthro("Bob", "blue")) == Concede(actor="Ann")
    ann = anthro("Ann", "red", hps_now=10, tactics=["brawl", {"concede-below": 10}])
    assert isinstance(choice(ann, anthro("Bob", "blue")), Attack)


def test_a_held_persona_tries_to_get_loose() -> None:
    for tactic, expected in (("brawl", BreakFree), ("grapple", Reverse)):
        s = session([500, 15, 5], anthro("Ann", "red"), anthro("Bob", "blue", tactics=tactic))
        s.act(Grapple(actor="Ann", target="Bob"))
        assert isinstance(s.ruleset.choose(s.state, s.pending()), expected)  # type: ignore[arg-type]


def test_a_held_grappler_reverses_even_a_stronger_holder() -> None:
    # Not a slip: reversing beats breaking free for the grapple tactic by the exact odds even
    # against a stronger holder, who must then spend its action getting loose rather than
    # strike (docs/rulesets/exp.md, under the tactics table, gives the figures).
    weak = {"AWE": 10, "CHA": 10, "CON": 10, "DEX": 10, "INT": 10, "MSTR": 10, "PSTR": 8}
    s = session(
        [500, 15, 5],
        anthro("Ann", "red"),
        anthro("Bob", "blue", tactics="grapple", attributes=weak),
    )
    s.act(Grapple(actor="Ann", target="Bob"))
    assert who(s, "Bob").held_by is not None
    assert isinstance(s.ruleset.choose(s.state, s.pending()), Reverse)  # type: ignore[arg-type]


ROW = {"skilled_bonus": 100, "raw_bonus": 35, "maximum_roll": 790}


def test_best_weapon_counts_the_force_bonus_a_fist_at_1d6_plus_5_beats_a_bottle_at_1d6() -> None:
    table = {"strike": {**ROW, "force_bonus": 5}, "fling": {**ROW, "force_bonus": 0}}
    ann = anthro("Ann", "red", weapons=["bottle", "fist"], combat_table=table)
    assert choice(ann, anthro("Bob", "blue")) == Attack(actor="Ann", target="Bob", weapon="fist")


def test_best_weapon_counts_the_chance_to_hit() -> None:
    table = {"strike": {**ROW, "force_bonus": 0}, "fling": {**ROW, "raw_bonus": 400}}
    ann = anthro("Ann", "red", weapons=["fist", "bottle"], combat_table=table)
    bob = anthro("Bob", "blue", defence_rating=700)  # fist hits on 336+ of 1000, bottle 301+
    assert choice(ann, bob) == Attack(actor="Ann", target="Bob", weapon="bottle")


def thrower(**over: object) -> dict:  # type: ignore[type-arg]
    table = {"strike": {**ROW, "force_bonus": 0}, "fling": {**ROW, "force_bonus": 6}}
    return anthro("Ann", "red", weapons=["bottle", "fist"], combat_table=table, **over)


def test_a_thrown_bottle_is_used_up_and_the_thrower_goes_on_with_fists() -> None:
    s = session([100], thrower(), anthro("Bob", "blue", tactics="lethal"))
    assert s.step()  # Ann throws the bottle (and misses)
    assert [w.name for w in who(s, "Ann").weapons] == ["fist"]
    s.act(Wait(actor="Bob"))
    s.act(StartUnit(actor=None))
    assert choice_now(s) == Attack(actor="Ann", target="Bob", weapon="fist")


def test_a_thrown_bottle_is_fetched_back_by_option() -> None:
    s = session([100], thrower(), anthro("Bob", "blue"), thrown_weapons="fetched-back")
    s.step()
    assert [w.name for w in who(s, "Ann").weapons] == ["bottle", "fist"]


def choice_now(s):  # type: ignore[no-untyped-def]
    return s.ruleset.choose(s.state, s.pending())


def test_a_fling_only_thrower_whose_bottle_is_gone_calls_it_quits_saying_why() -> None:
    table = {"fling": {**ROW, "force_bonus": 0}}
    ann = anthro("Ann", "red", weapons=["bottle"], combat_table=table)
    s = session([100], ann, anthro("Bob", "blue"))
    assert s.step()  # Ann throws the bottle (and misses): fists left, but no Strike row
    s.act(Wait(actor="Bob"))
    s.act(StartUnit(actor=None))
    action = choice_now(s)
    assert isinstance(action, Concede) and "needs a strike row" in action.reason
    assert action in [c.action for c in s.ruleset.legal_actions(s.state, s.pending())]
    lines = [s.ruleset.describe(e, s.state) or "" for e in s.act(action)]
    assert who(s, "Ann").condition == "conceded"
    assert any("Ann calls it quits (nothing left to fight with" in line for line in lines)


def test_a_fling_only_robot_whose_bottle_is_gone_waits_saying_why() -> None:
    table = {"fling": {**ROW, "force_bonus": 0}}
    robo = anthro("Ann", "red", kind="robot", weapons=["bottle"], combat_table=table)
    s = session([100], robo, anthro("Bob", "blue"))
    assert s.step()
    s.act(Wait(actor="Bob"))
    s.act(StartUnit(actor=None))
    action = choice_now(s)
    assert isinstance(action, Wait) and "nothing left to fight with" in action.reason
    assert action in [c.action for c in s.ruleset.legal_actions(s.state, s.pending())]


def test_the_snatch_tactic_stops_snatching_once_it_holds_a_weapon() -> None:
    table = {"strike": dict(ROW), "shoot": {**ROW, "maximum_roll": 900}}
    kell = anthro("Kell", "red", tactics="snatch", combat_table=table)
    guard = anthro("Guard", "blue", weapons=["stun-baton", "pistol"], combat_table=table)
    s = session([500, 15, 5, 15, 5], kell, guard)
    assert isinstance(choice_now(s), Snatch)
    s.step()  # wrests the stun baton away
    s.act(Wait(actor="Guard"))
    s.act(StartUnit(actor=None))
    assert choice_now(s) == Attack(actor="Kell", target="Guard", weapon="stun-baton")


def test_the_trip_tactic_gives_up_on_a_target_that_keeps_dodging() -> None:
    lin = anthro("Lin", "red", tactics="trip")
    s = session([500, 1, 20, 500, 1, 20], lin, anthro("Sab", "blue"))
    for _ in range(2):
        assert choice_now(s) == Trip(actor="Lin", target="Sab")
        s.step()  # hit, then the Dexterity Challenge 1 vs 20: dodged
        s.act(Wait(actor="Sab"))
        s.act(StartUnit(actor=None))
    assert who(s, "Lin").failed_trips == {"Sab": 2}
    assert choice_now(s) == Attack(actor="Lin", target="Sab", weapon="fist")


def test_a_brawler_subdues_a_foe_of_its_size_before_hitting_a_huge_one_lethally() -> None:
    ogre = anthro("Ogre", "blue", size="huge")
    s = session([], anthro("Ann", "red"), ogre, anthro("Bob", "blue"))
    assert choice_now(s) == Attack(actor="Ann", target="Bob", weapon="fist")


def test_a_lethal_blow_on_a_foe_of_another_size_says_why_in_the_account() -> None:
    ogre = anthro("Ogre", "blue", size="huge")
    s = session([600, 3], anthro("Ann", "red"), ogre)
    action = choice_now(s)
    assert action == Attack(actor="Ann", target="Ogre", weapon="fist", lethal=True)
    events = s.act(action)
    lines = [s.ruleset.describe(e, s.state) for e in events]
    assert any(
        line and "lethally (fist; Ogre (huge) is too far from medium size to subdue)" in line
        for line in lines
    )


def test_the_trip_tactic_beats_a_target_it_has_tripped_instead_of_tripping_it_again() -> None:
    s = session([500, 20, 1, 20, 1], anthro("Lin", "red", tactics="trip"), anthro("Sab", "blue"))
    s.step()  # tripped: Sab spends her action getting up
    s.step()
    assert who(s, "Sab").down == 0 and who(s, "Lin").tripped == ["Sab"]
    s.act(StartUnit(actor=None))
    assert choice_now(s) == Attack(actor="Lin", target="Sab", weapon="fist")


def test_the_weapon_chosen_once_a_fight_follows_the_weapons_in_hand_and_the_hold() -> None:
    from fracas.rulesets.exp.tactics import best_weapon, chosen_weapon

    s = session([], thrower(), anthro("Bob", "blue"))
    state = s.state
    ann, bob = who(s, "Ann"), who(s, "Bob")

    def agrees() -> None:
        for lethal in (False, True):
            expected = best_weapon(ann, bob, lethal, state.options)
            assert chosen_weapon(state, ann, bob, lethal) == expected
            assert chosen_weapon(state, ann, bob, lethal) == expected  # from the memo

    agrees()
    assert chosen_weapon(state, ann, bob, False).name == "bottle"  # type: ignore[union-attr]
    ann.weapons.remove(ann.weapons[0])  # the bottle is gone
    agrees()
    assert chosen_weapon(state, ann, bob, False).name == "fist"  # type: ignore[union-attr]
    ann.holding = "Bob"  # a grappler may only use close-range weapons (``usable``)
    agrees()
