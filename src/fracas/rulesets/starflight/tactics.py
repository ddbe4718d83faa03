"""Tactics: small named policies that choose a combatant's next action.

A scenario names one per combatant (``tactics: all-out-attack``); unknown names are rejected
when the scenario is read. Tactics only read the state; the rules check what they choose.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from math import atan2, degrees, isqrt

from fracas.engine import Action, IllegalAction
from fracas.rulesets.starflight.actions import (
    Attack,
    Draw,
    DropProne,
    Face,
    Move,
    PlaceInStasis,
    Ready,
    Reload,
    Resuscitate,
    Revive,
    Run,
    Snipe,
    StandUp,
    Strike,
    Stunt,
    StuntMove,
    Trigger,
)
from fracas.rulesets.starflight.attack_action import full_strikes
from fracas.rulesets.starflight.combat_tactics import (
    blind_grab_choice,
    disarm_choice,
    discharged_choice,
    grab_choice,
    held_choice,
    pick_up_choice,
    rally_choice,
    rush_choice,
)
from fracas.rulesets.starflight.conditions import can_move, can_strike, is_fatigued
from fracas.rulesets.starflight.draw_sheathe import free_hands
from fracas.rulesets.starflight.facing import facing_points
from fracas.rulesets.starflight.idle import discharged_reason
from fracas.rulesets.starflight.line_of_sight import (
    arc_of,
    bearing,
    clear_from,
    eyesight,
    line_of_sight,
)
from fracas.rulesets.starflight.medical_aid import (
    AID_RANGE_M,
    premature,
    resuscitation_problem,
    revive_dc,
    revive_problem,
)
from fracas.rulesets.starflight.medical_check import medical_modifier_now
from fracas.rulesets.starflight.move_action import (
    destination,
    grid_distances,
    grid_moves,
    grid_points,
    heading,
    possible,
    possible_points,
)
from fracas.rulesets.starflight.movement import metres_for_points, points_left
from fracas.rulesets.starflight.range import (
    IN_MELEE_M,
    MELEE_INCREMENT_M,
    distance_m,
    hostiles,
    is_sniping_range,
    reach_m,
    ready,
)
from fracas.rulesets.starflight.ready import ambush_metres, readied_attack
from fracas.rulesets.starflight.run import check_run, next_streak, run_allowance_m, run_limit
from fracas.rulesets.starflight.shot_odds import hopeless
from fracas.rulesets.starflight.standby import stand_by
from fracas.rulesets.starflight.stasis import stasis_problem
from fracas.rulesets.starflight.state import Fight, Fighter
from fracas.rulesets.starflight.strength import strength_index
from fracas.rulesets.starflight.stunts import (
    SUGGESTED,
    maneuver_dc,
    stunt_ends,
    stunt_increment_m,
    stunts_hd_bonus,
)
from fracas.rulesets.starflight.use_skill import skill_modifier

Tactic = Callable[[Fight, Fighter], Action]
TACTICS: dict[str, Tactic] = {}


def tactic(name: str) -> Callable[[Tactic], Tactic]:
    """Register a tactic under ``name``. Every tactic but 'standby' first deals with a grapple
    or a gullet it is caught in (``held_choice``): nobody held plays on as if free."""

    def decorate(fn: Tactic) -> Tactic:
        TACTICS[name] = fn if name == "standby" else _minding_holds(fn)
        return fn

    return decorate


def _minding_holds(fn: Tactic) -> Tactic:
    def choose(fight: Fight, c: Fighter) -> Action:
        return held_choice(fight, c) or no_fight_left(fight, c) or fn(fight, c)

    choose.__doc__ = fn.__doc__
    return choose


def no_fight_left(fight: Fight, c: Fighter) -> Action | None:
    """A fighter with no working limb left to strike with, or blind (every visual organ
    failed: no line of sight, 'Using Weapons', so no attack; a creature with Improved Grab
    still grabs what it cannot see), gets out of the fight (runs or moves away as a
    withdrawal, 'Range'), as anyone would; None when it can still fight or cannot get away."""
    blind = eyesight(c) == "blind" and "improved grab" not in c.abilities
    if can_strike(c) and not blind:
        return None
    targets = targets_by_distance(fight, c)
    if not targets or not can_move(c, fight):
        return None
    if c.prone:
        return StandUp(actor=c.id)
    return withdrawal(fight, c, targets[0])


def targets_by_distance(fight: Fight, c: Fighter) -> list[Fighter]:
    """Hostiles still in the fight and not inside a creature, nearest first (ties: scenario
    order). Once per fighter in a decision (``decision``)."""
    memo = fight.memo
    key = ("targets", c.id, c.x, c.y)
    found: list[Fighter] | None = None if memo is None else memo.get(key)
    if found is None:
        x, y = c.x, c.y  # ``distance_m`` from c, inline
        out = [o for o in hostiles(fight, c) if o.swallowed_by is None]
        if len(out) > 1:  # (one target, or none, is in order already)
            out.sort(key=lambda o: isqrt((o.x - x) ** 2 + (o.y - y) ** 2))
        found = out
        if memo is not None:
            memo[key] = found
    return list(found)


def strikes_at(fight: Fight, c: Fighter, target: Fighter) -> list[Strike]:
    """Every drawn, loaded weapon that reaches the target, with all the shots it can fire;
    fists when the combatant holds no weapon at all and the target is within reach."""
    return full_strikes(fight, c, target)


def housekeeping(fight: Fight, c: Fighter) -> Action | None:
    """Reload an empty drawn weapon, or draw one when none is drawn."""
    for i, w in enumerate(c.weapons):
        if w.drawn and w.stats.magazine and w.loaded == 0:
            return Reload(actor=c.id, weapon=i)
    if not any(w.drawn for w in c.weapons):
        for i, w in enumerate(c.weapons):
            if not w.dropped and len(free_hands(c)) >= w.appendages:
                return Draw(actor=c.id, weapon=i)
    return None


def engage(fight: Fight, c: Fighter, *, close_in: bool = True) -> Action:
    """Attack the nearest target that can be attacked (stepping out of an obstacle's -25
    line first, facing it; stepping round what hides a target in reach, an ally in the line
    of fire say), else close in. A shot with no real chance of hitting
    (``shot_odds.hopeless``) is not taken: a foe it could hit from nearer is closed in on
    like one out of reach (a tactic that does not close in takes it anyway at a foe under
    two melee increments away: better than standing there); when every foe in reach and
    sight is out of it even from close up, it takes cover instead (``cover_choice``)."""
    targets = targets_by_distance(fight, c)
    outclassed = too_far = False
    blocked: Move | None = None
    long_shot: tuple[Fighter, list[Strike]] | None = None
    for target in targets:
        if is_sniping_range(fight, distance_m(c, target)):
            continue
        strikes = strikes_at(fight, c, target)
        if not strikes:
            continue
        sight = line_of_sight(fight, c, target, any_facing=True)
        if not sight.visible:
            blocked = blocked or step_around(fight, c, target)  # an ally in the way, say
            continue
        if hopeless(fight, c, target, strikes) and grab_choice(fight, c, target) is None:
            # a grab is its own roll: the weapon's odds do not rule it out
            if hopeless(fight, c, target, strikes, up_close=True):
                outclassed = True
            else:
                too_far = True
                if long_shot is None and distance_m(c, target) < IN_MELEE_M:
                    long_shot = (target, strikes)
            continue
        if sight.through:
            around = step_around(fight, c, target)
            if around is not None:
                return around
        if arc_of(fight, c, target) != "optimal":
            return Face(actor=c.id, target=target.id)
        return grab_choice(fight, c, target) or Attack(actor=c.id, strikes=strikes)
    if blocked is not None:
        return blocked
    if outclassed and not too_far:
        return cover_choice(fight, c)
    if targets:
        grab = blind_grab_choice(fight, c, targets[0])
        if grab is not None:
            return grab
    close = discharged_choice(fight, c, targets[0]) if targets else None
    if close is not None:
        return close
    if targets and waiting_to_fire(fight, c, targets[0]):
        return stand_by(fight, c)
    if close_in and targets:
        rush = rush_choice(fight, c, targets[0]) or run_in_choice(fight, c, targets[0])
        if rush is not None:
            return rush
        move = hold_short(fight, c, targets[0])
        if possible_move(fight, c, move):
            return move
    if long_shot is not None:  # it will not walk up, and the foe is close: better than nothing
        target, strikes = long_shot
        if arc_of(fight, c, target) != "optimal":
            return Face(actor=c.id, target=target.id)
        return Attack(actor=c.id, strikes=strikes)
    return stand_by(fight, c)


def run_in_choice(fight: Fight, c: Fighter, target: Fighter) -> Run | None:
    """With the whole turn left and ``target`` farther out of reach than two moves would
    take it, run towards it ('Run': "Running can be used to get close to an opponent ...
    quickly") when a whole run (the one ``legal_actions`` lists) still ends outside its
    longest reach and two melee increments (where it would provoke the foe's Opportunity
    Attack); never on a run past half Durability turns in a row (it would hurt), nor after a
    foe that is withdrawing (a chase at the same pace never lets it get fifteen increments
    away, 'Range', and drags the fight to its round limit). None otherwise: it walks (on no
    grid a run is a 2d10 roll: it walks too)."""
    if fight.phases_left < 2 or not fight.options.grid or next_streak(fight, c) > run_limit(c):
        return None
    if target.withdrawing:
        return None  # let a fleeing foe go: running after it only drags the fight on
    drawn = [reach_m(fight, w) for w in c.weapons if w.drawn] or [reach_m(fight, None)]
    reach = max(*drawn, IN_MELEE_M + 1)
    short = distance_m(c, target) - reach
    if short <= 2 * metres_for_points(fight, points_left(fight, c)):
        return None
    run = Run(actor=c.id, toward=target.id)  # as listed in the legal actions: a whole run
    if run_allowance_m(fight, c) > short:
        return None  # a whole run would overshoot the edge of reach: it walks
    try:
        check_run(fight, c, run)
    except IllegalAction:
        return None
    return run


def shots_in_reach(fight: Fight, c: Fighter) -> Iterator[tuple[Fighter, list[Strike]]]:
    """Each foe inside ranged combat (not at sniping range) that ``c`` can strike and see
    from some facing, nearest first, with ``c``'s strikes at it (worked out one foe at a
    time, as the caller asks for the next)."""
    for target in targets_by_distance(fight, c):
        if is_sniping_range(fight, distance_m(c, target)):
            continue
        strikes = strikes_at(fight, c, target)
        if strikes and line_of_sight(fight, c, target, any_facing=True).visible:
            yield target, strikes


def pinned_down(fight: Fight, c: Fighter) -> bool:
    """Some foe is within reach and sight, and every shot at every such foe is hopeless
    even from close up (``shot_odds.hopeless``): the Wound, Shaken, Dazed and fatigue
    penalties on top of the target's HD leave only a lucky natural to hit."""
    seen = False
    for target, strikes in shots_in_reach(fight, c):
        if grab_choice(fight, c, target) is not None:
            return False
        if not hopeless(fight, c, target, strikes, up_close=True):
            return False
        seen = True
    return seen


