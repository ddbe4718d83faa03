"""The EXP brawl kernel: many independent one-on-one non-lethal brawls, compiled by numba.

Each function mirrors a rule function of ``fracas.rulesets.exp`` (named in its docstring) and
reads the arrays of :class:`~fracas.rulesets.exp.fast.spec.ExpSpec`. Like the percentile kernel it
allocates nothing and draws from SplitMix64 (``rng.py``).

For speed the fight's state lives in local scalars, not in an array: the two personas' HPS,
conditions and the rest as pairs, who holds whom as one number (a one-on-one brawl has at
most one grapple), the inventory of the weapon machine, and the generator's state, threaded
through the helpers and written back once per call (the numbers drawn are counted from how
far the state moved: SplitMix64 adds a constant per number) along with the next number
already mixed (``step``: a die waits for one multiply-shift, not for SplitMix64's output
function; the same numbers in the same order). Each turn reads the actor's and
the target's values out of the pairs and writes them back after, so the rules read as "the
attacker" and "the target".

Mirrors the chapter's "Non-Lethal Combat": the Strike, the DSS, actual and oops damage,
grapples, trips, snatches, thrown weapons, lethal blows. Held to the event engine by
tests/batch/test_exp_agreement.py.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.rulesets.exp.fast.codes import (
    A_BREAK_FREE,
    A_CONCEDE,
    A_GRAPPLE,
    A_REVERSE,
    A_SNATCH,
    A_STAND_UP,
    A_STRIKE,
    A_TRIP,
    A_WAIT,
)
from fracas.rulesets.exp.fast.spec import (
    INIT_DEX,
    INIT_ROLL,
    O_ATTR_DIE,
    O_COMP_LEVEL,
    O_DSS_SAVE,
    O_INIT_EVERY,
    O_INITIATIVE,
    O_KILODIE,
    O_MAX_UNITS,
    O_OOPS_DIE,
    O_OOPS_REPLACES,
    O_OOPS_STRICT,
    O_PCT_DIE,
    O_SAVE_DIE,
    O_SNATCH_BONUS,
    O_TIES_REROLL,
    O_TRIP_DOWN,
    O_TRIP_GIVE_UP,
    O_TRIP_SUMMARY,
    P_CAN_MANEUVER,
    P_CONCEDE,
    P_DEX,
    P_DR,
    P_HPS,
    P_HPS_FLOOR,
    P_LEVEL,
    P_PSTR,
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
from fracas.rulesets.exp.fast.tactics import choose
from fracas.sim.batch.jit import inline, njit
from fracas.sim.batch.rng import _GOLDEN, _M1, _M2, _S11, _S27, _S30, _S31, _UNIT, U64

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]

#: the inverse of SplitMix64's increment modulo 2^64: (state moved) x this = numbers drawn
_INV_GOLDEN = np.uint64(0xF1DE83E19937733D)
_S53 = np.uint64(53)
_INT_SIDES = 2048
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
def _mix(x: np.uint64) -> np.uint64:
    """SplitMix64's output function (``rng.uniform`` and ``rng.reseed``)."""
    z = (x ^ (x >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@inline
def face(z: np.uint64, sides: int) -> int:
    """``rng.die``'s reading of a number, ``int(u * sides)`` for the 53-bit uniform ``u``:
    exactly ``(z >> 11) * sides >> 53`` in integers while the product fits in 64 bits (any
    die up to 2048 sides), which spares two conversions and a float multiply."""
    if sides <= _INT_SIDES:
        return int(np.int64(((z >> _S11) * np.uint64(sides)) >> _S53))
    return int(float(z >> _S11) * _UNIT * sides)


@inline
def step(x: np.uint64) -> tuple[np.uint64, np.uint64]:
    """The generator moved on by one number: its state, and the number after it already
    mixed (SplitMix64's output of the next state). A die reads the number mixed one step
    ahead, so the branch on it waits for one multiply-shift, not for the three multiplies of
    SplitMix64's output function, which now run while the rules use the die before (the
    same numbers in the same order: the same fights)."""
    x = x + _GOLDEN
    return x, _mix(x + _GOLDEN)


@inline
def roll(sides: int, x: np.uint64, z: np.uint64) -> tuple[int, np.uint64, np.uint64]:
    """One die of ``sides`` (1..sides) as ``rng.die`` reads one from the number ``z`` mixed
    ahead, and the generator moved on (:func:`step`)."""
    r = face(z, sides) + 1
    x, z = step(x)
    return r, x, z


@inline
def compete(
    a_total: int, d_total: int, die: int, reroll: bool, x: np.uint64, z: np.uint64
) -> tuple[bool, np.uint64, np.uint64]:
    """``challenges.compete``: d20 + attribute (+ level: in the totals given) each; ties to
    the defender or re-rolled. True if the attacker wins."""
    while True:
        ra, x, z = roll(die, x, z)
        rd, x, z = roll(die, x, z)
        if ra + a_total != rd + d_total or not reroll:
            return ra + a_total > rd + d_total, x, z


@inline
def attack_roll(
    bonus: int, cap: int, owed: int, defence: int, kilodie: int, x: np.uint64, z: np.uint64
) -> tuple[bool, np.uint64, np.uint64]:
    """``attack_roll.roll_attack``: kilodie + bonus capped at the Maximum Roll (+ a bonus
    owed after a failed snatch, after the cap), must beat the Defence Rating."""
    r, x, z = roll(kilodie, x, z)
    return min(r + bonus, cap) + owed > defence, x, z


@inline
def condition(conditions: I64, pi: I64, t: int, hps: int, stunned: bool) -> int:
    """``actual_damage.settle_condition``: the condition ``personas.condition_at`` gives at
    ``hps`` (a table: knocked out, dead, broken, or still up, by kind and options), and a
    failed DSS stuns one it leaves up."""
    floor = pi[t, P_HPS_FLOOR]
    at = conditions[t, max(hps, floor) - floor]
    return STUNNED if stunned and at == ACTIVE else at


@inline
def blow(
    pi: I64,
    iw: I64,
    ifaces: I64,
    actual: I64,
    opts: I64,
    stun_at: I64,
    conditions: I64,
    k: int,
    a: int,
    slot: int,
    owed: int,
    hps_t: int,
    counts: I32,
    fight: int,
    x: np.uint64,
    z: np.uint64,
) -> tuple[int, int, np.uint64, np.uint64]:
    """``attack.attack`` by ``a`` with its blow of ``slot`` in inventory ``k``: the attack
    roll, and on a hit ``attack.nonlethal_hit`` (non-lethal damage + Force Bonus, the DSS as
    if HPS were reduced by it, then actual damage from the table or oops damage) or
    ``attack.lethal_hit`` (the damage off the HPS in full). Returns the target's HPS and
    condition after it."""
    t = 1 - a
    counts[fight, a, N_ATTACKS] += 1
    hit, x, z = attack_roll(
        iw[k, a, slot, W_BONUS], iw[k, a, slot, W_CAP], owed, pi[t, P_DR], opts[O_KILODIE], x, z
    )
    if not hit:
        return hps_t, ACTIVE, x, z
    counts[fight, a, N_HITS] += 1
    rolled = iw[k, a, slot, W_OFFSET]
    for i in range(ifaces.shape[3]):
        sides = ifaces[k, a, slot, i]
        if sides == 0:
            break
        rolled += face(z, sides)
        x, z = step(x)
    damage = max(0, rolled + iw[k, a, slot, W_FORCE])
    counts[fight, a, N_DEALT] += damage
    counts[fight, t, N_TAKEN] += damage
    if iw[k, a, slot, W_LETHAL] == 1:
        counts[fight, t, N_HPS_LOST] += damage
        hps_t -= damage
        return hps_t, condition(conditions, pi, t, hps_t, False), x, z
    # dss.stun_check: the number the DSS die must read, from dss.percentile_needed or
    # dss.save_needed (a table); at 0 HPS-as-if or fewer, stunned without a roll
    left = hps_t - damage
    stunned = True
    if left > 0:
        if opts[O_DSS_SAVE] == 1:
            r, x, z = roll(opts[O_SAVE_DIE], x, z)
            stunned = r <= stun_at[t, damage, left]
        else:
            r, x, z = roll(opts[O_PCT_DIE], x, z)
            stunned = r > stun_at[t, damage, left]
    # oops.oops_check
    oops = False
    if iw[k, a, slot, W_OOPS] == 1:
        r, x, z = roll(opts[O_OOPS_DIE], x, z)
        oops = r < damage if opts[O_OOPS_STRICT] == 1 else r <= damage
    lost = damage if oops else 0
    if not oops or opts[O_OOPS_REPLACES] == 0:
        lost += actual[damage]
    counts[fight, a, N_OOPS] += oops
    counts[fight, t, N_HPS_LOST] += lost
    hps_t -= lost
    return hps_t, condition(conditions, pi, t, hps_t, stunned), x, z


@inline
def unit_order(pi: I64, opts: I64, x: np.uint64, z: np.uint64) -> tuple[int, np.uint64, np.uint64]:
    """``initiative.start_unit_order`` for two personas: 1d20 + DEX, ties to the higher DEX
    then re-rolled; or by DEX; or scenario order. Returns who acts first."""
    mode = opts[O_INITIATIVE]
    first = 0
    if mode == INIT_ROLL:
        die = opts[O_ATTR_DIE]
        d0, d1 = pi[0, P_DEX], pi[1, P_DEX]
        r0, x, z = roll(die, x, z)
        r1, x, z = roll(die, x, z)
        t0, t1 = r0 + d0, r1 + d1
        if t0 == t1 and d0 == d1:
            while True:
                r0, x, z = roll(die, x, z)
                r1, x, z = roll(die, x, z)
                if r0 != r1:
                    first = 0 if r0 > r1 else 1
                    break
        elif t0 == t1:
            first = 0 if d0 > d1 else 1
        else:
            first = 0 if t0 > t1 else 1
    elif mode == INIT_DEX:
        first = 1 if pi[1, P_DEX] > pi[0, P_DEX] else 0
    return first, x, z


@njit
def brawls(
    pi: I64,
    actual: I64,
    opts: I64,
    policy: I64,
    iw: I64,
    ifaces: I64,
    snatches: I64,
    stun_at: I64,
    conditions: I64,
    winner: npt.NDArray[np.int8],
    rounds: npt.NDArray[np.int32],
    end: npt.NDArray[np.int8],
    counts: npt.NDArray[np.int32],
    draws: U64,
    seeds: U64,
) -> None:
    """Fight ``len(winner)`` brawls (``ExpRuleset.resolve`` and ``_start_unit``): each unit
    an initiative order, each persona one action (a won break check keeps it), a free
    attack after a snatch lost at Strength, victory checked after every action, a draw
    after ``max_units``. With ``seeds`` (one per fight), each fight draws from its own
    seed's stream."""
    n = winner.shape[0]
    kilodie, die = opts[O_KILODIE], opts[O_ATTR_DIE]
    reroll = opts[O_TIES_REROLL] == 1
    lvl0 = pi[0, P_LEVEL] if opts[O_COMP_LEVEL] == 1 else 0
    lvl1 = pi[1, P_LEVEL] if opts[O_COMP_LEVEL] == 1 else 0
    dex0, dex1 = pi[0, P_DEX] + lvl0, pi[1, P_DEX] + lvl1
    pstr0, pstr1 = pi[0, P_PSTR] + lvl0, pi[1, P_PSTR] + lvl1
    summary = opts[O_TRIP_SUMMARY] == 1
    give_up, trip_down, max_units = opts[O_TRIP_GIVE_UP], opts[O_TRIP_DOWN], opts[O_MAX_UNITS]
    every_unit = opts[O_INIT_EVERY] == 1
    x = draws[1]
    z = _mix(x + _GOLDEN)  # the first number, mixed ahead (``step``)
    drawn = draws[0]
    for fight in range(n):
        if seeds.shape[0] > 0:
            x = _mix(seeds[fight] + _GOLDEN)  # rng.reseed
            z = _mix(x + _GOLDEN)
        x_start = x
        hps0, hps1 = pi[0, P_HPS], pi[1, P_HPS]
        cond0 = cond1 = ACTIVE
        down0 = down1 = tripped0 = tripped1 = foiled0 = foiled1 = owed0 = owed1 = 0
        holder = -1  # who holds the other in a grapple
        inv = 0  # the weapon machine's inventory
        unit = 1
        first, x, z = unit_order(pi, opts, x, z)
        result = -2
        while True:
            for i in range(2):
                a = first if i == 0 else 1 - first
                t = 1 - a
                if a == 0:
                    hps_a, cond_a, down_a, tripped_a, foiled_a, owed_a = (
                        hps0,
                        cond0,
                        down0,
                        tripped0,
                        foiled0,
                        owed0,
                    )
                    hps_t, cond_t, down_t, owed_t = hps1, cond1, down1, owed1
                    dex_a, dex_t, pstr_a, pstr_t = dex0, dex1, pstr0, pstr1
                else:
                    hps_a, cond_a, down_a, tripped_a, foiled_a, owed_a = (
                        hps1,
                        cond1,
                        down1,
                        tripped1,
                        foiled1,
                        owed1,
                    )
                    hps_t, cond_t, down_t, owed_t = hps0, cond0, down0, owed0
                    dex_a, dex_t, pstr_a, pstr_t = dex1, dex0, pstr1, pstr0
                if cond_a != ACTIVE:
                    continue
                free_attack = False
                while True:  # a won break check keeps the turn
                    holding = holder == a
                    slot = 1 if holding else 0
                    action = choose(
                        pi[a, P_TACTIC],
                        pi[a, P_CONCEDE],
                        hps_a,
                        hps_t,
                        down_a,
                        holder == t,
                        holding,
                        down_t,
                        holding,
                        pi[a, P_CAN_MANEUVER] == 1,
                        pi[a, P_TIPPABLE] == 1 and tripped_a == 0 and foiled_a < give_up,
                        iw[inv, a, slot, W_USE],
                        snatches[inv, a, X_NEXT] >= 0,
                        snatches[inv, a, X_WANTS] == 1,
                        policy[a],
                    )
                    if action == A_BREAK_FREE:
                        won, x, z = compete(pstr_a, pstr_t, die, reroll, x, z)
                        if won:
                            holder = -1
                            counts[fight, a, N_BROKE_FREE] += 1
                            continue
                    elif action == A_REVERSE:
                        won, x, z = compete(pstr_a, pstr_t, die, reroll, x, z)
                        if won:
                            holder = a
                            counts[fight, a, N_REVERSALS] += 1
                    elif action == A_CONCEDE:
                        cond_a = CONCEDED
                    elif action == A_STAND_UP:
                        down_a = max(0, down_a - 1)
                    elif action == A_STRIKE:
                        hps_t, cond_t, x, z = blow(
                            pi,
                            iw,
                            ifaces,
                            actual,
                            opts,
                            stun_at,
                            conditions,
                            inv,
                            a,
                            slot,
                            owed_a,
                            hps_t,
                            counts,
                            fight,
                            x,
                            z,
                        )
                        nxt = iw[inv, a, slot, W_NEXT]
                        if nxt >= 0:  # WeaponThrown: hit or miss, it has left the hand
                            inv = nxt
                            counts[fight, a, N_THROWN] += 1
                    elif action != A_WAIT:  # grapple, trip, snatch: a Strike attack roll
                        counts[fight, a, N_ATTACKS] += 1
                        hit, x, z = attack_roll(
                            pi[a, P_STRIKE_BONUS],
                            pi[a, P_STRIKE_CAP],
                            owed_a,
                            pi[t, P_DR],
                            kilodie,
                            x,
                            z,
                        )
                        if hit:
                            counts[fight, a, N_HITS] += 1
                            if action == A_GRAPPLE:  # the overpower (Strength Challenge)
                                won, x, z = compete(pstr_a, pstr_t, die, reroll, x, z)
                                if won:
                                    holder = a
                                    counts[fight, a, N_GRAPPLES] += 1
                            elif action == A_TRIP:  # Dexterity (dodge), Strength (overpower)
                                won, x, z = compete(
                                    pstr_a if summary else dex_a,
                                    pstr_t if summary else dex_t,
                                    die,
                                    reroll,
                                    x,
                                    z,
                                )
                                if won:
                                    won, x, z = compete(
                                        dex_a if summary else pstr_a,
                                        dex_t if summary else pstr_t,
                                        die,
                                        reroll,
                                        x,
                                        z,
                                    )
                                if won:
                                    down_t = trip_down
                                    tripped_a = 1
                                    counts[fight, a, N_TRIPS] += 1
                                else:  # dodged or stopped (TripResolved.apply)
                                    foiled_a += 1
                            elif action == A_SNATCH:
                                won, x, z = compete(dex_a, dex_t, die, reroll, x, z)
                                if not won:  # SnatchBacklash: +242 if the target acts later
                                    if i == 0:
                                        owed_t = opts[O_SNATCH_BONUS]
                                    counts[fight, a, N_SNATCH_FAILED] += 1
                                else:
                                    won, x, z = compete(pstr_a, pstr_t, die, reroll, x, z)
                                    if won:  # WeaponSnatched: the next inventory
                                        inv = snatches[inv, a, X_NEXT]
                                        counts[fight, a, N_SNATCHES] += 1
                                    else:  # SnatchBacklash: the target's free attack
                                        free_attack = True
                                        counts[fight, a, N_SNATCH_FAILED] += 1
                    break
                owed_a = 0  # TurnEnded: what was owed to it is gone with its turn
                if cond_t != ACTIVE:
                    holder = -1  # ConditionChanged: out of the fight, out of any grapple
                # tactics.free_attack: the victim of the failed snatch strikes at once, out
                # of the unit cycle, with the weapon it kept (if it can use it non-lethally)
                if (
                    free_attack
                    and down_t == 0
                    and holder != a
                    and iw[inv, t, SLOT_FREE_ATTACK, W_USE] >= 0
                ):
                    counts[fight, t, N_FREE_ATTACKS] += 1
                    hps_a, cond_a, x, z = blow(
                        pi,
                        iw,
                        ifaces,
                        actual,
                        opts,
                        stun_at,
                        conditions,
                        inv,
                        t,
                        SLOT_FREE_ATTACK,
                        owed_t,
                        hps_a,
                        counts,
                        fight,
                        x,
                        z,
                    )
                    nxt = iw[inv, t, SLOT_FREE_ATTACK, W_NEXT]
                    if nxt >= 0:
                        inv = nxt
                        counts[fight, t, N_THROWN] += 1
                if cond_a != ACTIVE:
                    holder = -1
                if a == 0:
                    hps0, cond0, down0, tripped0, foiled0, owed0 = (
                        hps_a,
                        cond_a,
                        down_a,
                        tripped_a,
                        foiled_a,
                        owed_a,
                    )
                    hps1, cond1, down1, owed1 = hps_t, cond_t, down_t, owed_t
                else:
                    hps1, cond1, down1, tripped1, foiled1, owed1 = (
                        hps_a,
                        cond_a,
                        down_a,
                        tripped_a,
                        foiled_a,
                        owed_a,
                    )
                    hps0, cond0, down0, owed0 = hps_t, cond_t, down_t, owed_t
                # victory.check_victory after the action
                if cond0 != ACTIVE or cond1 != ACTIVE:
                    result = 0 if cond0 == ACTIVE else (1 if cond1 == ACTIVE else -1)
                    break
            if result != -2:
                break
            if unit >= max_units:
                result = -1
                break
            unit += 1
            owed0 = owed1 = 0  # InitiativeRolled: owed bonuses end with the unit
            if every_unit:
                first, x, z = unit_order(pi, opts, x, z)
        winner[fight] = result
        rounds[fight] = unit
        end[fight, 0] = cond0
        end[fight, 1] = cond1
        drawn += (x - x_start) * _INV_GOLDEN
    draws[0] = drawn
    draws[1] = x
