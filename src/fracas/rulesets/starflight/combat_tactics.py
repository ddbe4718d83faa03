"""What the tactics do with the combat actions (chapter 9.2's Charge ... Aid): small choices
a player would make, each returning an action or None to let the tactic go on.

- held: swallowed, cut free; pinned, break the pin; grappling, a creature constricts, swallows
  or hurts its prey, anyone else tries to escape;
- a leader rallies a Shaken ally within 50 m;
- a disarmed fighter picks its weapon back up;
- a creature with Improved Grab grabs with its attack;
- a melee fighter out of reach charges (a trampler tramples what is smaller) when it has the
  whole turn and did not charge on its last turn (a charge "moves the same distance" again
  afterwards: charging every turn would run it back and forth between the same two points);
- a shooter whose every drawn gun an Opportunity Attack discharged, with a foe close by,
  draws a melee weapon, trips the foe or steps back rather than stand there.
"""

from __future__ import annotations

from fracas.engine import Action, IllegalAction
from fracas.rulesets.starflight.actions import (
    Aid,
    Charge,
    Constrict,
    Disarm,
    Draw,
    GrabAttack,
    Grapple,
    GrappleCheck,
    ManipulateItem,
    Move,
    SwallowWhole,
    Trample,
    Trip,
)
from fracas.rulesets.starflight.aid import aid_problem
from fracas.rulesets.starflight.charge import melee_weapon_problem, plan_run, target_problem
from fracas.rulesets.starflight.combat_states import pinner_of, range_one, range_zero
from fracas.rulesets.starflight.conditions import grapple_opponents
from fracas.rulesets.starflight.constrict import constrict_problem
from fracas.rulesets.starflight.disarm_sunder import disarm_problem
from fracas.rulesets.starflight.draw_sheathe import free_hands
from fracas.rulesets.starflight.grapple import grapple_problem
from fracas.rulesets.starflight.idle import discharged_reason
from fracas.rulesets.starflight.improved_grab import grab_attack_problem
from fracas.rulesets.starflight.manipulate_item import lying, pick_up_problem
from fracas.rulesets.starflight.move_action import possible
from fracas.rulesets.starflight.range import distance_m, reach_m
from fracas.rulesets.starflight.run import next_streak, run_limit
from fracas.rulesets.starflight.standby import stand_by
from fracas.rulesets.starflight.state import Fight, Fighter
from fracas.rulesets.starflight.swallow_whole import cut_choices, swallow_problem
from fracas.rulesets.starflight.trample import trample_problem
from fracas.rulesets.starflight.trip import trip_problem

CREATURE = ("improved grab", "constrict", "swallow whole")


def held_choice(fight: Fight, c: Fighter) -> Action | None:
    """Swallowed, pinned or grappling: the sensible Grapple-family action."""
    if c.swallowed_by is not None:
        cuts = cut_choices(fight, c)
        return cuts[0].action if cuts else stand_by(fight, c)
    if not c.grappling:
        return None  # in no grapple: neither grappling nor pinned
    pinner = pinner_of(fight, c)
    if pinner is not None:
        return GrappleCheck(actor=c.id, aim="break-pin", target=pinner.id)
    opponents = grapple_opponents(fight, c)
    if not opponents:
        return None
    prey = opponents[0]
    if constrict_problem(fight, c, prey.id, free=True) is None:
        return Constrict(actor=c.id, target=prey.id)
    if swallow_problem(fight, c, prey.id) is None:
        return SwallowWhole(actor=c.id, target=prey.id)
    if any(a in c.abilities for a in CREATURE):
        return GrappleCheck(actor=c.id, aim="damage", target=prey.id)
    return GrappleCheck(actor=c.id, aim="escape")


def rally_choice(fight: Fight, c: Fighter) -> Action | None:
    """A combatant with Leadership rallies the nearest Shaken ally it can reach."""
    if c.skills.get("leadership", 0) <= 0:
        return None
    shaken = sorted(
        (o for o in fight.fighters() if o.side == c.side and o.id != c.id and o.shaken),
        key=lambda o: distance_m(c, o),
    )
    for o in shaken:
        action = Aid(actor=c.id, kind="rally", targets=[o.id])
        if aid_problem(fight, c, action) is None:
            return action
    return None


def pick_up_choice(fight: Fight, c: Fighter) -> Action | None:
    """Empty-handed, pick up its own weapon lying at its feet."""
    if any(w.drawn for w in c.weapons):
        return None
    for owner, i, w in lying(fight):
        if owner.id == c.id and pick_up_problem(fight, c, owner, w) is None:
            return ManipulateItem(actor=c.id, owner=c.id, weapon=i)
    return None


