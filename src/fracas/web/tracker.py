"""The tracker's shared parts: the app's state (store, access tables, live encounters), the
refusal every handler may raise (:class:`Problem`), the form field readers that validate
each input, and rendering.

Every state-changing request is a POST that carries the page's CSRF token (an
``X-CSRF-Token`` header from htmx, or a ``csrf`` form field), names the log length it saw
(``expected``) where it changes a fight, and is validated field by field: a refused request
gets a 4xx with a message naming the field, and changes nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import anyio
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from fracas.dice import DiceError
from fracas.engine.errors import FracasError, IllegalAction, InvalidField
from fracas.engine.names import label_problem
from fracas.store import SqliteStore
from fracas.web.access import SESSION_DAYS, Access, Visitor
from fracas.web.delivery import Delivery
from fracas.web.live import Hub, LiveEncounter, MovedOn
from fracas.web.offload import INPUT_SECONDS, TooSlow, off_loop, workers
from fracas.web.rolls import MAX_ANSWERS
from fracas.web.views import Board, board
from fracas.web.writer import StoreWriter

T = TypeVar("T")

GM_COOKIE = "fracas_gm"
PLAYER_COOKIE = "fracas_player"
#: the largest scenario or log a form may send
MAX_UPLOAD = 2_000_000
#: how long an open stream trusts its token's last look-up (seconds)
KNOWN_SECONDS = 1.0
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


#: what a player's board is rendered with in place of the fight's own counters (replaced
#: by the player's view version and decision once the view is told apart from the last one)
_BLANK_NUMBER = 9_876_543_210_123
_BLANK_TEXT = "@@fracas-player-view@@"


@dataclass(frozen=True, slots=True)
class Shown:
    """A visitor's board: its version (the GM's: the fight's; a player's: of their view),
    the decision it names, and its HTML."""

    version: int
    decision: str
    html: str


class Tracker:
    """The app's state: the store, the access tables, the live encounters."""

    def __init__(
        self,
        db: Path,
        seed: int | None = None,
        public_url: str | None = None,
        scenario_dirs: Sequence[Path] = (),
    ) -> None:
        self.db = db
        self.seed = seed
        self.public_url = public_url
        #: where a scenario named by a path on the server may be read from
        self.scenario_dirs = tuple(scenario_dirs)
        #: how long a GM session started on this server lasts (days)
        self.session_days: float = SESSION_DAYS
        #: how long reading and checking one input may take (seconds)
        self.input_seconds = INPUT_SECONDS
        self.store = SqliteStore(db)  # first: it refuses a file that is not a fracas store
        self.writer = StoreWriter(db)  # the store's writes, off the event loop
        #: its own tables beside the store's (sets WAL mode); written through the writer
        self.access = Access(db, self.writer)
        self.hub = Hub(self.store, self.writer)
        self.delivery = Delivery(self.board_version)
        self.hub.on_change = self.delivery.publish
        #: each visitor's board, by encounter and token: the fight's version it was made at
        self._boards: dict[tuple[int, str], tuple[int, Shown]] = {}
        #: each player's last view of each encounter: its digest and its version (never
        #: forgotten while the server runs, so a player's versions only ever grow)
        self._views: dict[tuple[int, str], tuple[bytes, int]] = {}
        self._known: dict[str, tuple[float, bool]] = {}
        #: the key of the hidden set's digest in a player's decision (this instance's own:
        #: a player cannot check a guess of who is hidden against it)
        self._hidden_key = secrets.token_bytes(16)
        self._workers: anyio.CapacityLimiter | None = None  # made in the server's loop

    def close(self) -> None:
        self.store.close()
        self.writer.close()
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

    def still_known(self, visitor: Visitor) -> bool:
        """Whether ``visitor``'s token still works (not revoked, not expired), looked up
        at most once a second per token (an open stream asks after every change)."""
        now = time.monotonic()
        seen = self._known.get(visitor.token_hash)
        if seen is not None and now - seen[0] < KNOWN_SECONDS:
            return seen[1]
        known = self.access.known(visitor.token_hash)
        if len(self._known) > 4096:
            self._known.clear()
        self._known[visitor.token_hash] = (now, known)
        return known

    def forget(self, token_hash: str) -> None:
        """Drop what :meth:`still_known` remembers of a token (it was just revoked)."""
        self._known.pop(token_hash, None)

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
            live = self.hub.get(raw)
        except FracasError:
            raise Problem(404, f"no encounter with id {raw}") from None
        request.state.board_of = (live, visitor)  # a stale page's refusal brings the board
        return live

    async def fight(self, request: Request, visitor: Visitor) -> LiveEncounter:
        """The encounter the request names (as :meth:`live`), once any change of it under
        way is on disk, caught up with what another program wrote: what the request reads or
        changes is what is committed."""
        live = self.live(request, visitor)
        await live.quiet()
        try:
            live.catch_up()
        except FracasError:  # another program deleted it meanwhile
            self.hub.drop(live.id)
            raise Problem(404, f"no encounter with id {live.id} (it was deleted)") from None
        return live

    async def form(self, request: Request, visitor: Visitor) -> FormData:
        """The request's form, once its CSRF token is checked."""
        try:
            form = await request.form(max_files=2, max_fields=400, max_part_size=MAX_UPLOAD)
        except Exception as exc:  # a malformed body: multipart errors vary by version
            raise Problem(400, f"the form could not be read ({exc})") from None
        given = request.headers.get("x-csrf-token") or text_field(form, "csrf", required=False)
        if not self.access.csrf_ok(visitor, given):
            raise Problem(403, "csrf: the page's security token is missing or wrong; reload it")
        return form

    async def read_input(self, name: str, read: Callable[[], T], scale: float = 1) -> T:
        """``read()`` (parsing and validating the input field ``name``) off the event loop,
        within ``scale`` times :attr:`input_seconds` (see :mod:`fracas.web.offload`)."""
        seconds = self.input_seconds * scale
        if self._workers is None:
            self._workers = workers()
        try:
            return await off_loop(read, seconds, self._workers)
        except TooSlow:
            raise Problem(
                422,
                f"{name}: took longer than {seconds:g} s to read and check, "
                "so it was refused (nested aliases, or far too large?)",
            ) from None

    # -- rendering ----------------------------------------------------------------------------
    def board_html(self, live: LiveEncounter, visitor: Visitor) -> str:
        return self.board_view(live, visitor).html

    def board_version(self, live: LiveEncounter, visitor: Visitor) -> tuple[int, str]:
        shown = self.board_view(live, visitor)
        return shown.version, shown.html

    def board_view(self, live: LiveEncounter, visitor: Visitor) -> Shown:
        """``visitor``'s board as it is now, with its version and decision. The GM's board
        moves on with every change of the fight; a player's is built from the player view
        alone: its version, the decision it names and the ``expected`` its forms post move
        on only when what that player sees changes, so a change the player may not see
        (a hidden combatant acting, the GM healing one) gives that player nothing new."""
        key = (live.id, visitor.token_hash)
        cached = self._boards.get(key)
        if cached is not None and cached[0] == live.version:
            return cached[1]
        hidden = self.access.hidden(live.id)
        b = board(live, visitor, hidden)
        if visitor.is_gm:
            shown = Shown(live.version, b.decision, render("board.html", b=b))
        else:
            shown = self._player_view(live, key, b, hidden)
        if len(self._boards) > 4096:
            self._boards.clear()
        self._boards[key] = (live.version, shown)
        return shown

    def _player_view(
        self, live: LiveEncounter, key: tuple[int, str], b: Board, hidden: frozenset[str]
    ) -> Shown:
        """A player's board: rendered without the fight's own counters, numbered by the
        views of it that differ (see :meth:`board_view`)."""
        b.length = b.version = _BLANK_NUMBER
        b.key = b.decision = _BLANK_TEXT
        html = render("board.html", b=b)
        digest = hashlib.sha256(html.encode()).digest()
        last = self._views.get(key)
        version = 0 if last is None else last[1] + (last[0] != digest)
        self._views[key] = (digest, version)
        # a player's choices are numbered without the hidden (see LiveEncounter.decision), so
        # the decision names the hidden set too: by a keyed digest, present whether or not
        # anyone is hidden, so it tells the player neither who is hidden nor whether anyone is
        hidden_digest = hmac.new(
            self._hidden_key, "\n".join(sorted(hidden)).encode(), hashlib.sha256
        ).hexdigest()[:12]
        decision = f"{live.generation}.v{version}.{hidden_digest}"
        html = html.replace(
            f'data-board="{_BLANK_TEXT}"', f'data-board="{live.id}.{live.generation}.{version}"'
        )
        html = html.replace(_BLANK_TEXT, decision).replace(str(_BLANK_NUMBER), str(version))
        return Shown(version, decision, html)

    def check_shown(self, live: LiveEncounter, visitor: Visitor, form: FormData) -> None:
        """Refuse (:class:`MovedOn`) a change posted from a page that no longer shows the
        fight as ``visitor`` sees it now: the GM's page by the log length (``expected``) and
        the decision; a player's by the version and decision of their own view."""
        expected = expected_field(form)
        decision = text_field(form, "decision", required=False, limit=100)
        if visitor.is_gm:
            live.check_expected(expected)
            if decision:  # the page always names it; a bare HTTP client may rely on expected
                live.check_decision(decision)
            return
        shown = self.board_view(live, visitor)
        if expected != shown.version or (decision and decision != shown.decision):
            raise MovedOn(
                "the fight has moved on since this page was shown (or the server restarted): "
                "the board now shows where it is; look again"
            )

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


