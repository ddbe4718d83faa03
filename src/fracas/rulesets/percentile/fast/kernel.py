"""The percentile duel kernel: many independent one-on-one melee duels, compiled by numba.

Each function mirrors one rule function of ``fracas.rulesets.percentile`` (named in its
docstring) and reads the arrays of :class:`~fracas.rulesets.percentile.fast.spec.PercentileSpec`;
what the exchange's rules make of the dice (who may defend and how, table 5.1's cell under
the options, damage through armour, break value, what a fumble does to the kit) it asks
``rules.py``, which the exact chain's compiled exchange asks too. It draws from SplitMix64
(``rng.py``), so it agrees with the event engine in distribution, not roll for roll; the
agreement tests check that.

Written for speed (docs/batch-and-odds.md, "What limits it"): a fighter's turn and
declaration are inlined once per fighter with the fighter a constant, so the state array is
read at fixed places; a declaration is kept while nothing it reads changes; dice are integer
multiply-shifts of bits mixed one number ahead.

Mirrors Chapter 5, "The round", "Initiative", "Attacking and defending" (table 5.1), "Fumbling"
(table 5.2), "Armour", "Break value", "Damage and fatigue". Held to the event engine by
tests/batch/test_percentile_agreement.py and test_percentile_dodging.py.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.rulesets.percentile.fast.rules import (
    BV_BREAKS,
    BV_NICKED,
    D_NONE,
    FAIL,
    FALL_DIE,
    KIT_BROKEN,
    KIT_DROPPED,
    KIT_GLITCH,
    KIT_LOOSENED,
    PERFECT,
    cell_blow,
    cell_effect_applies,
    check_result,
    counter_spared,
    damage_dealt,
    damage_rolls,
    defence,
    defenceless_later,
    defenceless_now,
    drop,
    fall_damage,
    fumble_kit,
    in_hand,
    may_be_struck,
    parries,
    parry_takes_damage,
    recovers,
    rerolled,
    rolled,
    self_blow,
    weapon_struck,
)
from fracas.rulesets.percentile.fast.spec import (
    ABS,
    BODY,
    CON,
    E_DISARM,
    E_FUMBLE,
    E_KILL,
    ENC_FAT,
    F_FALL,
    FAT,
    HP,
    HP_MAX,
    INIT,
    K_NORMAL,
    MAX_WEAPONS,
    NO_WEAPON,
    NWEAP,
    O_ATTACK_SHIFTS,
    O_CHECK_TARGET,
    O_DRAW_TAKES_ROUND,
    O_FATIGUE_PER_ROUND,
    O_GLITCHES,
    O_MAX_ROUNDS,
    O_ORDER_SCENARIO,
    O_RECOVER,
    O_SIMULTANEOUS,
    O_TIES_REROLL,
    PROJ_ONLY,
    RECOVER_START,
    SCRIPT_LEN,
    TACTIC,
    THEN,
)
from fracas.rulesets.percentile.fast.tactics import (
    C_READY,
    S_FLEE,
    S_RECOVER,
    S_SURRENDER,
    attacks,
    base_stance,
    declare,
)
from fracas.sim.batch.jit import inline, njit
from fracas.sim.batch.rng import U64, face, prime, restart, roll, settle

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
F64 = npt.NDArray[np.float64]

# per-fighter state (columns of ``st``)
S_HP, S_FAT, S_WIELD, S_ABS_LOSS, S_GLITCH, S_DEFENCELESS, S_DEAD, S_DOWN, S_STANCE = range(9)
S_YIELDED = 9  # 1 surrendered, 2 fled
# the last declaration, kept while nothing it reads changes (``declare_round``): its key
# (base stance and both weapons in hand; -1 once any weapon or armour changed), its result
S_DKEY, S_DSTANCE, S_DWIELD = 10, 11, 12
S_ABLE = 13  # ``able``, kept up to date by ``update_able`` whenever hp, death or yielding change
# the round ``S_DEFENCELESS``'s code counts from (``rules.defenceless_later``)
S_DEFENCELESS_AT = 14
STATE_FIELDS = 15
# per-fighter counters (columns of ``counts[fight, fighter]``)
N_FUMBLES, N_DISARMED, N_DROPPED, N_BROKEN, N_BV_LOST, N_GLITCHES, N_LOOSENED = range(7)
N_KILLED, N_RECOVERED, N_DAMAGE_TAKEN, N_DAMAGE_DEALT, N_PERFECT = range(7, 12)
COUNTERS = 12
COUNTER_NAMES = (
    "fumbles",
    "disarmed",
    "dropped",
    "broken",
    "bv_lost",
    "glitches",
    "loosened",
    "killed",
    "recovered",
    "damage_taken",
    "damage_dealt",
    "perfect_attacks",
)
# how a fighter ended (``end``)
END_STANDING, END_UNCONSCIOUS, END_DEAD, END_SURRENDERED, END_FLED, END_BLEEDING = range(6)


@inline
def d100(draws: U64) -> int:
    return roll(100, draws)


@inline
def roll_dice(faces: I64, offset: I64, f: int, w: int, draws: U64) -> int:
    """``SeededRoller.roll``'s reading of weapon ``w`` of fighter ``f``'s dice: offset + a
    face (0..sides-1, ``rng.face``) per die (indexed, not sliced)."""
    total = offset[f, w]
    for k in range(faces.shape[2]):
        s = faces[f, w, k]
        if s == 0:
            break
        total += face(s, draws)
    return int(total)


@inline
def check(chance: int, skill: int, check_target: int, draws: U64) -> int:
    """``skill_check``: d100 under the chance, 01-05 and 95-00 rolled again, the result
    ``rules.check_result``'s (which the exact chain counts over every pair of rolls)."""
    if not rolled(chance):
        return check_result(0, 0, chance, skill, check_target)
    first = d100(draws)
    second = d100(draws) if rerolled(first) else 0
    return check_result(first, second, chance, skill, check_target)


