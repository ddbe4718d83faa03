"""Conditions with durations (:mod:`fracas.engine.marks`): the GM puts one on or takes it off,
logged as an override, so it undoes like an action."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from fracas.engine.errors import InvalidField
from fracas.engine.overrides import GmMark, GmUnmark, Override
from fracas.web.rolls import TableRoller, engine_roller
from fracas.web.tracker import (
    Tracker,
    board_response,
    expected_field,
    int_field,
    label_field,
    oob,
    target_field,
    text_field,
)


async def mark(tracker: Tracker, request: Request) -> Response:
    """Put a condition on (``name``, ``note``, ``rounds``: empty for until removed) or take
    one off (``remove``: its name)."""
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = await tracker.fight(request, visitor)
    expected = expected_field(form)
    target = target_field(form, live)
    removed = label_field(form, "remove", required=False, limit=40)
    action: Override
    if removed:
        action = GmUnmark(target=target, name=removed)
    else:
        rounds = None
        if text_field(form, "rounds", required=False):
            rounds = int_field(form, "rounds", 1, 10_000)
        action = GmMark(
            target=target,
            name=label_field(form, "name", limit=40),
            note=label_field(form, "note", required=False, limit=200),
            rounds=rounds,
        )
    roller = TableRoller([], engine_roller(tracker.seed, live.id, live.length))
    try:
        await live.act(action, roller, expected)
    except InvalidField as exc:  # the override's field is the form's "remove" when taking off
        if removed and str(exc).startswith("name:"):
            raise InvalidField("remove:" + str(exc).removeprefix("name:")) from None
        raise
    await tracker.delivery.sent(live.id)  # the other pages first
    return board_response(tracker, live, visitor, oob("tools", tracker.tools_html(live, visitor)))
