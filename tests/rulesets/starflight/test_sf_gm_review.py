"""A GM's read of the Starflight examples: a failed limb in an attack, fights nobody can
finish, two combatants on one point, a discharged weapon, and every example ending by the
rules rather than at the round limit."""

from __future__ import annotations

from math import isqrt
from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import EncounterEnded, IllegalAction, Session
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.actions import Attack, Charge, Move, Run, Standby, Strike
from fracas.rulesets.starflight.combat_tactics import rush_choice
from fracas.rulesets.starflight.events import AttackRolled, Moved, PartFailed, Refused
from fracas.rulesets.starflight.move_action import destination
from fracas.rulesets.starflight.run import run_limit
from fracas.scenario import load_scenario

from .helpers import fight_of, fighter, of_type, shooter, start, target, who

INIT = [10, 1]
EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "starflight").glob("*.yaml"))


def account(s: Session) -> list[str]:
    """The account lines of the log so far, each told against the state at its time."""
    state = RULESET.build(s.scenario)
    out = []
    for e in s.log:
        line = RULESET.describe(e, state)
        if line:
            out.append(line)
        e.apply(state)
    return out


def last_line(s: Session) -> str:
    """The account line of the last event that has one, told against the state now."""
    lines = [RULESET.describe(e, s.state) for e in s.log]
    return [line for line in lines if line][-1]


def brawler(cid: str, side: str, x: int, **over: object) -> dict[str, object]:
    """A knife fighter at (x, 0) facing the other side, with all-out-attack tactics."""
    facing = 0 if x == 0 else 180
    return fighter(
        cid,
        side,
        position=[x, 0],
        facing=facing,
        tactics="all-out-attack",
        weapons=[{"weapon": "knife", "class": 2}],
        **over,
    )


# --- an attack whose limb fails ---------------------------------------------------------------


def test_an_attack_whose_arm_fails_its_stamina_check_is_lost_and_the_account_says_so() -> None:
    s = start([shooter(), target()], [*INIT, 5])  # Stamina 05 vs DC 90: the arm fails
    who(s, "a").wounds["right_arm"] = 2
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0)]))
    assert [e.part for e in of_type(s, PartFailed)] == ["right_arm"]
    assert not of_type(s, AttackRolled)
    assert [e.text for e in of_type(s, Refused)] == ["the attack with the hand laser is lost"]
    lines = account(s)
    assert "    a's right arm fails (failed Stamina check)" in lines
    assert "    a: the attack with the hand laser is lost" in lines


def test_an_unarmed_blow_with_every_arm_failed_is_refused_naming_the_arm() -> None:
    s = start([fighter("a", "red"), target(position=[2, 0])], [*INIT])
    who(s, "a").failed.extend(["right_arm", "left_arm"])
    pending = RULESET.pending(s.state)
    assert pending is not None
    kinds = {c.kind for c in RULESET.legal_actions(s.state, pending)}
    assert "attack" not in kinds and "grapple" not in kinds
    with pytest.raises(IllegalAction, match="lost the use of its right arm"):
        s.act(Attack(actor="a", strikes=[Strike(target="t")]))


def test_an_unarmed_blow_uses_the_other_arm_when_the_dominant_one_has_failed() -> None:
    s = start([fighter("a", "red"), target(position=[2, 0])], [*INIT, 50, 1])
    who(s, "a").failed.append("right_arm")
    s.act(Attack(actor="a", strikes=[Strike(target="t")]))
    assert len(of_type(s, AttackRolled)) == 1


# --- fights nobody can finish ---------------------------------------------------------------


def test_a_fighter_with_no_working_limb_withdraws_instead_of_standing_by() -> None:
    s = start([brawler("a", "red", 0), brawler("t", "blue", 20)], [*INIT], scale="melee")
    who(s, "a").failed.extend(["right_arm", "left_arm"])
    pending = RULESET.pending(s.state)
    assert pending is not None
    choice = RULESET.choose(s.state, pending)
    assert isinstance(choice, (Run, Move)) and choice.withdraw and choice.away_from == "t"


def test_a_fight_where_no_one_can_reach_a_foe_ends_without_a_winner_before_the_limit() -> None:
    s = start(
        [brawler("a", "red", 0), brawler("t", "blue", 30)],
        [*INIT],
        scale="melee",
        options={"max_rounds": 50},
    )
    who(s, "a").failed.append("left_leg")
    who(s, "t").failed.append("right_leg")
    s.act(Standby(actor="a"))
    assert last_line(s) == "  a stands by (cannot move, and no foe is within reach)"
    s.roller = SeededRoller(1)
    s.run()
    end = of_type(s, EncounterEnded)[-1]
    assert end.winner is None and "can ever reach or harm a foe" in end.reason
    assert fight_of(s).round == 1


