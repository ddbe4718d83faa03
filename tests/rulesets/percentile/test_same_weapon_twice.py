"""A combatant with two weapons of one kind: two Glocks, or a carried plasma rifle beside a
battle-suit's built-in one (Chapter 5, "Powered armour": "they all have a plasma rifle
built-in"). A declaration names the weapon to take in hand by its key, so each weapon a
combatant has gets its own key: the first of a kind keeps the table's, a second is
"glock 17 (2)", the suit's rifle "plasma rifle (built-in)" (found by random scenarios:
the tactics chose the full second weapon and the declaration took the empty first one in
hand, which the rules refused mid-fight: "F2's Plasma rifle is empty: reload or
speed-reload").
"""

from __future__ import annotations

from typing import Any

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.percentile import RULESET
from fracas.rulesets.percentile.actions import Declare
from fracas.scenario import parse_scenario

from .helpers import duel

TWO_GLOCKS: dict[str, Any] = {
    "weapons": ["glock 17", "glock 17"],
    "skills": {"pistols": 50},
    "hp": 60,
    "fatigue": 60,
}
RIFLE_IN_A_SUIT: dict[str, Any] = {
    "weapons": ["plasma rifle"],
    "armour": "command armour",
    "skills": {"beam rifles": 50},
    "hp": 60,
    "fatigue": 60,
}
TOUGH = {"hp": 80, "fatigue": 80, "armour": "plate mail", "skills": {"dagger": 30}}


@pytest.mark.parametrize("attacker", [TWO_GLOCKS, RIFLE_IN_A_SUIT], ids=["glocks", "suit"])
def test_the_tactics_take_the_loaded_one_of_two_like_weapons(attacker: dict[str, Any]) -> None:
    """A's first weapon runs dry after a few attacks (ammo_per_attack: rate); the tactics
    then take the other in hand, and the fight goes on by the rules."""
    data = duel(attacker=attacker, defender=TOUGH, ammo_per_attack="rate", max_rounds=30)
    loaded = parse_scenario(data, "<test>")
    for seed in range(1, 11):
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        session.run()


def test_each_weapon_of_a_combatant_has_its_own_key_and_name() -> None:
    data = duel(attacker={**RIFLE_IN_A_SUIT, "weapons": ["plasma rifle", "dagger", "dagger"]})
    loaded = parse_scenario(data, "<test>")
    arms = loaded.ruleset.profiles(loaded.scenario)[0].arms
    assert [(a.key, a.name) for a in arms] == [
        ("plasma rifle", "Plasma rifle"),
        ("dagger", "Dagger"),
        ("dagger (2)", "Dagger (2)"),
        ("plasma rifle (built-in)", "Plasma rifle (built-in)"),
        ("body parts", "Body parts"),
    ]


def test_a_listed_choice_takes_the_weapon_it_names_in_hand() -> None:
    data = duel(attacker=TWO_GLOCKS, defender=TOUGH)
    loaded = parse_scenario(data, "<test>")
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(1))
    pending = session.pending()
    while pending is not None and pending.actor != "A":
        session.act(RULESET.choose(session.state, pending))
        pending = session.pending()
    assert pending is not None
    switches = [
        c.action
        for c in RULESET.legal_actions(session.state, pending)
        if isinstance(c.action, Declare) and c.action.weapon is not None
    ]
    assert {a.weapon for a in switches} == {"glock 17 (2)", "body parts"}
    session.act(next(a for a in switches if a.weapon == "glock 17 (2)"))
    assert session.state.combatants["A"].wielded == 1