@inline
def update_able(st: I64, f: int) -> None:
    """``Fighter.update_able``: alive, above 0 hp and still in the fight (not surrendered or
    fled; everyone in a melee duel can move); kept in ``S_ABLE``, read far more often than
    it changes."""
    st[f, S_ABLE] = 1 if st[f, S_DEAD] == 0 and st[f, S_HP] > 0 and st[f, S_YIELDED] == 0 else 0


@inline
def able(st: I64, f: int) -> bool:
    """Whether ``f`` is able (``update_able``)."""
    return bool(st[f, S_ABLE] == 1)


@inline
def acting(st: I64, f: int, rnd: int, simultaneous: bool) -> bool:
    """``state.acting``: able, or downed during this simultaneous round."""
    return able(st, f) or (simultaneous and st[f, S_YIELDED] == 0 and st[f, S_DOWN] == rnd)


@inline
def defenceless(st: I64, f: int, rnd: int) -> bool:
    """``state.is_defenceless``: no parry or dodge in round ``rnd`` (this round or later)
    after fumbles (``rules``: ``defenceless_later``, ``defenceless_now``)."""
    return defenceless_now(defenceless_later(st[f, S_DEFENCELESS], rnd - st[f, S_DEFENCELESS_AT]))


@inline
def arm_ready(st: I64, cond: I64, f: int) -> bool:
    """``f``'s weapon ready in hand (``rules.in_hand``)."""
    return in_hand(cond[f], st[f, S_WIELD])


@inline
def gear_changed(st: I64) -> None:
    """A weapon's condition or an armour's ABS changed: both declarations are made afresh."""
    st[0, S_DKEY] = -1
    st[1, S_DKEY] = -1


