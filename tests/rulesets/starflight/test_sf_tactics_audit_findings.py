"""Tactics found playing unlike a player in the audit's new scenarios
(tests/rulesets/starflight/scenarios/)."""

from __future__ import annotations

import pytest

from fracas.engine import Session
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.actions import Attack, Run, Snipe, Strike
from fracas.rulesets.starflight.events import Checked

from .helpers import fighter, of_type, shooter, start, target, who

RIFLE = [{"weapon": "sniper rifle", "class": 3}]


def test_a_sniper_shoots_a_foe_inside_ranged_combat_before_sniping_a_far_one() -> None:
    # 'Sniping': sniping doubles the HD; a foe coming in at 200 m is an ordinary shot
    # (HD 50 + falloff 8 - AB 6: d% + 6 > 52 hits on 47 naturals) while the one at 500 m
    # needs d% + 6 > 100 + 15 - 6 - 10 (only the natural 99). A player shoots the near one.
    sniper = fighter(
        "s", "red", tactics="sniper", skills={"security": 60}, weapons=RIFLE, position=[0, 0]
    )
    near = fighter("n", "blue", position=[200, 0], facing=180)
    far = fighter("f", "blue", position=[500, 0], facing=180)
    s = start([sniper, near, far], [10, 1, 1])
    pending = s.pending()
    assert pending is not None and pending.actor == "s"
    chosen = RULESET.choose(s.state, pending)
    assert not isinstance(chosen, Snipe)
    assert isinstance(chosen, Attack) and chosen.strikes[0].target == "n"


# -- critical potential: only the rolls the chapter gives it --------------------------------


def test_the_willpower_save_after_a_hit_has_no_critical_potential() -> None:
    # 'Resolving Damage': "If the Reflex Save fails, the character is knocked prone ... This
    # roll has critical potential" - the Reflex save's; the Willpower save that follows has
    # none, so its natural 00 is a plain failure (Shaken), not a 'critical failure'.
    shot = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])
    # initiative; attack 80 hits; chest; Reflex 50; Willpower 00 (d100 100); Fortitude 80
    s = start([shooter(), target()], [10, 1, 80, 5, 50, 100, 80])
    s.act(shot)
    willpower = [e for e in of_type(s, Checked) if e.what == "Willpower save (hit)"]
    assert willpower and willpower[0].natural == 0 and not willpower[0].success
    assert willpower[0].critical is None
    assert who(s, "t").shaken


def test_the_massive_attack_fortitude_save_has_no_critical_potential() -> None:
    # 'Lethal Damage and Wounds': "they must immediately make a DC 75 Fortitude Save" (no
    # critical potential given, unlike the coma's Fortitude save)
    shot = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])
    s = start(
        [shooter(attributes={"finesse": 40}), target(hp=200)],
        [10, 1, 80, 5, 100, 50, 50],
        options={"damage_attribute": "score"},
    )
    s.act(shot)
    fort = [e for e in of_type(s, Checked) if e.what == "Fortitude save (massive attack)"]
    assert fort and fort[0].natural == 0 and fort[0].critical is None


def test_a_shooter_far_out_of_reach_runs_in_rather_than_walking() -> None:
    # 'Run': "Running can be used to get close to an opponent ... quickly". A slug pistol
    # reaches 125 m; the foe is 400 m off in ranged combat: two walks (25 m each with 6
    # movement points) leave it 225 m short, a run (four times the movement) covers 100 m
    # and stops short of the pistol's reach, as a player would.
    pistol = [{"weapon": "slug pistol", "class": 2}]
    a = fighter("a", "red", tactics="all-out-attack", weapons=pistol, position=[0, 0])
    far = fighter("f", "blue", position=[360, 0], facing=180)
    s = start([a, far], [10, 1], scale="ranged")
    pending = s.pending()
    assert pending is not None and pending.actor == "a"
    chosen = RULESET.choose(s.state, pending)
    assert isinstance(chosen, Run) and chosen.toward == "f"
    s.act(chosen)
    assert who(s, "a").x == 100


def test_a_shooter_one_walk_from_reach_walks_in() -> None:
    pistol = [{"weapon": "slug pistol", "class": 2}]
    a = fighter("a", "red", tactics="all-out-attack", weapons=pistol, position=[0, 0])
    far = fighter("f", "blue", position=[160, 0], facing=180)
    s = start([a, far], [10, 1], scale="ranged")
    pending = s.pending()
    assert pending is not None
    chosen = RULESET.choose(s.state, pending)
    assert not isinstance(chosen, Run)


# -- one point, one combatant: a charge's run-in too -----------------------------------------


