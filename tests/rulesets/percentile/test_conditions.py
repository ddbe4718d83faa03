"""Rules about a combatant's condition, each from scripted rolls: dodging in an all-out attack,
a glitching suit, fatigue 0, battle-suits, speed-reloading, bleeding and first aid, round 1's
one-hit fights."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine import IllegalAction, Note, Session
from fracas.engine.ruleset import Pending
from fracas.rulesets.percentile import RULESET
from fracas.rulesets.percentile.actions import Declare
from fracas.rulesets.percentile.attack import chance_of
from fracas.rulesets.percentile.difficulty import AUTO_FAIL
from fracas.rulesets.percentile.events import (
    AttackRolled,
    Damaged,
    DefenceRolled,
    FirstAidRolled,
    Reloaded,
)
from fracas.rulesets.percentile.skill_check import FAIL, SUCCESS
from fracas.rulesets.percentile.stances import defence_shifts
from fracas.scenario import ScenarioError, parse_scenario

from .helpers import CountingRoller, answer, carried, duel, fighter_spec, get, scenario, start
from .test_rules import emptied_rifle

GLOCK: dict[str, Any] = {"weapons": ["glock 17"], "skills": {"pistols": 50}}
DODGER: dict[str, Any] = {"skills": {"dagger": 50, "dodge": 60}}


def attacks(session: Session, who: str) -> list[AttackRolled]:
    return [e for e in session.log if isinstance(e, AttackRolled) and e.who == who]


def defences(session: Session, who: str) -> list[DefenceRolled]:
    return [e for e in session.log if isinstance(e, DefenceRolled) and e.who == who]


# -- dodging in an all-out attack (option all_out_dodge) --------------------------------------


def dodging_all_out(rolls: list[int], **options: Any) -> Session:
    """A shoots D with a Glock (normal attack); D attacks A all-out and declares a dodge."""
    session, roller = start(duel(attacker=GLOCK, defender=DODGER, **options), [20, 1, *rolls])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-attack", target="A", dodge=True))
    if session.state.asking is not None:  # type: ignore[attr-defined]
        answer(session, True)  # beyond an all-out attack's zero free defences: D decides
    assert roller.used == roller.total
    return session


def test_a_dodge_in_an_all_out_attack_is_hard_by_default() -> None:
    # A hits (30 <= 50); D dodges at 60 x 0.6 = 36 and rolls 40: fails; 2D6 = 7 - 2 ABS
    session = dodging_all_out([30, 40, 7, 90])
    (dodge,) = defences(session, "D")
    assert (dodge.kind, dodge.chance, dodge.mods, dodge.result) == (
        "dodge",
        36,
        "Hard for extra dodge",
        FAIL,
    )
    assert get(session, "D").hp == 20 - 5
    assert attacks(session, "D")[0].chance == 75  # the all-out attack itself stays Easy


def test_under_hard_attack_dodging_makes_the_all_out_attack_harder_and_the_dodge_free() -> None:
    session = dodging_all_out([30, 40, 90], all_out_dodge="hard-attack")
    (dodge,) = defences(session, "D")
    assert (dodge.chance, dodge.mods, dodge.result) == (60, "", SUCCESS)
    assert get(session, "D").hp == 20
    (attack,) = attacks(session, "D")
    assert attack.chance == 45  # 50 x 1.5 x 0.6
    assert attack.mods == "Easy for all-out attack, Hard for dodging in an all-out attack"


def test_an_all_out_attacker_decides_on_a_hard_dodge_when_the_shot_comes() -> None:
    # A hits (30); D, in an all-out attack with no free defence, is asked and declines: the
    # Fail column, 2D6 = 7 - 2 ABS; D's all-out attack misses (90)
    session, roller = start(duel(attacker=GLOCK, defender=DODGER), [20, 1, 30, 7, 90])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-attack", target="A"))
    pending = session.pending()
    assert pending is not None and pending.actor == "D" and "36%" in pending.prompt
    answer(session, False)
    (none,) = defences(session, "D")
    assert none.kind == "none" and none.declined and none.reason == "an extra dodge would be at 36%"
    assert get(session, "D").hp == 20 - 5 and roller.used == roller.total


# -- modifiers: extra parries, glitch, fatigue 0, encumbrance ---------------------------------


def test_two_extra_parries_are_two_hard_modifiers_not_one_two_level_step() -> None:
    # multiply: 50 x 0.6 x 0.6 = 18; ladder: Hard + Hard = Very hard, 50 x 0.3 = 15
    assert chance_of(50, defence_shifts(2, 1), 0, False, 0, "multiply", "half-up")[0] == 18
    assert chance_of(50, defence_shifts(2, 1), 0, False, 0, "ladder", "half-up")[0] == 15


def glitched_then_all_out(**options: Any) -> AttackRolled:
    """Round 1: A fumbles (97, 99), D fails its parry (70), row 85: A's chameleon suit
    glitches. Round 2: A attacks all-out and misses (99, re-roll 10: not a fumble)."""
    data = duel(attacker={"armour": "chameleon suit"}, weapon_damage_on_parry="none", **options)
    session, roller = start(data, [20, 1, 97, 99, 70, 85])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-defence"))
    assert get(session, "A").glitch == 15
    roller.extend([99, 10])
    session.act(Declare(actor="A", stance="all-out-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-defence"))
    return attacks(session, "A")[-1]


def test_a_glitch_comes_off_the_skill_before_the_all_out_attacks_easy() -> None:
    attack = glitched_then_all_out()
    assert attack.chance == 53  # (50 - 15) x 1.5 = 52.5, rounded half up
    assert attack.mods == "Easy for all-out attack, -15 for glitching armour"


def test_a_glitch_comes_off_after_the_modifiers_under_the_option() -> None:
    assert glitched_then_all_out(glitch_applies="after-modifiers").chance == 75 - 15


def test_at_fatigue_0_every_check_is_two_levels_harder() -> None:
    data = duel(attacker={"fatigue": 0}, weapon_damage_on_parry="none")
    session, _ = start(data, [20, 1, 90])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-defence"))
    (attack,) = attacks(session, "A")
    assert (attack.chance, attack.mods) == (15, "two levels harder for fatigue 0")  # x0.3


def test_fatigue_0_and_encumbrance_past_impossible_fail_without_a_roll() -> None:
    # ladder: two Hards for encumbrance (STR 8 in plate and 4.5 kg) + two levels = +4
    tired = {"fatigue": 0, "STR": 8, "armour": "plate mail", "carried_kg": "4.5"}
    session, roller = start(duel(attacker=tired, stacking="ladder"), [20, 1])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-defence"))
    (attack,) = attacks(session, "A")
    assert get(session, "A").p.encumbrance == 2
    assert (attack.chance, attack.rolls, attack.result) == (AUTO_FAIL, (), FAIL)
    assert roller.used == 2  # only the initiative dice


@pytest.mark.parametrize(
    ("weight", "steps", "chance"),
    [("carried-when-powered", 0, 50), ("counts", 10, AUTO_FAIL)],
    ids=["suit-carries-itself", "suit-weight-counts"],
)
def test_a_powered_battle_suit_and_its_weight(weight: str, steps: int, chance: int) -> None:
    trooper = {"armour": "infantry armour", "STR": 13}  # 150 kg against 2 x 13
    session, _ = start(duel(attacker=trooper, battle_suit_weight=weight), [20, 1, 90])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-defence"))
    assert get(session, "A").p.encumbrance == steps
    assert attacks(session, "A")[0].chance == chance


# -- reloading -------------------------------------------------------------------------------


def test_a_failed_speed_reload_spends_the_round_reloading() -> None:
    session, roller = emptied_rifle()
    roller.extend([90])  # 90 > 10 + 40 / 2 = 30
    session.act(Declare(actor="A", stance="normal-attack", target="D", speed_reload=True))
    session.act(Declare(actor="D", stance="all-out-defence"))
    assert [r.speed for r in session.log if isinstance(r, Reloaded)] == [False]
    assert len(attacks(session, "A")) == 2  # no shot in round 3
    assert get(session, "A").ammo[0] == 6


# -- hit points: one-hit fights, bleeding, first aid ------------------------------------------


def test_in_round_1_someone_downed_before_their_turn_does_not_strike() -> None:
    data = duel(defender={"hp": 1}, weapon_damage_on_parry="none")
    session, _ = start(data, [20, 1, 30, 70, 4])  # A hits, D's parry fails, 4 - 2 ABS
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="normal-attack", target="A"))
    assert get(session, "D").hp == -1 and attacks(session, "D") == []
    assert session.state.over and session.state.winner == "a"


def wounded_friend(
    patient: dict[str, Any] | None = None, **options: Any
) -> tuple[Session, CountingRoller]:
    """Round 1 (order D, B, A): D hits A (30), A's parry fails (70), D4+1 = 4 - 2 ABS: A goes
    from 1 to -1 hp. B has first aid 50."""
    data = scenario(
        fighter_spec("A", "a", hp=1, **(patient or {})),
        fighter_spec("B", "a", skills={"dagger": 50, "first aid": 50}, tactics="medic"),
        fighter_spec("D", "b"),
        weapon_damage_on_parry="none",
        **options,
    )
    session, roller = start(data, [1, 2, 20, 30, 70, 4])
    session.act(Declare(actor="D", stance="normal-attack", target="A"))
    session.act(Declare(actor="B", stance="all-out-defence"))
    session.act(Declare(actor="A", stance="all-out-defence"))
    assert get(session, "A").hp == -1 and get(session, "A").bleeding
    return session, roller


def quiet_round(session: Session, b_stance: str = "all-out-defence") -> None:
    session.act(Declare(actor="D", stance="all-out-defence"))
    target = "A" if b_stance == "first-aid" else None
    session.act(Declare(actor="B", stance=b_stance, target=target))


def test_below_0_hp_a_combatant_loses_1_hp_every_4_rounds() -> None:
    session, _ = wounded_friend()
    for _ in range(2, 10):  # rounds 2..9
        quiet_round(session)
    bleeding = [(e.hp_after, e.kind) for e in session.log if isinstance(e, Damaged)][1:]
    assert bleeding == [(-2, "bleeding"), (-3, "bleeding")]  # end of rounds 5 and 9


def test_bleeding_down_to_minus_con_kills() -> None:
    session, _ = wounded_friend(patient={"CON": 2})
    for _ in range(2, 6):
        quiet_round(session)
    assert get(session, "A").hp == -2 and get(session, "A").dead


def test_a_successful_first_aid_stops_the_bleeding() -> None:
    session, roller = wounded_friend()
    roller.extend([30])
    quiet_round(session, "first-aid")
    (aid,) = [e for e in session.log if isinstance(e, FirstAidRolled)]
    assert (aid.chance, aid.result) == (50, SUCCESS)
    for _ in range(3, 10):
        quiet_round(session)
    assert get(session, "A").hp == -1 and get(session, "A").stabilised


def test_a_failed_first_aid_leaves_the_bleeding() -> None:
    session, roller = wounded_friend()
    roller.extend([80])
    quiet_round(session, "first-aid")
    for _ in range(3, 6):
        quiet_round(session)
    assert get(session, "A").hp == -2 and not get(session, "A").stabilised


def test_the_medic_tactic_gives_first_aid_to_a_bleeding_friend() -> None:
    session, _ = wounded_friend()
    action = RULESET.choose(session.state, Pending("B", "B: stance"))
    assert isinstance(action, Declare)
    assert (action.stance, action.target) == ("first-aid", "A")


def test_first_aid_needs_the_skill_and_a_bleeding_friend() -> None:
    session, _ = wounded_friend()
    with pytest.raises(IllegalAction, match="has no first aid skill"):
        session.act(Declare(actor="D", stance="first-aid", target="A"))
    session.act(Declare(actor="D", stance="all-out-defence"))
    with pytest.raises(IllegalAction, match="a friend, not 'D'"):
        session.act(Declare(actor="B", stance="first-aid", target="D"))


# -- the battle-suits' built-in plasma rifle ---------------------------------------------------

SCOUT: dict[str, Any] = {
    "armour": "scout armour",
    "weapons": [],
    "skills": {"beam rifles": 50},
}


def test_a_powered_battle_suit_fires_its_built_in_plasma_rifle_without_spending_charges() -> None:
    session, roller = start(duel(attacker=SCOUT), [20, 1, 30, 11])  # hit, 3D6 = 11 - 2 ABS
    for _ in range(2):
        session.act(Declare(actor="A", stance="normal-attack", target="D"))
        session.act(Declare(actor="D", stance="all-out-defence"))
        roller.extend([90])
    a = get(session, "A")
    assert [arm.name for arm in a.p.arms if not arm.natural] == ["Plasma rifle"] and a.p.arms[
        0
    ].builtin
    assert a.ammo[0] == 20  # "continously charged from the combat suit"
    assert get(session, "D").hp == 20 - 9


def test_a_built_in_rifle_cannot_be_dropped() -> None:
    # A fumbles (97, 99; D cannot parry a shot) and rolls 30 on table 5.2: "drops weapon"
    session, roller = start(duel(attacker=SCOUT), [20, 1, 97, 99, 30])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-defence"))
    assert carried(get(session, "A")) == ["ready"] and roller.used == roller.total
    notes = [e.text for e in session.log if isinstance(e, Note)]
    assert notes == ["A's Plasma rifle is built into the suit: it stays put"]


def test_without_power_a_suit_wearer_needs_another_weapon() -> None:
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.weapons: at least one weapon"):
        parse_scenario(duel(attacker={**SCOUT, "armour_powered": False}), "bad.yaml")


@pytest.mark.parametrize("suit", ["infantry armour", "scout armour", "command armour"])
def test_each_battle_suit_has_a_built_in_plasma_rifle(suit: str) -> None:
    from fracas.rulesets.percentile.armour import ARMOURS, builtin_weapon

    assert builtin_weapon(ARMOURS[suit], powered=True) == "plasma rifle"
    assert builtin_weapon(ARMOURS[suit], powered=False) is None


def test_in_a_simultaneous_round_a_weapon_broken_earlier_still_cannot_attack() -> None:
    """Round 2 is "effectively simultaneous", but "any weapon that ends up taking enough
    damage to break will not be usable for attack": A's katana (2D6+3 = 15 > BV 6 + 6)
    breaks D's parrying dagger before D's turn."""
    katana = {"weapons": ["katana"], "skills": {"katana": 50}}
    session, roller = start(duel(attacker=katana), [20, 1, 70, 70])  # round 1: both miss
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="normal-attack", target="A"))
    roller.extend([30, 30, 15])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="normal-attack", target="A"))
    assert carried(get(session, "D")) == ["broken"]
    assert len(attacks(session, "D")) == 1  # round 1 only
    assert roller.used == roller.total
