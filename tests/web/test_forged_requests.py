"""A player trying to act beyond their rights: every state-changing route of the app (read
from its routes, so a new one is covered), posted with a player's token, another
encounter's player's token, a revoked token, no token, or a GM's session with a player's
CSRF token; a replayed request; another encounter's id. Each is refused with a status and a
message, and nothing changes: not the logs, not the tracker's own tables."""

from __future__ import annotations

import json
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from starlette.routing import Route

from tests.web.conftest import TOY_SCENARIO, Tab, new_tab
from tests.web.test_api import board_length, create_toy, lines, player_tab

pytestmark = pytest.mark.anyio

#: the routes a player may post to for their own encounter (each checks what they may do)
PLAYERS_ROUTES = {"/e/{eid}/act", "/e/{eid}/dice", "/e/{eid}/roll/cancel"}


def post_routes(app: Any) -> list[str]:
    found = []
    for route in app.routes:
        if isinstance(route, Route) and "POST" in (route.methods or ()):
            found.append(route.path.replace("{eid:int}", "{eid}").replace("{did:int}", "{did}"))
    return found


def snapshot(app: Any, eids: list[int]) -> str:
    """Everything a refused request must leave as it was."""
    tracker = app.state.tracker
    access = tracker.access
    return json.dumps(
        {
            "logs": {e: tracker.store.lines(e) for e in eids},
            "hidden": {e: sorted(access.hidden(e)) for e in eids},
            "players": {e: [repr(p) for p in access.players(e)] for e in eids},
            "archived": sorted(access.archived()),
            "drafts": access.drafts(),
            "encounters": [str(r) for r in tracker.store.encounters()],
        },
        default=str,
    )


FORM = {
    "expected": "0",
    "choice": "0",
    "kind": "end",
    "target": "Cat",
    "hidden": "0",
    "shared": "1",
    "actor": "Cat",
    "dice": "table",
    "label": "Eve",
    "combatants": "Cat",
    "confirm": "toy",
    "name": "x",
    "path": "toy.yaml",
}


async def test_every_post_route_refuses_whoever_may_not_use_it_and_changes_nothing(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    other = await create_toy(gm, tmp_path)
    await gm.post(f"/e/{eid}/hide", {"target": "Cat", "hidden": "1"})
    ann = await player_tab(app, gm, eid, ["Ann"])  # this encounter's player
    stranger = await player_tab(app, gm, other, ["Ann"])  # the other encounter's player
    revoked = await player_tab(app, gm, eid, ["Bob"])
    link = next(p for p in app.state.tracker.access.players(eid) if p.combatants == ("Bob",))
    await gm.post(f"/e/{eid}/players", {"revoke": link.token_hash})
    nobody = Tab(await new_tab(app))
    (tmp_path / "toy.yaml").write_text(TOY_SCENARIO)
    before = snapshot(app, [eid, other])
    routes = post_routes(app)
    assert "/e/{eid}/act" in routes and "/encounters" in routes  # the list is read right
    for template in routes:
        url = template.format(eid=eid, did=1)
        visitors: list[tuple[str, Tab, set[int]]] = [
            ("another encounter's player", stranger, {403}),
            ("a revoked link", revoked, {401}),
            ("no token", nobody, {401}),
        ]
        if template not in PLAYERS_ROUTES:
            visitors.append(("this encounter's player", ann, {403}))
        for who, tab, statuses in visitors:
            answer = await tab.post(url, dict(FORM))
            assert answer.status_code in statuses, (url, who, answer.status_code, answer.text)
            message = unescape(answer.text)
            assert "no access" in message or "only the GM" in message or "another" in message, (
                url,
                who,
                message,
            )
            assert "Cat" not in message and "Traceback" not in message
        # the GM's session with a player's CSRF token (a page of another visitor's)
        forged = Tab(gm.client)
        forged.csrf = ann.csrf
        answer = await forged.post(url, dict(FORM))
        assert answer.status_code == 403 and "csrf" in answer.text, (url, answer.text)
    assert snapshot(app, [eid, other]) == before


async def test_a_player_may_not_post_to_their_own_routes_for_another_encounter(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    other = await create_toy(gm, tmp_path)
    ann = await player_tab(app, gm, eid, ["Ann"])
    before = snapshot(app, [eid, other])
    for template in PLAYERS_ROUTES:
        for target in (other, 999):
            answer = await ann.post(template.format(eid=target), dict(FORM, actor="Ann"))
            assert answer.status_code == 403, (template, target, answer.text)
            assert "another encounter" in unescape(answer.text)
    assert snapshot(app, [eid, other]) == before


async def test_a_replayed_action_is_refused_and_acts_once(app_and_gm: Any, tmp_path: Path) -> None:
    """The same POST sent twice (a double click, a replay by hand): the first acts, the
    second is told the fight moved on, and the log holds the action once."""
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    page = (await gm.get(f"/e/{eid}/board")).text
    decision = page.split('data-decision="', 1)[1].split('"', 1)[0]
    form = {"expected": n, "decision": decision, "choice": "tactics"}
    first = await gm.post(f"/e/{eid}/act", form)
    assert first.status_code == 200, first.text
    after = lines(app, eid)
    again = await gm.post(f"/e/{eid}/act", form)
    assert again.status_code == 409 and "moved on" in unescape(again.text)
    assert lines(app, eid) == after
    # and an undo replayed undoes once
    undo = await gm.post(f"/e/{eid}/undo", {"expected": len(after)})
    assert undo.status_code == 200
    undone = lines(app, eid)
    assert len(undone) == n
    assert (await gm.post(f"/e/{eid}/undo", {"expected": len(after)})).status_code == 409
    assert lines(app, eid) == undone


async def test_the_gm_is_told_404_for_an_encounter_that_does_not_exist(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    before = snapshot(app, [eid])
    for template in post_routes(app):
        if "{eid}" not in template:
            continue
        answer = await gm.post(template.format(eid=eid + 50), dict(FORM))
        assert answer.status_code == 404, (template, answer.text)
        assert f"no encounter with id {eid + 50}" in answer.text
    assert snapshot(app, [eid]) == before
