"""What a held combatant may still do (chapter 9.2, 'Grapple', 'Swallow Whole').

A swallowed combatant can only try to cut its way out (or let the phase pass, let go of an
item, speak, cease concentrating). A grappling one "may not move": no mounting or
dismounting either (Move, Run and stunts already refuse it). A pinned one is held "immobile
for one round" and, by the option ``pinned_may_only_grapple``, may only make a Grapple check
to break the pin (or pass, speak, cease concentrating).
"""

from __future__ import annotations

from fracas.engine import Action, IllegalAction
from fracas.rulesets.starflight.actions import (
    CeaseConcentration,
    CutFree,
    Dismount,
    DropItem,
    GrappleCheck,
    Mount,
    Speak,
    Standby,
)
from fracas.rulesets.starflight.combat_states import is_grappling, pinner_of
from fracas.rulesets.starflight.state import Fight, Fighter

ALWAYS = Standby | Speak | CeaseConcentration


def check_held(fight: Fight, c: Fighter, action: Action) -> None:
    """IllegalAction when ``c`` is held and ``action`` is not open to it."""
    if c.swallowed_by is None and not c.grappling:
        return  # held by nothing: not swallowed, in no grapple (so not pinned either)
    if isinstance(action, ALWAYS):
        return
    if c.swallowed_by is not None:
        if not isinstance(action, CutFree | DropItem):
            eater = fight.fighter(c.swallowed_by).name
            raise IllegalAction(f"{c.name} is inside {eater}: it can only try to cut its way out")
        return
    if isinstance(action, Mount | Dismount) and is_grappling(fight, c):
        raise IllegalAction(f"{c.name} is grappling and may not move: no mounting or dismounting")
    pinner = pinner_of(fight, c)
    if pinner is None or not fight.options.pinned_may_only_grapple or isinstance(action, DropItem):
        return
    if not (isinstance(action, GrappleCheck) and action.aim == "break-pin"):
        raise IllegalAction(
            f"{c.name} is pinned by {pinner.name}: only a Grapple check to break the pin"
        )