def cover_choice(fight: Fight, c: Fighter) -> Action:
    """Pinned down (``pinned_down``): get down ('Drop Prone': "The ground provides a ...
    circumstantial HD bonus") and stay down, standing by until a shot is worth taking again
    (a Shaken fighter shakes it off with a Willpower save at the start of a turn)."""
    if not c.prone:
        return DropProne(actor=c.id)
    return stand_by(fight, c)


def waiting_to_fire(fight: Fight, c: Fighter, target: Fighter) -> bool:
    """Every drawn weapon was discharged by an Opportunity Attack this round ('Miscellaneous
    Terms') and one reaches the target: a shooter waits for next round rather than walk up to
    the foe with nothing to fire."""
    if discharged_reason(fight, c) is None:
        return False
    metres = distance_m(c, target)
    return any(w.drawn and metres <= reach_m(fight, w) for w in c.weapons)


def hold_short(fight: Fight, c: Fighter, target: Fighter) -> Move:
    """A move towards ``target``; as the turn's last action, one that would end within two
    melee increments of it (provoking its Opportunity Attack with no action left to strike,
    'Using Weapons') becomes the grid move that ends nearest it outside them, to let the foe
    come on (the plain move when there is none)."""
    move = Move(actor=c.id, toward=target.id)
    gap = distance_m(c, target)
    if fight.phases_left != 1 or not fight.options.grid or gap <= IN_MELEE_M:
        return move
    try:
        x, y, _ = destination(fight, c, move)
    except IllegalAction:
        return move
    if distance_xy((x, y), target) > IN_MELEE_M:
        return move
    best: tuple[int, Move] | None = None
    for option in grid_moves(fight, c):
        if option.to is None:
            continue
        there = distance_xy(option.to, target)
        nearer = IN_MELEE_M < there < gap and (best is None or there < best[0])
        if nearer and possible(fight, c, option):
            best = (there, option)
    return move if best is None else best[1]


