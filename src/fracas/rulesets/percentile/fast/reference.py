"""A percentile fight of the event engine read in the batch kernel's terms (``kernel.py``'s
counters and endings), for ``fracas.sim.batch.reference.event_batch``: the reference the
agreement tests (``tests/batch/test_percentile_agreement.py``) compare the kernel with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.engine.events import Event
from fracas.rulesets.percentile import events as ev
from fracas.rulesets.percentile.fast import kernel as k
from fracas.rulesets.percentile.fast.rules import PERFECT
from fracas.rulesets.percentile.state import PercentileEncounter


def read_log(
    log: Sequence[Event[Any]],
    state: PercentileEncounter,
    index: Mapping[str, int],
    end: npt.NDArray[np.int8],
    counts: npt.NDArray[np.int32],
) -> None:
    """Each fighter's ending into ``end`` and its counters into ``counts`` (damage dealt
    aside: the analysis layer's ``analyse`` counts it)."""
    for e in log:
        if isinstance(e, ev.FumbleRolled):
            counts[index[e.who], k.N_FUMBLES] += 1
        elif isinstance(e, ev.WeaponDropped):
            slot = k.N_DISARMED if e.reason == "disarmed" else k.N_DROPPED
            counts[index[e.who], slot] += 1
        elif isinstance(e, ev.WeaponBroken):
            counts[index[e.who], k.N_BROKEN] += 1
        elif isinstance(e, ev.WeaponDamaged):
            counts[index[e.who], k.N_BV_LOST] += 1
        elif isinstance(e, ev.ArmourGlitched):
            counts[index[e.who], k.N_GLITCHES] += 1
        elif isinstance(e, ev.ArmourLoosened):
            counts[index[e.who], k.N_LOOSENED] += 1
        elif isinstance(e, ev.Killed):
            counts[index[e.who], k.N_KILLED] += 1
        elif isinstance(e, ev.WeaponRecovered):
            counts[index[e.who], k.N_RECOVERED] += 1
        elif isinstance(e, ev.Damaged):
            counts[index[e.who], k.N_DAMAGE_TAKEN] += e.amount
        elif isinstance(e, ev.AttackRolled) and e.result == PERFECT:
            counts[index[e.who], k.N_PERFECT] += 1
    for name, f in index.items():
        end[f] = ending(state, name)


def ending(state: PercentileEncounter, name: str) -> int:
    """How ``name`` ended, by the codes of ``batch.END_NAMES``."""
    c = state.combatants[name]
    if c.dead:
        return 2
    if c.yielded:
        return {"surrenders": 3, "flees": 4}[c.yielded]
    if c.hp < 0:
        return 5
    return 1 if c.hp == 0 else 0
