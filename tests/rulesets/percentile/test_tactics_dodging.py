"""The tactics dodge instead of parrying where a player would (Chapter 5, "Attacking and
defending": dodging "doesn't affect a normal attack or an all-out defence"): a fighter whose
dodge skill beats its skill with every close-combat weapon it has declares dodging in those
stances, never in an all-out attack (where it costs a Hard); a script is followed as written."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.percentile import RULESET
from fracas.rulesets.percentile.actions import Declare
from fracas.rulesets.percentile.events import DefenceRolled
from fracas.rulesets.percentile.tactics import dodges_rather_than_parries
from fracas.scenario import parse_scenario

from .helpers import duel, get


def declared(defender: dict[str, Any]) -> Declare:
    """D's declaration in round 1 (A declares first, by initiative or not)."""
    loaded = parse_scenario(duel(defender=defender), "<test>")
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(1))
    while (pending := session.pending()) is not None and pending.actor != "D":
        session.act(RULESET.choose(session.state, pending))
    assert pending is not None
    action = RULESET.choose(session.state, pending)
    assert isinstance(action, Declare)
    return action


GOOD_DODGER = {"skills": {"dagger": 20, "dodge": 80}}


@pytest.mark.parametrize("tactics", ["normal-attack", "all-out-defence", "defensive-below-half"])
def test_a_fighter_who_dodges_better_than_it_parries_declares_dodging(tactics: str) -> None:
    action = declared({**GOOD_DODGER, "tactics": tactics})
    assert action.dodge
    assert action.stance == ("all-out-defence" if tactics == "all-out-defence" else "normal-attack")


def test_a_fighter_who_parries_better_than_it_dodges_keeps_parrying() -> None:
    assert not declared({"skills": {"dagger": 50, "dodge": 30}, "tactics": "normal-attack"}).dodge
    # equal skills: no reason to change what the stance implies
    assert not declared({"skills": {"dagger": 40, "dodge": 40}, "tactics": "normal-attack"}).dodge


def test_every_close_combat_skill_counts_body_parts_included() -> None:
    """A good brawler parries bare-handed better than it dodges: it does not dodge."""
    loaded = parse_scenario(
        duel(defender={"skills": {"dagger": 20, "dodge": 50, "unarmed": 60}}), "<test>"
    )
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(1))
    assert not dodges_rather_than_parries(get(session, "D").p)
    assert dodges_rather_than_parries(get(session, "A").p) is False  # no dodge skill at all


def test_an_all_out_attacker_never_declares_dodging() -> None:
    assert not declared({**GOOD_DODGER, "tactics": "all-out-attack"}).dodge


def test_a_script_is_followed_as_written_and_its_then_tactic_dodges() -> None:
    script = {**GOOD_DODGER, "tactics": "scripted", "script": ["normal-attack"]}
    assert not declared({**script, "then": "normal-attack"}).dodge
    loaded = parse_scenario(duel(defender={**script, "then": "normal-attack"}), "<test>")
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(3))
    session.run()
    kinds = [e.kind for e in session.log if isinstance(e, DefenceRolled) and e.who == "D"]
    assert "dodge" in kinds, kinds


def test_a_dodging_fighter_dodges_close_combat_attacks_in_the_fight() -> None:
    loaded = parse_scenario(duel(defender={**GOOD_DODGER, "tactics": "normal-attack"}), "<test>")
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(2))
    session.run()
    rolled = [e for e in session.log if isinstance(e, DefenceRolled) and e.who == "D"]
    assert rolled and all(e.kind in ("dodge", "none") for e in rolled)
    assert any(e.kind == "dodge" for e in rolled)