def step_around(fight: Fight, c: Fighter, target: Fighter, *, npc: bool = False) -> Move | None:
    """The shortest move (a free step first) to a point from which nothing that costs the
    -25 for unclear sight stands between ``c`` and ``target``, still within reach of one of
    its weapons; None if there is none (or it already moved this phase's worth).
    ``npc``: only forward or at most 45 degrees off its facing (``within_a_turn``)."""
    if c.failed and eyesight(c) == "blind":
        return None  # it sees from nowhere
    reach = strike_reach(fight, c, target)
    can_go = possible_points(fight, c)
    for point in in_reach_points(fight, c, target, reach):
        if npc and not within_a_turn(heading(c, *point), c.facing):
            continue
        if can_go(point) and clear_from(fight, c, *point, target):  # no moved copy of c
            return Move(actor=c.id, to=point)
    return None


def strike_reach(fight: Fight, c: Fighter, target: Fighter) -> int:
    """The longest reach of the strikes ``c`` has at ``target`` (0 when it has none)."""
    return max(
        (
            reach_m(fight, c.weapons[s.weapon] if s.weapon is not None else None)
            for s in strikes_at(fight, c, target)
        ),
        default=0,
    )


def in_reach_moves(fight: Fight, c: Fighter, target: Fighter, reach: int) -> list[Move]:
    """The grid moves that end within ``reach`` of ``target``, the shortest first (in
    ``grid_moves`` order among equals)."""
    return [Move(actor=c.id, to=p) for p in in_reach_points(fight, c, target, reach)]


