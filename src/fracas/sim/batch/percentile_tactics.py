"""The percentile tactics as the duel kernel follows them: the one place where the kernel
decides what a combatant does (mirrors ``fracas.rulesets.percentile.tactics``; when those
tactics change, this module changes with them and the agreement tests say whether it did).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.sim.batch.jit import inline

# tactic codes
T_ALL_OUT_ATTACK, T_NORMAL_ATTACK, T_ALL_OUT_DEFENCE, T_DEFENSIVE_BELOW_HALF = range(4)
T_SCRIPTED, T_OPTIMAL = 4, 5
# stance codes (the kernel's; RECOVER is "recover-weapon")
S_ALL_OUT_ATTACK, S_NORMAL_ATTACK, S_ALL_OUT_DEFENCE, S_RECOVER = range(4)
STANCE_NAMES = ("all-out-attack", "normal-attack", "all-out-defence", "recover-weapon")

# weapon conditions in the kernel
C_READY, C_DROPPED, C_LOST, C_BROKEN = range(4)


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
    ``defensive_below_half``, ``scripted``; ``optimal`` reads the policy table by both hp)."""
    if tactic == T_SCRIPTED:
        if rnd <= script_len:
            return int(script[rnd - 1])
        tactic = then
    if tactic == T_ALL_OUT_ATTACK:
        return S_ALL_OUT_ATTACK
    if tactic == T_NORMAL_ATTACK:
        return S_NORMAL_ATTACK
    if tactic == T_ALL_OUT_DEFENCE:
        return S_ALL_OUT_DEFENCE
    if tactic == T_DEFENSIVE_BELOW_HALF:
        return S_ALL_OUT_DEFENCE if 2 * hp < hp_max else S_NORMAL_ATTACK
    # T_OPTIMAL: the policy of ``fracas advise`` (hp clipped into the table)
    i = min(max(hp, 0), policy.shape[0] - 1)
    j = min(max(other_hp, 0), policy.shape[1] - 1)
    return int(policy[i, j])


@inline
def take_stance(stance: int, wielded: int, condition: int) -> int:
    """``tactics.take_stance``: an attacking stance becomes recovering a dropped weapon, or
    all-out defence without a ready weapon; other stances are taken as they are."""
    if stance == S_ALL_OUT_DEFENCE:
        return stance
    if wielded >= 0 and condition == C_DROPPED:
        return S_RECOVER
    if wielded < 0 or condition != C_READY:
        return S_ALL_OUT_DEFENCE
    return stance
