"""The tracker's ASGI app: pages, fragments for htmx, the live stream, and every change.

Every state-changing request is a POST that carries the page's CSRF token (an
``X-CSRF-Token`` header from htmx, or a ``csrf`` form field), names the log length it saw
(``expected``) where it changes a fight, and is validated field by field: a refused request
gets a 4xx with a message naming the field, and changes nothing.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import yaml
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.datastructures import FormData, MutableHeaders, UploadFile
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fracas.dice import DiceError
from fracas.engine import Action
from fracas.engine.codec import encode_log
from fracas.engine.errors import FracasError, IllegalAction
from fracas.engine.overrides import (
    GmAddCombatant,
    GmAddCondition,
    GmAdjustHp,
    GmEndFight,
    GmRemoveCombatant,
    GmRemoveCondition,
    Override,
)
from fracas.rulesets import RULESETS, get_ruleset
from fracas.scenario import load_scenario
from fracas.scenario.loader import LoadedScenario, ScenarioError
from fracas.store import SqliteStore
from fracas.web.access import Access, Visitor
from fracas.web.builder import MAX_COMBATANTS, Draft, build, combatant_template, option_fields
from fracas.web.live import Hub, LiveEncounter, MovedOn
from fracas.web.rolls import MAX_ANSWERS, NeedRoll, TableRoller, engine_roller
from fracas.web.views import account_lines, board, legal_choices

GM_COOKIE = "fracas_gm"
PLAYER_COOKIE = "fracas_player"
#: the largest scenario or log a form may send
MAX_UPLOAD = 2_000_000
#: how long the stream waits before a keep-alive comment
KEEPALIVE_SECONDS = 15.0

_env = Environment(
    loader=PackageLoader("fracas.web", "templates"),
    autoescape=select_autoescape(("html",)),
    trim_blocks=True,
    lstrip_blocks=True,
)


class Problem(Exception):
    """A refused request: the status and a message naming what was wrong."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def render(template: str, /, **context: Any) -> str:
    return _env.get_template(template).render(**context)


class Tracker:
    """The app's state: the store, the access tables, the live encounters."""

    def __init__(self, db: Path, seed: int | None = None, public_url: str | None = None) -> None:
        self.db = db
        self.seed = seed
        self.public_url = public_url
        self.store = SqliteStore(db)  # first: it refuses a file that is not a fracas store
        self.access = Access(db)  # its own tables beside the store's; sets WAL mode
        self.hub = Hub(self.store)
        self._boards: dict[tuple[int, str], tuple[int, str]] = {}

    def close(self) -> None:
        self.store.close()
        self.access.close()

    # -- who is asking ----------------------------------------------------------------------
    def visitor(self, request: Request) -> Visitor | None:
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            return self.access.visitor(auth[7:].strip())
        for cookie in (GM_COOKIE, PLAYER_COOKIE):
            found = self.access.visitor(request.cookies.get(cookie))
            if found is not None:
                return found
        return None

    def need_visitor(self, request: Request) -> Visitor:
        found = self.visitor(request)
        if found is None:
            raise Problem(401, "no access: open the link the GM gave you")
        return found

    def need_gm(self, request: Request) -> Visitor:
        found = self.need_visitor(request)
        if not found.is_gm:
            raise Problem(403, "only the GM may do this")
        return found

    def live(self, request: Request, visitor: Visitor) -> LiveEncounter:
        raw = request.path_params["eid"]
        if not visitor.may_see(raw):
            raise Problem(403, "this link is for another encounter")
        try:
            return self.hub.get(raw)
        except FracasError:
            raise Problem(404, f"no encounter with id {raw}") from None

    async def form(self, request: Request, visitor: Visitor) -> FormData:
        """The request's form, once its CSRF token is checked."""
        try:
            form = await request.form(max_files=2, max_fields=400, max_part_size=MAX_UPLOAD)
        except Exception as exc:  # a malformed body: multipart errors vary by version
            raise Problem(400, f"the form could not be read ({exc})") from None
        given = request.headers.get("x-csrf-token") or _text(form, "csrf", required=False)
        if not self.access.csrf_ok(visitor, given):
            raise Problem(403, "csrf: the page's security token is missing or wrong; reload it")
        return form

    # -- rendering ----------------------------------------------------------------------------
    def board_html(self, live: LiveEncounter, visitor: Visitor) -> str:
        key = (live.id, visitor.token_hash)
        cached = self._boards.get(key)
        if cached is not None and cached[0] == live.version:
            return cached[1]
        b = board(live, visitor, self.access.hidden(live.id))
        html = render("board.html", b=b)
        if len(self._boards) > 4096:
            self._boards.clear()
        self._boards[key] = (live.version, html)
        return html

    def tools_html(self, live: LiveEncounter, visitor: Visitor, link: str = "") -> str:
        state = live.session.state
        ruleset = live.ruleset
        return render(
            "tools.html",
            eid=live.id,
            length=live.length,
            combatants=[(cid, c.name, c.side) for cid, c in state.combatants.items()],
            sides=sorted({c.side for c in state.combatants.values()}),
            hidden=self.access.hidden(live.id),
            conditions=list(ruleset.gm_conditions()),
            overrides={t.__name__ for t in ruleset.override_types()},
            players=self.access.players(live.id),
            link=link,
        )