def in_reach_points(fight: Fight, c: Fighter, target: Fighter, reach: int) -> list[tuple[int, int]]:
    """The points of ``in_reach_moves``, in its order."""
    distances = grid_distances(fight, c)
    return list(reach_points(c.x, c.y, c.facing, distances, target.x, target.y, reach))


@lru_cache(maxsize=4096)
def reach_points(
    x: int, y: int, facing: int, distances: tuple[int, ...], tx: int, ty: int, reach: int
) -> tuple[tuple[int, int], ...]:
    """The grid points (``grid_points``) from (x, y) within ``reach`` of (tx, ty), the
    nearest to (x, y) first (``grid_points`` order among equals): pure geometry, cached."""
    keyed = [
        (isqrt((p[0] - x) ** 2 + (p[1] - y) ** 2), i, p)
        for i, p in enumerate(grid_points(x, y, facing, distances))
        if isqrt((p[0] - tx) ** 2 + (p[1] - ty) ** 2) <= reach
    ]
    keyed.sort(key=_gap_and_index)
    return tuple(p for _, _, p in keyed)


def _gap_and_index(t: tuple[int, int, tuple[int, int]]) -> tuple[int, int]:
    return t[0], t[1]


def distance_xy(point: tuple[int, int], b: Fighter) -> int:
    """Whole metres from a point to a combatant (as ``distance_m``, without a Fighter)."""
    return isqrt((point[0] - b.x) ** 2 + (point[1] - b.y) ** 2)


def possible_move(fight: Fight, c: Fighter, move: Move) -> bool:
    """Whether the rules would let the move go anywhere."""
    return possible(fight, c, move)


