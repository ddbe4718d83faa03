"""The tracker's ASGI app: its routes, over the handlers in :mod:`fracas.web.encounters` and
:mod:`fracas.web.fight`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from fracas.web.dice_routes import cancel_roll, dice_mode
from fracas.web.encounters import (
    archive,
    build_encounter,
    create,
    delete,
    draft_page,
    export,
    home,
    import_log,
    join,
    login,
    new_encounter,
)
from fracas.web.fight import (
    account_page,
    act,
    board_fragment,
    fight_page,
    hide,
    override,
    players,
    redo,
    stream,
    undo,
)
from fracas.web.limits import BodyLimit
from fracas.web.marks_routes import mark
from fracas.web.odds_panel import shutdown as odds_shutdown
from fracas.web.odds_routes import share_odds
from fracas.web.security import SecurityHeaders
from fracas.web.tracker import (
    Handler,
    Tracker,
    endpoint,
)


# -- the app -----------------------------------------------------------------------------------
def create_app(
    db: str | Path,
    seed: int | None = None,
    public_url: str | None = None,
    scenario_dirs: Sequence[str | Path] | None = None,
    session_days: float | None = None,
    login_link: bool = True,
) -> Starlette:
    """The tracker for the SQLite file ``db``; its login link's token is
    ``app.state.gm_token`` (none with ``login_link=False``); GM sessions last
    ``session_days`` (default :data:`fracas.web.access.SESSION_DAYS`).
    ``seed`` makes the engine's dice repeatable (see :func:`fracas.web.rolls.engine_roller`);
    ``public_url`` (``http://192.168.1.20:8000``) is where players reach the server, for the
    join links (default: the address the GM's page was opened with); ``scenario_dirs`` are
    the folders a scenario may be read from by its path on the server (default: the current
    folder)."""
    dirs = [Path(d) for d in scenario_dirs] if scenario_dirs is not None else [Path.cwd()]
    tracker = Tracker(Path(db), seed, public_url, dirs)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        odds_shutdown()
        tracker.close()

    def get(path: str, handler: Handler) -> Route:
        return Route(path, endpoint(handler), methods=["GET"])

    def post(path: str, handler: Handler) -> Route:
        return Route(path, endpoint(handler), methods=["POST"])

    async def home_handler(tracker: Tracker, request: Request) -> Response:
        return await home(tracker, request)

    routes = [
        get("/", home_handler),
        get("/login", login),
        get("/join/{token}", join),
        post("/encounters", create),
        post("/encounters/import", import_log),
        get("/new", new_encounter),
        Route("/d/{did:int}", endpoint(draft_page), methods=["GET", "POST"]),
        post("/encounters/build", build_encounter),
        get("/e/{eid:int}", fight_page),
        get("/e/{eid:int}/board", board_fragment),
        get("/e/{eid:int}/stream", stream),
        get("/e/{eid:int}/log.jsonl", export),
        get("/e/{eid:int}/account", account_page),
        post("/e/{eid:int}/act", act),
        post("/e/{eid:int}/undo", undo),
        post("/e/{eid:int}/redo", redo),
        post("/e/{eid:int}/override", override),
        post("/e/{eid:int}/hide", hide),
        post("/e/{eid:int}/odds", share_odds),
        post("/e/{eid:int}/mark", mark),
        post("/e/{eid:int}/dice", dice_mode),
        post("/e/{eid:int}/roll/cancel", cancel_roll),
        post("/e/{eid:int}/players", players),
        post("/e/{eid:int}/archive", archive),
        post("/e/{eid:int}/delete", delete),
        Mount("/static", StaticFiles(packages=[("fracas.web", "static")]), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(SecurityHeaders), Middleware(BodyLimit)],
    )
    app.state.tracker = tracker
    if session_days is not None:
        tracker.session_days = session_days
    app.state.gm_token = tracker.access.new_login_link() if login_link else ""
    return app
