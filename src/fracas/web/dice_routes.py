"""The dice mode a combatant keeps, and forgetting a roll the visitor cancels."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from fracas.web.table_dice import MODES, drop_roll, saved_roll, set_mode
from fracas.web.tracker import Problem, Tracker, text_field


async def dice_mode(tracker: Tracker, request: Request) -> Response:
    """``actor``'s dice mode (``dice``: engine or table), for whoever may act for it."""
    visitor = tracker.need_visitor(request)
    form = await tracker.form(request, visitor)
    live = await tracker.fight(request, visitor)
    actor = text_field(form, "actor")
    # a player is refused alike for any id not theirs, in the fight or not, hidden or not:
    # the answer tells them nothing of who else is in it
    if not visitor.is_gm and actor not in visitor.combatants:
        raise Problem(403, "actor: you choose the dice only for your own combatants")
    if actor not in live.session.state.combatants:
        raise Problem(400, f"actor: no combatant {actor!r} in this fight")
    mode = text_field(form, "dice")
    if mode not in MODES:
        raise Problem(400, "dice: must be 'engine' or 'table'")
    set_mode(live, actor, mode)
    live.changed()
    return Response(status_code=204)


async def cancel_roll(tracker: Tracker, request: Request) -> Response:
    """Forget the die asked for the pending action (only one who may act for its actor may:
    a player cannot cancel the GM's or another player's)."""
    visitor = tracker.need_visitor(request)
    await tracker.form(request, visitor)
    live = await tracker.fight(request, visitor)
    if saved_roll(live, visitor) is not None:
        drop_roll(live)
    return Response(status_code=204)