# -- field readers -----------------------------------------------------------------------------
def _text(form: FormData, name: str, required: bool = True, limit: int = 200) -> str:
    value = form.get(name)
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise Problem(400, f"{name}: missing")
        return ""
    if not isinstance(value, str):
        raise Problem(400, f"{name}: expected text, not a file")
    if len(value) > limit:
        raise Problem(400, f"{name}: longer than {limit} characters")
    return value.strip()


def _int(form: FormData, name: str, lo: int, hi: int, required: bool = True) -> int | None:
    text = _text(form, name, required=required, limit=20)
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        raise Problem(400, f"{name}: {text!r} is not a whole number") from None
    if not lo <= value <= hi:
        raise Problem(400, f"{name}: {value} is out of range ({lo}..{hi})")
    return value


def _expected(form: FormData) -> int:
    value = _int(form, "expected", 0, 10**9)
    assert value is not None
    return value


def _answers(form: FormData) -> list[str]:
    raw = _text(form, "answers", required=False, limit=MAX_ANSWERS * 50)
    if not raw:
        answers: Any = []
    else:
        try:
            answers = json.loads(raw)
        except json.JSONDecodeError:
            raise Problem(400, "answers: not a JSON list of the rolls so far") from None
    if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
        raise Problem(400, "answers: must be a list of rolls, as text")
    if len(answers) > MAX_ANSWERS or any(len(a) > 40 for a in answers):
        raise Problem(400, f"answers: at most {MAX_ANSWERS} rolls of 40 characters each")
    new = form.get("answer")
    if form.get("engine_die") is not None:
        answers.append("engine")
    elif new is not None:
        if not isinstance(new, str) or len(new) > 40:
            raise Problem(400, "answer: at most 40 characters")
        answers.append(new)
    return answers


def _target(form: FormData, live: LiveEncounter, name: str = "target") -> str:
    target = _text(form, name)
    if target not in live.session.state.combatants:
        raise Problem(400, f"{name}: no combatant {target!r} in this fight")
    return target


# -- responses -------------------------------------------------------------------------------
def _problem_response(request: Request, problem: Problem) -> Response:
    html = render("problem.html", message=problem.message)
    if request.headers.get("hx-request"):
        return HTMLResponse(
            html,
            status_code=problem.status,
            headers={"HX-Retarget": "#message", "HX-Reswap": "innerHTML"},
        )
    page = render("page_problem.html", message=problem.message, status=problem.status)
    return HTMLResponse(page, status_code=problem.status)


Handler = Callable[[Tracker, Request], Awaitable[Response]]


def endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    async def run(request: Request) -> Response:
        tracker: Tracker = request.app.state.tracker
        try:
            return await handler(tracker, request)
        except Problem as problem:
            return _problem_response(request, problem)
        except MovedOn as exc:
            return _problem_response(request, Problem(409, str(exc)))
        except (IllegalAction, DiceError) as exc:
            return _problem_response(request, Problem(409, str(exc)))
        except FracasError as exc:
            return _problem_response(request, Problem(400, str(exc)))

    return run


