"""The percentile exchange's rules, compiled once and shared by both fast paths: given what
the dice or the state say (an attack's and a defence's results, a damage roll, a fumble's
row), what the rules make of it. The batch kernel (``kernel.py``) calls these with the dice
it draws and carries the outcome out on its fights' state; the exact chain's compiled
exchange (``exchange_kernel.py``) calls the same functions on every face, weighted by its
probability, and carries the outcome out on its kits. Neither writes these rules itself.

- ``parries``, ``defence``: who may parry or dodge an attack, with which number and skill
  (``attack.defend``, ``can_defend``, ``defence_skill``, ``stances.free_defences`` and the
  tactics' ``wants_extra_defence``);
- ``counter_spared``, ``cell_effect_applies``, ``parry_takes_damage``: what a cell of table
  5.1 does (``attack.attack``, option ``counter_effects``, ``parrying_weapon_takes_damage``);
- ``damage_times``, ``armour_of``, ``absorbs``, ``through_armour``: damage rolled and what the
  armour stops (``damage.damage_rolled``, ``damage.deal``, option ``full_damage``);
- ``parried_weapon``: the break value against a parried attack's damage ("Break value");
- ``next_weapon``, ``drop_condition``, ``may_lose_weapon``, ``armour_fumble``: what a row
  of table 5.2 does to the fumbler's kit (``fumble``, ``damage.draw_next``,
  ``damage.drop_weapon``).

What is not here, and is still written twice (once per path): the d100 check itself (the
kernel draws it, ``kernel.check``; the chain needs its distribution in closed form,
``exchange_kernel.check``, both held to ``skill_check.check_outcome`` by
tests/batch/test_odds.py's ``test_check_distribution_counts_every_pair_of_d100_rolls``), and
the bookkeeping of "defenceless" (rounds in the kernel, codes on a kit in the chain).

Mirrors Chapter 5, "Attacking and defending" (table 5.1), "Fumbling" (table 5.2), "Armour",
"Break value". Held to the event engine by tests/batch/test_percentile_agreement.py (the
kernel) and test_odds.py (the chain), and to the test oracle by test_exchange_kernel.py.
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
    K_FULL_NO_ARMOUR,
    K_NORMAL,
    MAX_WEAPONS,
    O_BV_ROLLED,
    O_COUNTER_PARRY_ONLY,
    O_DROP_LOST,
    O_EXTRA_MIN,
    O_FREE,
    O_FULL_DOUBLE,
    O_FUMBLE_PARRY_FREE,
    O_PARRIED,
    O_RECOVER,
    PROJ_ONLY,
    RECOVER_NO_DEFENCE,
    TECH,
)
from fracas.rulesets.percentile.fast.tactics import (
    C_DROPPED,
    C_LOST,
    C_READY,
    S_RECOVER,
    is_dodging,
    wants_extra_defence,
)
from fracas.sim.batch.jit import inline

I64 = npt.NDArray[np.int64]

#: results of a check (``skill_check.FUMBLE`` .. ``PERFECT``)
FUMBLE, FAIL, SUCCESS, SPECIAL, PERFECT = range(5)
#: numbers to roll under that need no roll
AUTO_FAIL = -1
AUTO_SUCCESS = 1_000_000
#: defence kinds
D_NONE, D_PARRY, D_DODGE = range(3)
#: ``parried_weapon``: the parrying weapon holds, loses a point of break value, breaks
BV_HOLDS, BV_NICKED, BV_BREAKS = range(3)
#: ``armour_fumble``: table 5.2's armour row does nothing, glitches tech armour, loosens
ARMOUR_NOTHING, ARMOUR_GLITCH, ARMOUR_LOOSEN = range(3)


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
