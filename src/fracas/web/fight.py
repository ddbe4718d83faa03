"""One fight's pages and changes: the board, the live stream, acting (listed choices or the
tactics', engine or typed dice), undo and redo, GM overrides, visibility and join links."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import yaml
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse

from fracas.engine import Action
from fracas.engine.errors import FracasError
from fracas.engine.overrides import (
    GmAddCombatant,
    GmAddCondition,
    GmAdjustHp,
    GmEndFight,
    GmRemoveCombatant,
    GmRemoveCondition,
    Override,
)
from fracas.web.live import LiveEncounter, MovedOn
from fracas.web.rolls import NeedRoll, TableRoller, engine_roller
from fracas.web.table_dice import save_roll, saved_roll
from fracas.web.tracker import (
    KEEPALIVE_SECONDS,
    Problem,
    Tracker,
    answers_field,
    board_response,
    expected_field,
    int_field,
    oob,
    render,
    target_field,
    text_field,
)
from fracas.web.views import account_lines, legal_choices


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
        panel=saved_roll(live, visitor),
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
    expected = expected_field(form)
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
    choice = text_field(form, "choice")
    action: Action
    if choice == "tactics":
        action = live.ruleset.choose(state, pending)
    else:
        listed = legal_choices(live.ruleset, state, pending)
        if listed is None:
            raise Problem(400, "choice: this ruleset lists no actions; let the tactics choose")
        if not listed:
            raise Problem(400, "choice: no action is listed now; let the tactics choose")
        index = int_field(form, "choice", 0, len(listed) - 1)
        assert index is not None
        action = listed[index].action
    dice = text_field(form, "dice", required=False) or "engine"
    if dice not in ("engine", "table"):
        raise Problem(400, "dice: must be 'engine' or 'table'")
    answers = answers_field(form)
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
        save_roll(live, expected, pending.actor, html)
        status = 422 if need.problem else 200
        return HTMLResponse(html, status_code=status, headers={"HX-Retarget": "#panel"})
    return board_response(tracker, live, visitor)


async def undo(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = tracker.live(request, visitor)
    live.undo(expected_field(form))
    return board_response(tracker, live, visitor)


async def redo(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = tracker.live(request, visitor)
    live.redo(expected_field(form))
    return board_response(tracker, live, visitor)


def _override(form: FormData, live: LiveEncounter) -> Override:
    kind = text_field(form, "kind")
    state = live.session.state
    if kind == "hp":
        amount = int_field(form, "amount", -100_000, 100_000)
        if amount == 0:
            raise Problem(400, "amount: 0 changes nothing (negative damages, positive heals)")
        assert amount is not None
        return GmAdjustHp(target=target_field(form, live), amount=amount)
    if kind in ("add-condition", "remove-condition"):
        target = target_field(form, live)
        condition = text_field(form, "condition")
        known = list(live.ruleset.gm_conditions())
        if condition not in known:
            raise Problem(
                400, f"condition: {condition!r} is not one of {', '.join(known) or '(none)'}"
            )
        if kind == "remove-condition":
            return GmRemoveCondition(target=target, condition=condition)
        return GmAddCondition(target=target, condition=condition)
    if kind == "add-combatant":
        text = text_field(form, "spec", limit=20_000)
        try:
            spec = yaml.safe_load(text)
        except yaml.YAMLError:
            raise Problem(400, "spec: not valid YAML") from None
        if not isinstance(spec, dict):
            raise Problem(400, "spec: expected a mapping (one combatant, as in a scenario file)")
        return GmAddCombatant(spec=spec)
    if kind == "remove-combatant":
        return GmRemoveCombatant(target=target_field(form, live))
    if kind == "end":
        winner = text_field(form, "winner", required=False) or None
        sides = {c.side for c in state.combatants.values()}
        if winner is not None and winner not in sides:
            raise Problem(400, f"winner: no side called {winner!r}")
        reason = text_field(form, "reason", required=False) or "the GM ended the fight"
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
    expected = expected_field(form)
    action = _override(form, live)
    if type(action) not in tuple(live.ruleset.override_types()):
        raise Problem(400, f"kind: the {live.ruleset.name} ruleset does not support this override")
    live.act(action, TableRoller([], engine_roller(tracker.seed, live.id, live.length)), expected)
    return board_response(tracker, live, visitor, oob("tools", tracker.tools_html(live, visitor)))


async def hide(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = tracker.live(request, visitor)
    target = target_field(form, live)
    value = text_field(form, "hidden")
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
    revoke = text_field(form, "revoke", required=False, limit=64)
    if revoke:
        if not tracker.access.revoke(live.id, revoke):
            raise Problem(400, "revoke: no such join link")
        live.changed()
        return HTMLResponse(tracker.tools_html(live, visitor))
    label = text_field(form, "label", limit=60)
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