#: out-of-band swaps that clear the roll prompt and the last message after a change
_CLEAR = (
    '<div id="panel" hx-swap-oob="innerHTML"></div><div id="message" hx-swap-oob="innerHTML"></div>'
)


def _board_response(
    tracker: Tracker, live: LiveEncounter, visitor: Visitor, extra: str = ""
) -> HTMLResponse:
    return HTMLResponse(tracker.board_html(live, visitor) + _CLEAR + extra)


# -- pages -----------------------------------------------------------------------------------
async def login(tracker: Tracker, request: Request) -> Response:
    """``/login?token=...``: the GM's URL; keeps the token in a cookie and goes home."""
    token = request.query_params.get("token", "")
    visitor = tracker.access.visitor(token)
    if visitor is None or not visitor.is_gm:
        raise Problem(403, "token: not a GM token of this server")
    response = RedirectResponse("/", status_code=303)
    response.set_cookie(GM_COOKIE, token, httponly=True, samesite="strict", max_age=3600 * 24 * 90)
    return response


async def join(tracker: Tracker, request: Request) -> Response:
    """``/join/<token>``: a player's link; keeps the token in a cookie and opens the fight."""
    token = request.path_params["token"]
    visitor = tracker.access.visitor(token)
    if visitor is None or visitor.is_gm or visitor.encounter_id is None:
        raise Problem(403, "this join link is not (or no longer) valid: ask the GM for a new one")
    response = RedirectResponse(f"/e/{visitor.encounter_id}", status_code=303)
    response.set_cookie(PLAYER_COOKIE, token, httponly=True, samesite="lax", max_age=3600 * 24 * 30)
    return response


async def home(
    tracker: Tracker, request: Request, problems: list[str] | None = None, status: int = 200
) -> Response:
    visitor = tracker.visitor(request)
    if visitor is None:
        raise Problem(401, "no access: open the GM's URL the server printed, or a join link")
    if not visitor.is_gm:
        return RedirectResponse(f"/e/{visitor.encounter_id}", status_code=303)
    archived = tracker.access.archived()
    records = tracker.store.encounters()
    html = render(
        "index.html",
        csrf=tracker.access.csrf(visitor),
        active=[r for r in reversed(records) if r.id not in archived],
        drafts=tracker.access.drafts(),
        archived=[r for r in reversed(records) if r.id in archived],
        rulesets=sorted(RULESETS),
        options={name: _option_help(name) for name in sorted(RULESETS)},
        problems=problems or [],
    )
    return HTMLResponse(html, status_code=status)


def _option_help(ruleset_name: str) -> list[tuple[str, str]]:
    """Each rule option of a ruleset with its default, for the create form's hint."""
    model = get_ruleset(ruleset_name).scenario_model
    field = model.model_fields.get("options")
    if field is None or field.annotation is None or not hasattr(field.annotation, "model_fields"):
        return []
    out = []
    for name, info in field.annotation.model_fields.items():
        default = info.get_default(call_default_factory=True)
        out.append(
            (name, default if isinstance(default, str) else json.dumps(default, default=str))
        )
    return out


async def create(tracker: Tracker, request: Request) -> Response:
    """Create an encounter from an uploaded scenario file or a path on the server."""
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    overrides = [
        line.strip()
        for line in _text(form, "options", required=False, limit=5000).splitlines()
        if line.strip()
    ]
    upload = form.get("file")
    path_text = _text(form, "path", required=False, limit=1000)
    try:
        if isinstance(upload, UploadFile) and upload.filename:
            data = await upload.read(MAX_UPLOAD + 1)
            if len(data) > MAX_UPLOAD:
                raise Problem(413, f"file: larger than {MAX_UPLOAD} bytes")
            filename = Path(upload.filename).name or "scenario.yaml"
            with tempfile.TemporaryDirectory() as tmp:
                target = Path(tmp) / filename
                target.write_bytes(data)
                loaded = load_scenario(target, overrides)
            source = filename
        elif path_text:
            loaded = load_scenario(path_text, overrides)
            source = path_text
        else:
            raise Problem(400, "file: choose a scenario file (or give a path on the server)")
    except ScenarioError as exc:
        problems = [p.replace(str(Path(tempfile.gettempdir())), "") for p in exc.problems]
        return await home(
            tracker, request, [f"{Path(exc.source).name}: {p}" for p in problems], 400
        )
    except Problem as problem:
        return await home(tracker, request, [problem.message], problem.status)
    name = _text(form, "name", required=False) or str(
        getattr(loaded.scenario, "name", None) or Path(source).stem
    )
    return _start(tracker, form, name, loaded)


