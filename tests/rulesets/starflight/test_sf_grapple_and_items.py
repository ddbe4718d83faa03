"""The Grapple family (Grapple, Grapple checks, Improved Grab, Constrict, Swallow Whole),
Full Attack, Coup de Grace, the item actions, Disarm/Sunder, Aid, shield recharge and the
legal-actions listing of them, with rolls named by purpose."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine import IllegalAction, Pending
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.actions import (
    ActivateItem,
    Aid,
    Attack,
    AttackItem,
    Constrict,
    CoupDeGrace,
    CutFree,
    Disarm,
    DropItem,
    FullAttack,
    GrabAttack,
    Grapple,
    GrappleCheck,
    ManipulateItem,
    Move,
    ReapplyConstriction,
    RechargeShield,
    Resuscitate,
    Standby,
    Strike,
    SwallowWhole,
)
from fracas.rulesets.starflight.combat_states import finesse_score
from fracas.rulesets.starflight.events import (
    AttackRolled,
    Checked,
    ClinicalDeath,
    ConditionEnded,
    DamageTaken,
    Escaped,
    GrappleStarted,
    Inspired,
    ItemDropped,
    ItemPickedUp,
    ItemWrecked,
    ObjectDestroyed,
    Opposed,
    Refused,
    Swallowed,
    WoundsInflicted,
)
from fracas.rulesets.starflight.opposed import attribute_terms

from .helpers import fighter
from .test_sf_combat_actions import KNIFE, a, begin, events, st, t, who

CLOSE = [3, 0]
WON = {"a Grapple check": [15], "t Grapple check": [5], "t attack on a": [5], "a grab on t": [80]}


def grappling(**kw: Any) -> Any:
    """a has grabbed and won against t (3 m away); it is still a's turn."""
    fighters = kw.pop("fighters", None) or [
        a(**kw.pop("a", {})),
        t(position=CLOSE, **kw.pop("t", {})),
    ]
    s, roller = begin(fighters, {**WON, **kw.pop("rolls", {})}, **kw)
    s.act(Grapple(actor="a", target="t"))
    return s, roller


def test_a_grab_provokes_the_targets_opportunity_attack_then_opposed_grapple_checks() -> None:
    s, roller = grappling()
    purposes = [p for p, _ in roller.log]
    assert purposes.index("t attack on a") < purposes.index("a grab on t")
    grab = next(e for e in events(s, AttackRolled) if e.attacker == "a")
    assert grab.effective_hd == 50 and "grab" in grab.weapon  # against THD
    check = events(s, Opposed)[0]
    assert (check.a_total, check.b_total) == (15 + 3, 5 + 3)  # 2d10 + Size Class 3
    assert events(s, GrappleStarted) and who(s, "a").grappling == ["t"]
    hurt = next(e for e in events(s, DamageTaken) if e.target == "t")
    assert hurt.nonlethal == 10  # unarmed damage: the margin


def test_grapplers_cannot_move_or_make_opportunity_attacks() -> None:
    u = fighter("u", "blue", position=[40, 0], facing=180)
    s, _ = grappling(fighters=[a(), t(position=CLOSE), u])
    s.act(Standby(actor="a"))
    with pytest.raises(IllegalAction, match="cannot move"):
        s.act(Move(actor="t", away_from="a"))
    s.act(Standby(actor="t"))
    s.act(Standby(actor="t"))
    s.act(Move(actor="u", toward="a"))
    assert not [e for e in events(s, AttackRolled) if e.attacker == "a" and e.opportunity]


def test_a_grapple_fails_automatically_two_size_classes_up() -> None:
    s, roller = begin([a(), t(position=CLOSE, size_class=5)])
    s.act(Grapple(actor="a", target="t"))
    assert "fails automatically" in events(s, Refused)[0].text
    assert not events(s, GrappleStarted) and not any("grab" in p for p, _ in roller.log)


@pytest.mark.parametrize("aim", ["pin", "damage", "break-pin", "escape"])
def test_a_grapple_check_while_not_grappling_is_refused(aim: str) -> None:
    s, _ = begin([a(), t(position=CLOSE)])
    with pytest.raises(IllegalAction, match="not grappling anyone"):
        s.act(GrappleCheck(actor="a", aim=aim, target="t"))  # type: ignore[arg-type]


