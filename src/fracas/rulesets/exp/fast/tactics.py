"""The EXP tactics as the brawl kernel follows them: the one place where the kernel decides
what a persona does (mirrors ``fracas.rulesets.exp.tactics.choose_action``: concede, get up,
get loose, then ``brawl``, ``grapple``, ``trip`` or ``snatch``; ``trip_worth`` is
``tactics.worth_tripping``: tippable, not tripped by this persona yet, not having foiled
``TRIP_GIVE_UP`` of its trips; the snatch is open when ``snatch.check_snatch`` allows it in
the inventory, and ``snatch`` wants it until it holds a weapon of its own, both read from
the spec's weapon machine). The blow itself (which weapon, lethal or not, or waiting or
calling it quits with nothing left) is ``tactics.brawl``'s, compiled into the spec.

Mirrors ``rulesets/exp/tactics.py``. Held to the event engine by
tests/batch/test_exp_agreement.py and test_exp_odds.py.
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
    T_GRAPPLE,
    T_OPTIMAL,
    T_SNATCH,
    T_TRIP,
)
from fracas.sim.batch.jit import inline

#: W_USE of a blow: below 0, no weapon (spec.USE_WAIT, USE_CONCEDE)
_USE_CONCEDE = -2


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
    use: int,
    snatch_open: bool,
    snatch_wants: bool,
    policy: npt.NDArray[np.int64],
) -> int:
    """``choose_action``: concede below the threshold, break free (a grappler reverses instead) when
    held, stand up after a trip (once loose), else the tactic's move; ``optimal`` picks strike,
    grapple, trip or snatch from the policy table of ``fracas advise`` when the move is open. With
    no weapon to strike with (``use`` < 0) ``tactics.no_attack``: wait, or call it quits."""
    if concede_below > 0 and hps < concede_below:
        return A_CONCEDE
    if held:  # held first: no getting up while held (a won break check keeps the turn)
        return A_REVERSE if tactic == T_GRAPPLE else A_BREAK_FREE
    if down > 0:
        return A_STAND_UP
    move = A_STRIKE
    if tactic == T_GRAPPLE:
        move = A_GRAPPLE
    elif tactic == T_TRIP:
        move = A_TRIP
    elif tactic == T_SNATCH:
        move = A_SNATCH if snatch_wants else A_STRIKE
    elif tactic == T_OPTIMAL:
        i = min(max(hps, 0), policy.shape[0] - 1)
        j = min(max(other_hps, 0), policy.shape[1] - 1)
        move = int(policy[i, j])
    if move == A_GRAPPLE and not holding and not other_held and can_maneuver:
        return A_GRAPPLE
    if move == A_TRIP and not holding and other_down == 0 and trip_worth and can_maneuver:
        return A_TRIP
    if move == A_SNATCH and not holding and snatch_open:
        return A_SNATCH
    if use >= 0:
        return A_STRIKE
    return A_CONCEDE if use == _USE_CONCEDE else A_WAIT
