"""The odds panel's one change: the GM shares it with the players, or stops."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from fracas.web.odds_panel import share
from fracas.web.tracker import Problem, Tracker, board_response, text_field


async def share_odds(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = await tracker.fight(request, visitor)
    value = text_field(form, "shared")
    if value not in ("0", "1"):
        raise Problem(400, "shared: must be 0 or 1")
    share(live, value == "1")
    return board_response(tracker, live, visitor)
