"""The legal actions of the pending combatant (for ``--control``, the web tracker, tests).

Each registered action type lists its own choices (``register(..., choices=fn)`` in its
module); this keeps those the turn's action phases and the combatant's hold (swallowed,
pinned) allow.
"""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import REGISTRY
from fracas.rulesets.starflight.held_actions import check_held
from fracas.rulesets.starflight.state import Fight, Fighter


def legal_actions(fight: Fight, c: Fighter) -> list[Choice]:
    """Every action ``c`` may take now, each resolvable without IllegalAction."""
    if fight.over or fight.current != c.id:
        return []
    out: list[Choice] = []
    for kind in REGISTRY.values():
        if kind.choices is None:
            continue
        for choice in kind.choices(fight, c):
            try:
                phases = kind.phases_for(fight, c, choice.action)
                check_held(fight, c, choice.action)
            except IllegalAction:
                continue
            if phases <= fight.phases_left:
                out.append(choice)
    return out
