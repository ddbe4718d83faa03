"""Each condition and each death state, reached by scripted rolls."""

from __future__ import annotations

import pytest

from fracas.dice import ScriptedRoller
from fracas.engine import Context
from fracas.rulesets.starflight.actions import Attack, Standby, Strike
from fracas.rulesets.starflight.conditions import (
    check_penalty,
    is_dazed,
    is_fatigued,
    is_helpless,
    is_unconscious,
)
from fracas.rulesets.starflight.events import (
    BrainDeath,
    Checked,
    ClinicalDeath,
    ConditionEnded,
    ConditionGained,
    KnockedOut,
)
from fracas.rulesets.starflight.nonlethal import coma_dc, coma_hour, impact_damage

from .helpers import fight_of, fighter, of_type, shooter, start, target, who

INIT = [10, 1]  # 'a' acts first
SHOT = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])
STUN = [{"weapon": "stunner", "class": 1}]  # 20 non-lethal


def test_half_nhp_lost_dazes() -> None:
    s = start([shooter(weapons=STUN), target(nhp=40)], [*INIT, 80, 5, 50, 50])
    s.act(SHOT)
    t = who(s, "t")
    assert t.nhp == 20 and is_dazed(t, fight_of(s).round)
    assert [e.reason for e in of_type(s, ConditionGained)] == ["half NHP lost"]
    assert check_penalty(t, fight_of(s).round) == 5


def test_no_nhp_left_is_unconscious_prone_and_helpless() -> None:
    s = start([shooter(weapons=STUN), target(nhp=20)], [*INIT, 80, 5, 50, 50])
    s.act(SHOT)
    t = who(s, "t")
    assert t.nhp == 0 and t.prone
    assert is_unconscious(t, fight_of(s).options) and is_helpless(t, fight_of(s).options)
    assert of_type(s, KnockedOut)[0].reason == "no NHP left"
    assert fight_of(s).over and fight_of(s).winner == "red"


def test_twice_nhp_absorbed_is_comatose_with_impact_damage() -> None:
    s = start(
        [shooter(weapons=STUN, attributes={"finesse": 10}), target(nhp=15)],
        [*INIT, 80, 5, 50, 50],
        options={"damage_attribute": "score"},
    )
    s.act(SHOT)
    t = who(s, "t")
    assert t.nhp == -15 and impact_damage(t) == 15
    assert t.comatose


def test_impact_option_needs_twice_nhp_of_impact() -> None:
    s = start(
        [shooter(weapons=STUN, attributes={"finesse": 10}), target(nhp=15)],
        [*INIT, 80, 5, 50, 50],
        options={"damage_attribute": "score", "comatose_threshold": "impact"},
    )
    s.act(SHOT)
    assert not who(s, "t").comatose


def test_failed_willpower_shakes_with_minus_30_on_checks() -> None:
    # attack 80 hits HD 50; chest; 10 lethal; Reflex 50 > 10; Willpower 05 fails; Fortitude 80
    s = start([shooter(), target()], [*INIT, 80, 5, 50, 5, 80])
    s.act(SHOT)
    t = who(s, "t")
    assert t.shaken and t.shaken_dc == 10
    assert check_penalty(t, fight_of(s).round) == 30 + 1


def test_shaken_is_shaken_off_by_a_willpower_save_at_the_next_turn() -> None:
    s = start([shooter(), target()], [*INIT, 80, 5, 50, 5, 80, 90])
    s.act(SHOT)
    s.act(Standby(actor="a"))  # 't' starts its turn: Willpower 90 vs DC 10
    assert not who(s, "t").shaken
    assert of_type(s, ConditionEnded)[-1].condition == "shaken"


def test_failed_reflex_knocks_prone() -> None:
    s = start([shooter(), target()], [*INIT, 80, 5, 5, 50, 80])
    s.act(SHOT)
    assert who(s, "t").prone
    assert of_type(s, ConditionGained)[0].condition == "prone"


def test_failed_wound_fortitude_knocks_out_to_zero_nhp() -> None:
    s = start([shooter(), target()], [*INIT, 80, 5, 50, 50, 60])
    s.act(SHOT)  # Fortitude 60 + 0 is not above DC 60
    assert who(s, "t").nhp == 0
    assert of_type(s, KnockedOut)[0].reason == "the pain of the wound"