@tactic("all-out-attack")
def all_out_attack(fight: Fight, c: Fighter) -> Action:
    """Deal with a grapple or a gullet first; stand up; rally a Shaken ally; pick a dropped
    weapon back up; keep weapons drawn and loaded; attack the nearest target (a grab for a
    creature with Improved Grab); charge or trample from out of reach; close in. With
    nothing left to strike with (no weapon in hand, every arm failed), withdraw. Pinned down
    (no shot worth taking), it takes cover and stays down (``cover_choice``)."""
    if c.prone and can_move(c, fight) and not pinned_down(fight, c):
        return StandUp(actor=c.id)
    return (
        rally_choice(fight, c)
        or pick_up_choice(fight, c)
        or housekeeping(fight, c)
        or leave_unarmed(fight, c)
        or engage(fight, c)
    )


def nothing_to_strike_with(c: Fighter) -> bool:
    """No weapon in hand, and every motor appendage an unarmed strike could use has failed."""
    drawn = any(w.drawn and not w.dropped for w in c.weapons)
    return not drawn and not can_strike(c)


def leave_unarmed(fight: Fight, c: Fighter) -> Action | None:
    """With nothing left to strike with, withdraw from the nearest foe rather than stand
    there (when it can move)."""
    if not nothing_to_strike_with(c):
        return None
    targets = targets_by_distance(fight, c)
    if targets and can_move(c, fight):
        return withdrawal(fight, c, targets[0])
    return None


@tactic("disarmer")
def disarmer(fight: Fight, c: Fighter) -> Action:
    """Walk up to the nearest armed opponent and disarm it; fight on once it is unarmed."""
    if c.prone and can_move(c, fight) and not pinned_down(fight, c):
        return StandUp(actor=c.id)
    targets = targets_by_distance(fight, c)
    armed = [o for o in targets if any(w.drawn for w in o.weapons)]
    if armed:
        choice = disarm_choice(fight, c, armed[0])
        if choice is not None:
            return choice
        move = Move(actor=c.id, toward=armed[0].id)
        if distance_m(c, armed[0]) >= 2 * MELEE_INCREMENT_M and possible_move(fight, c, move):
            return move
    return (
        rally_choice(fight, c)
        or pick_up_choice(fight, c)
        or housekeeping(fight, c)
        or engage(fight, c)
    )


def withdrawal(fight: Fight, c: Fighter, away: Fighter) -> Action | None:
    """Leave: run away while running does no harm and the whole turn is left, else move away
    (either way as a withdrawal, so it ends the moment the fighter is far enough)."""
    run = Run(actor=c.id, away_from=away.id, withdraw=True)
    rested = c.ran_round != fight.round - 1 or c.run_streak < run_limit(c)
    if fight.phases_left == 2 and rested:
        try:
            check_run(fight, c, run)
        except IllegalAction:
            pass
        else:
            return run
    move = Move(actor=c.id, away_from=away.id, withdraw=True)
    return move if possible_move(fight, c, move) else None


def wants_out(c: Fighter) -> bool:
    """Shaken, fatigued, hurt (Wounds, or any Lethal or Non-Lethal points lost: a stunner's
    hit hurts too), or already on its way out."""
    hurt = c.total_wounds() > 0 or c.hp < c.hp_max or c.nhp < c.nhp_max
    return c.shaken or is_fatigued(c) or hurt or c.withdrawing


@tactic("cautious")
def cautious(fight: Fight, c: Fighter) -> Action:
    """Fight from the ground; once Shaken, fatigued or hurt, withdraw - and keep
    withdrawing (running while it can) until out of the fight."""
    targets = targets_by_distance(fight, c)
    if wants_out(c) and targets and can_move(c, fight):
        if c.prone:
            return StandUp(actor=c.id)
        leave = withdrawal(fight, c, targets[0])
        if leave is not None:
            return leave
    elif not c.prone:
        return DropProne(actor=c.id)
    return housekeeping(fight, c) or engage(fight, c, close_in=False)


def fair_shot_in_reach(fight: Fight, c: Fighter) -> bool:
    """Some foe inside ranged combat is in reach and sight (from some facing) of a shot
    that is not hopeless (``shot_odds.hopeless``)."""
    return any(not hopeless(fight, c, t, strikes) for t, strikes in shots_in_reach(fight, c))


