"""The EXP tactics as the brawl kernel follows them: the one place where the kernel decides
what a persona does (mirrors ``fracas.rulesets.exp.tactics.choose_action``: concede, get up,
get loose, then ``brawl``, ``grapple`` or ``trip``; ``trip_worth`` is
``tactics.worth_tripping``: tippable, not tripped by this persona yet, not having foiled
``TRIP_GIVE_UP`` of its trips)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fracas.sim.batch.jit import inline

T_BRAWL, T_GRAPPLE, T_TRIP, T_OPTIMAL = range(4)
# actions
A_STRIKE, A_GRAPPLE, A_TRIP, A_WAIT, A_CONCEDE, A_STAND_UP, A_BREAK_FREE, A_REVERSE = range(8)
ACTION_NAMES = ("strike", "grapple", "trip", "wait", "concede", "stand-up", "break-free", "reverse")


@inline
def choose(
    tactic: int,
    concede_below: int,
    hps: int,
    other_hps: int,
    down: int,
    held: bool,
    holding: bool,
    other_down: int,
    other_held: bool,
    can_maneuver: bool,
    trip_worth: bool,
    has_weapon: bool,
    policy: npt.NDArray[np.int64],
) -> int:
    """``choose_action``: concede below the threshold, stand up after a trip, break free (a
    grappler reverses instead) when held, else the tactic's move; ``optimal`` picks strike,
    grapple or trip from the policy table of ``fracas advise`` when the move is open."""
    if concede_below > 0 and hps < concede_below:
        return A_CONCEDE
    if down > 0:
        return A_STAND_UP
    if held:
        return A_REVERSE if tactic == T_GRAPPLE else A_BREAK_FREE
    move = A_STRIKE
    if tactic == T_GRAPPLE:
        move = A_GRAPPLE
    elif tactic == T_TRIP:
        move = A_TRIP
    elif tactic == T_OPTIMAL:
        i = min(max(hps, 0), policy.shape[0] - 1)
        j = min(max(other_hps, 0), policy.shape[1] - 1)
        move = int(policy[i, j])
    if move == A_GRAPPLE and not holding and not other_held and can_maneuver:
        return A_GRAPPLE
    if move == A_TRIP and not holding and other_down == 0 and trip_worth and can_maneuver:
        return A_TRIP
    return A_STRIKE if has_weapon else A_WAIT
