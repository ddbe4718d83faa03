"""Issue 12's movement-half actions: Speak (and orders to the Shaken), Run, Use Skill and
Concentration, Raise/Lower Shield and armour, Ready - with every refusal."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction, Session
from fracas.rulesets.starflight.actions import (
    Attack,
    CeaseConcentration,
    DonArmour,
    Draw,
    LowerShield,
    Move,
    RaiseShield,
    Ready,
    RemoveArmour,
    Run,
    Speak,
    Standby,
    Strike,
    Trigger,
    UseSkill,
)
from fracas.rulesets.starflight.events import AttackRolled, Checked, DamageTaken, Moved, TurnStarted
from fracas.rulesets.starflight.raise_lower_shield import ArmourSet
from fracas.rulesets.starflight.ready import ReadyExpired, ReadyFizzled, ReadyTriggered
from fracas.rulesets.starflight.run import Ran
from fracas.rulesets.starflight.speak import Spoke
from fracas.scenario import ScenarioError, parse_scenario

from .helpers import fight_of, fighter, of_type, scenario_data, shooter, start, target, who

INIT = [10, 1]


# --- Speak ---------------------------------------------------------------------------------


def test_speaking_is_free_and_logged() -> None:
    s = start([shooter(), target()], [*INIT])
    s.act(Speak(actor="a", to="t", words="Drop it!"))
    assert of_type(s, Spoke)[0].words == "Drop it!" and fight_of(s).phases_left == 2


def test_an_order_to_a_shaken_ally_is_refused_and_wastes_the_action() -> None:
    ally = fighter("b", "red", position=[0, 5])
    s = start([shooter(), ally, target()], [10, 5, 1])
    who(s, "b").shaken = True
    s.act(Speak(actor="a", to="b", words="Cover me!", order=True))
    spoke = of_type(s, Spoke)[0]
    assert spoke.refused and fight_of(s).phases_left == 1


def test_an_order_to_a_steady_ally_is_free() -> None:
    ally = fighter("b", "red", position=[0, 5])
    s = start([shooter(), ally, target()], [10, 5, 1])
    s.act(Speak(actor="a", to="b", words="Cover me!", order=True))
    assert not of_type(s, Spoke)[0].refused and fight_of(s).phases_left == 2


@pytest.mark.parametrize(
    ("speak", "reason"),
    [
        (Speak(actor="a", words="  "), "say something"),
        (Speak(actor="a", to="zz", words="hi"), "cannot speak to 'zz'"),
        (Speak(actor="a", words="halt", order=True), "an order needs someone"),
    ],
    ids=["no-words", "nobody-there", "order-to-nobody"],
)
def test_speak_refusals(speak: Speak, reason: str) -> None:
    s = start([shooter(), target()], [*INIT])
    with pytest.raises(IllegalAction, match=reason):
        s.act(speak)


# --- Run -----------------------------------------------------------------------------------


def test_run_is_four_times_the_movement_and_a_full_round_action() -> None:
    s = start([shooter(initiative=4), target(position=[200, 0])], [*INIT], scale="melee")
    s.act(Run(actor="a", toward="t"))  # 5 points: 25 m a move, 100 m a run
    assert of_type(s, Moved)[0].metres == 100 and fight_of(s).current == "t"


def test_every_ten_encumbrance_costs_a_movement_point_of_the_run() -> None:
    s = start(
        [shooter(initiative=4, encumbrance=25), target(position=[200, 0])], [*INIT], scale="melee"
    )
    s.act(Run(actor="a", toward="t"))  # 20 points - 2 = 18: 90 m
    assert of_type(s, Moved)[0].metres == 90


def test_run_encumbrance_two_metres_option() -> None:
    s = start(
        [shooter(initiative=4, encumbrance=25), target(position=[200, 0])],
        [*INIT],
        scale="melee",
        options={"run_encumbrance": "two-metres"},
    )
    s.act(Run(actor="a", toward="t"))
    assert of_type(s, Moved)[0].metres == 96


def test_running_needs_standing_up() -> None:
    s = start([shooter(), target(position=[200, 0])], [*INIT], scale="melee")
    who(s, "a").prone = True
    with pytest.raises(IllegalAction, match="must be standing up to run"):
        s.act(Run(actor="a", toward="t"))


def test_running_needs_the_whole_turn() -> None:
    s = start([shooter(), target(position=[200, 0])], [*INIT], scale="melee")
    s.act(Standby(actor="a"))
    with pytest.raises(IllegalAction, match="1 action phase"):
        s.act(Run(actor="a", toward="t"))


def test_running_longer_than_half_durability_turns_costs_2d10_non_lethal() -> None:
    runner = shooter(durability=3, initiative=1)  # one turn without harm; 2 points: 10 m
    far = target(position=[1000, 0])
    s = start([runner, far], [*INIT, 13], scale="melee")
    s.act(Run(actor="a", away_from="t"))
    s.act(Standby(actor="t"))
    s.act(Standby(actor="t"))
    s.act(Run(actor="a", away_from="t"))  # second turn in a row: 2d10 = 13
    ran = of_type(s, Ran)
    assert [(r.streak, r.limit) for r in ran] == [(1, 1), (2, 1)]
    hurt = of_type(s, DamageTaken)[-1]
    assert (hurt.target, hurt.nonlethal, hurt.lethal) == ("a", 13, 0)


# --- Use Skill / Concentration --------------------------------------------------------------


def test_a_skill_check_is_a_standard_action() -> None:
    s = start([shooter(skills={"dexterous_maneuvers": 30}), target()], [*INIT, 71])
    s.act(UseSkill(actor="a", skill="dexterous_maneuvers", dc=95))
    check = of_type(s, Checked)[0]
    assert (check.natural, check.modifier, check.dc, check.success) == (71, 30, 95, True)
    assert fight_of(s).phases_left == 1


def test_dazed_adds_10_to_dexterous_maneuvers_dcs() -> None:
    s = start([shooter(skills={"dexterous_maneuvers": 30}), target()], [*INIT, 71])
    who(s, "a").dazed_until = 5
    s.act(UseSkill(actor="a", skill="dexterous_maneuvers", dc=95))
    check = of_type(s, Checked)[0]
    assert (check.dc, check.modifier) == (105, 25)  # +10 DC; Dazed's -5 on the check


def test_dazed_does_not_raise_other_skills_dcs() -> None:
    s = start([shooter(), target()], [*INIT, 71])
    who(s, "a").dazed_until = 5
    s.act(UseSkill(actor="a", skill="lifting", dc=95))
    assert of_type(s, Checked)[0].dc == 95


def test_concentration_then_cease_concentration_fails_the_task() -> None:
    s = start([shooter(skills={"concentration": 50}), target()], [*INIT, 80])
    s.act(UseSkill(actor="a", skill="concentration", dc=95, task="the hack"))
    assert who(s, "a").concentrating == "the hack"
    s.act(CeaseConcentration(actor="a"))
    assert who(s, "a").concentrating == "" and fight_of(s).phases_left == 1


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (UseSkill(actor="a", skill="piloting", dc=50), "unknown skill 'piloting'"),
        (UseSkill(actor="a", skill="lifting", dc=5000), "dc: must be 0 to 1000"),
        (UseSkill(actor="a", skill="concentration", dc=50), "task: say what"),
        (CeaseConcentration(actor="a"), "is not concentrating"),
    ],
    ids=[
        "unknown-skill",
        "dc-out-of-bounds",
        "concentration-without-task",
        "cease-not-concentrating",
    ],
)
def test_skill_refusals(action: UseSkill | CeaseConcentration, reason: str) -> None:
    s = start([shooter(), target()], [*INIT])
    with pytest.raises(IllegalAction, match=reason):
        s.act(action)


# --- Shields and armour ----------------------------------------------------------------------

DEFLECTOR = {"name": "deflector", "hp": 20, "raised": False}
BUCKLER = {"name": "riot shield", "hp": 30, "raised": False, "physical": True}


def test_raising_and_lowering_a_personal_shield_are_move_actions() -> None:
    s = start([shooter(shield=DEFLECTOR), target()], [*INIT])
    s.act(RaiseShield(actor="a"))
    assert who(s, "a").shield_raised and fight_of(s).phases_left == 1
    s.act(LowerShield(actor="a"))
    assert not who(s, "a").shield_raised


def test_a_physical_shield_takes_two_free_appendages() -> None:
    s = start([shooter(shield=BUCKLER), target()], [*INIT])  # the laser is in one hand
    with pytest.raises(IllegalAction, match="two free motor appendages"):
        s.act(RaiseShield(actor="a"))


def test_a_readied_physical_shield_leaves_no_hand_to_draw_with() -> None:
    pistol = [{"weapon": "hand laser", "class": 1, "drawn": False}]
    s = start([shooter(shield=BUCKLER, weapons=pistol), target()], [*INIT])
    s.act(RaiseShield(actor="a"))
    with pytest.raises(IllegalAction, match="no free motor appendage"):
        s.act(Draw(actor="a", weapon=0))


@pytest.mark.parametrize(
    ("action", "reason"),
    [(RaiseShield(actor="a"), "carries no shield"), (LowerShield(actor="a"), "no shield raised")],
)
def test_shield_refusals(action: RaiseShield | LowerShield, reason: str) -> None:
    s = start([shooter(), target()], [*INIT])
    with pytest.raises(IllegalAction, match=reason):
        s.act(action)


def test_raising_a_raised_shield_is_refused() -> None:
    s = start([shooter(shield={**DEFLECTOR, "raised": True}), target()], [*INIT])
    with pytest.raises(IllegalAction, match="already raised"):
        s.act(RaiseShield(actor="a"))


ARMOUR = [
    {"name": "mesh", "hp": 10, "covers": ["body"]},
    {"name": "vest", "hp": 10, "covers": ["chest"], "worn": False},
    {"name": "helmet", "hp": 10, "covers": ["brain"], "worn": False},
]


def test_donning_a_piece_over_a_free_part_is_a_move_action() -> None:
    s = start([shooter(armour=ARMOUR), target()], [*INIT])
    s.act(DonArmour(actor="a", armour=2))
    assert who(s, "a").armour[2].worn and fight_of(s).phases_left == 1


def test_donning_over_an_armoured_part_is_refused_until_the_other_comes_off() -> None:
    s = start([shooter(armour=ARMOUR), target()], [*INIT])
    with pytest.raises(IllegalAction, match="the mesh already covers the chest"):
        s.act(DonArmour(actor="a", armour=1))
    s.act(RemoveArmour(actor="a", armour=0))
    s.act(DonArmour(actor="a", armour=1))
    assert [a.worn for a in of_type(s, ArmourSet)] == [False, True]


def test_armour_not_worn_does_not_absorb() -> None:
    s = start(
        [shooter(), target(armour=[{**ARMOUR[1], "covers": ["all"]}])], [*INIT, 80, 5, *[50] * 6]
    )
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0)]))
    assert of_type(s, DamageTaken)[0].armour_absorbed == 0


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (DonArmour(actor="a", armour=0), "already wears the mesh"),
        (DonArmour(actor="a", armour=9), "no armour number 9"),
        (RemoveArmour(actor="a", armour=1), "wears no armour number 1"),
    ],
)
def test_armour_refusals(action: DonArmour | RemoveArmour, reason: str) -> None:
    s = start([shooter(armour=ARMOUR), target()], [*INIT])
    with pytest.raises(IllegalAction, match=reason):
        s.act(action)


# --- Ready ---------------------------------------------------------------------------------


def ambush(trigger: Trigger, *, phases_used: int = 1) -> Session:
    """'a' readies a shot at 't' (40 m away), then 't' acts."""
    s = start(
        [shooter(), target(position=[40, 0], tactics="standby", initiative=4)],
        [*INIT, *[50] * 30],
        scale="melee",
    )
    shot = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])
    s.act(Ready(actor="a", readied=shot, trigger=trigger))
    if phases_used == 1:
        s.act(Standby(actor="a"))
    return s


def test_a_readied_shot_goes_off_when_the_target_comes_within_range() -> None:
    s = ambush(Trigger(kind="within", who="t", metres=20))
    assert fight_of(s).current == "t"
    s.act(Move(actor="t", toward="a", metres=10))  # 30 m: not yet
    assert not of_type(s, ReadyTriggered)
    s.act(Move(actor="t", toward="a", metres=15))  # 15 m: the shot
    assert of_type(s, ReadyTriggered)[0].by == "t"
    assert of_type(s, AttackRolled)[0].attacker == "a"


def test_a_readied_shot_interrupts_an_attack_before_its_roll() -> None:
    s = start(
        [shooter(), target(position=[15, 0], weapons=[{"weapon": "hand laser", "class": 1}])],
        [*INIT, *[50] * 30],
    )
    s.act(
        Ready(
            actor="a",
            readied=Attack(actor="a", strikes=[Strike(target="t", weapon=0)]),
            trigger=Trigger(kind="attacks", who="t"),
        )
    )
    s.act(Standby(actor="a"))
    s.act(Attack(actor="t", strikes=[Strike(target="a", weapon=0)]))
    assert [r.attacker for r in of_type(s, AttackRolled)] == ["a", "t"]


def test_an_executed_readied_action_costs_a_phase_of_the_next_round() -> None:
    s = ambush(Trigger(kind="moves", who="t"))
    s.act(Move(actor="t", toward="a", metres=10))
    s.act(Standby(actor="t"))
    turn = [t for t in of_type(s, TurnStarted) if t.actor == "a"][-1]
    assert turn.phases == 1


def test_two_executed_readied_actions_cost_the_whole_next_turn() -> None:
    s = ambush(Trigger(kind="moves", who="t"), phases_used=2)
    shot = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])
    s.act(Ready(actor="a", readied=shot, trigger=Trigger(kind="moves", who="t")))
    s.act(Move(actor="t", toward="a", metres=10))  # the first
    s.act(Move(actor="t", toward="a", metres=10))  # the second
    assert len(of_type(s, ReadyTriggered)) == 2
    # a's next turn is skipped: the round goes straight on to t
    assert fight_of(s).current == "t" and fight_of(s).round == 2


def test_a_readied_action_lapses_at_the_next_turn() -> None:
    s = ambush(Trigger(kind="within", who="t", metres=5))
    s.act(Standby(actor="t"))
    s.act(Standby(actor="t"))
    assert of_type(s, ReadyExpired)[0].who == "a"
    assert who(s, "a").readied == [] and fight_of(s).phases_left == 2


def test_a_readied_action_that_cannot_be_done_fizzles_with_the_reason() -> None:
    s = start([shooter(), target(position=[40, 0])], [*INIT, *[50] * 10], scale="melee")
    s.act(Ready(actor="a", readied=Draw(actor="a", weapon=0), trigger=Trigger(kind="moves")))
    s.act(Standby(actor="a"))
    s.act(Move(actor="t", away_from="a"))
    assert of_type(s, ReadyTriggered)[0].by == "t"
    assert "hand laser is drawn" in of_type(s, ReadyFizzled)[0].reason


@pytest.mark.parametrize(
    ("ready", "reason"),
    [
        (
            Ready(actor="a", readied=Standby(actor="t"), trigger=Trigger(kind="moves")),
            "its own action",
        ),
        (
            Ready(
                actor="a",
                readied=Ready(actor="a", readied=Standby(actor="a"), trigger=Trigger(kind="moves")),
                trigger=Trigger(kind="moves"),
            ),
            "one single action",
        ),
        (
            Ready(actor="a", readied=Standby(actor="a"), trigger=Trigger(kind="moves", who="zz")),
            "not a hostile",
        ),
        (
            Ready(actor="a", readied=Standby(actor="a"), trigger=Trigger(kind="within", metres=0)),
            "metres must be",
        ),
        (
            Ready(
                actor="a", readied={"action": "Nope", "actor": "a"}, trigger=Trigger(kind="moves")
            ),
            "not an action",
        ),
    ],
    ids=["someone-elses", "a-ready", "unknown-trigger-combatant", "zero-metres", "unknown-action"],
)
def test_ready_refusals(ready: Ready, reason: str) -> None:
    s = start([shooter(), target()], [*INIT])
    with pytest.raises(IllegalAction, match=reason):
        s.act(ready)


def test_a_scenario_with_a_readied_physical_shield_and_no_hand_for_it_is_refused() -> None:
    rifle = [{"weapon": "laser rifle", "class": 3}]  # two appendages
    data = scenario_data(shooter(weapons=rifle, shield={**BUCKLER, "raised": True}), target())
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "x.yaml")
    assert "combatants[0].shield.raised" in str(info.value)
    assert "takes two motor appendages" in str(info.value)
