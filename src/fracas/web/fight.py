"""One fight's pages and changes: the board, the live stream, acting (listed choices or the
tactics', engine or typed dice), undo and redo, GM overrides, visibility and join links."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse

from fracas.engine import Action
from fracas.engine.errors import FracasError, InvalidField
from fracas.engine.names import label_problems
from fracas.engine.overrides import (
    GmAddCombatant,
    GmAddCondition,
    GmAdjustHp,
    GmEndFight,
    GmRemoveCombatant,
    GmRemoveCondition,
    Override,
)
from fracas.scenario.yaml_input import YamlProblem, load_yaml
from fracas.web.access import Visitor
from fracas.web.hidden import offered, players_tactics, scrub, unseen_names
from fracas.web.live import LiveEncounter
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
    label_field,
    oob,
    render,
    target_field,
    text_field,
)
from fracas.web.views import account_lines


async def fight_page(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_visitor(request)
    live = await tracker.fight(request, visitor)
    html = render(
        "fight.html",
        csrf=tracker.access.csrf(visitor),
        live=live,
        gm=visitor.is_gm,
        label=visitor.label,
        board=tracker.board_html(live, visitor),
        panel=roll_panel(tracker, live, visitor),
        tools=tracker.tools_html(live, visitor) if visitor.is_gm else "",
    )
    return HTMLResponse(html)


async def board_fragment(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_visitor(request)
    live = await tracker.fight(request, visitor)
    return HTMLResponse(tracker.board_html(live, visitor))


async def account_page(tracker: Tracker, request: Request) -> Response:
    """A printable account of the fight (the GM's: the whole narrated log and summary)."""
    visitor = tracker.need_gm(request)
    live = await tracker.fight(request, visitor)
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
    """Server-sent events: the visitor's board now, and every board after it, in order (or
    an explicit "skipped to": see :mod:`fracas.web.delivery`). A page that reconnects gets
    the current board at once, so it catches up from the log."""
    visitor = tracker.need_visitor(request)
    live = await tracker.fight(request, visitor)
    eid = live.id

    async def events() -> AsyncIterator[str | bytes]:
        await live.quiet()  # the board it starts with is on disk
        feed = tracker.delivery.subscribe(live, visitor)
        try:
            while True:
                if not await feed.wait(KEEPALIVE_SECONDS):
                    yield ": keep-alive\n\n"
                    continue
                try:
                    tracker.hub.get(eid)
                except FracasError:
                    yield "event: gone\ndata: the encounter was deleted\n\n"
                    return
                if not tracker.still_known(visitor):
                    yield "event: gone\ndata: this link was revoked\n\n"
                    return
                frames = feed.take()
                if frames:
                    yield frames
        finally:
            tracker.delivery.unsubscribe(feed)

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
    live = await tracker.fight(request, visitor)
    tracker.check_shown(live, visitor, form)  # the page shows the fight as it is now
    expected = live.length
    hidden = frozenset() if visitor.is_gm else tracker.access.hidden(live.id)
    state = live.session.state
    pending = live.session.pending()
    if pending is None:
        raise Problem(409, "the fight is over: nothing to act on")
    if not visitor.is_gm and (pending.actor is None or pending.actor not in visitor.combatants):
        raise Problem(403, "not your turn: you may act only for your own combatants, on their turn")
    unseen = unseen_names(state, hidden)
    choice = text_field(form, "choice")
    action: Action
    if choice == "tactics" and hidden:  # chosen from what the player may see
        chosen = players_tactics(live.ruleset, state, pending, hidden)
        if chosen is None:
            raise Problem(409, "choice: nothing to choose from now; the GM decides this turn")
        action = chosen
    elif choice == "tactics":
        action = live.ruleset.choose(state, pending)
    else:  # a player's number is read against the player's own list (hidden ones left out)
        listed = offered(live.ruleset, state, pending, visitor.is_gm, hidden)
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
        await live.act(action, roller, expected)
    except NeedRoll as need:
        save_roll(live, expected, pending.actor, None if choice == "tactics" else action, need)
        html = roll_panel(tracker, live, visitor)
        status = 422 if need.problem else 200
        return HTMLResponse(html, status_code=status, headers={"HX-Retarget": "#panel"})
    except FracasError as exc:  # a refusal the rules wrote may name a hidden combatant
        if unseen:
            exc.args = (scrub(str(exc), unseen),)
        raise
    await tracker.delivery.sent(live.id)  # the other pages first
    return board_response(tracker, live, visitor)


def roll_panel(tracker: Tracker, live: LiveEncounter, visitor: Visitor) -> str:
    """The die the pending action waits for, as ``visitor`` may see it ('' if none): built
    from their own view, so it posts their decision and their number for the chosen action
    (not shown if their list does not hold it), and its purpose names no hidden combatant."""
    roll = saved_roll(live, visitor)
    pending = live.session.pending()
    if roll is None or pending is None:
        return ""
    state = live.session.state
    hidden = frozenset() if visitor.is_gm else tracker.access.hidden(live.id)
    choice = "tactics"
    if roll.action is not None:
        listed = offered(live.ruleset, state, pending, visitor.is_gm, hidden) or []
        numbers = [i for i, c in enumerate(listed) if c.action == roll.action]
        if not numbers:
            return ""
        choice = str(numbers[0])
    unseen = unseen_names(state, hidden)
    need = roll.need
    expected, decision = roll.length, live.decision()
    if not visitor.is_gm:  # a player's page names their own view (see Tracker.board_view)
        shown = tracker.board_view(live, visitor)
        expected, decision = shown.version, shown.decision
    return render(
        "roll.html",
        eid=live.id,
        expected=expected,
        decision=decision,
        choice=choice,
        need=need,
        purpose=scrub(need.purpose, unseen),
        problem=scrub(need.problem, unseen),
        answers=json.dumps(need.answers),
        actor=state.combatants[roll.actor].name if roll.actor in state.combatants else "the round",
    )


async def undo(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = await tracker.fight(request, visitor)
    await live.undo(expected_field(form))
    await tracker.delivery.sent(live.id)  # the other pages first
    return board_response(tracker, live, visitor)


async def redo(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = await tracker.fight(request, visitor)
    await live.redo(expected_field(form))
    await tracker.delivery.sent(live.id)  # the other pages first
    return board_response(tracker, live, visitor)


def read_spec(text: str) -> dict[str, Any]:
    """A new combatant's entry, read and its names checked as a scenario file's are (this
    blocks: run it off the event loop)."""
    try:
        spec = load_yaml(text)
    except YamlProblem as exc:
        raise Problem(400, f"spec: not valid YAML: {exc}") from None
    if not isinstance(spec, dict):
        raise Problem(400, "spec: expected a mapping (one combatant, as in a scenario file)")
    bad = label_problems(spec)  # the one check of names and sides (validated_spec asks it too)
    if bad:
        raise InvalidField(f"spec.{bad[0]}")
    return spec


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
        raise AssertionError("read by read_spec, off the event loop")
    if kind == "remove-combatant":
        return GmRemoveCombatant(target=target_field(form, live))
    if kind == "end":
        winner = text_field(form, "winner", required=False) or None
        sides = {c.side for c in state.combatants.values()}
        if winner is not None and winner not in sides:
            raise Problem(400, f"winner: no side called {winner!r}")
        reason = label_field(form, "reason", required=False) or "the GM ended the fight"
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
    live = await tracker.fight(request, visitor)
    expected = expected_field(form)
    action: Override
    if text_field(form, "kind") == "add-combatant":
        text = text_field(form, "spec", limit=20_000)
        action = GmAddCombatant(spec=await tracker.read_input("spec", lambda: read_spec(text)))
    else:
        action = _override(form, live)
    if type(action) not in tuple(live.ruleset.override_types()):
        raise Problem(400, f"kind: the {live.ruleset.name} ruleset does not support this override")
    roller = TableRoller([], engine_roller(tracker.seed, live.id, live.length))
    await live.act(action, roller, expected)
    await tracker.delivery.sent(live.id)  # the other pages first
    return board_response(tracker, live, visitor, oob("tools", tracker.tools_html(live, visitor)))


async def hide(tracker: Tracker, request: Request) -> Response:
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = await tracker.fight(request, visitor)
    target = target_field(form, live)
    value = text_field(form, "hidden")
    if value not in ("0", "1"):
        raise Problem(400, "hidden: must be 0 or 1")
    await tracker.access.set_hidden(live.id, target, value == "1")
    live.changed()
    return HTMLResponse(tracker.tools_html(live, visitor))


async def players(tracker: Tracker, request: Request) -> Response:
    """Create a join link for a player (shown once: only its hash is kept) or revoke one."""
    visitor = tracker.need_gm(request)
    form = await tracker.form(request, visitor)
    live = await tracker.fight(request, visitor)
    revoke = text_field(form, "revoke", required=False, limit=64)
    if revoke:
        if not await tracker.access.revoke(live.id, revoke):
            raise Problem(400, "revoke: no such join link")
        tracker.forget(revoke)  # its open pages are told at once, not a second later
        live.changed()
        return HTMLResponse(tracker.tools_html(live, visitor))
    label = label_field(form, "label", limit=60)
    chosen = [c for c in form.getlist("combatants") if isinstance(c, str)]
    if not chosen:
        raise Problem(400, "combatants: choose at least one combatant for this player")
    for cid in chosen:
        if cid not in live.session.state.combatants:
            raise Problem(400, f"combatants: no combatant {cid!r} in this fight")
    token = await tracker.access.new_player_token(live.id, label, chosen)
    base = tracker.public_url or str(request.base_url).rstrip("/")
    link = f"{base}/join/{token}"
    return HTMLResponse(tracker.tools_html(live, visitor, link=link))