def test_the_armless_captain_and_the_jawless_wyrm_do_not_stand_off_for_forty_rounds() -> None:
    loaded = load_scenario(str(EXAMPLES[0].parent / "tunnel-wyrm.yaml"))
    s = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(2))
    s.run()
    end = of_type(s, EncounterEnded)[-1]
    assert "round limit" not in end.reason and fight_of(s).round < 10


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_no_example_fight_ends_at_the_round_limit(path: Path) -> None:
    loaded = load_scenario(str(path))
    for seed in range(1, 41):
        s = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        s.run()
        end = of_type(s, EncounterEnded)[-1]
        assert "round limit" not in end.reason, f"seed {seed}"


# --- one point, one combatant -----------------------------------------------------------------


def test_a_move_towards_a_foe_stops_short_of_a_point_an_ally_stands_on() -> None:
    ally = fighter("b", "red", position=[19, 0])
    s = start([shooter(), ally, target()], [*INIT, 1], scale="melee")
    s.act(Move(actor="a", toward="t"))
    moved = of_type(s, Moved)[-1]
    assert (moved.x, moved.y) == (18, 0)


@pytest.mark.parametrize("seed", [6, 17, 20])
def test_no_two_combatants_end_a_move_on_the_same_point_in_the_wyrm_fight(seed: int) -> None:
    loaded = load_scenario(str(EXAMPLES[0].parent / "tunnel-wyrm.yaml"))
    s = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    s.run()
    state = RULESET.build(loaded.scenario)
    for e in s.log:
        e.apply(state)
        if isinstance(e, Moved):
            points = [
                (c.x, c.y) for c in state.fighters() if not c.withdrawn and c.swallowed_by is None
            ]
            assert len(points) == len(set(points)), f"round {state.round}: {e}"


# --- a weapon discharged in an opportunity attack ---------------------------------------------


def test_standing_by_with_a_weapon_discharged_in_an_opportunity_attack_says_why() -> None:
    s = start([shooter(), target()], [*INIT])
    who(s, "a").weapons[0].discharged_round = fight_of(s).round
    s.act(Standby(actor="a"))
    assert last_line(s) == (
        "  a stands by (the hand laser fired in an opportunity attack this round: "
        "discharged until next round)"
    )


# --- closing in ---------------------------------------------------------------------------------


def test_a_melee_fighter_with_one_action_left_stops_outside_the_foes_opportunity_range() -> None:
    s = start([brawler("a", "red", 0), brawler("t", "blue", 22)], [*INIT], scale="melee")
    s.act(Standby(actor="a"))
    pending = RULESET.pending(s.state)
    assert pending is not None
    choice = RULESET.choose(s.state, pending)
    assert isinstance(choice, Move)
    x, y, _ = destination(fight_of(s), who(s, "a"), choice)
    assert 10 < isqrt((x - 22) ** 2 + y**2) < 22
    assert choice in [c.action for c in RULESET.legal_actions(s.state, pending)]


def test_a_shooter_whose_weapon_was_discharged_waits_instead_of_walking_up_to_the_foe() -> None:
    s = start([shooter(tactics="all-out-attack"), target()], [*INIT])
    who(s, "a").weapons[0].discharged_round = fight_of(s).round
    pending = RULESET.pending(s.state)
    assert pending is not None
    choice = RULESET.choose(s.state, pending)
    assert isinstance(choice, Standby) and "opportunity attack" in choice.reason


def test_a_brawler_does_not_charge_on_a_run_that_would_hurt_it() -> None:
    """Grukk (melee, seed 1) charged Lena a fourth turn in a row and took 2d10 for running
    past half his Durability, at a foe whose leg had failed: no player does that."""
    loaded = load_scenario(Path(__file__).parents[3] / "examples/starflight/melee.yaml")
    s = Session.start(RULESET, loaded.scenario, SeededRoller(1))
    fight = fight_of(s)
    grukk, lena = who(s, "grukk"), who(s, "lena")
    assert isinstance(rush_choice(fight, grukk, lena), Charge)
    grukk.run_streak, grukk.ran_round = run_limit(grukk), fight.round - 1
    assert rush_choice(fight, grukk, lena) is None
    grukk.ran_round = fight.round - 2  # the streak was broken: a charge is a first run again
    assert isinstance(rush_choice(fight, grukk, lena), Charge)