def test_half_hp_is_fatigued_one_action_and_minus_20() -> None:
    s = start([shooter(), target(hp=20)], [*INIT, 80, 5, 50, 50, 99])
    s.act(SHOT)
    t = who(s, "t")
    assert t.hp == 10 and is_fatigued(t)
    assert check_penalty(t, fight_of(s).round) == 20 + 1
    s.act(Standby(actor="a"))
    assert fight_of(s).current == "t" and fight_of(s).phases_left == 1


def test_zero_hp_is_clinical_death() -> None:
    s = start([shooter(), target(hp=10)], [*INIT, 80, 5, 50, 50])
    s.act(SHOT)  # the Reflex and Willpower saves still follow the killing hit
    assert of_type(s, ClinicalDeath)[0].reason == "no HP left"
    assert who(s, "t").dead_since == 1


def test_three_times_durability_wounds_is_clinical_death() -> None:
    # natural 99: critical hit, double damage (20), d5 Wounds = 3 on the chest, Durability 1
    s = start([shooter(), target(durability=1)], [*INIT, 99, 5, 3, 50, 50])
    s.act(SHOT)
    assert who(s, "t").hp == 80
    assert of_type(s, ClinicalDeath)[0].reason.startswith("3 Wounds")


def test_twice_hp_of_lethal_damage_mutilates() -> None:
    s = start(
        [shooter(attributes={"finesse": 10}), target(hp=10)],
        [*INIT, 80, 5, 50, 50],
        options={"damage_attribute": "score"},
    )
    s.act(SHOT)
    assert who(s, "t").hp == -10
    assert of_type(s, BrainDeath)[0].mutilated
    assert who(s, "t").brain_dead


def test_brain_death_after_durability_minutes_of_clinical_death() -> None:
    friend = fighter("u", "blue", position=[40, 40])
    s = start(
        [shooter(), target(hp=10, durability=1), friend],
        [10, 1, 1, 80, 5, 50, 50],
        options={"max_rounds": 12},
    )
    s.act(SHOT)
    s.run()
    brain = of_type(s, BrainDeath)
    assert [b.reason for b in brain] == ["1 minutes clinically dead"]
    assert fight_of(s).round >= 11 and who(s, "t").brain_dead


def test_massive_attack_failed_fortitude_is_clinical_death() -> None:
    s = start(
        [shooter(attributes={"finesse": 40}), target(hp=200)],
        [*INIT, 80, 5, 50, 50, 50],
        options={"damage_attribute": "score"},
    )
    s.act(SHOT)  # 50 lethal: Fortitude 50 vs DC 75 fails; Reflex and Willpower still rolled
    dead = of_type(s, ClinicalDeath)[0]
    assert (dead.reason, dead.hp_after) == ("massive attack", 0)


def test_massive_attack_survived_still_knocks_out() -> None:
    s = start(
        [shooter(attributes={"finesse": 40}), target(hp=200)],
        [*INIT, 80, 5, 90, 50, 50],
        options={"damage_attribute": "score"},
    )
    s.act(SHOT)  # Fortitude 90 > 75; then Reflex 50 and Willpower 50 vs DC 50 fail
    assert of_type(s, KnockedOut)[0].reason == "massive attack"
    assert who(s, "t").hp == 150 and not of_type(s, ClinicalDeath)


@pytest.mark.parametrize(
    ("fortitude", "dead", "knocked_out"),
    [(50, True, False), (90, False, True)],
    ids=["failed-fortitude-clinical-death", "survived-fortitude-unconscious"],
)
def test_massive_attack_save_comes_first_then_reflex_and_willpower_under_saves_when_down(
    fortitude: int, dead: bool, knocked_out: bool
) -> None:
    """'Resolving Damage': "a character must make a Reflex Save and a Willpower Save any time
    they are hit"; read literally (``saves_when_down: true``) a failed DC 75 Fortitude save
    (clinical death) or the knock-out of a survived one does not skip them."""
    s = start(
        [shooter(attributes={"finesse": 40}), target(hp=200)],
        [*INIT, 80, 5, fortitude, 30, 20],
        options={"damage_attribute": "score", "saves_when_down": True},
    )
    s.act(SHOT)  # 50 lethal: DC 75 Fortitude; then Reflex 30 and Willpower 20 vs DC 50 fail
    saves = [(c.what, c.natural, c.dc, c.success) for c in of_type(s, Checked) if c.who == "t"]
    assert saves == [
        ("Fortitude save (massive attack)", fortitude, 75, not dead),
        ("Reflex save (hit)", 30, 50, False),
        ("Willpower save (hit)", 20, 50, False),
    ]
    t = who(s, "t")
    assert (t.dead_since is not None, bool(of_type(s, KnockedOut))) == (dead, knocked_out)
    assert t.prone and t.shaken  # already prone from falling, so only Shaken is new
    gained = [e.condition for e in of_type(s, ConditionGained) if e.who == "t"]
    assert gained == ["shaken"]


