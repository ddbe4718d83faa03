"""A decision's cache: what the tactics derive from a state they only read.

While the tactics choose an action (``StarflightRuleset.choose``) nothing changes the fight,
so line of sight between two points, the hostiles of a side or the odds of a strike are the
same every time a candidate action asks for them. ``deciding`` gives the fight a fresh
``memo`` for the decision and takes it away after it, so no rule resolving an action (which
changes the state event by event) ever reads a stale value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from fracas.rulesets.starflight.state import Fight, Fighter

T = TypeVar("T")


def deciding(fight: Fight, c: Fighter, tactic: Callable[[Fight, Fighter], T]) -> T:
    """``tactic(fight, c)`` with a cache for the decision (nested calls share it)."""
    if fight.memo is not None:
        return tactic(fight, c)
    fight.memo = {}
    try:
        return tactic(fight, c)
    finally:
        fight.memo = None