@inline
def take_damage(st: I64, f: int, amount: int, con: int, rnd: int, counts: I32, fight: int) -> None:
    """``Damaged.apply``: hp down (downed this round if it crosses 0), dead at -CON."""
    hp = st[f, S_HP]
    if hp > 0 >= hp - amount:
        st[f, S_DOWN] = rnd
    st[f, S_HP] = hp - amount
    if hp - amount <= -con:
        st[f, S_DEAD] = 1
    update_able(st, f)
    counts[fight, f, N_DAMAGE_TAKEN] += amount


@inline
def deal(
    st: I64,
    target: int,
    src: int,
    w: int,
    kind: int,
    rnd: int,
    fi: I64,
    faces: I64,
    offset: I64,
    dmax: I64,
    opts: I64,
    counts: I32,
    fight: int,
    draws: U64,
) -> None:
    """``damage.deal``: the weapon's roll (full: its maximum or twice a roll) less ABS
    (``rules``: ``damage_rolls``, ``damage_dealt``)."""
    rolled = roll_dice(faces, offset, src, w, draws) if damage_rolls(kind, opts) else 0
    amount = damage_dealt(rolled, kind, dmax[src, w], fi, target, st[target, S_ABS_LOSS], opts)
    take_damage(st, target, amount, fi[target, CON], rnd, counts, fight)
    if src != target:
        counts[fight, src, N_DAMAGE_DEALT] += amount


@inline
def drop_weapon(
    st: I64,
    cond: I64,
    natural: I64,
    f: int,
    disarmed: bool,
    fi: I64,
    opts: I64,
    counts: I32,
    fight: int,
) -> None:
    """``damage.drop_weapon``: on the ground to recover, or lost (then draw the next); body
    parts stay put (``rules.drop``)."""
    dropped, wield = drop(cond[f], natural[f], fi[f, NWEAP], st[f, S_WIELD], opts)
    if dropped:
        counts[fight, f, N_DISARMED if disarmed else N_DROPPED] += 1
        gear_changed(st)
        st[f, S_WIELD] = wield


@inline
def roll_fumble(
    st: I64,
    cond: I64,
    natural: I64,
    c: int,
    rnd: int,
    fi: I64,
    faces: I64,
    offset: I64,
    dmax: I64,
    frow: I64,
    row_fx: I64,
    opts: I64,
    counts: I32,
    fight: int,
    draws: U64,
) -> None:
    """``fumble.roll_fumble``: table 5.2's row for a d100, its effects in order (``rules``:
    ``fall_damage``, ``self_blow``, ``fumble_kit``)."""
    counts[fight, c, N_FUMBLES] += 1
    row = frow[d100(draws)]
    for k in range(row_fx.shape[1]):
        effect = row_fx[row, k]
        if effect < 0:
            break
        if effect == F_FALL:
            rolled = fall_damage(roll(FALL_DIE, draws), fi, c, st[c, S_ABS_LOSS], opts)
            take_damage(st, c, rolled, fi[c, CON], rnd, counts, fight)
            continue
        w = self_blow(effect, st[c, S_WIELD])
        if w >= 0:
            deal(st, c, c, w, K_NORMAL, rnd, fi, faces, offset, dmax, opts, counts, fight, draws)
            continue
        # (the D6+6 metres a dropped weapon flies change nothing in a duel: not rolled)
        change, st[c, S_WIELD], st[c, S_ABS_LOSS], st[c, S_GLITCH], st[c, S_DEFENCELESS] = (
            fumble_kit(
                effect,
                fi,
                c,
                natural[c],
                opts,
                cond[c],
                fi[c, NWEAP],
                st[c, S_WIELD],
                st[c, S_ABS_LOSS],
                st[c, S_GLITCH],
                defenceless_later(st[c, S_DEFENCELESS], rnd - st[c, S_DEFENCELESS_AT]),
            )
        )
        st[c, S_DEFENCELESS_AT] = rnd  # (the code is counted from this round now)
        if change == KIT_DROPPED:
            counts[fight, c, N_DROPPED] += 1
        elif change == KIT_GLITCH:
            counts[fight, c, N_GLITCHES] += 1
        elif change == KIT_LOOSENED:
            counts[fight, c, N_LOOSENED] += 1
        elif change == KIT_BROKEN:
            counts[fight, c, N_BROKEN] += 1
        if change in (KIT_DROPPED, KIT_LOOSENED, KIT_BROKEN):
            gear_changed(st)