def _start(tracker: Tracker, form: FormData, name: str, loaded: LoadedScenario) -> Response:
    """Begin the encounter: initiative by the engine's dice, or typed in from the table (then
    the scenario waits as a draft until its first rolls are in)."""
    initiative = _text(form, "initiative", required=False) or "engine"
    if initiative not in ("engine", "table"):
        raise Problem(400, "initiative: must be 'engine' or 'table'")
    if initiative == "table":
        dump = loaded.scenario.model_dump(mode="json")
        draft = tracker.access.new_draft(name, loaded.ruleset.name, dump)
        return RedirectResponse(f"/d/{draft}", status_code=303)
    roller = TableRoller([], engine_roller(tracker.seed, len(tracker.store.encounters())))
    eid = tracker.hub.create(name, loaded.ruleset, loaded.scenario, roller)
    return RedirectResponse(f"/e/{eid}", status_code=303)


async def draft_page(tracker: Tracker, request: Request) -> Response:
    """An encounter waiting for its first rolls: ask for the next die (GET shows the first)."""
    visitor = tracker.need_gm(request)
    answers: list[str] = []
    if request.method == "POST":
        form = await tracker.form(request, visitor)
        answers = _answers(form)
    draft_id = request.path_params["did"]
    found = tracker.access.draft(draft_id)
    if found is None:
        raise Problem(404, f"no encounter waiting for initiative with id {draft_id}")
    name, ruleset_name, data = found
    ruleset = get_ruleset(ruleset_name)
    scenario = ruleset.scenario_model.model_validate(data)
    engine = engine_roller(tracker.seed, -draft_id, len(answers))
    try:
        eid = tracker.hub.create(name, ruleset, scenario, TableRoller(answers, engine, ask=True))
    except NeedRoll as need:
        html = render(
            "draft.html",
            csrf=tracker.access.csrf(visitor),
            did=draft_id,
            name=name,
            ruleset=ruleset_name,
            need=need,
            answers=json.dumps(need.answers),
        )
        return HTMLResponse(html, status_code=422 if need.problem else 200)
    tracker.access.drop_draft(draft_id)
    return RedirectResponse(f"/e/{eid}", status_code=303)


async def new_encounter(tracker: Tracker, request: Request) -> Response:
    """The form that builds a scenario in the browser, for one ruleset."""
    visitor = tracker.need_gm(request)
    name = request.query_params.get("ruleset", "")
    if name not in RULESETS:
        raise Problem(400, f"ruleset: {name!r} is not one of {', '.join(sorted(RULESETS))}")
    ruleset = get_ruleset(name)
    draft = Draft(ruleset=name, combatants=[combatant_template(ruleset)] * 2)
    return _builder_page(tracker, visitor, draft, 200)


def _builder_page(tracker: Tracker, visitor: Visitor, draft: Draft, status: int) -> Response:
    html = render(
        "build.html",
        csrf=tracker.access.csrf(visitor),
        draft=draft,
        options=option_fields(get_ruleset(draft.ruleset)),
    )
    return HTMLResponse(html, status_code=status)