def test_a_grab_beyond_range_zero_is_refused() -> None:
    s, _ = begin([a(), t(position=[8, 0])])
    with pytest.raises(IllegalAction, match="Range Zero"):
        s.act(Grapple(actor="a", target="t"))


def test_a_pin_gives_others_plus_20_and_holds_the_pinned_to_breaking_it() -> None:
    u = fighter("u", "red", position=[3, 4], facing=270, weapons=KNIFE)
    s, _ = grappling(fighters=[a(), t(position=CLOSE), u], rolls={"u initiative": [2]})
    s.act(GrappleCheck(actor="a", aim="pin", target="t"))
    assert who(s, "a").pinning == "t"
    s.act(Attack(actor="u", strikes=[Strike(target="t", weapon=0)]))
    u_roll = next(e for e in events(s, AttackRolled) if e.attacker == "u")
    assert ("target pinned", 20) in u_roll.roll_terms
    s.act(Standby(actor="u"))
    with pytest.raises(IllegalAction, match="pinned by a"):
        s.act(Move(actor="t", toward="u"))
    s.act(GrappleCheck(actor="t", aim="break-pin", target="a"))  # t 5+3 against a 15+3: fails
    assert who(s, "a").pinning == "t"


def test_breaking_a_pin_and_damage_at_minus_20() -> None:
    rolls = {"a Grapple check": [15], "t Grapple check": [5, 5, 20]}
    s, _ = grappling(rolls=rolls)
    s.act(GrappleCheck(actor="a", aim="pin", target="t"))  # 18 against 8
    assert who(s, "a").pinning == "t"
    s.act(GrappleCheck(actor="t", aim="break-pin", target="a"))  # 23 against 18
    assert who(s, "a").pinning is None
    s.act(GrappleCheck(actor="t", aim="damage", target="a"))  # 23 - 20 against 18: fails
    damage = events(s, Opposed)[-1]
    assert ("damage attempt", -20) in damage.a_terms and damage.winner == "a"


def test_escaping_needs_to_beat_every_grappler_and_joining_needs_no_grab() -> None:
    u = fighter("u", "red", position=[3, 3], facing=270)
    rolls = {"u initiative": [2], "u Grapple check": [15], "t Grapple check": [5, 5, 18, 10]}
    s, roller = grappling(fighters=[a(), t(position=CLOSE), u], rolls=rolls)
    s.act(Standby(actor="a"))
    s.act(Grapple(actor="u", target="t"))  # joins: no grab roll, no opportunity attack
    assert not any(p.startswith("u grab") for p, _ in roller.log)
    assert sorted(who(s, "t").grappling) == ["a", "u"]
    s.act(Standby(actor="u"))
    s.act(GrappleCheck(actor="t", aim="escape"))  # t 21 beats a 18, t 13 loses to u 18
    assert sorted(who(s, "t").grappling) == ["a", "u"]


def test_improved_grab_grapples_after_a_hit_without_an_opportunity_attack() -> None:
    rolls = {"a attack on t": [95], "a Grapple check": [15], "t Grapple check": [5]}
    s, roller = begin([a(abilities=["improved grab"]), t(position=CLOSE)], rolls)
    s.act(GrabAttack(actor="a", target="t"))
    assert events(s, GrappleStarted)
    assert not [e for e in events(s, AttackRolled) if e.attacker == "t"]
    assert not any("grab on" in p for p, _ in roller.log)


def test_improved_grab_needs_the_ability() -> None:
    s, _ = begin([a(), t(position=CLOSE)])
    with pytest.raises(IllegalAction, match="no Improved Grab"):
        s.act(GrabAttack(actor="a", target="t"))