@tactic("sniper")
def sniper(fight: Fight, c: Fighter) -> Action:
    """Snipe at the nearest target beyond ranged combat when a whole turn is left - unless a
    foe inside ranged combat offers a fair ordinary shot: sniping doubles the HD ('Sniping'),
    and no player snipes a far foe while a near one comes on."""
    if fair_shot_in_reach(fight, c):
        return housekeeping(fight, c) or engage(fight, c, close_in=False)
    for target in targets_by_distance(fight, c):
        if not is_sniping_range(fight, distance_m(c, target)):
            continue
        if not line_of_sight(fight, c, target, any_facing=True).visible:
            continue  # a brick wall or a mountain in the way: no snipe ('Using Weapons')
        for i, w in enumerate(c.weapons):
            ok = (
                w.drawn and w.scope and ready(fight, w) and w.stats.range_m >= distance_m(c, target)
            )
            if ok and (w.loaded > 0 or not w.stats.magazine) and fight.phases_left == 2:
                if arc_of(fight, c, target) != "optimal":
                    return Face(actor=c.id, target=target.id)
                return Snipe(actor=c.id, target=target.id, weapon=i)
    return housekeeping(fight, c) or engage(fight, c, close_in=False)


@tactic("fire-once")
def fire_once(fight: Fight, c: Fighter) -> Action:
    """Fire the first drawn weapon while its magazine is full, then stand by (the chapter's
    one-shot example)."""
    full = any(w.drawn and w.loaded == w.stats.magazine for w in c.weapons)
    return engage(fight, c, close_in=False) if full else stand_by(fight, c)


@tactic("npc")
def npc(fight: Fight, c: Fighter) -> Action:
    """'Move Action Rules': "NPC combatants move in relation to their present target. Should
    the target have a lower SI than the current target, the NPC combatant will move towards
    it ... NPC characters will also keep their movements limited to 45-degree turns and
    forward movement": attack the weakest hostile by SI (nearest among equals) when it can
    (stepping forward or at 45 degrees round whoever hides it when it is in reach), else walk
    forward or at 45 degrees, whichever ends nearest it."""
    if c.prone and can_move(c, fight):
        return StandUp(actor=c.id)
    chores = housekeeping(fight, c)
    if chores is not None:
        return chores
    targets = targets_by_distance(fight, c)
    if not targets:
        return stand_by(fight, c)
    formula = fight.options.si_formula
    weakest = min(targets, key=lambda o: strength_index(o, formula))
    strikes = strikes_at(fight, c, weakest)
    metres = distance_m(c, weakest)
    in_range = strikes and not is_sniping_range(fight, metres)
    if in_range and line_of_sight(fight, c, weakest, any_facing=True).visible:
        if arc_of(fight, c, weakest) != "optimal":
            return Face(actor=c.id, target=weakest.id)
        return Attack(actor=c.id, strikes=strikes)
    if not fight.options.grid:  # no grid: a move only changes the range to the target
        closer = Move(actor=c.id, toward=weakest.id)
        return closer if possible(fight, c, closer) else stand_by(fight, c)
    if in_range:  # in reach, but someone (an ally, say) stands in the way: step round them
        around = step_around(fight, c, weakest, npc=True)
        if around is not None:
            return around
    forward = nearest_forward_move(fight, c, weakest, metres)
    if forward is not None:
        return forward
    if c.facing != bearing(c, weakest):
        return Face(actor=c.id, target=weakest.id)  # a turn on the spot, then forward again
    return stand_by(fight, c)


def nearest_forward_move(fight: Fight, c: Fighter, target: Fighter, metres: int) -> Move | None:
    """The grid move forward or at 45 degrees (``within_a_turn``) that ends nearest
    ``target``, nearer than ``metres`` (the first in ``grid_moves`` order among equals); None
    if there is none. Nearest first, so the rules are asked (``possible``) only until one
    will do."""
    distances = grid_distances(fight, c)
    points = forward_points(c.x, c.y, c.facing, distances, target.x, target.y, metres)
    if not points:
        return None
    can_go = possible_points(fight, c)
    for point in points:
        if can_go(point):
            return Move(actor=c.id, to=point)
    return None