#: a whole number as a form field writes it
_WHOLE = re.compile(r"[+-]?[0-9]+")


# -- field readers -----------------------------------------------------------------------------
def text_field(form: FormData, name: str, required: bool = True, limit: int = 200) -> str:
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


def label_field(form: FormData, name: str, required: bool = True, limit: int = 200) -> str:
    """A text field shown as one line (an encounter's name, a player's label, a condition's
    name or note, a reason): checked as a combatant's name is (:mod:`fracas.engine.names`:
    no control, line-separator or direction-override characters)."""
    value = text_field(form, name, required=required, limit=limit)
    problem = label_problem(value, name) if value else None
    if problem is not None:
        raise Problem(400, f"{name}: {problem}")
    return value


def int_field(form: FormData, name: str, lo: int, hi: int, required: bool = True) -> int | None:
    """A whole number written with ASCII digits and an optional sign (``int`` alone also
    reads ``1_000`` and other scripts' digits, which a form field has no business sending)."""
    text = text_field(form, name, required=required, limit=20)
    if not text:
        return None
    if not _WHOLE.fullmatch(text):
        raise Problem(400, f"{name}: {text!r} is not a whole number")
    value = int(text)
    if not lo <= value <= hi:
        raise Problem(400, f"{name}: {value} is out of range ({lo}..{hi})")
    return value