def test_constrict_is_free_after_a_won_grapple_check_then_must_be_reapplied() -> None:
    constrictor = {"abilities": ["constrict"], "attributes": {"power": 40}}
    s, _ = grappling(a=constrictor)
    phases = st(s).phases_left
    s.act(Constrict(actor="a", target="t"))
    assert st(s).phases_left == phases  # free
    assert "suffocation (chapter 12.4.2) is not covered" in events(s, Refused)[0].text
    squeeze = [e for e in events(s, DamageTaken) if e.target == "t"][-1]
    assert squeeze.lethal + squeeze.nonlethal == 8  # 2 x Power modifier 4
    with pytest.raises(IllegalAction, match="not just won"):
        s.act(Constrict(actor="a", target="t"))
    s.act(ReapplyConstriction(actor="a", target="t"))
    assert st(s).current == "t"  # a standard action


def test_constrict_without_the_ability_or_the_grapple_is_refused() -> None:
    s, _ = begin([a(abilities=["constrict"]), t(position=CLOSE)])
    with pytest.raises(IllegalAction, match="not grappling"):
        s.act(Constrict(actor="a", target="t"))


def swallower(**kw: Any) -> dict[str, Any]:
    return {"abilities": ["swallow whole"], "size_class": 6, **kw}


def test_a_swallow_by_a_creature_too_small_is_refused() -> None:
    assert swallower()["size_class"] == 6
    s, _ = grappling(a={"abilities": ["swallow whole"], "size_class": 5})
    with pytest.raises(IllegalAction, match="too small to swallow"):
        s.act(SwallowWhole(actor="a", target="t"))


def test_swallowed_whole_takes_power_plus_finesse_then_digestion_then_dies_disabled() -> None:
    body = swallower(attributes={"power": 30, "finesse": 20})
    rolls = {"a Grapple check": [15, 12], "t Grapple check": [5, 2], "t digestion": [4]}
    rolls |= {"t Fortitude save (wounded)": [99]}
    s, _ = grappling(a=body, t={"hp": 200}, rolls=rolls)
    s.act(SwallowWhole(actor="a", target="t"))
    assert events(s, Swallowed) and who(s, "t").swallowed_by == "a"
    check = events(s, Opposed)[-1]
    assert ("Size Classes smaller", 10) in check.b_terms  # exactly three smaller: +10
    gulp = [e for e in events(s, DamageTaken) if e.target == "t"][-1]
    assert gulp.lethal == 50 and who(s, "t").grappling == []
    s.act(Standby(actor="a"))
    with pytest.raises(IllegalAction, match="inside a"):
        s.act(Attack(actor="t", strikes=[Strike(target="a")]))
    s.act(Standby(actor="t"))
    s.act(Standby(actor="t"))  # end of round 1: digestion
    acid = [e for e in events(s, WoundsInflicted) if e.cause == "acid"]
    assert acid and acid[0].count == 2
    assert [e for e in events(s, DamageTaken) if e.target == "t"][-1].lethal == 4


def test_cutting_free_from_within() -> None:
    rolls = {"a Grapple check": [15, 12], "t Grapple check": [5, 2], "t from within on a": [95]}
    rolls |= {"a Wounds as t bursts out": [6], "t Fortitude save (wounded)": [99]}
    s, _ = grappling(a=swallower(), t={"skills": {"brawling": 10}}, rolls=rolls)
    s.act(SwallowWhole(actor="a", target="t"))
    s.act(Standby(actor="a"))
    s.act(CutFree(actor="t"))  # 95 + 10 against HD 50: 55 non-lethal + 1 lethal >= 50
    assert events(s, Escaped) and who(s, "t").swallowed_by is None
    burst = next(e for e in events(s, WoundsInflicted) if e.cause == "burst out")
    assert burst.target == "a" and burst.count == 6 and burst.part in ("chest", "abdomen", "groin")


def test_full_attack_doubles_every_weapons_damage_when_all_hit_and_waits_five_rounds() -> None:
    rolls = {"a full attack on t": [95], "a knife damage": [1]}
    two = [{"weapon": "knife", "class": 1}, {"weapon": "knife", "class": 1}]
    s, _ = begin([a(weapons=two), t(position=CLOSE)], rolls)
    s.act(FullAttack(actor="a", target="t"))
    hits = [e for e in events(s, DamageTaken) if e.target == "t"]
    assert [h.lethal for h in hits] == [10, 10]  # (4 + 1) x 2 each
    for _ in range(2):
        s.act(Standby(actor="t"))
    with pytest.raises(IllegalAction, match="wait five rounds"):
        s.act(FullAttack(actor="a", target="t"))