@lru_cache(maxsize=4096)
def forward_points(
    x: int, y: int, facing: int, distances: tuple[int, ...], tx: int, ty: int, metres: int
) -> tuple[tuple[int, int], ...]:
    """The grid points (``grid_points``) forward or at 45 degrees from (x, y) facing
    ``facing`` that are nearer than ``metres`` to (tx, ty), nearest first (``grid_points``
    order among equals): pure geometry, so cached (an npc weighs the same few)."""
    nearer = [
        (gap, i, p)
        for i, p in enumerate(grid_points(x, y, facing, distances))
        if (gap := isqrt((p[0] - tx) ** 2 + (p[1] - ty) ** 2)) < metres
    ]
    nearer.sort(key=_gap_and_index)
    return tuple(
        p
        for _, _, p in nearer
        if within_a_turn(round(degrees(atan2(p[1] - y, p[0] - x))) % 360, facing)
    )


def within_a_turn(direction: int, facing: int) -> bool:
    """Whether ``direction`` is forward or at most a 45-degree turn from ``facing`` (an
    NPC's moves, 'Move Action Rules'); a facing turned to a foe need not be a grid heading."""
    return abs((direction - facing + 180) % 360 - 180) <= 45


@tactic("ambush")
def ambush(fight: Fight, c: Fighter) -> Action:
    """Lie in wait: attack a hostile that is near (within the ambush distance of a drawn
    weapon) or that it may hit; otherwise ready a strike at the nearest hostile for when it
    comes within that distance (facing it first), and stand by. Once hurt (Wounds, HP or NHP
    lost) with no foe near, the ambush is sprung: it fights as ``all-out-attack`` (no player
    lies in wait for a foe who is shooting it from afar)."""
    chores = housekeeping(fight, c)
    if chores is not None:
        return chores
    targets = targets_by_distance(fight, c)
    if not targets:
        return stand_by(fight, c)
    nearest = targets[0]
    drawn = [i for i, w in enumerate(c.weapons) if w.drawn and not w.dropped]
    weapon = drawn[0] if drawn else None
    reach = ambush_metres(fight, None if weapon is None else c.weapons[weapon])
    if distance_m(c, nearest) <= reach or any(r.round < fight.round for r in c.readied):
        return engage(fight, c, close_in=False)
    if c.total_wounds() > 0 or c.hp < c.hp_max or c.nhp < c.nhp_max:
        return all_out_attack(fight, c)
    if not c.readied:
        if arc_of(fight, c, nearest) != "optimal":  # turned away (it stepped back, say)
            turn = face_choice(fight, c, nearest)
            if turn is not None:
                return turn
        attack = readied_attack(fight, c, nearest, weapon)
        trigger = Trigger(kind="within", who=nearest.id, metres=reach)
        return Ready(actor=c.id, readied=attack, trigger=trigger)
    return stand_by(fight, c)


def face_choice(fight: Fight, c: Fighter, target: Fighter) -> Face | None:
    """Turn to face ``target`` ('Move Action Rules': a free action at the option's movement
    cost), when it does not already and has the points."""
    if bearing(c, target) == c.facing or facing_points(fight) > points_left(fight, c):
        return None
    return Face(actor=c.id, target=target.id)


@tactic("acrobat")
def acrobat(fight: Fight, c: Fighter) -> Action:
    """All-out attack, but the turn's second action is a stunt for its HD bonus (the biggest
    bonus it passes on a roll of 50, keeping its distance to the nearest foe) once the first
    action is spent."""
    if c.prone and can_move(c, fight) and not pinned_down(fight, c):
        return StandUp(actor=c.id)
    if fight.phases_left == 1 and c.stunt_hd == 0:
        stunt = best_stunt(fight, c)
        if stunt is not None:
            return stunt
    return housekeeping(fight, c) or engage(fight, c)


#: ``stunt_choices``' stunts (``SUGGESTED``) with their HD bonus, the biggest bonus first
#: (in ``SUGGESTED`` order among equals: the sort is stable)
BY_BONUS: list[tuple[int, list[Stunt]]] = sorted(
    ((stunts_hd_bonus(tuple(stunts)), stunts) for stunts in SUGGESTED), key=lambda t: -t[0]
)