async def build_encounter(tracker: Tracker, request: Request) -> Response:
    """Create an encounter from the builder form (or add/remove a combatant box)."""
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    name = _text(form, "ruleset", limit=40)
    if name not in RULESETS:
        raise Problem(400, f"ruleset: {name!r} is not one of {', '.join(sorted(RULESETS))}")
    ruleset = get_ruleset(name)
    boxes = [c for c in form.getlist("combatant") if isinstance(c, str)]
    if len(boxes) > MAX_COMBATANTS or any(len(c) > 20_000 for c in boxes):
        raise Problem(400, f"combatant: at most {MAX_COMBATANTS} of 20,000 characters each")
    draft = Draft(
        ruleset=name,
        name=_text(form, "name", required=False),
        options={
            key[4:]: value
            for key, value in form.multi_items()
            if key.startswith("opt.") and isinstance(value, str) and len(value) <= 200
        },
        combatants=boxes,
        extra=_text(form, "extra", required=False, limit=20_000),
    )
    if form.get("more") is not None:
        draft.combatants.append(combatant_template(ruleset))
        return _builder_page(tracker, visitor, draft, 200)
    drop = _int(form, "drop", 0, MAX_COMBATANTS, required=False)
    if drop is not None:
        del draft.combatants[drop : drop + 1]
        return _builder_page(tracker, visitor, draft, 200)
    loaded = build(draft, ruleset)
    if loaded is None:
        return _builder_page(tracker, visitor, draft, 400)
    title = draft.name or str(getattr(loaded.scenario, "name", None) or f"{name} encounter")
    return _start(tracker, form, title, loaded)


async def import_log(tracker: Tracker, request: Request) -> Response:
    """Store a log (JSON lines) after checking it as ``fracas replay`` does."""
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    upload = form.get("log")
    if not isinstance(upload, UploadFile) or not upload.filename:
        return await home(tracker, request, ["log: choose a log file (JSON lines)"], 400)
    data = await upload.read(MAX_UPLOAD * 10 + 1)
    try:
        if len(data) > MAX_UPLOAD * 10:
            raise FracasError(f"larger than {MAX_UPLOAD * 10} bytes")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise FracasError(f"not a fracas log (byte {exc.start} is not UTF-8 text)") from None
        name = _text(form, "name", required=False) or Path(upload.filename).stem
        eid = tracker.hub.import_log(name, text)
    except FracasError as exc:
        return await home(tracker, request, [f"{upload.filename}: {exc}"], 400)
    return RedirectResponse(f"/e/{eid}", status_code=303)