def grab_choice(fight: Fight, c: Fighter, target: Fighter) -> Action | None:
    """A creature with Improved Grab attacks with a grab at Range Zero."""
    if "improved grab" not in c.abilities:
        return None
    weapons: list[int | None] = [i for i, w in enumerate(c.weapons) if w.drawn] or [None]
    for w in weapons:
        if grab_attack_problem(fight, c, target.id, w) is None:
            return GrabAttack(actor=c.id, target=target.id, weapon=w)
    return None


def blind_grab_choice(fight: Fight, c: Fighter, target: Fighter) -> Action | None:
    """A creature with Improved Grab that cannot strike the target at Range Zero (it cannot
    see it, say) still grapples it: a grab needs no weapon."""
    if "improved grab" not in c.abilities or grapple_problem(fight, c, target.id) is not None:
        return None
    return Grapple(actor=c.id, target=target.id)


def melee_weapon(c: Fighter) -> tuple[bool, int | None]:
    """(a melee fighter?, the weapon to charge with): fists when wielding nothing."""
    drawn = [i for i, w in enumerate(c.weapons) if w.drawn]
    if not drawn:
        return True, None
    melee = [i for i in drawn if melee_weapon_problem(c, i) is None]
    return bool(melee) and len(melee) == len(drawn), (melee[0] if melee else None)


def rush_choice(fight: Fight, c: Fighter, target: Fighter) -> Action | None:
    """Out of reach with the whole turn left: a trampler tramples a smaller target, a melee
    fighter charges; never on a run past half Durability turns in a row (it would hurt:
    chapter 9.2, 'Run'), as no player would; never on the turn after a charge either: the
    charge's way back ('Charge': "the combatant moves the same distance they did before")
    left it where it started, and charging again would only run it back and forth between the
    same two points; it walks in instead."""
    if fight.phases_left < 2 or target_problem(fight, c, target.id) is not None:
        return None
    if next_streak(fight, c) > run_limit(c):
        return None
    if trample_problem(fight, c, target.id) is None and _can_run(fight, c, target, back=False):
        return Trample(actor=c.id, target=target.id)
    melee, weapon = melee_weapon(c)
    w = None if weapon is None else c.weapons[weapon]
    if not melee or distance_m(c, target) <= reach_m(fight, w) or "improved grab" in c.abilities:
        return None  # a grabber walks in to stay at Range Zero (a charge takes it back out)
    if c.charged_round and c.charged_round == fight.round - 1:
        return None
    if _can_run(fight, c, target, back=True):
        return Charge(actor=c.id, target=target.id, weapon=weapon)
    return None


def discharged_choice(fight: Fight, c: Fighter, foe: Fighter) -> Action | None:
    """Every drawn gun discharged by an Opportunity Attack this round ('Miscellaneous
    Terms'), with ``foe`` close (under two melee increments, where coming in provokes that
    attack): draw a melee weapon carried (a free hand allowing); else, at Range Zero, trip the
    foe ('Trip': "in place of any regular attack", and a tripped foe drops what it holds);
    else step back away from it, so that it has to come in again (and face the gun) while
    the gun is ready once more next round. Standing next to the foe doing nothing is what no
    player would do. None otherwise."""
    if discharged_reason(fight, c) is None or not range_one(c, foe):
        return None
    hands = len(free_hands(c))
    for i, w in enumerate(c.weapons):
        if not w.drawn and not w.dropped and w.type == "melee" and hands >= w.appendages:
            return Draw(actor=c.id, weapon=i)
    if range_zero(c, foe) and trip_problem(fight, c, foe) is None:
        return Trip(actor=c.id, target=foe.id)
    away = Move(actor=c.id, away_from=foe.id)
    return away if possible(fight, c, away) else None


def disarm_choice(fight: Fight, c: Fighter, target: Fighter) -> Action | None:
    """With the whole turn left, disarm the target of the first weapon it wields (with the
    disarmer's first drawn weapon, or bare-handed)."""
    if fight.phases_left < 2:
        return None
    drawn = [i for i, w in enumerate(c.weapons) if w.drawn]
    mine = drawn[0] if drawn else None
    for item, w in enumerate(target.weapons):
        if w.drawn and disarm_problem(fight, c, target.id, item, mine) is None:
            return Disarm(actor=c.id, target=target.id, item=item, weapon=mine)
    return None


def _can_run(fight: Fight, c: Fighter, target: Fighter, *, back: bool) -> bool:
    try:
        plan_run(fight, c, target, "charge", back=back)
    except IllegalAction:
        return False
    return True