def expected_field(form: FormData) -> int:
    value = int_field(form, "expected", 0, 10**9)
    assert value is not None
    return value


def answers_field(form: FormData) -> list[str]:
    raw = text_field(form, "answers", required=False, limit=MAX_ANSWERS * 50)
    if not raw:
        answers: Any = []
    else:
        try:
            answers = json.loads(raw)
        except (json.JSONDecodeError, RecursionError):
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


def target_field(form: FormData, live: LiveEncounter, name: str = "target") -> str:
    target = text_field(form, name)
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


def _moved_on(tracker: Tracker, request: Request, message: str) -> Response:
    """409 for a page that acted on a fight that has moved on: the message, and (to a page
    of the fight) the board as it is now, swapped in at once, so the page never stays
    stale."""
    seen = getattr(request.state, "board_of", None)
    if seen is not None and request.headers.get("hx-request"):
        live, visitor = seen
        extra = oob("board", tracker.board_html(live, visitor)) + oob("panel", "")
        html = render("problem.html", message=message) + extra
        return HTMLResponse(
            html,
            status_code=409,
            headers={"HX-Retarget": "#message", "HX-Reswap": "innerHTML"},
        )
    return _problem_response(request, Problem(409, message))


Handler = Callable[[Tracker, Request], Awaitable[Response]]


def endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    async def run(request: Request) -> Response:
        tracker: Tracker = request.app.state.tracker
        try:
            return await handler(tracker, request)
        except Problem as problem:
            return _problem_response(request, problem)
        except MovedOn as exc:
            return _moved_on(tracker, request, str(exc))
        except InvalidField as exc:  # a field of the form is wrong: bad input, not a conflict
            return _problem_response(request, Problem(422, str(exc)))
        except (IllegalAction, DiceError) as exc:
            return _problem_response(request, Problem(409, str(exc)))
        except FracasError as exc:
            return _problem_response(request, Problem(400, str(exc)))

    return run


#: out-of-band swaps that clear the roll prompt and the last message after a change
CLEAR = (
    '<div id="panel" hx-swap-oob="innerHTML"></div><div id="message" hx-swap-oob="innerHTML"></div>'
)


def board_response(
    tracker: Tracker, live: LiveEncounter, visitor: Visitor, extra: str = ""
) -> HTMLResponse:
    return HTMLResponse(tracker.board_html(live, visitor) + CLEAR + extra)


def oob(element_id: str, html: str) -> str:
    return f'<div id="{element_id}" hx-swap-oob="innerHTML">{html}</div>'
