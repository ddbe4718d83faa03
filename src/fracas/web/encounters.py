"""The GM's encounter list: the GM's and players' ways in (login, join links), creating an
encounter (a scenario file, the builder form, initiative typed in), importing, exporting,
archiving and deleting."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from fracas.engine.codec import encode_log
from fracas.engine.errors import FracasError
from fracas.rulesets import RULESETS, get_ruleset
from fracas.scenario.loader import LoadedScenario, ScenarioError
from fracas.web.access import LOGIN_MINUTES, Visitor
from fracas.web.builder import MAX_COMBATANTS, Draft, build, combatant_template, option_fields
from fracas.web.live import checked_log
from fracas.web.rolls import NeedRoll, TableRoller, engine_roller
from fracas.web.scenario_input import read_path, read_upload
from fracas.web.tracker import (
    GM_COOKIE,
    MAX_UPLOAD,
    PLAYER_COOKIE,
    Problem,
    Tracker,
    answers_field,
    int_field,
    label_field,
    render,
    text_field,
)


# -- pages -----------------------------------------------------------------------------------
async def login(tracker: Tracker, request: Request) -> Response:
    """``/login?token=...``: the login link the server printed; starts a GM session (a
    token of its own, in a cookie, that expires) and goes home."""
    session = await tracker.access.login(request.query_params.get("token"), tracker.session_days)
    if session is None:
        raise Problem(
            403,
            "token: not a working login link of this server (a link works for "
            f"{LOGIN_MINUTES} minutes and the next start replaces it: see the server's output)",
        )
    response = RedirectResponse("/", status_code=303)
    max_age = int(tracker.session_days * 86400)
    response.set_cookie(GM_COOKIE, session, httponly=True, samesite="strict", max_age=max_age)
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
        for line in text_field(form, "options", required=False, limit=5000).splitlines()
        if line.strip()
    ]
    upload = form.get("file")
    path_text = text_field(form, "path", required=False, limit=1000)
    try:
        if isinstance(upload, UploadFile) and upload.filename:
            data = await upload.read(MAX_UPLOAD + 1)
            if len(data) > MAX_UPLOAD:
                raise Problem(413, f"file: larger than {MAX_UPLOAD} bytes")
            filename = Path(upload.filename).name or "scenario.yaml"
            loaded = await tracker.read_input(
                "file", lambda: read_upload(data, filename, overrides)
            )
            source = filename
        elif path_text:
            roots = tracker.scenario_dirs
            loaded = await tracker.read_input(
                "path", lambda: read_path(path_text, roots, overrides)
            )
            source = path_text
        else:
            raise Problem(400, "file: choose a scenario file (or give a path on the server)")
    except ScenarioError as exc:
        return await home(tracker, request, [f"{exc.source}: {p}" for p in exc.problems], 400)
    except Problem as problem:
        return await home(tracker, request, [problem.message], problem.status)
    name = label_field(form, "name", required=False) or str(
        getattr(loaded.scenario, "name", None) or Path(source).stem
    )
    return await _start(tracker, form, name, loaded)


async def _start(tracker: Tracker, form: FormData, name: str, loaded: LoadedScenario) -> Response:
    """Begin the encounter: initiative by the engine's dice, or typed in from the table (then
    the scenario waits as a draft until its first rolls are in)."""
    initiative = text_field(form, "initiative", required=False) or "engine"
    if initiative not in ("engine", "table"):
        raise Problem(400, "initiative: must be 'engine' or 'table'")
    if initiative == "table":
        dump = loaded.scenario.model_dump(mode="json")
        draft = await tracker.access.new_draft(name, loaded.ruleset.name, dump)
        return RedirectResponse(f"/d/{draft}", status_code=303)
    roller = TableRoller([], engine_roller(tracker.seed, len(tracker.store.encounters())))
    eid = await tracker.hub.create(name, loaded.ruleset, loaded.scenario, roller)
    return RedirectResponse(f"/e/{eid}", status_code=303)


async def draft_page(tracker: Tracker, request: Request) -> Response:
    """An encounter waiting for its first rolls: ask for the next die (GET shows the first)."""
    visitor = tracker.need_gm(request)
    answers: list[str] = []
    if request.method == "POST":
        form = await tracker.form(request, visitor)
        answers = answers_field(form)
    draft_id = request.path_params["did"]
    found = tracker.access.draft(draft_id)
    if found is None:
        raise Problem(404, f"no encounter waiting for initiative with id {draft_id}")
    name, ruleset_name, data = found
    ruleset = get_ruleset(ruleset_name)
    scenario = ruleset.scenario_model.model_validate(data)
    engine = engine_roller(tracker.seed, -draft_id, len(answers))
    try:
        eid = await tracker.hub.create(
            name, ruleset, scenario, TableRoller(answers, engine, ask=True)
        )
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
    await tracker.access.drop_draft(draft_id)
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
    name = text_field(form, "ruleset", limit=40)
    if name not in RULESETS:
        raise Problem(400, f"ruleset: {name!r} is not one of {', '.join(sorted(RULESETS))}")
    ruleset = get_ruleset(name)
    boxes = [c for c in form.getlist("combatant") if isinstance(c, str)]
    if len(boxes) > MAX_COMBATANTS or any(len(c) > 20_000 for c in boxes):
        raise Problem(400, f"combatant: at most {MAX_COMBATANTS} of 20,000 characters each")
    for key, value in form.multi_items():  # an option is never dropped without a word
        if key.startswith("opt.") and (not isinstance(value, str) or len(value) > 200):
            raise Problem(400, f"{key}: expected text of at most 200 characters")
    draft = Draft(
        ruleset=name,
        name=label_field(form, "name", required=False),
        options={
            key[4:]: value
            for key, value in form.multi_items()
            if key.startswith("opt.") and isinstance(value, str) and len(value) <= 200
        },
        combatants=boxes,
        extra=text_field(form, "extra", required=False, limit=20_000),
    )
    if form.get("more") is not None:
        draft.combatants.append(combatant_template(ruleset))
        return _builder_page(tracker, visitor, draft, 200)
    drop = int_field(form, "drop", 0, MAX_COMBATANTS, required=False)
    if drop is not None:
        del draft.combatants[drop : drop + 1]
        return _builder_page(tracker, visitor, draft, 200)
    loaded = await tracker.read_input("combatant", lambda: build(draft, ruleset))
    if loaded is None:
        return _builder_page(tracker, visitor, draft, 400)
    title = draft.name or str(getattr(loaded.scenario, "name", None) or f"{name} encounter")
    return await _start(tracker, form, title, loaded)


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
        name = label_field(form, "name", required=False) or Path(upload.filename).stem
        # a log is re-run to be checked: it may take longer than a scenario to read
        checked = await tracker.read_input("log", lambda: checked_log(text), scale=12)
        eid = await tracker.hub.import_log(name, checked)
    except FracasError as exc:
        return await home(tracker, request, [f"{upload.filename}: {exc}"], 400)
    return RedirectResponse(f"/e/{eid}", status_code=303)


async def archive(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = await tracker.fight(request, visitor)
    value = text_field(form, "archived", required=False) or "1"
    if value not in ("0", "1"):
        raise Problem(400, "archived: must be 0 or 1")
    await tracker.access.set_archived(live.id, value == "1")
    return RedirectResponse("/", status_code=303)


async def delete(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = await tracker.fight(request, visitor)
    if text_field(form, "confirm", required=False) != live.record.name:
        raise Problem(400, f"confirm: type the encounter's name ({live.record.name}) to delete it")
    await tracker.hub.delete(live.id)
    await tracker.access.forget(live.id)
    return RedirectResponse("/", status_code=303)


async def export(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    live = await tracker.fight(request, visitor)
    body = encode_log(live.session.log)
    filename = f"encounter-{live.id}.jsonl"
    return Response(
        body,
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