def test_full_attack_needs_every_wielded_weapon_in_range() -> None:
    both = [{"weapon": "knife", "class": 1}, {"weapon": "hand laser", "class": 1}]
    s, _ = begin([a(weapons=both), t(position=[15, 0])])
    with pytest.raises(IllegalAction, match="every wielded weapon"):
        s.act(FullAttack(actor="a", target="t"))


def test_coup_de_grace_needs_a_helpless_target_and_can_kill_outright() -> None:
    rolls = {"t Fortitude save (coup de grace)": [10]}
    s, _ = begin([a(weapons=KNIFE), t(position=CLOSE)], rolls)
    with pytest.raises(IllegalAction, match="not Helpless"):
        s.act(CoupDeGrace(actor="a", target="t", weapon=0))
    who(s, "t").nhp = 0  # knocked out earlier
    s.act(CoupDeGrace(actor="a", target="t", weapon=0))
    assert [e for e in events(s, AttackRolled)] == []  # no roll: an automatic critical
    assert events(s, ClinicalDeath)[0].reason == "coup de grace"


def test_drop_an_item_free_then_pick_it_up_as_a_move_action() -> None:
    s, _ = begin([a(weapons=KNIFE), t()])
    s.act(DropItem(actor="a", weapon=0))
    assert st(s).phases_left == 2 and events(s, ItemDropped)[0].x == 0
    s.act(ManipulateItem(actor="a", owner="a", weapon=0))
    assert who(s, "a").weapons[0].drawn and st(s).phases_left == 1


def test_picking_up_needs_range_zero_and_an_unattended_item() -> None:
    s, _ = begin([a(), t(position=CLOSE, weapons=KNIFE)])
    s.act(Standby(actor="a"))
    s.act(Standby(actor="a"))
    s.act(DropItem(actor="t", weapon=0))
    s.act(Standby(actor="t"))
    s.act(Standby(actor="t"))
    with pytest.raises(IllegalAction, match="stands over"):
        s.act(ManipulateItem(actor="a", owner="t", weapon=0))


def test_activate_item_is_another_chapters() -> None:
    s, _ = begin([a(), t()])
    with pytest.raises(IllegalAction, match=r"chapter 5\.4"):
        s.act(ActivateItem(actor="a", item="scanner"))


def test_attack_item_breaks_an_obstacle_through_its_damage_reduction() -> None:
    door = {"name": "door", "start": [2, -5], "end": [2, 5], "kind": "penetrable"}
    door |= {"material": "wood", "thickness_cm": 2}
    s, _ = begin([a(), t()], {"attack on the door": [95]}, obstacles=[door])
    assert (st(s).obstacles[0].hp, st(s).obstacles[0].damage_reduction) == (60, 5)
    s.act(AttackItem(actor="a", obstacle=0))  # 95 non-lethal - DR 5 > 60 HP
    assert events(s, ObjectDestroyed) and st(s).obstacles[0].destroyed


def test_attack_item_out_of_reach_is_refused() -> None:
    wall = {"name": "wall", "start": [30, -5], "end": [30, 5], "kind": "penetrable", "hp": 40}
    s, _ = begin([a(), t()], obstacles=[wall])
    with pytest.raises(IllegalAction, match="out of reach"):
        s.act(AttackItem(actor="a", obstacle=0))


def test_disarm_25_over_drops_the_weapon_and_halves_the_damage_to_its_hand() -> None:
    rolls = {"a disarm: the knife on t": [95], "a knife damage": [2]}
    s, _ = begin([a(weapons=KNIFE), t(position=CLOSE, weapons=KNIFE)], rolls)
    s.act(Disarm(actor="a", target="t", item=0, weapon=0))  # 95 vs HD 50: 45 over
    hit = next(e for e in events(s, DamageTaken) if e.target == "t")
    assert hit.part == "right_arm" and hit.lethal == (4 + 2) // 2
    assert who(s, "t").weapons[0].dropped and not events(s, ItemPickedUp)