@inline
def defend(
    st: I64,
    cond: I64,
    d: int,
    result: int,
    rnd: int,
    simultaneous: bool,
    fi: I64,
    skill: I64,
    dfc: I64,
    dfx: I64,
    full_no_armour: int,
    opts: I64,
    draws: U64,
) -> tuple[int, int]:
    """``attack.defend``, ``can_defend`` and the tactics' ``defence_choice``: (result, kind)
    of ``d``'s parry or dodge, as ``rules.defence`` says (an acting fighter not defenceless
    defends once a round; a stance without a free defence, an all-out attack unless it
    bought a dodge under ``all_out_dodge: hard-attack``, may try one at one more Hard if its
    tactics want it), rolled."""
    if not parries(opts, result):
        return FAIL, D_NONE
    if not acting(st, d, rnd, simultaneous) or defenceless(st, d, rnd):
        return FAIL, D_NONE
    kind, chance, unmodified = defence(
        d,
        result,
        st[d, S_STANCE],
        arm_ready(st, cond, d),
        st[d, S_WIELD],
        1 if st[d, S_FAT] <= 0 else 0,
        full_no_armour >= st[d, S_HP],
        fi,
        skill,
        dfc,
        dfx,
        opts,
    )
    if kind == D_NONE:
        return FAIL, D_NONE
    return check(chance, unmodified, opts[O_CHECK_TARGET], draws), kind


@inline
def attack(
    st: I64,
    cond: I64,
    bvs: I64,
    a: int,
    d: int,
    rnd: int,
    simultaneous: bool,
    fi: I64,
    skill: I64,
    faces: I64,
    offset: I64,
    dmax: I64,
    att: I64,
    dfc: I64,
    cell_n: I64,
    cell_fx: I64,
    hurt: I64,
    frow: I64,
    row_fx: I64,
    opts: I64,
    natural: I64,
    dfx: I64,
    counts: I32,
    fight: int,
    draws: U64,
) -> None:
    """``attack.attack``: the attack check, the defence, and table 5.1's cell carried out."""
    w = st[a, S_WIELD]
    aoa = opts[O_ATTACK_SHIFTS + st[a, S_STANCE]]  # stances.attack_shifts
    tired = 1 if st[a, S_FAT] <= 0 else 0
    g = min(st[a, S_GLITCH], opts[O_GLITCHES] - 1)
    result = check(att[a, w, aoa, tired, g], skill[a, w], opts[O_CHECK_TARGET], draws)
    if result == PERFECT:
        counts[fight, a, N_PERFECT] += 1
    parry, kind = defend(
        st, cond, d, result, rnd, simultaneous, fi, skill, dfc, dfx, dmax[a, w], opts, draws
    )
    spared = counter_spared(opts, kind)
    for k in range(cell_n[result, parry]):
        code = cell_fx[result, parry, k, 0]
        on_attacker = cell_fx[result, parry, k, 1] == 0
        dkind = cell_fx[result, parry, k, 2]
        if not cell_effect_applies(code, on_attacker, spared):
            continue
        if code == E_FUMBLE:
            who = a if on_attacker else d
            roll_fumble(
                st,
                cond,
                natural,
                who,
                rnd,
                fi,
                faces,
                offset,
                dmax,
                frow,
                row_fx,
                opts,
                counts,
                fight,
                draws,
            )
        elif code == E_KILL:
            victim = a if on_attacker else d
            if st[victim, S_HP] > 0 and st[victim, S_DEAD] == 0:
                st[victim, S_DOWN] = rnd
            st[victim, S_DEAD] = 1
            update_able(st, victim)
            counts[fight, victim, N_KILLED] += 1
        elif code == E_DISARM:
            drop_weapon(st, cond, natural, a if on_attacker else d, True, fi, opts, counts, fight)
        else:  # damage: ``rules.cell_blow`` says whose weapon, on the other side
            bw = cell_blow(on_attacker, w, arm_ready(st, cond, d), st[d, S_WIELD])
            if bw >= 0:
                hit, src = (a, d) if on_attacker else (d, a)
                deal(
                    st,
                    hit,
                    src,
                    bw,
                    dkind,
                    rnd,
                    fi,
                    faces,
                    offset,
                    dmax,
                    opts,
                    counts,
                    fight,
                    draws,
                )
    if parry_takes_damage(opts, hurt, result, parry, kind):
        # ``parrying_weapon_takes_damage``: the attacker's rolled damage against the BV
        damage = roll_dice(faces, offset, a, w, draws)
        if not may_be_struck(cond[d], natural[d], st[d, S_WIELD]):
            return
        held, st[d, S_WIELD] = weapon_struck(
            damage, cond[d], bvs[d], natural[d], fi[d, NWEAP], st[d, S_WIELD]
        )
        if held == BV_BREAKS:
            gear_changed(st)
            counts[fight, d, N_BROKEN] += 1
        elif held == BV_NICKED:
            counts[fight, d, N_BV_LOST] += 1


