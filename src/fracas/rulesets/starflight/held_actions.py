"""What a held combatant may still do (chapter 9.2, 'Grapple', 'Swallow Whole').

A swallowed combatant can only try to cut its way out (or let the phase pass, or let go of
an item). A pinned one is held "immobile for one round" and, by the option
``pinned_may_only_grapple``, may only make a Grapple check to break the pin (or pass).
"""

from __future__ import annotations

from fracas.engine import Action, IllegalAction
from fracas.rulesets.starflight.actions import CutFree, DropItem, GrappleCheck, Standby
from fracas.rulesets.starflight.combat_states import pinner_of
from fracas.rulesets.starflight.state import Fight, Fighter


def check_held(fight: Fight, c: Fighter, action: Action) -> None:
    """IllegalAction when ``c`` is held and ``action`` is not open to it."""
    if c.swallowed_by is not None:
        if not isinstance(action, CutFree | DropItem | Standby):
            eater = fight.fighter(c.swallowed_by).name
            raise IllegalAction(f"{c.name} is inside {eater}: it can only try to cut its way out")
        return
    if (
        isinstance(action, CutFree | Standby | DropItem)
        or not fight.options.pinned_may_only_grapple
    ):
        return
    pinner = pinner_of(fight, c)
    if pinner is None:
        return
    if not (isinstance(action, GrappleCheck) and action.aim == "break-pin"):
        raise IllegalAction(
            f"{c.name} is pinned by {pinner.name}: only a Grapple check to break the pin"
        )
