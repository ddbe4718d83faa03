"""Flora, fauna and robots "do not understand surrender"; natural weapons cannot be snatched;
weapon dice always do some damage."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.exp.actions import Attack, Concede, Snatch
from fracas.scenario import ScenarioError, parse_scenario

from .helpers import anthro, session, who

CLAWS = {"name": "claws", "attack_type": "strike", "damage": "1d4", "natural": True}


def problems(*combatants: dict[str, Any], **options: Any) -> str:
    data = {"ruleset": "exp", "combatants": list(combatants), "options": options}
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "s.yaml")
    return str(info.value)


@pytest.mark.parametrize(
    ("kind", "what"),
    [("robot", "robot"), ("fauna", "fauna"), ("flora", "flora")],
)
def test_concede_below_is_refused_for_those_who_do_not_understand_surrender(
    kind: str, what: str
) -> None:
    tactics = "lethal" if kind != "robot" else "brawl"
    beast = anthro("Rex", "blue", kind=kind, tactics=[tactics, {"concede-below": 10}])
    text = problems(anthro("Ann", "red"), beast)
    assert (
        f"s.yaml: combatants[1].tactics: concede-below, but {what} does not understand "
        "surrender and fights for its life"
    ) in text


def test_an_alien_that_is_not_advanced_cannot_concede_but_an_advanced_one_can() -> None:
    plain = anthro("Zib", "blue", kind="alien", tactics=["lethal", {"concede-below": 10}])
    assert "an alien that is not advanced does not understand surrender" in problems(
        anthro("Ann", "red"), plain
    )
    clever = {**plain, "advanced": True, "tactics": ["brawl", {"concede-below": 10}]}
    parse_scenario({"ruleset": "exp", "combatants": [anthro("Ann", "red"), clever]})


def test_a_robot_never_concedes_even_below_a_threshold_set_on_its_state() -> None:
    s = session([], anthro("Robo", "red", kind="robot", hps_now=5), anthro("Bob", "blue"))
    who(s, "Robo").concede_below = 50  # not possible from a scenario: the tactic must hold too
    action = s.ruleset.choose(s.state, s.pending())  # type: ignore[arg-type]
    assert isinstance(action, Attack)
    with pytest.raises(IllegalAction, match="Robo is a robot: it does not understand surrender"):
        s.act(Concede(actor="Robo"))
    assert who(s, "Robo").active


def test_natural_weapons_given_in_full_cannot_be_snatched() -> None:
    dog = anthro("Rex", "blue", weapons=[CLAWS])
    s = session([], anthro("Ann", "red"), dog)
    with pytest.raises(IllegalAction, match="no 'claws' that can be snatched: it is part of the"):
        s.act(Snatch(actor="Ann", target="Rex", weapon="claws"))


def test_a_fist_given_in_full_with_other_dice_is_natural_unless_it_says_otherwise() -> None:
    fist = {"name": "fist", "attack_type": "strike", "damage": "1d3", "close_range": True}
    s = session([], anthro("Ann", "red"), anthro("Bob", "blue", weapons=[fist]))
    assert who(s, "Bob").weapons[0].natural
    with pytest.raises(IllegalAction, match="part of the body"):
        s.act(Snatch(actor="Ann", target="Bob", weapon="fist"))
    prop = {**fist, "natural": False}  # a stage-prop fist on a stick
    s = session([], anthro("Ann", "red"), anthro("Bob", "blue", weapons=[prop]))
    assert not who(s, "Bob").weapons[0].natural


def test_the_snatch_tactic_never_grabs_at_a_natural_weapon() -> None:
    s = session([], anthro("Ann", "red", tactics="snatch"), anthro("Rex", "blue", weapons=[CLAWS]))
    assert s.ruleset.choose(s.state, s.pending()) == Attack(  # type: ignore[arg-type]
        actor="Ann", target="Rex", weapon="fist"
    )


def test_a_natural_stun_weapon_is_refused() -> None:
    zap = {"name": "eel", "attack_type": "shoot", "damage": "1d6", "natural": True, "stun": True}
    text = problems(anthro("Ann", "red", weapons=[zap]), anthro("Bob", "blue"))
    assert "combatants[0].weapons[0]" in text and "not part of the body" in text


@pytest.mark.parametrize("dice", ["1d6-1", "0"])
def test_weapon_dice_that_can_do_no_damage_are_refused(dice: str) -> None:
    weak = {"name": "feather", "attack_type": "strike", "damage": dice}
    text = problems(anthro("Ann", "red", weapons=[weak]), anthro("Bob", "blue"))
    assert "combatants[0].weapons[0].damage" in text
    assert "each attack still does some damage" in text
    text = problems(anthro("Ann", "red"), anthro("Bob", "blue"), weapon_damage={"fist": dice})
    assert "options.weapon_damage" in text and "each attack still does some damage" in text