def test_a_bare_handed_disarm_takes_the_weapon() -> None:
    s, _ = begin([a(), t(position=CLOSE, weapons=KNIFE)], {"a disarm: the knife on t": [95]})
    s.act(Disarm(actor="a", target="t", item=0))
    assert events(s, ItemPickedUp) and who(s, "a").weapons[0].name == "knife"


def test_disarm_50_over_can_wreck_the_item() -> None:
    rolls = {"a disarm: the knife on t": [95], "GM d% against the knife": [10]}
    s, _ = begin([a(weapons=KNIFE), t(position=CLOSE, hd=30, weapons=KNIFE)], rolls)
    s.act(Disarm(actor="a", target="t", item=0, weapon=0))
    assert events(s, ItemWrecked) and who(s, "t").weapons[0].wrecked


def test_disarm_by_hand_beyond_one_increment_is_refused() -> None:
    s, _ = begin([a(weapons=KNIFE), t(position=[12, 0], weapons=KNIFE)])
    with pytest.raises(IllegalAction, match="beyond one melee increment"):
        s.act(Disarm(actor="a", target="t", item=0, weapon=0))


def ally(**kw: Any) -> dict[str, Any]:
    return fighter("b", "red", **{"position": [10, 0], **kw})


def test_aid_rallies_a_shaken_ally_and_inspires_another() -> None:
    rolls = {"a Leadership check": [60], "b Willpower save (against Leadership)": [20]}
    s, _ = begin([a(skills={"leadership": 50}), ally(), t(position=[60, 0])], rolls)
    with pytest.raises(IllegalAction, match="not Shaken"):
        s.act(Aid(actor="a", kind="rally", targets=["b"]))
    s.act(Aid(actor="a", kind="inspire", targets=["b"]))
    inspired = events(s, Inspired)[0]
    assert (inspired.bonus, inspired.until) == (9, 10)  # 60 + 50 - 20 = 90: 9 rounds, +9
    who(s, "b").shaken = True
    s.act(Aid(actor="a", kind="rally", targets=["b"]))
    assert events(s, ConditionEnded)[0].condition == "shaken"


def test_shield_recharge_uses_a_spare_battery() -> None:
    shield = {"name": "belt shield", "hp": 20, "spare_batteries": 1}
    s, _ = begin([a(shield=shield), t()])
    with pytest.raises(IllegalAction, match="fully charged"):
        s.act(RechargeShield(actor="a"))
    sh = who(s, "a").shield
    assert sh is not None
    sh.hp = 5
    s.act(RechargeShield(actor="a"))
    assert sh.hp == 20 and who(s, "a").shield_batteries == 0


def test_legal_actions_list_the_combat_actions_and_each_resolves() -> None:
    s, _ = begin(
        [
            a(weapons=KNIFE, abilities=["improved grab", "trample"], size_class=4),
            t(position=[25, 0], weapons=KNIFE),
        ]
    )
    choices = RULESET.legal_actions(st(s), Pending("a", ""))
    labels = {c.label for c in choices}
    assert {"charge t with the knife", "push t", "trample t"} <= labels
    for choice in choices:
        s.act(choice.action)
        s.undo()


def test_a_grappler_has_no_finesse_for_checks_or_ranged_damage() -> None:
    s, _ = grappling(a={"attributes": {"finesse": 60}})
    fight = st(s)
    terms = dict(attribute_terms(fight, who(s, "a"), "finesse"))
    assert terms["Finesse"] == 0
    laser = who(s, "a").weapons
    assert laser == [] and finesse_score(fight, who(s, "a")) == 0


def test_rallying_three_at_once_is_against_a_very_difficult_dc() -> None:
    allies = [fighter(f"b{i}", "red", position=[5 * i, 5]) for i in range(3)]
    s, _ = begin(
        [a(skills={"leadership": 90}), *allies, t(position=[60, 0])], {"a Leadership": [80]}
    )
    for o in allies:
        who(s, o["id"]).shaken = True
    s.act(Aid(actor="a", kind="rally", targets=["b0", "b1", "b2"]))
    check = next(e for e in s.log if isinstance(e, Checked))
    assert check.dc == 165 and check.success  # 80 + 90 > 165
    assert not any(who(s, o["id"]).shaken for o in allies)