@inline
def initiative_order(fi: I64, reroll: bool, draws: U64) -> int:
    """``initiative.roll_initiative``: PER + AGL + D20, highest first; ties in scenario order
    or re-rolled. Returns the fighter who goes first."""
    t0 = fi[0, INIT] + roll(20, draws)
    t1 = fi[1, INIT] + roll(20, draws)
    if t0 != t1 or not reroll:
        return 0 if t0 >= t1 else 1
    while True:
        r0 = roll(20, draws)
        r1 = roll(20, draws)
        if r0 != r1:
            return 0 if r0 > r1 else 1


@inline
def turn(
    st: I64,
    cond: I64,
    bvs: I64,
    f: int,
    rnd: int,
    simultaneous: bool,
    fi: I64,
    skill: I64,
    faces: I64,
    offset: I64,
    dmax: I64,
    att: I64,
    dfc: I64,
    cell_n: I64,
    cell_fx: I64,
    hurt: I64,
    frow: I64,
    row_fx: I64,
    opts: I64,
    natural: I64,
    dfx: I64,
    counts: I32,
    fight: int,
    draws: U64,
) -> None:
    """``f``'s turn in ``round.resolve_round``: recover a weapon, yield, or attack the other
    (all-out defence does nothing here)."""
    if not acting(st, f, rnd, simultaneous):
        return
    stance = st[f, S_STANCE]
    if stance == S_RECOVER:
        if opts[O_RECOVER] != RECOVER_START:
            recover(st, cond, f, counts, fight)
    elif stance in (S_SURRENDER, S_FLEE):
        if st[f, S_DEAD] == 0:  # round.leaves_the_fight: not if killed earlier in the round
            st[f, S_YIELDED] = 1 if stance == S_SURRENDER else 2
            update_able(st, f)
    elif attacks(stance):
        t = 1 - f
        if st[t, S_YIELDED] != 0:
            return
        if st[t, S_DEAD] == 1 or not (simultaneous or able(st, t)):
            return
        if not arm_ready(st, cond, f):
            return
        attack(
            st,
            cond,
            bvs,
            f,
            t,
            rnd,
            simultaneous,
            fi,
            skill,
            faces,
            offset,
            dmax,
            att,
            dfc,
            cell_n,
            cell_fx,
            hurt,
            frow,
            row_fx,
            opts,
            natural,
            dfx,
            counts,
            fight,
            draws,
        )


