"""The attack action: Attack Bonus, several weapons and targets, multiple fire, off-hand,
melee, line of sight, criticals, blue on blue, unarmed, sniping, surprise, opportunity."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.starflight.actions import Attack, DropProne, Move, Snipe, Standby, Strike
from fracas.rulesets.starflight.events import (
    AttackRolled,
    BlueOnBlue,
    DamageTaken,
    GearCheck,
    ObstacleHit,
    PhasesSpent,
    WoundsInflicted,
)

from .helpers import fight_of, fighter, of_type, shooter, start, target, who

INIT = [10, 1]
SHOT = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])
PASS = [90, 90, 90]  # Reflex, Willpower, Fortitude


def attack_of(
    rolls: list[int],
    attacker: dict[str, object] | None = None,
    tgt: dict[str, object] | None = None,
    **top: object,
) -> AttackRolled:
    s = start([shooter(**(attacker or {})), target(**(tgt or {}))], [*INIT, *rolls], **top)
    s.act(SHOT)
    return of_type(s, AttackRolled)[0]


def test_attack_bonus_is_subtracted_in_hd_and_added_to_the_roll() -> None:
    a = attack_of([10], {"skills": {"security": 40}}, {"skills": {"dodge": 34}})
    assert (a.effective_hd, a.modifier, a.total) == (50 + 3 - 4, 4, 14)


def test_attack_bonus_once_option() -> None:
    a = attack_of([10], {"skills": {"security": 40}}, options={"attack_bonus_twice": False})
    assert (a.effective_hd, a.modifier) == (46, 0)


def test_a_tie_with_effective_hd_misses() -> None:
    assert attack_of([50]).hits == 0
    assert attack_of([51, 5, *PASS]).hits == 1


def test_range_falloff_adds_per_full_increment() -> None:
    a = attack_of([10], tgt={"position": [60, 0]})  # hand laser falloff 1, 2 increments
    assert a.effective_hd == 52


@pytest.mark.parametrize("bonus", [10, 20], ids=["drop-prone-10", "terms-20"])
def test_prone_target_hd_bonus_follows_the_option(bonus: int) -> None:
    s = start([shooter(), target()], [*INIT, 10], options={"prone_hd_bonus": bonus})
    s.act(Standby(actor="a"))
    s.act(Standby(actor="a"))
    s.act(DropProne(actor="t"))  # a free action: still two phases
    s.act(Standby(actor="t"))
    s.act(Standby(actor="t"))
    s.act(SHOT)
    assert of_type(s, AttackRolled)[0].effective_hd == 50 + bonus


def test_dodge_ignored_fhd_used_and_no_attribute_damage_in_the_surprise_round() -> None:
    s = start(
        [shooter(attributes={"finesse": 50}), target(fhd=30, skills={"dodge": 50}, surprised=True)],
        [*INIT, 40, 5, *PASS],
    )
    assert fight_of(s).surprise_round and fight_of(s).phases_left == 1
    s.act(SHOT)
    a = of_type(s, AttackRolled)[0]
    assert a.effective_hd == 30
    assert of_type(s, DamageTaken)[0].lethal == 10  # no Finesse bonus
    assert (fight_of(s).round, fight_of(s).current) == (2, "a")  # 't' did not act


def test_equipment_effects_add_to_the_hd() -> None:
    assert attack_of([10], {"equipment_hd": 7}).effective_hd == 57


def test_off_hand_weapon_is_at_minus_10() -> None:
    weapons = [{"weapon": "hand laser", "class": 1, "hand": "left_arm"}]
    assert attack_of([10], {"weapons": weapons}).modifier == -10


def test_ambidexterity_option_reduces_the_off_hand_penalty() -> None:
    weapons = [{"weapon": "hand laser", "class": 1, "hand": "left_arm"}]
    a = attack_of(
        [10],
        {"weapons": weapons, "ambidextrous": True},
        options={"ambidexterity_offhand_penalty": 5},
    )
    assert a.modifier == -5


def test_two_weapons_on_one_target_share_one_roll() -> None:
    weapons = [{"weapon": "hand laser", "class": 1}, {"weapon": "hand laser", "class": 1}]
    s = start([shooter(weapons=weapons), target()], [*INIT, 55, 5, *PASS])
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0), Strike(target="t", weapon=1)]))
    rolls = of_type(s, AttackRolled)
    assert [(r.natural, r.total, r.hits) for r in rolls] == [(55, 55, 1), (55, 45, 0)]


def test_each_further_target_is_at_a_cumulative_minus_10() -> None:
    smg = [{"weapon": "submachine gun", "class": 2}]
    u = fighter("u", "blue", position=[20, 5], facing=180)
    s = start([shooter(weapons=smg), target(), u], [10, 1, 1, 10, 10])
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0), Strike(target="u", weapon=0)]))
    assert [r.modifier for r in of_type(s, AttackRolled)] == [0, -10]


def test_multiple_fire_needs_5_more_per_extra_shot() -> None:
    smg = [{"weapon": "submachine gun", "class": 2}]
    s = start([shooter(weapons=smg), target(hp=500)], [*INIT, 56, 5, 1, *PASS, 5, 1, *PASS])
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0, shots=3)]))
    a = of_type(s, AttackRolled)[0]
    assert (a.total, a.effective_hd, a.hits, a.shots) == (56, 50, 2, 3)  # 56 > 50, > 55, not > 60
    assert who(s, "a").weapons[0].loaded == 27


def test_ranged_fire_into_melee_and_out_of_melee() -> None:
    brawler = fighter("u", "red", position=[25, 0])  # 5 m from 't', a friend of 'a'
    s = start([shooter(), target(), brawler], [10, 1, 1, 10])
    s.act(SHOT)
    assert of_type(s, AttackRolled)[0].effective_hd == 50 + 20
    foe = fighter("v", "blue", position=[0, 5], facing=270)
    s = start([shooter(), target(), foe], [10, 1, 1, 10])
    s.act(SHOT)
    a = of_type(s, AttackRolled)[0]
    assert a.modifier == -20  # 'a' is in melee with 'v' and fires at 't'


def test_peripheral_arc_costs_25_and_behind_is_out_of_sight() -> None:
    a = attack_of([10], {"facing": 80})  # human optimal 120, peripheral 200
    assert a.modifier == -25
    s = start([shooter(facing=180), target()], [*INIT])
    with pytest.raises(IllegalAction, match="outside"):
        s.act(SHOT)


def test_no_target_behind_another_combatant() -> None:
    s = start([shooter(), target(), fighter("u", "blue", position=[10, 0])], [10, 1, 1])
    with pytest.raises(IllegalAction, match="in the way"):
        s.act(SHOT)


def test_solid_obstacle_blocks_and_low_one_is_shot_over() -> None:
    wall = {"name": "brick wall", "start": [10, -5], "end": [10, 5], "kind": "solid"}
    s = start([shooter(), target()], [*INIT], obstacles=[wall])
    with pytest.raises(IllegalAction, match="brick wall"):
        s.act(SHOT)
    hedge = {**wall, "name": "hedge", "kind": "low"}
    s = start([shooter(), target()], [*INIT, 10], obstacles=[hedge])
    s.act(SHOT)
    assert of_type(s, AttackRolled)[0].modifier == 0


def test_shooting_through_a_wall_costs_25_and_its_hit_points_absorb_first() -> None:
    wall = {
        "name": "plaster wall",
        "start": [10, -5],
        "end": [10, 5],
        "kind": "penetrable",
        "hp": 6,
        "damage_reduction": 1,
    }
    s = start([shooter(), target()], [*INIT, 90, 5, *PASS], obstacles=[wall])
    s.act(SHOT)
    assert of_type(s, AttackRolled)[0].modifier == -25
    hit = of_type(s, ObstacleHit)[0]
    assert (hit.absorbed, hit.hp_after) == (7, 0)
    assert of_type(s, DamageTaken)[0].lethal == 3
    assert fight_of(s).obstacles[0].hp == 0


def test_critical_beam_hit_doubles_and_puts_d5_wounds_on_the_part() -> None:
    s = start([shooter(), target()], [*INIT, 99, 5, 4, *PASS])
    s.act(SHOT)
    assert of_type(s, DamageTaken)[0].lethal == 20
    assert of_type(s, WoundsInflicted)[0].count == 4


def test_critical_wounds_add_option() -> None:
    s = start([shooter(), target()], [*INIT, 99, 5, 4, *PASS], options={"critical_wounds": "add"})
    s.act(SHOT)
    assert of_type(s, WoundsInflicted)[0].count == 5


def test_critical_projectile_hit_adds_ten_times_d10() -> None:
    pistol = [{"weapon": "slug pistol", "class": 1}]
    s = start([shooter(weapons=pistol), target()], [*INIT, 99, 3, 7, 5, 2, *PASS])
    s.act(SHOT)
    assert of_type(s, DamageTaken)[0].lethal == 6 + 3 + 70


def test_wound_die_d10_halved_option() -> None:
    s = start([shooter(), target()], [*INIT, 99, 5, 6, *PASS], options={"wound_die": "d10-halved"})
    s.act(SHOT)
    assert of_type(s, WoundsInflicted)[0].count == 3


@pytest.mark.parametrize(
    ("friends", "victim"),
    [
        ([("f1", 3), ("f2", 7)], "f1"),  # next lower initiative than the attacker's 5
        ([("f2", 7), ("f3", 9)], "f3"),  # none lower: the highest
        ([], "a"),  # nobody: the attacker
    ],
    ids=["next-lower", "highest", "self"],
)
def test_critical_miss_hits_a_friend_blue_on_blue(
    friends: list[tuple[str, int]], victim: str
) -> None:
    others = [
        fighter(f, "red", initiative=i, position=[0, 10 + n]) for n, (f, i) in enumerate(friends)
    ]
    rolls = [10, 1, *[1 for _ in others], 100, 5, 3, *PASS]
    s = start([shooter(), target(), *others], rolls)
    s.act(SHOT)
    assert of_type(s, BlueOnBlue)[0].victim == victim
    assert of_type(s, DamageTaken)[0].target == victim
    assert of_type(s, DamageTaken)[0].lethal == 20


def test_unarmed_attack_is_a_brawling_check_degree_nonlethal_plus_lethal_per_10() -> None:
    s = start(
        [fighter("a", "red", skills={"brawling": 25}), target(position=[3, 0])],
        [*INIT, 60, 5, *PASS],
    )
    s.act(Attack(actor="a", strikes=[Strike(target="t")]))
    a = of_type(s, AttackRolled)[0]
    assert (a.modifier, a.total, a.effective_hd) == (25, 85, 50)
    d = of_type(s, DamageTaken)[0]
    assert (d.nonlethal, d.lethal) == (35, 2)


def test_melee_adds_power_and_ranged_adds_finesse() -> None:
    knife = [{"weapon": "knife", "class": 1}]
    s = start(
        [
            fighter("a", "red", weapons=knife, attributes={"power": 30, "finesse": 90}),
            target(position=[3, 0]),
        ],
        [*INIT, 80, 2, 5, *PASS],
    )
    s.act(SHOT)
    assert of_type(s, DamageTaken)[0].lethal == 4 + 2 + 3
    s = start([shooter(attributes={"power": 90, "finesse": 30}), target()], [*INIT, 80, 5, *PASS])
    s.act(SHOT)
    assert of_type(s, DamageTaken)[0].lethal == 10 + 3


def test_out_of_reach_and_beyond_ranged_combat_are_refused() -> None:
    s = start([shooter(), target(position=[180, 0])], [*INIT])
    with pytest.raises(IllegalAction, match="out of reach"):
        s.act(SHOT)
    s = start([shooter(), target(position=[380, 0])], [*INIT])
    with pytest.raises(IllegalAction, match="sniping"):
        s.act(SHOT)


RIFLE = [{"weapon": "sniper rifle", "class": 3}]
LASER_RIFLE = [{"weapon": "laser rifle", "class": 3}]


def test_sniping_doubles_hd_ignores_dodge_and_takes_the_whole_turn() -> None:
    s = start(
        [shooter(weapons=LASER_RIFLE), target(position=[500, 0], skills={"dodge": 90}, hp=500)],
        [*INIT, 99, 5, 4, *PASS],
    )
    s.act(Snipe(actor="a", target="t", weapon=0))
    a = of_type(s, AttackRolled)[0]
    # HD 50 doubled, Dodge ignored, beam falloff 1 x 20 increments at 500 m, scope -5
    assert a.effective_hd == 100 + 20 - 5
    assert [p.phases for p in of_type(s, PhasesSpent)] == [2]


def test_sniping_triples_damage_of_an_ordinary_weapon() -> None:
    s = start(
        [shooter(weapons=LASER_RIFLE, skills={"security": 200}), target(position=[400, 0], hp=200)],
        [*INIT, 98, 5, *PASS],
    )
    s.act(Snipe(actor="a", target="t", weapon=0))
    assert of_type(s, DamageTaken)[0].lethal == 3 * 24


def test_sniper_weapon_hit_on_a_vital_area_is_a_massive_attack() -> None:
    s = start(
        [shooter(weapons=RIFLE, skills={"security": 200}), target(position=[400, 0], hp=200)],
        [*INIT, 98, 4, 5, 90, *PASS],
    )
    s.act(Snipe(actor="a", target="t", weapon=0))
    assert of_type(s, DamageTaken)[0].lethal == 20 + 4
    assert of_type(s, GearCheck)[0].text == "sniper weapon on a vital area"
    # projectiles are treated as at 15 ranged increments: HD 100 - AB 20 + 15 - scope 10
    assert of_type(s, AttackRolled)[0].effective_hd == 85
    assert who(s, "t").nhp == 0


def test_sniping_needs_a_scope_and_a_full_turn() -> None:
    pistol = [{"weapon": "laser rifle", "class": 3}]
    s = start([shooter(weapons=pistol), target(position=[100, 0])], [*INIT])
    with pytest.raises(IllegalAction, match="within ranged combat"):
        s.act(Snipe(actor="a", target="t", weapon=0))


def test_moving_within_10_m_provokes_an_opportunity_attack() -> None:
    knife = [{"weapon": "knife", "class": 1}]
    s = start(
        [fighter("a", "red", initiative=9), target(position=[30, 0], weapons=knife)],
        [*INIT, 10],
        scale="melee",
    )
    s.act(Move(actor="a", toward="t"))
    a = of_type(s, AttackRolled)[0]
    assert (a.attacker, a.target) == ("t", "a")
    assert who(s, "a").x == 29