@pytest.mark.parametrize(
    ("fortitude", "dead"),
    [(50, True), (90, False)],
    ids=["failed-fortitude-clinical-death", "survived-fortitude-unconscious"],
)
def test_a_combatant_the_hit_leaves_unconscious_or_dead_rolls_no_saves_by_default(
    fortitude: int, dead: bool
) -> None:
    """``saves_when_down: false`` (default): "Unconscious characters are Prone, cannot take
    any actions" ('Miscellaneous Terms'), so the Reflex and Willpower saves after the hit,
    which only decide prone and Shaken, are not rolled, and the account shows none."""
    s = start(
        [shooter(attributes={"finesse": 40}), target(hp=200)],
        [*INIT, 80, 5, fortitude],
        options={"damage_attribute": "score"},
    )
    s.act(SHOT)  # 50 lethal: DC 75 Fortitude, and nothing more is rolled for 't'
    saves = [(c.what, c.natural) for c in of_type(s, Checked) if c.who == "t"]
    assert saves == [("Fortitude save (massive attack)", fortitude)]
    t = who(s, "t")
    assert (t.dead_since is not None) is dead and not t.shaken
    assert not [e for e in of_type(s, ConditionGained) if e.who == "t"]
    account = "\n".join(s.ruleset.describe(e, s.state) or "" for e in s.log)
    assert "Reflex save (hit)" not in account and "Willpower save (hit)" not in account


def coma_context(s: object, rolls: list[int]) -> Context:
    from fracas.engine import Session

    assert isinstance(s, Session)
    return Context(s.state, ScriptedRoller(rolls), s.options, [])


def test_comatose_hour_failed_fortitude_costs_hp_and_skill_points() -> None:
    s = start(
        [
            shooter(weapons=STUN, attributes={"finesse": 10}),
            target(nhp=15, skills={"stamina": 10}, attributes={"physique": 0}),
        ],
        [*INIT, 80, 5, 50, 50],
        options={"damage_attribute": "score"},
    )
    s.act(SHOT)
    t = who(s, "t")
    assert coma_dc(t) == 50 + 15 + 1
    coma_hour(coma_context(s, [10, 2]), t)  # fails; 1d3 = 2 -> stamina
    assert (t.hp, t.skills["stamina"], t.coma_hours) == (99, 9, 1)
    assert (t.attributes["physique"], t.attributes["intellect"]) == (-1, -1)


def test_physique_drained_to_minus_100_is_clinical_death() -> None:
    s = start(
        [
            shooter(weapons=STUN, attributes={"finesse": 10}),
            target(nhp=15, attributes={"physique": -99}),
        ],
        [*INIT, 80, 5, 50, 50],
        options={"damage_attribute": "score"},
    )
    s.act(SHOT)
    t = who(s, "t")
    ctx = coma_context(s, [10, 1])
    coma_hour(ctx, t)
    assert t.attributes["physique"] == -100
    assert any(isinstance(e, ClinicalDeath) and "Physique" in e.reason for e in ctx.log)


def test_coma_critical_success_wakes_from_coma_at_twice_nhp_minus_one() -> None:
    s = start(
        [shooter(weapons=STUN, attributes={"finesse": 10}), target(nhp=15)],
        [*INIT, 80, 5, 50, 50],
        options={"damage_attribute": "score"},
    )
    s.act(SHOT)
    t = who(s, "t")
    coma_hour(coma_context(s, [99]), t)
    assert not t.comatose and t.nhp_max - t.nhp == 2 * 15 - 1


def test_saves_are_recorded_as_checks() -> None:
    s = start([shooter(), target()], [*INIT, 80, 5, 50, 50, 80])
    s.act(SHOT)
    assert [c.what for c in of_type(s, Checked)] == [
        "Reflex save (hit)",
        "Willpower save (hit)",
        "Fortitude save (wounded)",
    ]