@njit
def duels(
    fi: I64,
    skill: I64,
    bv: I64,
    faces: I64,
    offset: I64,
    dmax: I64,
    att: I64,
    dfc: I64,
    cell_n: I64,
    cell_fx: I64,
    hurt: I64,
    frow: I64,
    row_fx: I64,
    script: I64,
    opts: I64,
    policy: I64,
    natural: I64,
    dfx: I64,
    values: F64,
    worth: I64,
    ratio: float,
    through: I64,
    winner: npt.NDArray[np.int8],
    rounds: npt.NDArray[np.int32],
    end: npt.NDArray[np.int8],
    counts: I32,
    draws: U64,
    seeds: U64,
    st: I64,
    cond: I64,
    bvs: I64,
) -> None:
    """Fight ``len(winner)`` duels (``round.resolve_round`` and ``end_of_round``): winner 0/1
    (-1 a draw), rounds fought, how each ended, and the notable-event counts. With
    ``seeds`` (one per fight), each fight draws from its own seed's stream."""
    n = winner.shape[0]
    # the options a round reads, read once (``opts`` is never written)
    max_rounds = opts[O_MAX_ROUNDS]
    simultaneous_after_1 = opts[O_SIMULTANEOUS] == 1
    recover_at_start = opts[O_RECOVER] == RECOVER_START
    fatigue_each_round = opts[O_FATIGUE_PER_ROUND] == 1
    scenario_order = opts[O_ORDER_SCENARIO] == 1
    reroll = opts[O_TIES_REROLL] == 1
    enc0 = fi[0, ENC_FAT]
    enc1 = fi[1, ENC_FAT]
    prime(draws)
    for fight in range(n):
        if seeds.shape[0] > 0:
            restart(draws, seeds[fight])
        for f in range(2):
            for k in range(STATE_FIELDS):
                st[f, k] = 0
            st[f, S_DKEY] = -1
            st[f, S_HP] = fi[f, HP]
            update_able(st, f)
            st[f, S_FAT] = fi[f, FAT]
            st[f, S_WIELD] = 0
            for w in range(MAX_WEAPONS):
                cond[f, w] = C_READY
                bvs[f, w] = bv[f, w]
        # who acts first this round (the other acts second)
        first = initiative_order(fi, reroll, draws)
        rnd = 1
        result = -1
        while True:
            simultaneous = rnd > 1 and simultaneous_after_1
            # declarations, from the state at the start of the round (each fighter a
            # constant, so the state is indexed directly)
            declare_round(
                st,
                cond,
                0,
                rnd,
                fi,
                script,
                policy,
                natural,
                values,
                worth,
                ratio,
                dmax,
                opts,
                through,
            )
            declare_round(
                st,
                cond,
                1,
                rnd,
                fi,
                script,
                policy,
                natural,
                values,
                worth,
                ratio,
                dmax,
                opts,
                through,
            )
            if recover_at_start:
                recover(st, cond, first, counts, fight)
                recover(st, cond, 1 - first, counts, fight)
            for i in range(2):
                # each fighter a constant: the state is indexed directly in each copy
                if (i == 0) == (first == 0):
                    turn(
                        st,
                        cond,
                        bvs,
                        0,
                        rnd,
                        simultaneous,
                        fi,
                        skill,
                        faces,
                        offset,
                        dmax,
                        att,
                        dfc,
                        cell_n,
                        cell_fx,
                        hurt,
                        frow,
                        row_fx,
                        opts,
                        natural,
                        dfx,
                        counts,
                        fight,
                        draws,
                    )
                else:
                    turn(
                        st,
                        cond,
                        bvs,
                        1,
                        rnd,
                        simultaneous,
                        fi,
                        skill,
                        faces,
                        offset,
                        dmax,
                        att,
                        dfc,
                        cell_n,
                        cell_fx,
                        hurt,
                        frow,
                        row_fx,
                        opts,
                        natural,
                        dfx,
                        counts,
                        fight,
                        draws,
                    )
            # end of round: fatigue for the able (a duel ends the round someone is down, so
            # nobody bleeds in one)
            due = 1 if fatigue_each_round or rnd % 3 == 0 else 0
            up0 = able(st, 0)
            up1 = able(st, 1)
            if up0:
                st[0, S_FAT] -= max(0, min(due + enc0, st[0, S_FAT]))
            if up1:
                st[1, S_FAT] -= max(0, min(due + enc1, st[1, S_FAT]))
            if rnd == 1 and scenario_order:
                first = 0
            if not (up0 and up1):
                result = 0 if up0 else (1 if up1 else -1)
                break
            if rnd >= max_rounds:
                result = -1
                break
            rnd += 1
        winner[fight] = result
        rounds[fight] = rnd
        for f in range(2):
            # analysis.outcome: dead, surrendered or fled, bleeding below 0, unconscious at
            # 0 (the first that holds; chosen without a branch on how the fight went)
            hp = st[f, S_HP]
            yielded = st[f, S_YIELDED]
            code = END_BLEEDING if hp < 0 else (END_UNCONSCIOUS if hp == 0 else END_STANDING)
            code = END_FLED if yielded == 2 else code
            code = END_SURRENDERED if yielded == 1 else code
            end[fight, f] = END_DEAD if st[f, S_DEAD] == 1 else code
    settle(draws)