async def archive(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = tracker.live(request, visitor)
    value = _text(form, "archived", required=False) or "1"
    if value not in ("0", "1"):
        raise Problem(400, "archived: must be 0 or 1")
    tracker.access.set_archived(live.id, value == "1")
    return RedirectResponse("/", status_code=303)


async def delete(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = tracker.live(request, visitor)
    if _text(form, "confirm", required=False) != live.record.name:
        raise Problem(400, f"confirm: type the encounter's name ({live.record.name}) to delete it")
    tracker.store.delete(live.id)
    tracker.access.forget(live.id)
    tracker.hub.drop(live.id)
    return RedirectResponse("/", status_code=303)


async def export(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    live = tracker.live(request, visitor)
    body = encode_log(live.session.log)
    filename = f"encounter-{live.id}.jsonl"
    return Response(
        body,
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


async def fight_page(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_visitor(request)
    live = tracker.live(request, visitor)
    html = render(
        "fight.html",
        csrf=tracker.access.csrf(visitor),
        live=live,
        gm=visitor.is_gm,
        label=visitor.label,
        board=tracker.board_html(live, visitor),
        tools=tracker.tools_html(live, visitor) if visitor.is_gm else "",
    )
    return HTMLResponse(html)


async def board_fragment(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_visitor(request)
    live = tracker.live(request, visitor)
    return HTMLResponse(tracker.board_html(live, visitor))


async def account_page(tracker: Tracker, request: Request) -> Response:
    """A printable account of the fight (the GM's: the whole narrated log and summary)."""
    visitor = tracker.need_gm(request)
    live = tracker.live(request, visitor)
    state = live.session.state
    html = render(
        "account.html",
        live=live,
        lines=account_lines(live.ruleset, live.scenario, live.session.log),
        summary=live.ruleset.summary(state),
        over=state.over,
    )
    return HTMLResponse(html)


async def stream(tracker: Tracker, request: Request) -> Response:
    """Server-sent events: the visitor's board now, and again after every change. A page
    that reconnects gets the current board at once, so it catches up from the log."""
    visitor = tracker.need_visitor(request)
    live = tracker.live(request, visitor)
    eid = live.id

    async def events() -> AsyncIterator[str]:
        version = -1
        current = live
        while True:
            if current.version != version:
                version = current.version
                try:
                    current = tracker.hub.get(eid)
                except FracasError:
                    yield "event: gone\ndata: the encounter was deleted\n\n"
                    return
                if not tracker.access.known(visitor.token_hash):
                    yield "event: gone\ndata: this link was revoked\n\n"
                    return
                html = tracker.board_html(current, visitor)
                data = "\n".join(f"data: {line}" for line in html.splitlines() or [""])
                yield f"retry: 1000\nevent: board\nid: {version}\n{data}\n\n"
            if not await current.wait(version, KEEPALIVE_SECONDS):
                yield ": keep-alive\n\n"

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


# -- acting ----------------------------------------------------------------------------------
async def act(tracker: Tracker, request: Request) -> Response:
    """Resolve the pending actor's action: a listed choice or the tactics' choice, with the
    engine's dice or dice typed in one at a time (see :mod:`fracas.web.rolls`)."""
    visitor = tracker.need_visitor(request)
    form = await tracker.form(request, visitor)
    live = tracker.live(request, visitor)
    expected = _expected(form)
    if expected != live.length:
        raise MovedOn(
            "the fight has moved on since this page was shown "
            f"(it has {live.length} events, the page saw {expected}); look again"
        )
    state = live.session.state
    pending = live.session.pending()
    if pending is None:
        raise Problem(409, "the fight is over: nothing to act on")
    if not visitor.is_gm and (pending.actor is None or pending.actor not in visitor.combatants):
        raise Problem(403, "not your turn: you may act only for your own combatants, on their turn")
    choice = _text(form, "choice")
    action: Action
    if choice == "tactics":
        action = live.ruleset.choose(state, pending)
    else:
        listed = legal_choices(live.ruleset, state, pending)
        if listed is None:
            raise Problem(400, "choice: this ruleset lists no actions; let the tactics choose")
        if not listed:
            raise Problem(400, "choice: no action is listed now; let the tactics choose")
        index = _int(form, "choice", 0, len(listed) - 1)
        assert index is not None
        action = listed[index].action
    dice = _text(form, "dice", required=False) or "engine"
    if dice not in ("engine", "table"):
        raise Problem(400, "dice: must be 'engine' or 'table'")
    answers = _answers(form)
    engine = engine_roller(tracker.seed, live.id, live.length)
    roller = TableRoller(answers, engine, ask=dice == "table")
    try:
        live.act(action, roller, expected)
    except NeedRoll as need:
        html = render(
            "roll.html",
            eid=live.id,
            expected=expected,
            choice=choice,
            need=need,
            answers=json.dumps(need.answers),
            actor=state.combatants[pending.actor].name if pending.actor else "the round",
        )
        status = 422 if need.problem else 200
        return HTMLResponse(html, status_code=status, headers={"HX-Retarget": "#panel"})
    return _board_response(tracker, live, visitor)


async def undo(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = tracker.live(request, visitor)
    live.undo(_expected(form))
    return _board_response(tracker, live, visitor)


async def redo(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = tracker.live(request, visitor)
    live.redo(_expected(form))
    return _board_response(tracker, live, visitor)


def _override(form: FormData, live: LiveEncounter) -> Override:
    kind = _text(form, "kind")
    state = live.session.state
    if kind == "hp":
        amount = _int(form, "amount", -100_000, 100_000)
        if amount == 0:
            raise Problem(400, "amount: 0 changes nothing (negative damages, positive heals)")
        assert amount is not None
        return GmAdjustHp(target=_target(form, live), amount=amount)
    if kind in ("add-condition", "remove-condition"):
        target = _target(form, live)
        condition = _text(form, "condition")
        known = list(live.ruleset.gm_conditions())
        if condition not in known:
            raise Problem(
                400, f"condition: {condition!r} is not one of {', '.join(known) or '(none)'}"
            )
        if kind == "remove-condition":
            return GmRemoveCondition(target=target, condition=condition)
        return GmAddCondition(target=target, condition=condition)
    if kind == "add-combatant":
        text = _text(form, "spec", limit=20_000)
        try:
            spec = yaml.safe_load(text)
        except yaml.YAMLError:
            raise Problem(400, "spec: not valid YAML") from None
        if not isinstance(spec, dict):
            raise Problem(400, "spec: expected a mapping (one combatant, as in a scenario file)")
        return GmAddCombatant(spec=spec)
    if kind == "remove-combatant":
        return GmRemoveCombatant(target=_target(form, live))
    if kind == "end":
        winner = _text(form, "winner", required=False) or None
        sides = {c.side for c in state.combatants.values()}
        if winner is not None and winner not in sides:
            raise Problem(400, f"winner: no side called {winner!r}")
        reason = _text(form, "reason", required=False) or "the GM ended the fight"
        return GmEndFight(winner=winner, reason=reason)
    raise Problem(
        400,
        f"kind: {kind!r} is not an override (hp, add-condition, "
        "remove-condition, add-combatant, remove-combatant, end)",
    )


async def override(tracker: Tracker, request: Request) -> Response:
    """A GM override, logged as an action (so it undoes like one)."""
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = tracker.live(request, visitor)
    expected = _expected(form)
    action = _override(form, live)
    if type(action) not in tuple(live.ruleset.override_types()):
        raise Problem(400, f"kind: the {live.ruleset.name} ruleset does not support this override")
    live.act(action, TableRoller([], engine_roller(tracker.seed, live.id, live.length)), expected)
    return _board_response(tracker, live, visitor, _oob("tools", tracker.tools_html(live, visitor)))


def _oob(element_id: str, html: str) -> str:
    return f'<div id="{element_id}" hx-swap-oob="innerHTML">{html}</div>'


async def hide(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = tracker.live(request, visitor)
    target = _target(form, live)
    value = _text(form, "hidden")
    if value not in ("0", "1"):
        raise Problem(400, "hidden: must be 0 or 1")
    tracker.access.set_hidden(live.id, target, value == "1")
    live.changed()
    return HTMLResponse(tracker.tools_html(live, visitor))


async def players(tracker: Tracker, request: Request) -> Response:
    """Create a join link for a player (shown once: only its hash is kept) or revoke one."""
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = tracker.live(request, visitor)
    revoke = _text(form, "revoke", required=False, limit=64)
    if revoke:
        if not tracker.access.revoke(live.id, revoke):
            raise Problem(400, "revoke: no such join link")
        live.changed()
        return HTMLResponse(tracker.tools_html(live, visitor))
    label = _text(form, "label", limit=60)
    chosen = [c for c in form.getlist("combatants") if isinstance(c, str)]
    if not chosen:
        raise Problem(400, "combatants: choose at least one combatant for this player")
    for cid in chosen:
        if cid not in live.session.state.combatants:
            raise Problem(400, f"combatants: no combatant {cid!r} in this fight")
    token = tracker.access.new_player_token(live.id, label, chosen)
    base = tracker.public_url or str(request.base_url).rstrip("/")
    link = f"{base}/join/{token}"
    return HTMLResponse(tracker.tools_html(live, visitor, link=link))


class SecurityHeaders:
    """Headers on every answer: no framing (clickjacking), no referrer (a join link's token
    never leaks to another site), no content sniffing, no caching of pages."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["X-Frame-Options"] = "DENY"
                headers["Referrer-Policy"] = "no-referrer"
                headers["X-Content-Type-Options"] = "nosniff"
                if "cache-control" not in headers:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, with_headers)


# -- the app -----------------------------------------------------------------------------------
def create_app(db: str | Path, seed: int | None = None, public_url: str | None = None) -> Starlette:
    """The tracker for the SQLite file ``db``; its GM token is ``app.state.gm_token``.
    ``seed`` makes the engine's dice repeatable (see :func:`fracas.web.rolls.engine_roller`);
    ``public_url`` (``http://192.168.1.20:8000``) is where players reach the server, for the
    join links (default: the address the GM's page was opened with)."""
    tracker = Tracker(Path(db), seed, public_url)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
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
        post("/e/{eid:int}/players", players),
        post("/e/{eid:int}/archive", archive),
        post("/e/{eid:int}/delete", delete),
        Mount("/static", StaticFiles(packages=[("fracas.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders)])
    app.state.tracker = tracker
    app.state.gm_token = tracker.access.new_gm_token()
    return app
