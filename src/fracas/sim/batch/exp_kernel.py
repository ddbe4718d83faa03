"""The EXP brawl kernel: many independent one-on-one non-lethal brawls, compiled by numba.

Each function mirrors a rule function of ``fracas.rulesets.exp`` (named in its docstring) and
reads the arrays of :class:`~fracas.sim.batch.exp_spec.ExpSpec`. Like the percentile kernel it
allocates nothing and draws from SplitMix64 (``rng.py``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.sim.batch.exp_spec import (
    INIT_DEX,
    INIT_ROLL,
    O_ATTR_DIE,
    O_COMP_LEVEL,
    O_DEATH_ZERO,
    O_DSS_SAVE,
    O_INIT_EVERY,
    O_INITIATIVE,
    O_KILODIE,
    O_MAX_UNITS,
    O_OOPS_DIE,
    O_OOPS_REPLACES,
    O_OOPS_STRICT,
    O_PCT_CAP,
    O_PCT_DIE,
    O_PCT_SCALE,
    O_SAVE_BASE,
    O_SAVE_CAP,
    O_SAVE_DIE,
    O_SAVE_SCALE,
    O_SNATCH_BONUS,
    O_TIES_REROLL,
    O_TRIP_DOWN,
    O_TRIP_GIVE_UP,
    O_TRIP_SUMMARY,
    P_CAN_MANEUVER,
    P_CON,
    P_CONCEDE,
    P_DEAD_AT_ZERO,
    P_DEX,
    P_DR,
    P_HPS,
    P_HPS_MAX,
    P_LEVEL,
    P_PCT_ATTR,
    P_PSTR,
    P_SAVE_ATTR,
    P_STRIKE_BONUS,
    P_STRIKE_CAP,
    P_TACTIC,
    P_TIPPABLE,
    SLOT_FREE_ATTACK,
    W_BONUS,
    W_CAP,
    W_FORCE,
    W_LETHAL,
    W_NEXT,
    W_OFFSET,
    W_OOPS,
    W_USE,
    X_NEXT,
    X_WANTS,
)
from fracas.sim.batch.exp_tactics import (
    A_BREAK_FREE,
    A_CONCEDE,
    A_GRAPPLE,
    A_REVERSE,
    A_SNATCH,
    A_STAND_UP,
    A_STRIKE,
    A_TRIP,
    choose,
)
from fracas.sim.batch.jit import inline, njit
from fracas.sim.batch.rng import U64, die, reseed, uniform

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]

# per-persona state (columns of ``st``); S_STAGE of persona 0 is the fight's inventory (the
# weapon machine's state: who holds which weapon); S_OWED the bonus owed to this persona on
# its attacks this turn (the +242 after a failed snatch on it)
S_HPS, S_COND, S_HOLDING, S_HELD, S_DOWN, S_STAGE, S_TRIPPED, S_FOILED = range(8)
S_OWED = 8
STATE_FIELDS = 9
# conditions (personas.ACTIVE and OUT, in order)
END_NAMES = ("active", "conceded", "stunned", "broken", "unconscious", "dead")
ACTIVE, CONCEDED, STUNNED, BROKEN, UNCONSCIOUS, DEAD = range(6)
# per-persona counters
N_ATTACKS, N_HITS, N_OOPS, N_HPS_LOST, N_GRAPPLES, N_TRIPS, N_BROKE_FREE, N_REVERSALS = range(8)
N_THROWN, N_DEALT, N_TAKEN = 8, 9, 10
N_SNATCHES, N_SNATCH_FAILED, N_FREE_ATTACKS = 11, 12, 13
COUNTERS = 14
COUNTER_NAMES = (
    "attack_rolls",
    "hits",
    "oops",
    "hps_lost",
    "grapples",
    "trips",
    "broke_free",
    "reversals",
    "thrown",
    "damage_dealt",
    "damage_taken",
    "snatches",
    "snatches_failed",
    "free_attacks",
)


@inline
def roll(sides: int, draws: U64) -> int:
    """One die of ``sides`` (1..sides)."""
    return die(sides, draws)


@inline
def half_up(num: int, den: int) -> int:
    return (2 * num + den) // (2 * den)


@inline
def compete(pi: I64, opts: I64, attr: int, a: int, d: int, draws: U64) -> bool:
    """``challenges.compete``: d20 + attribute (+ level) each; ties to the defender or
    re-rolled. True if ``a`` wins."""
    die = opts[O_ATTR_DIE]
    while True:
        ta = roll(die, draws) + pi[a, attr] + (pi[a, P_LEVEL] if opts[O_COMP_LEVEL] == 1 else 0)
        td = roll(die, draws) + pi[d, attr] + (pi[d, P_LEVEL] if opts[O_COMP_LEVEL] == 1 else 0)
        if ta != td or opts[O_TIES_REROLL] == 0:
            return bool(ta > td)


@inline
def attack_roll(bonus: int, cap: int, defence: int, owed: int, opts: I64, draws: U64) -> bool:
    """``attack_roll.roll_attack``: kilodie + bonus capped at the Maximum Roll (+ a bonus
    owed after a failed snatch, after the cap), must beat the Defence Rating."""
    return bool(min(roll(opts[O_KILODIE], draws) + bonus, cap) + owed > defence)


@inline
def settle(st: I64, pi: I64, t: int, stunned: bool, opts: I64) -> None:
    """``actual_damage.settle_condition`` with ``personas.condition_at`` for anthros and
    advanced aliens: knocked out at 0 HPS (aliens die), dead at -CON (or 0); a failed DSS
    stuns one still standing. Going out ends any grapple."""
    hps = st[t, S_HPS]
    cond = ACTIVE
    if hps <= 0:
        limit = 0 if opts[O_DEATH_ZERO] == 1 else -pi[t, P_CON]
        cond = DEAD if pi[t, P_DEAD_AT_ZERO] == 1 or hps <= limit else UNCONSCIOUS
    elif stunned:
        cond = STUNNED
    if cond != ACTIVE:
        go_out(st, t, cond)


@inline
def go_out(st: I64, t: int, cond: int) -> None:
    """``ConditionChanged.apply``: out of the fight, and out of any grapple."""
    st[t, S_COND] = cond
    st[t, S_HOLDING] = 0
    st[t, S_HELD] = 0
    st[1 - t, S_HOLDING] = 0
    st[1 - t, S_HELD] = 0


@inline
def strike(
    st: I64,
    pi: I64,
    iw: I64,
    ifaces: I64,
    actual: I64,
    opts: I64,
    a: int,
    slot: int,
    counts: I32,
    fight: int,
    draws: U64,
) -> None:
    """``attack.attack`` with the blow of ``slot`` (free, holding, or the free attack) in
    the fight's inventory: roll to hit and on a hit ``nonlethal_hit`` (or ``lethal_hit``);
    a thrown weapon leaves the hand, hit or miss (``WeaponThrown``: the next inventory)."""
    k = st[0, S_STAGE]
    hit_with(st, pi, iw, ifaces, actual, opts, a, k, slot, counts, fight, draws)
    nxt = iw[k, a, slot, W_NEXT]
    if nxt >= 0:
        st[0, S_STAGE] = nxt
        counts[fight, a, N_THROWN] += 1


@inline
def hit_with(
    st: I64,
    pi: I64,
    iw: I64,
    ifaces: I64,
    actual: I64,
    opts: I64,
    a: int,
    k: int,
    h: int,
    counts: I32,
    fight: int,
    draws: U64,
) -> None:
    """``attack_roll.roll_attack`` and ``attack.nonlethal_hit``: non-lethal damage (+ Force
    Bonus), the DSS as if HPS were reduced by it, then actual (``actual_damage``, a table) or
    oops damage; ``attack.lethal_hit`` for a lethal blow: the damage off the HPS in full."""
    t = 1 - a
    counts[fight, a, N_ATTACKS] += 1
    if not attack_roll(
        iw[k, a, h, W_BONUS], iw[k, a, h, W_CAP], pi[t, P_DR], st[a, S_OWED], opts, draws
    ):
        return
    counts[fight, a, N_HITS] += 1
    rolled = iw[k, a, h, W_OFFSET]
    for i in range(ifaces.shape[3]):
        s = ifaces[k, a, h, i]
        if s == 0:
            break
        rolled += int(uniform(draws) * s)
    damage = max(0, rolled + iw[k, a, h, W_FORCE])
    counts[fight, a, N_DEALT] += damage
    counts[fight, t, N_TAKEN] += damage
    if iw[k, a, h, W_LETHAL] == 1:
        st[t, S_HPS] -= damage
        counts[fight, t, N_HPS_LOST] += damage
        settle(st, pi, t, False, opts)
        return
    # dss.stun_check
    left = st[t, S_HPS] - damage
    stunned = True
    if left > 0:
        if opts[O_DSS_SAVE] == 1:
            needed = min(
                opts[O_SAVE_CAP], opts[O_SAVE_BASE] + half_up(opts[O_SAVE_SCALE] * damage, left)
            )
            total = roll(opts[O_SAVE_DIE], draws) + pi[t, P_SAVE_ATTR] + pi[t, P_LEVEL]
            stunned = total <= needed
        else:
            needed = min(
                opts[O_PCT_CAP],
                half_up(opts[O_PCT_SCALE] * left, pi[t, P_HPS_MAX]) + pi[t, P_PCT_ATTR],
            )
            stunned = roll(opts[O_PCT_DIE], draws) > needed
    # oops.oops_check
    oops = False
    if iw[k, a, h, W_OOPS] == 1:
        r = roll(opts[O_OOPS_DIE], draws)
        oops = r < damage if opts[O_OOPS_STRICT] == 1 else r <= damage
    lost = 0
    if not oops or opts[O_OOPS_REPLACES] == 0:
        lost += actual[damage]
    if oops:
        lost += damage
        counts[fight, a, N_OOPS] += 1
    st[t, S_HPS] -= lost
    counts[fight, t, N_HPS_LOST] += lost
    settle(st, pi, t, stunned, opts)


@inline
def snatch(
    st: I64,
    pi: I64,
    snatches: I64,
    opts: I64,
    a: int,
    first: bool,
    counts: I32,
    fight: int,
    draws: U64,
) -> bool:
    """``snatch.snatch``: a Strike attack roll, the Dexterity competition (lost: the target,
    if it acts after the grabber this unit, is owed +242 on its attacks on it,
    ``SnatchBacklash``), the Strength competition (lost: the target's free attack, returns
    True), else ``WeaponSnatched``: the next inventory."""
    t = 1 - a
    counts[fight, a, N_ATTACKS] += 1
    if not attack_roll(
        pi[a, P_STRIKE_BONUS], pi[a, P_STRIKE_CAP], pi[t, P_DR], st[a, S_OWED], opts, draws
    ):
        return False
    counts[fight, a, N_HITS] += 1
    if not compete(pi, opts, P_DEX, a, t, draws):
        if first:  # snatch.has_attack_left: the target acts after the grabber this unit
            st[t, S_OWED] = opts[O_SNATCH_BONUS]
        counts[fight, a, N_SNATCH_FAILED] += 1
        return False
    if not compete(pi, opts, P_PSTR, a, t, draws):
        counts[fight, a, N_SNATCH_FAILED] += 1
        return True
    st[0, S_STAGE] = snatches[st[0, S_STAGE], a, X_NEXT]
    counts[fight, a, N_SNATCHES] += 1
    return False


@inline
def grapple(st: I64, pi: I64, opts: I64, a: int, counts: I32, fight: int, draws: U64) -> None:
    """``grapple.grapple``: a Strike attack roll, then the overpower (Strength Challenge)."""
    t = 1 - a
    counts[fight, a, N_ATTACKS] += 1
    if not attack_roll(
        pi[a, P_STRIKE_BONUS], pi[a, P_STRIKE_CAP], pi[t, P_DR], st[a, S_OWED], opts, draws
    ):
        return
    counts[fight, a, N_HITS] += 1
    if compete(pi, opts, P_PSTR, a, t, draws):
        st[a, S_HOLDING] = 1
        st[t, S_HELD] = 1
        counts[fight, a, N_GRAPPLES] += 1


@inline
def trip(st: I64, pi: I64, opts: I64, a: int, counts: I32, fight: int, draws: U64) -> None:
    """``trip.trip``: a Strike attack roll, then the Dexterity (dodge) and Strength
    (overpower) challenges in the option's order; winning both trips the target."""
    t = 1 - a
    counts[fight, a, N_ATTACKS] += 1
    if not attack_roll(
        pi[a, P_STRIKE_BONUS], pi[a, P_STRIKE_CAP], pi[t, P_DR], st[a, S_OWED], opts, draws
    ):
        return
    counts[fight, a, N_HITS] += 1
    first, second = (P_PSTR, P_DEX) if opts[O_TRIP_SUMMARY] == 1 else (P_DEX, P_PSTR)
    if not compete(pi, opts, first, a, t, draws) or not compete(pi, opts, second, a, t, draws):
        st[a, S_FOILED] += 1  # dodged or stopped (TripResolved.apply)
        return
    st[t, S_DOWN] = opts[O_TRIP_DOWN]
    st[a, S_TRIPPED] = 1
    counts[fight, a, N_TRIPS] += 1