def best_stunt(fight: Fight, c: Fighter) -> StuntMove | None:
    """Of the listed stunts, the biggest HD bonus whose DC a roll of 50 beats; among equals,
    one that does not just take it back where its last move started (``came_from``), then
    one that keeps the distance to the nearest foe (within half a stunt's increment) and
    circles the foes (round the middle of them) the same way each turn (counter-clockwise),
    so that turn after turn the acrobat works round them instead of tumbling back and forth
    between the same two points; then the one that changes the distance least. The bonus
    leads, so the stunts are weighed biggest bonus first (``BY_BONUS``) and none with a
    smaller bonus than one that will do is asked about."""
    modifier = skill_modifier(fight, c, "three_dimensional_maneuvers")
    targets = targets_by_distance(fight, c)
    tolerance = stunt_increment_m(fight) // 2
    # circled: the middle of the foes (the nearest one may change from turn to turn)
    mx = sum(o.x for o in targets) / len(targets) if targets else 0.0
    my = sum(o.y for o in targets) / len(targets) if targets else 0.0
    foe = targets[0] if targets else None
    gap = 0 if foe is None else distance_m(c, foe)
    best: tuple[tuple[int, bool, bool, bool, int], StuntMove] | None = None
    end_of = stunt_ends(fight, c)
    for bonus, stunts in BY_BONUS:  # the DC first: the rules only for what it beats
        if best is not None and bonus < best[0][0]:
            break  # nothing further can beat the best one found
        if 50 + modifier <= maneuver_dc(c, stunts):
            continue
        move = StuntMove(actor=c.id, stunts=stunts)
        end = end_of(move)
        if end is None:
            continue
        x, y = end
        drift, circling = 0, False
        if foe is not None:
            drift = abs(distance_xy((x, y), foe) - gap)
            circling = (c.x - mx) * (y - c.y) - (c.y - my) * (x - c.x) > 0
        back = (x, y) == c.came_from
        key = (bonus, not back, drift <= tolerance, circling, -drift)
        if best is None or key > best[0]:
            best = (key, move)
    return None if best is None else best[1]


def success_chance(modifier: int, dc: int) -> float:
    """The share of natural d% rolls (00-99) that beat ``dc`` with ``modifier``."""
    return max(0, min(100, 99 - (dc - modifier))) / 100


def medical_aid_choice(fight: Fight, c: Fighter) -> Action | None:
    """Aid a downed ally when it is worth it: resuscitate the clinically dead (nothing is lost
    by trying), else put them in stasis; revive the Unconscious only with a safe dose and an
    even chance or better. Moves towards a dying ally out of reach."""
    allies = [a for a in fight.fighters() if a.side == c.side and a.id != c.id]
    for a in allies:
        if a.dead_since is None or a.brain_dead:
            continue
        if distance_m(c, a) > AID_RANGE_M:
            move = Move(actor=c.id, toward=a.id)
            if possible_move(fight, c, move):
                return move
            continue
        if resuscitation_problem(fight, c, a) is None:
            return Resuscitate(actor=c.id, patient=a.id)
        if stasis_problem(fight, c, a) is None:
            return PlaceInStasis(actor=c.id, patient=a.id)
    for a in allies:
        if distance_m(c, a) > AID_RANGE_M or revive_problem(fight, c, a) is not None:
            continue
        if premature(fight, a):
            continue
        modifier = medical_modifier_now(fight, c, a)
        if success_chance(modifier, revive_dc(a)) >= REVIVE_WORTH:
            return Revive(actor=c.id, patient=a.id)
    return None


REVIVE_WORTH = 0.5


@tactic("medic")
def medic(fight: Fight, c: Fighter) -> Action:
    """A field medic: medical Aid to a downed ally when it is worth it, else all-out attack."""
    return medical_aid_choice(fight, c) or all_out_attack(fight, c)


@tactic("standby")
def standby(fight: Fight, c: Fighter) -> Action:
    """Do nothing."""
    return stand_by(fight, c)
