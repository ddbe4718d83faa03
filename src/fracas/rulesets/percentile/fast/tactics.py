"""The percentile tactics as the duel kernel follows them: the one place where the kernel
decides what a combatant does. It mirrors ``fracas.rulesets.percentile.tactics`` for a duel:
``base_stance`` is the tactic's stance, ``declare`` is ``take_stance`` (the best ready weapon
by ``arm_value``, switching only for 1.5 times more; one that cannot get through the enemy's
armour given up for the ready weapon or body parts worth most that can, ``way_through``, and
with none, leaving the fight as ``cannot_get_through`` says; a dropped weapon picked up when
no other is ready; with none left, option ``no_weapon_left``: body parts while
``worth_fighting_unarmed``, else surrender or flee as ``yielding`` says), and
``wants_extra_defence`` is the tactics' answer when an attack comes with no free defence
left. The numbers those functions compute (weapon values, whether body parts are worth it,
whether a weapon gets through) come precompiled from the ruleset's own functions
(``spec``); the agreement tests say whether the mirror holds.

Mirrors ``rulesets/percentile/tactics.py`` (Chapter 5, "Attacking and defending": the stances).
Held to the event engine by tests/batch/test_percentile_agreement.py and
test_percentile_dodging.py.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.sim.batch.jit import inline

# tactic codes
T_ALL_OUT_ATTACK, T_NORMAL_ATTACK, T_ALL_OUT_DEFENCE, T_DEFENSIVE_BELOW_HALF = range(4)
T_SCRIPTED, T_OPTIMAL = 4, 5
#: added to a tactic's code (or to ``then``'s) when the fighter dodges rather than parries in
#: a normal attack or an all-out defence (``tactics.dodges_rather_than_parries``)
T_DODGES = 8
# stance codes (the kernel's; RECOVER is "recover-weapon")
S_ALL_OUT_ATTACK, S_NORMAL_ATTACK, S_ALL_OUT_DEFENCE, S_RECOVER, S_SURRENDER, S_FLEE = range(6)
# the three close-combat stances dodging instead of parrying (``Declare(dodge=True)``)
S_ALL_OUT_ATTACK_DODGING, S_NORMAL_ATTACK_DODGING, S_ALL_OUT_DEFENCE_DODGING = range(6, 9)
N_STANCES = 9
#: (for Python callers) the codes that attack, and those that dodge
ATTACK_CODES = (
    S_ALL_OUT_ATTACK,
    S_NORMAL_ATTACK,
    S_ALL_OUT_ATTACK_DODGING,
    S_NORMAL_ATTACK_DODGING,
)
DODGING_CODES = (S_ALL_OUT_ATTACK_DODGING, S_NORMAL_ATTACK_DODGING, S_ALL_OUT_DEFENCE_DODGING)
#: the dodging code's offset from its stance's
DODGING_OFFSET = S_ALL_OUT_ATTACK_DODGING - S_ALL_OUT_ATTACK
STANCE_NAMES = (
    "all-out-attack",
    "normal-attack",
    "all-out-defence",
    "recover-weapon",
    "surrender",
    "flee",
    "all-out-attack+dodge",
    "normal-attack+dodge",
    "all-out-defence+dodge",
)
# weapon conditions in the kernel
C_READY, C_DROPPED, C_LOST, C_BROKEN = range(4)
# option no_weapon_left
NW_UNARMED_ELSE_YIELD, NW_UNARMED, NW_SURRENDER, NW_FLEE = range(4)
# results (skill_check)
FAIL, PERFECT = 1, 4


@inline
def base_stance(
    tactic: int,
    rnd: int,
    hp: int,
    hp_max: int,
    other_hp: int,
    script: npt.NDArray[np.int64],
    script_len: int,
    then: int,
    policy: npt.NDArray[np.int64],
) -> int:
    """The stance a tactic asks for (``tactics.py``: ``all_out_attack`` ...
    ``defensive_below_half``, ``scripted``; ``optimal`` reads the policy table by both hp);
    a tactic code with ``T_DODGES`` added dodges in a normal attack or all-out defence."""
    if tactic == T_SCRIPTED:
        if rnd <= script_len:
            return int(script[rnd - 1])
        tactic = then
    dodging = DODGING_OFFSET if tactic >= T_DODGES else 0
    tactic = tactic - T_DODGES if dodging else tactic
    if tactic == T_ALL_OUT_ATTACK:
        return S_ALL_OUT_ATTACK
    if tactic == T_NORMAL_ATTACK:
        return S_NORMAL_ATTACK + dodging
    if tactic == T_ALL_OUT_DEFENCE:
        return S_ALL_OUT_DEFENCE + dodging
    if tactic == T_DEFENSIVE_BELOW_HALF:
        return (S_ALL_OUT_DEFENCE if 2 * hp < hp_max else S_NORMAL_ATTACK) + dodging
    # T_OPTIMAL: the policy of ``fracas advise`` (hp clipped into the table)
    i = min(max(hp, 0), policy.shape[0] - 1)
    j = min(max(other_hp, 0), policy.shape[1] - 1)
    return int(policy[i, j])


@inline
def stance_of(code: int) -> int:
    """The stance of a stance code, dodging or not (``normal-attack+dodge`` -> normal attack)."""
    return code - DODGING_OFFSET if code >= S_ALL_OUT_ATTACK_DODGING else code


@inline
def is_dodging(code: int) -> bool:
    """Whether a stance code dodges instead of parrying."""
    return code >= S_ALL_OUT_ATTACK_DODGING


@inline
def attacks(code: int) -> bool:
    """Whether a stance code makes an attack this round (all-out or normal, dodging or not)."""
    base = stance_of(code)
    return base in (S_ALL_OUT_ATTACK, S_NORMAL_ATTACK)


@inline
def best_arm(
    wield: int,
    cond: npt.NDArray[np.int64],
    natural: npt.NDArray[np.int64],
    nweap: int,
    values: npt.NDArray[np.float64],
    ratio: float,
) -> int:
    """``tactics.best_arm``: the ready carried weapon to use (``values``: ``arm_value`` of
    each against the enemy's armour now); -1 if none is ready."""
    carried = 0
    ready = 0
    first_carried = -1
    first_ready = -1
    for i in range(nweap):
        if natural[i] == 0:
            carried += 1
            if first_carried < 0:
                first_carried = i
            if cond[i] == C_READY:
                ready += 1
                if first_ready < 0:
                    first_ready = i
    if carried == 1:
        return first_carried if cond[first_carried] == C_READY else -1
    if ready < 2:
        return first_ready
    best = wield if wield >= 0 and natural[wield] == 0 and cond[wield] == C_READY else first_ready
    top = first_ready
    for i in range(nweap):
        if natural[i] == 0 and cond[i] == C_READY and values[i] > values[top]:
            top = i
    if best != wield or values[top] > ratio * values[best]:
        best = top
    return best


@inline
def way_through(
    cond: npt.NDArray[np.int64],
    natural: npt.NDArray[np.int64],
    nweap: int,
    body: int,
    values: npt.NDArray[np.float64],
    through: npt.NDArray[np.int64],
) -> int:
    """``tactics.way_through`` in a duel: of the ready carried weapons, then body parts, the
    one worth most (``values``) that can get through the enemy's armour (``through``:
    ``can_ever_get_through``), the earliest among equals; -1 if none can."""
    best = -1
    best_value = -1.0
    for i in range(nweap):
        if natural[i] == 0 and cond[i] == C_READY and through[i] == 1 and values[i] > best_value:
            best = i
            best_value = values[i]
    if through[body] == 1 and values[body] > best_value:
        best = body
    return best


@inline
def declare(
    stance: int,
    wield: int,
    cond: npt.NDArray[np.int64],
    natural: npt.NDArray[np.int64],
    nweap: int,
    body: int,
    values: npt.NDArray[np.float64],
    ratio: float,
    worth_unarmed: bool,
    no_weapon_left: int,
    draw_takes_round: bool,
    enemy_gets_through: bool,
    through: npt.NDArray[np.int64],
) -> tuple[int, int]:
    """``tactics.take_stance`` (and ``way_through``, ``cannot_get_through``, ``no_weapon``,
    ``yielding``) in a duel: (stance, the weapon in hand for the round). ``through[w]``:
    whether weapon ``w`` can ever get through the enemy's armour as it is now. A dodging
    stance stays dodging while it stays an attack or all-out defence."""
    dodging = is_dodging(stance)
    stance, wield = _declare(
        stance_of(stance),
        wield,
        cond,
        natural,
        nweap,
        body,
        values,
        ratio,
        worth_unarmed,
        no_weapon_left,
        draw_takes_round,
        enemy_gets_through,
        through,
    )
    if dodging and stance in (S_ALL_OUT_ATTACK, S_NORMAL_ATTACK, S_ALL_OUT_DEFENCE):
        stance += DODGING_OFFSET
    return stance, wield


@inline
def _declare(
    stance: int,
    wield: int,
    cond: npt.NDArray[np.int64],
    natural: npt.NDArray[np.int64],
    nweap: int,
    body: int,
    values: npt.NDArray[np.float64],
    ratio: float,
    worth_unarmed: bool,
    no_weapon_left: int,
    draw_takes_round: bool,
    enemy_gets_through: bool,
    through: npt.NDArray[np.int64],
) -> tuple[int, int]:
    """``declare`` for a stance that does not dodge."""
    index = best_arm(wield, cond, natural, nweap, values, ratio)
    if index >= 0 and stance in (S_ALL_OUT_ATTACK, S_NORMAL_ATTACK) and through[index] == 0:
        way = way_through(cond, natural, nweap, body, values, through)
        if way >= 0:
            index = way
        elif no_weapon_left == NW_SURRENDER:
            return S_SURRENDER, wield
        elif no_weapon_left == NW_FLEE:
            return S_FLEE, wield
        elif no_weapon_left == NW_UNARMED_ELSE_YIELD:
            return (S_SURRENDER if enemy_gets_through else S_FLEE), wield
        # no_weapon_left: unarmed: fight on with it, hoping for a perfect success
    if index < 0:
        if wield >= 0 and cond[wield] == C_DROPPED:
            return S_RECOVER, wield
        if no_weapon_left == NW_SURRENDER:
            return S_SURRENDER, wield
        if no_weapon_left == NW_FLEE:
            return S_FLEE, wield
        switching = wield != body
        if no_weapon_left == NW_UNARMED_ELSE_YIELD and not worth_unarmed:
            return (S_SURRENDER if enemy_gets_through else S_FLEE), wield
        if (switching and draw_takes_round) or stance == S_ALL_OUT_DEFENCE:
            return S_ALL_OUT_DEFENCE, body
        return stance, body
    if stance == S_ALL_OUT_DEFENCE or (index != wield and draw_takes_round):
        return S_ALL_OUT_DEFENCE, index
    return stance, index


@inline
def wants_extra_defence(chance: int, result: int, low: bool, least: int) -> bool:
    """``tactics.wants_extra_defence``: try a defence beyond the free ones when its chance is
    at least ``least`` (10%), not against a failed attack, and against a perfect one only if
    its full damage would down the defender anyway (``low``)."""
    if result == FAIL or chance < least:
        return False
    if result == PERFECT:
        return low
    return True