@inline
def unit_order(st: I64, pi: I64, opts: I64, order: I64, draws: U64) -> None:
    """``initiative.start_unit_order`` for two personas: 1d20 + DEX, ties to the higher DEX
    then re-rolled; or by DEX; or scenario order. ``order[0]`` acts first."""
    mode = opts[O_INITIATIVE]
    if mode == INIT_ROLL:
        die = opts[O_ATTR_DIE]
        t0 = roll(die, draws) + pi[0, P_DEX]
        t1 = roll(die, draws) + pi[1, P_DEX]
        if t0 == t1 and pi[0, P_DEX] == pi[1, P_DEX]:
            while True:
                r0 = roll(die, draws)
                r1 = roll(die, draws)
                if r0 != r1:
                    first = 0 if r0 > r1 else 1
                    break
        elif t0 == t1:
            first = 0 if pi[0, P_DEX] > pi[1, P_DEX] else 1
        else:
            first = 0 if t0 > t1 else 1
    elif mode == INIT_DEX:
        first = 1 if pi[1, P_DEX] > pi[0, P_DEX] else 0
    else:
        first = 0
    order[0] = first
    order[1] = 1 - first


@njit
def brawls(
    pi: I64,
    actual: I64,
    opts: I64,
    policy: I64,
    iw: I64,
    ifaces: I64,
    snatches: I64,
    winner: npt.NDArray[np.int8],
    rounds: npt.NDArray[np.int32],
    end: npt.NDArray[np.int8],
    counts: npt.NDArray[np.int32],
    draws: U64,
    seeds: U64,
    st: I64,
    order: I64,
) -> None:
    """Fight ``len(winner)`` brawls (``ExpRuleset.resolve`` and ``_start_unit``): each unit
    an initiative order, each persona one action (a won break check keeps it), a free
    attack after a snatch lost at Strength, victory checked after every action, a draw
    after ``max_units``. With ``seeds`` (one per fight), each fight draws from its own
    seed's stream."""
    n = winner.shape[0]
    for fight in range(n):
        if seeds.shape[0] > 0:
            reseed(draws, seeds[fight])
        for f in range(2):
            st[f, :] = 0
            st[f, S_HPS] = pi[f, P_HPS]
        unit = 1
        unit_order(st, pi, opts, order, draws)
        result = -2
        while result == -2:
            for i in range(2):
                a = order[i]
                if st[a, S_COND] != ACTIVE or result != -2:
                    continue
                t = 1 - a
                free_attack = False
                while True:  # a won break check keeps the turn
                    h = st[a, S_HOLDING]
                    k = st[0, S_STAGE]
                    action = choose(
                        pi[a, P_TACTIC],
                        pi[a, P_CONCEDE],
                        st[a, S_HPS],
                        st[t, S_HPS],
                        st[a, S_DOWN],
                        st[a, S_HELD] == 1,
                        h == 1,
                        st[t, S_DOWN],
                        st[t, S_HELD] == 1,
                        pi[a, P_CAN_MANEUVER] == 1,
                        pi[a, P_TIPPABLE] == 1
                        and st[a, S_TRIPPED] == 0
                        and st[a, S_FOILED] < opts[O_TRIP_GIVE_UP],
                        iw[k, a, h, W_USE],
                        snatches[k, a, X_NEXT] >= 0,
                        snatches[k, a, X_WANTS] == 1,
                        policy[a],
                    )
                    if action == A_BREAK_FREE:
                        if compete(pi, opts, P_PSTR, a, t, draws):
                            st[a, S_HELD] = 0
                            st[t, S_HOLDING] = 0
                            counts[fight, a, N_BROKE_FREE] += 1
                            continue
                    elif action == A_REVERSE:
                        if compete(pi, opts, P_PSTR, a, t, draws):
                            st[a, S_HELD] = 0
                            st[a, S_HOLDING] = 1
                            st[t, S_HOLDING] = 0
                            st[t, S_HELD] = 1
                            counts[fight, a, N_REVERSALS] += 1
                    elif action == A_CONCEDE:
                        go_out(st, a, CONCEDED)
                    elif action == A_STAND_UP:
                        st[a, S_DOWN] = max(0, st[a, S_DOWN] - 1)
                    elif action == A_STRIKE:
                        strike(st, pi, iw, ifaces, actual, opts, a, h, counts, fight, draws)
                    elif action == A_GRAPPLE:
                        grapple(st, pi, opts, a, counts, fight, draws)
                    elif action == A_TRIP:
                        trip(st, pi, opts, a, counts, fight, draws)
                    elif action == A_SNATCH:
                        free_attack = snatch(
                            st, pi, snatches, opts, a, i == 0, counts, fight, draws
                        )
                    break
                st[a, S_OWED] = 0  # TurnEnded: what was owed to it is gone with its turn
                # tactics.free_attack: the victim of the failed snatch strikes at once, out
                # of the unit cycle, with the weapon it kept (if it can use it non-lethally)
                if (
                    free_attack
                    and st[t, S_DOWN] == 0
                    and st[t, S_HELD] == 0
                    and iw[st[0, S_STAGE], t, SLOT_FREE_ATTACK, W_USE] >= 0
                ):
                    counts[fight, t, N_FREE_ATTACKS] += 1
                    strike(
                        st, pi, iw, ifaces, actual, opts, t, SLOT_FREE_ATTACK, counts, fight, draws
                    )
                # victory.check_victory after the action
                up0 = st[0, S_COND] == ACTIVE
                up1 = st[1, S_COND] == ACTIVE
                if not (up0 and up1):
                    result = 0 if up0 else (1 if up1 else -1)
            if result != -2:
                break
            if unit >= opts[O_MAX_UNITS]:
                result = -1
                break
            unit += 1
            for f in range(2):  # InitiativeRolled: owed bonuses end with the unit
                st[f, S_OWED] = 0
            if opts[O_INIT_EVERY] == 1:
                unit_order(st, pi, opts, order, draws)
        winner[fight] = result
        rounds[fight] = unit
        for f in range(2):
            end[fight, f] = st[f, S_COND]