@inline
def recover(st: I64, cond: I64, f: int, counts: I32, fight: int) -> None:
    """``round.recover``: the dropped weapon back in hand."""
    w = st[f, S_WIELD]
    if recovers(st[f, S_STANCE], cond[f], w):
        cond[f, w] = C_READY
        counts[fight, f, N_RECOVERED] += 1
        gear_changed(st)


@inline
def declare_round(
    st: I64,
    cond: I64,
    f: int,
    rnd: int,
    fi: I64,
    script: I64,
    policy: I64,
    natural: I64,
    values: F64,
    worth: I64,
    ratio: float,
    dmax: I64,
    opts: I64,
    through: I64,
) -> None:
    """``round.declare`` with the tactics' choice: the stance, and the weapon taken in hand
    at the declaration (``WeaponDrawn``). The tactics' choice reads the base stance, the
    weapons in hand, and the weapons' and armours' conditions: while those stay as they
    were at the last declaration (``gear_changed`` otherwise), it is that one again."""
    e = 1 - f
    stance = base_stance(
        fi[f, TACTIC],
        rnd,
        st[f, S_HP],
        fi[f, HP_MAX],
        st[e, S_HP],
        script[f],
        fi[f, SCRIPT_LEN],
        fi[f, THEN],
        policy[f],
    )
    key = stance + 16 * (st[f, S_WIELD] + 1) + 256 * (st[e, S_WIELD] + 1)
    if st[f, S_DKEY] == key:
        st[f, S_STANCE] = st[f, S_DSTANCE]
        st[f, S_WIELD] = st[f, S_DWIELD]
        return
    lost = min(st[e, S_ABS_LOSS], fi[e, ABS])
    # can the enemy's weapon in hand (body parts without one) get through this armour?
    ew = st[e, S_WIELD] if arm_ready(st, cond, e) else fi[e, BODY]
    mine = 0 if fi[f, PROJ_ONLY] == 1 else max(0, fi[f, ABS] - st[f, S_ABS_LOSS])
    stance, wield = declare(
        stance,
        st[f, S_WIELD],
        cond[f],
        natural[f],
        fi[f, NWEAP],
        fi[f, BODY],
        values[f, :, lost],
        ratio,
        worth[f, lost] == 1,
        fi[f, NO_WEAPON],
        opts[O_DRAW_TAKES_ROUND] == 1,
        dmax[e, ew] > mine,
        through[f, :, lost],
    )
    st[f, S_STANCE] = stance
    st[f, S_WIELD] = wield
    st[f, S_DKEY] = key
    st[f, S_DSTANCE] = stance
    st[f, S_DWIELD] = wield
