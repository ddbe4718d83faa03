"""A combatant whose scenario lists body parts among its weapons chose to fight unarmed.

Chapter 5, "Attacking and defending": "With close-combat weapons (swords, knives, staves,
body parts and similar)". Option ``no_weapon_left`` says what the tactics do "once no weapon
is left to draw or pick up"; a fighter armed with body parts by the scenario has one, so it
fights with them, however poor, like a fighter with a foil at 1% (found by the scenario
tests/rulesets/percentile/scenarios/one-hp-pit-fight.yaml, where Maja surrendered in round 1
every time).
"""

from __future__ import annotations

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.percentile import RULESET
from fracas.rulesets.percentile.actions import Declare
from fracas.rulesets.percentile.events import Yielded
from fracas.scenario import parse_scenario

from .helpers import duel, start

#: A fights with body parts at 5% (D3 against boiled leather's ABS 2: 0.05 x 1/3 expected
#: damage per attack, below the 0.1 at which a fighter left without a weapon fights on)
POOR_BRAWLER = {"weapons": ["body parts"], "skills": {"unarmed": 5}}


@pytest.mark.parametrize("option", ["unarmed-else-yield", "surrender", "flee", "unarmed"])
def test_a_fighter_armed_with_body_parts_attacks_with_them(option: str) -> None:
    session, _ = start(duel(attacker=POOR_BRAWLER, no_weapon_left=option), [10, 1])
    pending = session.pending()
    while pending is not None and pending.actor != "A":
        session.act(RULESET.choose(session.state, pending))
        pending = session.pending()
    assert pending is not None
    action = RULESET.choose(session.state, pending)
    assert isinstance(action, Declare)
    assert (action.stance, action.target) == ("normal-attack", "D")


def test_a_fight_with_a_chosen_unarmed_fighter_is_fought_not_given_up() -> None:
    loaded = parse_scenario(duel(attacker=POOR_BRAWLER), "<test>")
    for seed in range(1, 21):
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        session.run()
        assert not [e for e in session.log if isinstance(e, Yielded) and e.who == "A"], seed


def test_the_duel_kernel_declares_the_same_for_a_chosen_unarmed_fighter() -> None:
    from fracas.rulesets.percentile.fast import tactics as pt
    from fracas.rulesets.percentile.fast.spec import NO_WEAPON, compile_duel

    loaded = parse_scenario(duel(attacker=POOR_BRAWLER), "<test>")
    spec = compile_duel(loaded.scenario, loaded.ruleset)
    assert int(spec.fi[0, NO_WEAPON]) == pt.NW_UNARMED
    assert int(spec.fi[1, NO_WEAPON]) == pt.NW_UNARMED_ELSE_YIELD
