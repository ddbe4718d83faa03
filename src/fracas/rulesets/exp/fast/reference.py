"""An EXP fight of the event engine read in the batch kernel's terms (``kernel.py``'s
counters and endings), for ``fracas.sim.batch.reference.event_batch``: the reference the
agreement tests (``tests/batch/test_exp_agreement.py``) compare the kernel with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.engine.events import Event
from fracas.rulesets.exp import events as ev
from fracas.rulesets.exp.fast import kernel as k
from fracas.rulesets.exp.state import ExpEncounter


def read_log(
    log: Sequence[Event[Any]],
    state: ExpEncounter,
    index: Mapping[str, int],
    end: npt.NDArray[np.int8],
    counts: npt.NDArray[np.int32],
) -> None:
    """Each persona's ending (its condition) into ``end`` and its counters into ``counts``
    (damage dealt aside: the analysis layer's ``analyse`` counts it)."""
    free = None  # who has a free attack to take (after a snatch lost at Strength)
    for e in log:
        if isinstance(e, ev.AttackRolled):
            counts[index[e.attacker], k.N_ATTACKS] += 1
            if e.hit:
                counts[index[e.attacker], k.N_HITS] += 1
            if e.attacker == free:
                counts[index[e.attacker], k.N_FREE_ATTACKS] += 1
        elif isinstance(e, ev.WeaponSnatched):
            counts[index[e.grabber], k.N_SNATCHES] += 1
        elif isinstance(e, ev.SnatchBacklash):
            counts[index[e.grabber], k.N_SNATCH_FAILED] += 1
            free = e.target if e.weapon is not None else free
        elif isinstance(e, ev.TurnEnded) and e.free:
            free = None
        elif isinstance(e, ev.OopsChecked) and e.oops:
            counts[index[e.attacker], k.N_OOPS] += 1
        elif isinstance(e, ev.Damaged):
            counts[index[e.target], k.N_HPS_LOST] += e.amount
        elif isinstance(e, ev.Grappled):
            counts[index[e.grappler], k.N_GRAPPLES] += 1
        elif isinstance(e, ev.TripResolved) and e.outcome == "tripped":
            counts[index[e.attacker], k.N_TRIPS] += 1
        elif isinstance(e, ev.GrappleEnded) and e.how == "broke free":
            counts[index[e.target], k.N_BROKE_FREE] += 1
        elif isinstance(e, ev.GrappleReversed):
            counts[index[e.grappler], k.N_REVERSALS] += 1
        elif isinstance(e, ev.DamageRolled):
            counts[index[e.target], k.N_TAKEN] += e.damage
        elif isinstance(e, ev.WeaponThrown):
            counts[index[e.thrower], k.N_THROWN] += 1
    for name, f in index.items():
        end[f] = k.END_NAMES.index(state.combatants[name].condition)