def test_a_charge_stops_short_of_a_point_a_fallen_combatant_lies_on() -> None:
    # The docs' reading "One point, one combatant. A move never ends on the point another
    # combatant stands on ... a move towards or away from someone stops short of it" holds for
    # a charge's run too ('Charge': "They are considered stopped when they each Range Zero").
    # 'u' (a's side) lies prone on (19, 0), a metre from 't', where a's charge would stop.
    from fracas.rulesets.starflight.actions import Charge, DropProne, Standby
    from fracas.rulesets.starflight.events import Moved
    from fracas.scenario import parse_scenario

    from .helpers import scenario_data
    from .purpose_roller import PurposeRoller

    rolls = {"u initiative": [10], "a initiative": [5], "t initiative": [1]}
    rolls |= {"a charge on t": [10], "t attack on a": [10]}
    fighters = [
        fighter("a", "red"),
        fighter("u", "red", position=[19, 0]),
        fighter("t", "blue", position=[20, 0], facing=180),
    ]
    data = scenario_data(*fighters, scale="melee", options={"initiative_ties": "scenario-order"})
    s = Session.start(RULESET, parse_scenario(data).scenario, PurposeRoller(rolls))
    s.act(DropProne(actor="u"))
    s.act(Standby(actor="u"))
    s.act(Standby(actor="u"))
    s.act(Charge(actor="a", target="t"))
    run_in = next(e for e in s.log if isinstance(e, Moved) and e.who == "a")
    assert (run_in.x, run_in.y) != (19, 0)
    assert 20 - run_in.x < 5  # still at Range Zero of 't', where the charge strikes


def test_a_hits_si_counts_only_armour_that_is_worn() -> None:
    # "Armour not worn neither absorbs nor counts in SI" (docs): the SI a hit's line shows
    # is the SI of the closing summary and of the CSI (strength.strength_index).
    from fracas.rulesets.starflight.events import DamageTaken
    from fracas.rulesets.starflight.strength import strength_index

    vest = [{"name": "padded vest", "hp": 15, "covers": ["chest"], "worn": False}]
    shot = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])
    s = start([shooter(), target(armour=vest)], [10, 1, 80, 7, 50, 50, 80])
    s.act(shot)
    hit = next(e for e in s.log if isinstance(e, DamageTaken))
    t = who(s, "t")
    assert hit.si_after == strength_index(t, "base-plus-gear") == 100


def test_a_blind_fighter_next_to_a_foe_gets_out_instead_of_standing_by() -> None:
    # Every visual organ failed: "If the line isn't touching the attacking combatant's visual
    # arc, they don't have line of sight and can't attack" - it cannot attack anyone, so it
    # leaves the fight as a fighter with no working limb does, rather than stand by next to
    # the foe (found in the stampede scenario, seed 6).
    from fracas.rulesets.starflight.actions import Move
    from fracas.rulesets.starflight.events import PartFailed

    knife = [{"weapon": "knife", "class": 1}]
    a = fighter("a", "red", tactics="all-out-attack", weapons=knife)
    t = fighter("t", "blue", position=[3, 0], facing=180)
    s = start([a, t], [10, 1], scale="melee")
    for eye in ("left_eye", "right_eye"):
        PartFailed(target="a", part=eye, reason="test").apply(s.state)
    pending = s.pending()
    assert pending is not None and pending.actor == "a"
    chosen = RULESET.choose(s.state, pending)
    assert isinstance(chosen, Move) and chosen.withdraw and chosen.away_from == "t"


def test_an_ambusher_once_hurt_stops_lying_in_wait_for_a_foe_that_is_not_coming() -> None:
    # the ridge-ambush scenario: an ambusher readied its shot for a sniper 500 m off that never
    # comes within 25 m, and stood by for forty rounds while being sniped. Once hurt, the
    # ambush is sprung: it fights as all-out-attack (here: runs at the sniper).
    from fracas.rulesets.starflight.actions import Ready, Run

    pistol = [{"weapon": "slug pistol", "class": 2}]
    a = fighter("a", "red", tactics="ambush", weapons=pistol, position=[0, 0])
    far = fighter("f", "blue", weapons=RIFLE, position=[300, 0], facing=180)
    s = start([a, far], [10, 1], scale="ranged")
    pending = s.pending()
    assert pending is not None
    assert isinstance(RULESET.choose(s.state, pending), Ready)  # unhurt: it lies in wait
    who(s, "a").hp -= 10  # the sniper's hit
    chosen = RULESET.choose(s.state, pending)
    assert isinstance(chosen, Run) and chosen.toward == "f"