def test_an_inspired_ally_does_not_become_shaken() -> None:
    rolls = {"a Leadership check": [60], "b Willpower save (against Leadership)": [20]}
    rolls |= {"t attack on b": [95], "b Willpower save (hit)": [1]}
    s, _ = begin(
        [
            a(skills={"leadership": 50}),
            ally(position=[3, 3]),
            t(position=[5, 0], weapons=KNIFE, attributes={"power": 90}),
        ],
        rolls,
    )
    s.act(Aid(actor="a", kind="inspire", targets=["b"]))
    s.act(Standby(actor="a"))
    while st(s).current != "t":
        s.act(Standby(actor=st(s).current or ""))
    s.act(Attack(actor="t", strikes=[Strike(target="b", weapon=0)]))
    will = [e for e in s.log if isinstance(e, Checked) and e.what == "Willpower save (hit)"]
    assert will and not will[-1].success
    assert will[-1].modifier == 9  # the inspiration's +9 to all die rolls
    assert not who(s, "b").shaken  # 'will not become Shaken'


def test_a_disarmed_shield_generator_shuts_down() -> None:
    shield = {"name": "belt shield", "hp": 20}
    s, _ = begin([a(), t(position=CLOSE, shield=shield)], {"a disarm: the belt shield on t": [95]})
    s.act(Disarm(actor="a", target="t", item=None))
    assert who(s, "t").shield is None and not who(s, "t").shield_raised


def test_recharging_without_a_spare_battery_is_refused() -> None:
    s, _ = begin([a(shield={"name": "belt shield", "hp": 20}), t()])
    sh = who(s, "a").shield
    assert sh is not None
    sh.hp = 5
    with pytest.raises(IllegalAction, match="no spare battery"):
        s.act(RechargeShield(actor="a"))


def test_leadership_aid_takes_the_whole_turn_when_medical_aid_cost_says_so() -> None:
    rolls = {"a Leadership check": [60], "b Willpower save (against Leadership)": [20]}
    fighters = [a(skills={"leadership": 50}), ally(), t(position=[60, 0])]
    s, _ = begin(fighters, rolls, options={"medical_aid_cost": "full"})
    s.act(Aid(actor="a", kind="inspire", targets=["b"]))
    assert st(s).current != "a"


def test_nobody_can_give_medical_aid_to_a_swallowed_ally() -> None:
    s, _ = begin([a(), ally(), t(position=[5, 0])])
    who(s, "b").swallowed_by = "t"
    with pytest.raises(IllegalAction, match="inside t"):
        s.act(Resuscitate(actor="a", patient="b"))


def test_a_grappler_lets_go_of_an_opponent_who_is_out_of_the_fight() -> None:
    u = fighter("u", "blue", position=[40, 0], facing=180)
    s, _ = grappling(fighters=[a(), t(position=CLOSE), u])
    who(s, "t").nhp = 0  # knocked out (by a third party, say)
    s.act(Standby(actor="a"))
    s.act(Standby(actor="u"))
    s.act(Standby(actor="u"))  # round 2: a's turn begins
    assert who(s, "a").grappling == [] and who(s, "t").grappling == []
    ended = [e for e in s.log if type(e).__name__ == "GrappleEnded"]
    assert ended and "out of the fight" in ended[-1].reason


def test_being_swallowed_is_no_groin_hit_no_daze_no_immobility() -> None:
    body = swallower(attributes={"power": 30, "finesse": 20})
    rolls = {"a Grapple check": [15, 12], "t Grapple check": [5, 2], "t hit location": [1, 6]}
    rolls |= {"t Fortitude save (wounded)": [99]}
    s, _ = grappling(a=body, t={"hp": 200, "sex": "male"}, rolls=rolls)
    s.act(SwallowWhole(actor="a", target="t"))
    gulp = [e for e in events(s, DamageTaken) if e.target == "t"][-1]
    assert (gulp.part, gulp.lethal) == ("groin", 50)
    riders = [e for e in s.log if type(e).__name__ == "ConditionGained" and e.who == "t"]
    assert not [e for e in riders if e.condition in ("dazed", "immobile")]
