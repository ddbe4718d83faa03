"""The percentile exchange's rules, compiled once and shared by both fast paths: given what
the dice or the state say (a check's rolls, an attack's and a defence's results, a damage
roll, a fumble's row), what the rules make of it. The batch kernel (``kernel.py``) calls these
with the dice it draws and carries the outcome out on its fights' state; the exact chain's
compiled exchange (``exchange_kernel.py``) calls the same functions on every face, weighted
by its probability, and carries the outcome out on its kits. Neither writes these rules
itself; the loops that walk a cell's effects and a fumble row's effects differ (one outcome
at a time in the kernel, sets of branches in the exchange), the decisions they carry out are
these:

- ``rolled``, ``rerolled``, ``check_result``, ``check_counts``: the d100 check
  (``skill_check.skill_check``, ``check_outcome``);
- ``parries``, ``defence``: who may parry or dodge an attack, with which number and skill
  (``attack.defend``, ``can_defend``, ``defence_skill``, ``stances.free_defences`` and the
  tactics' ``wants_extra_defence``);
- ``counter_spared``, ``cell_effect_applies``, ``cell_blow``, ``parry_takes_damage``: what a
  cell of table 5.1 does (``attack.attack``, option ``counter_effects``,
  ``parrying_weapon_takes_damage``);
- ``damage_rolls``, ``damage_dealt`` (``damage_times``, ``absorbs``, ``armour_of``,
  ``through_armour``): damage rolled and what the armour stops (``damage.damage_rolled``,
  ``damage.deal``, option ``full_damage``);
- ``may_be_struck``, ``weapon_struck``, ``broken``, ``drop``, ``next_weapon``: a weapon in
  hand dropped, disarmed, struck against its break value ("Break value") or broken, and the
  next drawn (``damage.drop_weapon``, ``damage.draw_next``);
- ``recovers``: a dropped weapon picked up by a fighter recovering (``round.recover``);
- ``fall_damage``, ``self_blow``, ``fumble_kit``: what a row of table 5.2 does to the
  fumbler (``fumble``);
- ``DEFENCELESS_*``, ``fumbled_defenceless``, ``defenceless_later``, ``defenceless_now``:
  "defenceless in next round" (``events.Defenceless``, ``state.is_defenceless``), one code
  counted from a round: the kernel keeps it with the round it counts from, the chain on
  each kit (``kit.Kit``, which uses these functions as Python).

The exact chain's check distribution (``exchange_kernel.check``) is ``check_counts``
divided once, held to the bit to the event engine's check counted over every pair of rolls
(tests/batch/test_odds.py, ``test_check_distribution_counts_every_pair_of_d100_rolls``).
tests/batch/test_one_compiled_mirror.py checks that the compiled paths read none of the
tables' codes and options these functions decide on.

Mirrors Chapter 3's check (as the research notes quote it) and Chapter 5, "Attacking and
defending" (table 5.1), "Fumbling" (table 5.2), "Armour", "Break value". Held to the event
engine by tests/batch/test_percentile_agreement.py (the kernel) and test_odds.py (the chain),
and to the test oracle by test_exchange_kernel.py.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.rulesets.percentile.fast.spec import (
    ABS,
    ARMOURED,
    DODGE,
    DODGE_SKILL,
    E_DAMAGE,
    E_DISARM,
    F_ARMOUR,
    F_DEFENCELESS,
    F_DROP,
    F_HIT_FRIEND,
    F_HIT_SELF,
    F_WEAPON,
    K_FULL_NO_ARMOUR,
    K_NORMAL,
    MAX_WEAPONS,
    O_BV_ROLLED,
    O_COUNTER_PARRY_ONLY,
    O_DROP_LOST,
    O_EXTRA_MIN,
    O_FALL_ARMOUR,
    O_FREE,
    O_FULL_DOUBLE,
    O_FUMBLE_PARRY_FREE,
    O_GLITCHES,
    O_PARRIED,
    O_RECOVER,
    PROJ_ONLY,
    RECOVER_NO_DEFENCE,
    TECH,
)
from fracas.rulesets.percentile.fast.tactics import (
    C_BROKEN,
    C_DROPPED,
    C_LOST,
    C_READY,
    S_RECOVER,
    is_dodging,
    wants_extra_defence,
)
from fracas.sim.batch.jit import inline

I64 = npt.NDArray[np.int64]
#: how many pairs of d100 rolls give each result of a check (``check_counts``)
Counts = tuple[int, int, int, int, int]

#: results of a check (``skill_check.FUMBLE`` .. ``PERFECT``)
FUMBLE, FAIL, SUCCESS, SPECIAL, PERFECT = range(5)
#: numbers to roll under that need no roll
AUTO_FAIL = -1
AUTO_SUCCESS = 1_000_000
#: defence kinds
D_NONE, D_PARRY, D_DODGE = range(3)
#: "defenceless" after table 5.2's 41-60 (``fumbled_defenceless``), counted from a round: no
#: parry or dodge in no round, in that round, in the next, in both (a bit each: ``NOW``,
#: ``NEXT``). The batch kernel keeps a fighter's code and the round it counts from, the
#: exact chain a code on each kit counted from the round it is in (``kit.Kit``)
DEFENCELESS_NONE, DEFENCELESS_NOW, DEFENCELESS_NEXT, DEFENCELESS_BOTH = range(4)
#: ``parried_weapon``: the parrying weapon holds, loses a point of break value, breaks
BV_HOLDS, BV_NICKED, BV_BREAKS = range(3)
#: ``armour_fumble``: table 5.2's armour row does nothing, glitches tech armour, loosens
ARMOUR_NOTHING, ARMOUR_GLITCH, ARMOUR_LOOSEN = range(3)


@inline
def rolled(chance: int) -> bool:
    """Whether a check against ``chance`` rolls at all (``skill_check``: a number past the
    ends of the difficulty ladder, ``AUTO_FAIL`` or ``AUTO_SUCCESS``, rolls nothing)."""
    return chance != AUTO_FAIL and chance != AUTO_SUCCESS


@inline
def rerolled(first: int) -> bool:
    """Whether a first d100 of ``first`` is rolled again (01-05 and 95-00)."""
    return first <= 5 or first >= 95


@inline
def check_result(first: int, second: int, chance: int, skill: int, check_target: int) -> int:
    """``skill_check.check_outcome``: the result of a check against ``chance`` (``skill``
    unmodified) from its rolls, ``first`` and, when ``rerolled(first)``, ``second`` (read only
    then); a check that is not ``rolled`` reads neither. 01-05: ``second`` under the
    unmodified skill is perfect, else special; 95-00: above it (or 00 then 00) a fumble, else
    a failure, or a success under option ``fumble_zone: check-target`` if ``first`` is under
    the chance (chapter 3, "Perfect and special successes", fumbles; chapter 5, "Attacking
    and defending"). The batch kernel calls it with the dice it draws (``kernel.check``), the
    exact chain on every first roll and every pair of rolls (``check_counts``)."""
    if chance == AUTO_FAIL:
        return FAIL
    if chance == AUTO_SUCCESS:
        return SUCCESS
    if first <= 5:
        return PERFECT if second <= skill else SPECIAL
    if first >= 95:
        if second > skill or (first == 100 and second == 100):
            return FUMBLE
        return SUCCESS if check_target == 1 and first <= chance else FAIL
    return SUCCESS if first <= chance else FAIL


@inline
def check_counts(chance: int, skill: int, check_target: int) -> Counts:
    """How many of the 10,000 pairs of d100 rolls give each result (fumble, fail, success,
    special, perfect) of a check against ``chance`` (``check_result`` on every first roll,
    and on every pair where the first is rolled again; a first roll that is not counts for
    its 100 pairs), in integers: the exact chain divides once (``exchange_kernel.check``), so
    each probability is the nearest float to the exact fraction."""
    if not rolled(chance):
        return _counted((0, 0, 0, 0, 0), check_result(0, 0, chance, skill, check_target), 10_000)
    counts = (0, 0, 0, 0, 0)
    for first in range(1, 101):
        if rerolled(first):
            for second in range(1, 101):
                result = check_result(first, second, chance, skill, check_target)
                counts = _counted(counts, result, 1)
        else:
            counts = _counted(counts, check_result(first, 0, chance, skill, check_target), 100)
    return counts


@inline
def _counted(counts: Counts, result: int, n: int) -> Counts:
    """``counts`` (by result) with ``n`` more of ``result``."""
    return (
        counts[0] + (n if result == FUMBLE else 0),
        counts[1] + (n if result == FAIL else 0),
        counts[2] + (n if result == SUCCESS else 0),
        counts[3] + (n if result == SPECIAL else 0),
        counts[4] + (n if result == PERFECT else 0),
    )


@inline
def defenceless_code(now: bool, then: bool) -> int:
    """The "defenceless" code of a fighter with no parry or dodge in a round (``now``) and,
    or, the next (``then``): a bit each, so a code ``DEFENCELESS_*``."""
    return (1 if now else 0) + (2 if then else 0)


@inline
def defenceless_now(code: int) -> bool:
    """Whether ``code`` says: no parry or dodge in the round it counts from."""
    return code & DEFENCELESS_NOW != 0


@inline
def defenceless_next(code: int) -> bool:
    """Whether ``code`` says: no parry or dodge in the round after."""
    return code & DEFENCELESS_NEXT != 0


@inline
def defenceless_later(code: int, rounds: int) -> int:
    """``code`` counted from ``rounds`` rounds later (0 or more): a fumble's
    "defenceless" reaches one round past the one it is rolled in, no further."""
    return code >> min(rounds, 2)


@inline
def fumbled_defenceless(code: int) -> int:
    """Table 5.2, 41-60, "defenceless in next round", rolled in the round ``code`` counts
    from: defenceless in the next round, and, if defenceless now, for the rest of this
    round too (the text ends no defenceless round early: ``events.Defenceless``)."""
    return defenceless_code(defenceless_now(code), True)


@inline
def parries(opts: I64, result: int) -> bool:
    """Whether an attack of ``result`` may be parried or dodged at all (option
    ``parry_against``): ``defence``'s first test, for a caller to ask before it reads the
    defender's state."""
    return bool((opts[O_PARRIED] >> result) & 1 == 1)


@inline
def defence(
    g: int,
    result: int,
    stance: int,
    ready: bool,
    wield: int,
    tired: int,
    low: bool,
    fi: I64,
    skill: I64,
    dfc: I64,
    dfx: I64,
    opts: I64,
) -> tuple[int, int, int]:
    """``attack.defend`` of ``g`` (acting and not defenceless) against an attack of
    ``result``: (the defence's kind, the number to roll under, the unmodified skill), kind
    ``D_NONE`` when it does not defend. ``ready``: its weapon ``wield`` is in hand;
    ``tired``: 1 at 0 fatigue; ``low``: the attacker's full damage would down it (the
    tactics' ``wants_extra_defence``). In a duel each fighter defends once a round: a stance
    without a free defence (``stances.free_defences``) may try one at one more Hard if the
    tactics want it, unless a fumbled attack's parry is not counted (option
    ``fumble_parry: free``); a dodging stance dodges (``attack.defence_skill``)."""
    if not parries(opts, result):
        return D_NONE, 0, 0
    if stance == S_RECOVER and opts[O_RECOVER] == RECOVER_NO_DEFENCE:
        return D_NONE, 0, 0
    if ready and not is_dodging(stance):
        kind = D_PARRY
        unmodified = skill[g, wield]
        chance = dfc[g, wield, tired]
    elif fi[g, DODGE] == 1:
        kind = D_DODGE
        unmodified = fi[g, DODGE_SKILL]
        chance = dfc[g, MAX_WEAPONS, tired]
    else:
        return D_NONE, 0, 0
    counted = not (result == FUMBLE and opts[O_FUMBLE_PARRY_FREE] == 1)
    if counted and opts[O_FREE + stance] == 0:
        chance = dfx[g, wield if kind == D_PARRY else MAX_WEAPONS, tired]
        if not wants_extra_defence(chance, result, low, opts[O_EXTRA_MIN]):
            return D_NONE, 0, 0
    return kind, int(chance), int(unmodified)


@inline
def counter_spared(opts: I64, kind: int) -> bool:
    """Option ``counter_effects: parry-only``: a defence other than a parry spares the
    attacker table 5.1's damage and disarming."""
    return bool(opts[O_COUNTER_PARRY_ONLY] == 1 and kind != D_PARRY)


@inline
def cell_effect_applies(code: int, on_attacker: bool, spared: bool) -> bool:
    """Whether an effect of table 5.1's cell is carried out (``counter_spared``)."""
    return not (spared and on_attacker and code in (E_DAMAGE, E_DISARM))


@inline
def parry_takes_damage(opts: I64, hurt: I64, result: int, parry: int, kind: int) -> bool:
    """``parrying_weapon_takes_damage`` (option ``weapon_damage_on_parry: rolled``): a
    successful parry of a successful attack whose cell hurts nobody puts the attack's rolled
    damage against the parrying weapon's break value."""
    return bool(
        kind == D_PARRY
        and opts[O_BV_ROLLED] == 1
        and parry >= SUCCESS
        and result >= SUCCESS
        and hurt[result, parry] == 0
    )


@inline
def cell_blow(
    on_attacker: bool, attacker_wield: int, defender_ready: bool, defender_wield: int
) -> int:
    """The weapon that strikes for table 5.1's damage effect (``attack.attack``): on the
    defender, the attacker's; on the attacker, the defender's weapon in hand, and with none
    in hand nothing (-1). The blow comes from the other side to the one it hits."""
    if not on_attacker:
        return attacker_wield
    return defender_wield if defender_ready else -1


@inline
def damage_rolls(kind: int, opts: I64) -> bool:
    """Whether damage of ``kind`` is rolled (``damage_times``: full damage is the weapon's
    maximum, unless option ``full_damage: double``)."""
    return damage_times(kind, opts) > 0


@inline
def damage_dealt(
    rolled: int, kind: int, most: int, fi: I64, target: int, abs_loss: int, opts: I64
) -> int:
    """``damage.deal``: the hp a blow of ``kind`` takes off ``target`` (its armour loosened
    by ``abs_loss``): the weapon's roll ``rolled`` (when ``damage_rolls``) times
    ``damage_times``, or its maximum ``most``, less what the armour stops (``absorbs``,
    ``armour_of``, ``through_armour``)."""
    times = damage_times(kind, opts)
    value = times * rolled if times > 0 else most
    armour = armour_of(fi, target, abs_loss) if absorbs(kind, fi, target) else 0
    return through_armour(value, armour)


@inline
def damage_times(kind: int, opts: I64) -> int:
    """``damage_rolled``: the roll times 1 (normal damage) or 2 (full damage under option
    ``full_damage: double``); 0: the weapon's maximum (full damage)."""
    if kind == K_NORMAL:
        return 1
    return 2 if opts[O_FULL_DOUBLE] == 1 else 0


@inline
def absorbs(kind: int, fi: I64, who: int) -> bool:
    """Whether ``who``'s armour stops any of damage of ``kind`` (not "full, no armour"; not
    armour against projectiles only)."""
    return bool(kind != K_FULL_NO_ARMOUR and fi[who, PROJ_ONLY] == 0)


@inline
def armour_of(fi: I64, who: int, abs_loss: int) -> int:
    """``who``'s armour ABS, less what fumbles loosened."""
    armour: int = max(0, fi[who, ABS] - abs_loss)
    return armour


@inline
def through_armour(rolled: int, armour: int) -> int:
    """``damage.deal``: the damage that gets through ``armour``."""
    return rolled - min(rolled, armour)


@inline
def parried_weapon(damage: int, bv: int) -> int:
    """ "Break value": a parrying weapon breaks when the damage exceeds its BV by more than 6,
    loses a point when it exceeds it, else holds."""
    if damage > bv + 6:
        return BV_BREAKS
    if damage > bv:
        return BV_NICKED
    return BV_HOLDS


@inline
def next_weapon(cond: I64, natural: I64, n: int) -> int:
    """``damage.draw_next``: the first ready weapon carried (never body parts), -1 none;
    ``cond``, ``natural``: the fighter's weapons' conditions and body-part flags."""
    for i in range(n):
        if cond[i] == C_READY and natural[i] == 0:
            return i
    return -1


@inline
def may_lose_weapon(ready: bool, natural: bool) -> bool:
    """A weapon in hand is dropped, disarmed or broken; body parts stay put."""
    return ready and not natural


@inline
def drop_condition(opts: I64) -> int:
    """``damage.drop_weapon``: a dropped weapon lies on the ground to recover, or is lost
    (option ``dropped_weapon: lost``; then the next is drawn)."""
    return C_LOST if opts[O_DROP_LOST] == 1 else C_DROPPED


@inline
def armour_fumble(fi: I64, who: int) -> int:
    """Table 5.2's armour row: tech armour glitches, other armour loosens (ABS - 1), no
    armour: nothing."""
    if fi[who, ARMOURED] != 1:
        return ARMOUR_NOTHING
    return ARMOUR_GLITCH if fi[who, TECH] == 1 else ARMOUR_LOOSEN


@inline
def recovers(stance: int, conds: I64, wield: int) -> bool:
    """``round.recover``: a fighter who spends the round recovering picks up the weapon in
    hand if it lies dropped (``conds``: the fighter's weapons' conditions); it is then ready
    (Chapter 5, "Fumbling", table 5.2's dropped weapon; option ``recover_weapon`` says when
    in the round)."""
    return stance == S_RECOVER and wield >= 0 and conds[wield] == C_DROPPED


@inline
def in_hand(conds: I64, wield: int) -> bool:
    """Whether the weapon ``wield`` (-1 none) is ready in hand (``conds``: the fighter's
    weapons' conditions)."""
    return wield >= 0 and conds[wield] == C_READY


@inline
def natural_in_hand(natural: I64, wield: int) -> bool:
    """Whether the weapon ``wield`` is a body part (``natural``: the fighter's flags)."""
    return wield >= 0 and natural[wield] != 0


@inline
def may_be_struck(conds: I64, natural: I64, wield: int) -> bool:
    """Whether the weapon in hand may be dropped, disarmed, broken or struck
    (``may_lose_weapon``)."""
    return may_lose_weapon(in_hand(conds, wield), natural_in_hand(natural, wield))


@inline
def broken(conds: I64, natural: I64, n: int, wield: int) -> int:
    """Weapon ``wield`` breaks (``conds`` changed in place); the next is drawn: the new
    weapon in hand (``damage.draw_next``)."""
    conds[wield] = C_BROKEN
    return next_weapon(conds, natural, n)


@inline
def drop(conds: I64, natural: I64, n: int, wield: int, opts: I64) -> tuple[bool, int]:
    """``damage.drop_weapon`` (table 5.1's disarm, table 5.2's 01-20): the weapon in hand
    on the ground, or lost and the next drawn (``drop_condition``); body parts stay put
    (``may_be_struck``). (whether a weapon fell, the weapon in hand); ``conds`` changed in
    place."""
    if not may_be_struck(conds, natural, wield):
        return False, wield
    lost = drop_condition(opts)
    conds[wield] = lost
    return True, (next_weapon(conds, natural, n) if lost == C_LOST else wield)


@inline
def weapon_struck(
    damage: int, conds: I64, bvs: I64, natural: I64, n: int, wield: int
) -> tuple[int, int]:
    """``parrying_weapon_takes_damage`` on a weapon that ``may_be_struck``: ``damage``
    against its break value (``parried_weapon``): it breaks (the next drawn, ``broken``),
    loses a point of break value, or holds. (``BV_*``, the weapon in hand); ``conds`` and
    ``bvs`` changed in place."""
    held = parried_weapon(damage, bvs[wield])
    if held == BV_BREAKS:
        return held, broken(conds, natural, n, wield)
    if held == BV_NICKED:
        bvs[wield] -= 1
    return held, wield


#: table 5.2's fall (``fall_damage``): D4-1
FALL_DIE = 4


@inline
def fall_damage(rolled: int, fi: I64, who: int, abs_loss: int, opts: I64) -> int:
    """Table 5.2's fall: D4-1 (``rolled`` the D4, 1 to ``FALL_DIE``) through the faller's
    armour under option ``fall_damage_armour`` (``armour_of``, ``through_armour``)."""
    armour = armour_of(fi, who, abs_loss) if opts[O_FALL_ARMOUR] == 1 else 0
    return through_armour(rolled - 1, armour)


@inline
def self_blow(effect: int, wield: int) -> int:
    """Table 5.2's 61-70, and 71-80 (no friend in a duel: it reads as 61-70): the weapon in
    hand strikes the fumbler, in any condition; -1 for another row or nothing in hand."""
    if effect != F_HIT_SELF and effect != F_HIT_FRIEND:
        return -1
    return wield


#: what ``fumble_kit`` did (the batch kernel counts them)
KIT_NOTHING, KIT_DROPPED, KIT_DEFENCELESS, KIT_GLITCH, KIT_LOOSENED, KIT_BROKEN = range(6)
KitChange = tuple[int, int, int, int, int]


@inline
def fumble_kit(
    effect: int,
    fi: I64,
    who: int,
    natural: I64,
    opts: I64,
    conds: I64,
    n: int,
    wield: int,
    abs_loss: int,
    glitch: int,
    defenceless: int,
) -> KitChange:
    """One effect of a table 5.2 row on the fumbler ``who``'s kit (the rows' blows and fall
    are ``self_blow`` and ``fall_damage``): 01-20 ``drop``; 41-60 ``fumbled_defenceless``
    (``defenceless`` counted from this round); the armour row (``armour_fumble``: a glitch
    more, or ABS 1 less, each counted only as far as anything reads it: up to the last
    glitch column, down to no armour); the weapon breaks (``broken``, if it
    ``may_be_struck``). (``KIT_*``, wield, abs_loss, glitch, defenceless); ``conds``
    changed in place."""
    if effect == F_DROP:
        dropped, wield = drop(conds, natural, n, wield, opts)
        return (KIT_DROPPED if dropped else KIT_NOTHING), wield, abs_loss, glitch, defenceless
    if effect == F_DEFENCELESS:
        return KIT_DEFENCELESS, wield, abs_loss, glitch, fumbled_defenceless(defenceless)
    if effect == F_ARMOUR:
        change = armour_fumble(fi, who)
        if change == ARMOUR_GLITCH:
            glitch = min(glitch + 1, opts[O_GLITCHES] - 1)
            return KIT_GLITCH, wield, abs_loss, glitch, defenceless
        if change == ARMOUR_LOOSEN:
            abs_loss = min(abs_loss + 1, fi[who, ABS])
            return KIT_LOOSENED, wield, abs_loss, glitch, defenceless
    if effect == F_WEAPON and may_be_struck(conds, natural, wield):
        return KIT_BROKEN, broken(conds, natural, n, wield), abs_loss, glitch, defenceless
    return KIT_NOTHING, wield, abs_loss, glitch, defenceless