def test_a_sniper_does_not_snipe_through_a_solid_obstacle() -> None:
    # 'Using Weapons': "If a sturdy, tall object (like a mountain or a brick wall) is in the
    # way, the attacking character does not have line of sight". The sniper tactic chose a
    # snipe the rules then refused (a `fracas sim` of the ridge-ambush scenario stopped on it).
    from fracas.engine import IllegalAction

    sniper = fighter(
        "s", "red", tactics="sniper", skills={"security": 60}, weapons=RIFLE, position=[0, 0]
    )
    far = fighter("f", "blue", position=[500, 0], facing=180)
    rock = {"name": "rock spur", "start": [250, -20], "end": [250, 20], "kind": "solid"}
    s = start([sniper, far], [10, 1], obstacles=[rock])
    pending = s.pending()
    assert pending is not None
    chosen = RULESET.choose(s.state, pending)
    assert not isinstance(chosen, Snipe)
    try:
        s.act(chosen)
    except IllegalAction as exc:  # pragma: no cover - the failure this test guards against
        raise AssertionError(f"the tactic chose an illegal action: {exc}") from exc


# -- Disarm/Sunder: the margins, read one way --------------------------------------------------


@pytest.mark.parametrize(
    ("natural", "hd", "disarmed", "object_hit"),
    [
        (75, 50, False, False),  # 25 over the HD: 24 over the least hit (51)
        (76, 50, True, False),
        (80, 30, True, False),  # 50 over the HD: 49 over the least hit
        (81, 30, True, True),
    ],
)
def test_disarm_margins_count_from_the_least_total_that_hits(
    natural: int, hd: int, disarmed: bool, object_hit: bool
) -> None:
    # 'Disarm/Sunder': "a total result of 25 points higher than the ordinary required HD" and
    # "at least 50 points over the amount needed for a normal attack" - both counted from the
    # least total that hits (HD + 1, as the multiple-fire example counts: "successful with a
    # result of 76, the second shot succeeds at 81"). Disarming already did; hitting the
    # object counted from the HD (50 over it sufficed).
    from fracas.rulesets.starflight.actions import Disarm
    from fracas.rulesets.starflight.events import GearCheck, ItemDropped, ItemWrecked

    from .test_sf_combat_actions import KNIFE, a, begin, events, t

    rolls = {"a disarm: the knife on t": [natural], "GM d% against the knife": [5]}
    rolls |= {"a knife damage": [1]}
    s, _ = begin(
        [a(weapons=KNIFE), t(position=[3, 0], hd=hd, weapons=KNIFE, hp=1000)],
        rolls,
    )
    s.act(Disarm(actor="a", target="t", item=0, weapon=0))
    assert bool(events(s, ItemDropped) or events(s, ItemWrecked)) is disarmed
    assert bool(events(s, ItemWrecked)) is object_hit
    if not disarmed:
        assert events(s, GearCheck)


def test_nobody_runs_after_a_foe_that_is_withdrawing() -> None:
    # 'Range': "Combatants on the character-scale may withdraw from combat if they are greater
    # than fifteen range increments from all hostile combatants". A pursuer running at the
    # fleeing foe's own pace never lets it get there: the firefight example ran to its round
    # limit in 1 seed in 5 that way. The pursuer walks; the fleeing foe gets away.
    pistol = [{"weapon": "slug pistol", "class": 2}]
    a = fighter("a", "red", tactics="all-out-attack", weapons=pistol, position=[0, 0])
    far = fighter("f", "blue", position=[360, 0], facing=0)
    s = start([a, far], [10, 1], scale="ranged")
    who(s, "f").withdrawing = True
    pending = s.pending()
    assert pending is not None
    assert not isinstance(RULESET.choose(s.state, pending), Run)


def test_a_charged_energy_weapon_hit_in_a_disarm_detonates_with_falloff() -> None:
    # 'Disarm/Sunder': "If the object in question is an explosive or a charged energy weapon,
    # it detonates, causing the half of the item's full damage, falling off ten points for each
    # range increment from the point of the blast." A Class 2 hand laser (16) wrecked in its
    # holder's hand: 8 to the holder and to the disarmer 3 m off (the same melee increment),
    # nothing to an ally of the disarmer 6 m from the blast (one increment: 8 - 10 < 0).
    from fracas.rulesets.starflight.actions import Disarm
    from fracas.rulesets.starflight.events import DamageTaken, ItemWrecked

    from .test_sf_combat_actions import KNIFE, a, begin, events, t

    laser = [{"weapon": "hand laser", "class": 2}]
    rolls = {"a disarm: the hand laser on t": [81], "GM d% against the hand laser": [5]}
    rolls |= {"a knife damage": [1]}
    s, _ = begin(
        [
            a(weapons=KNIFE),
            t(position=[3, 0], hd=30, weapons=laser),
            fighter("u", "red", position=[3, 6]),
        ],
        rolls,
    )
    s.act(Disarm(actor="a", target="t", item=0, weapon=0))
    assert events(s, ItemWrecked)[0].detonated
    blast = [e for e in events(s, DamageTaken)][1:]  # after the disarm's own half-damage hit
    assert {(e.target, e.lethal) for e in blast} == {("t", 8), ("a", 8)}
