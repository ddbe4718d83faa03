"""A page never acts on, or shows as live, a fight that has moved on: an action names the
decision it answers, boards are named by encounter, server instance and version, and a
refused page gets the board as it is now."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import length_of
from tests.web.test_api import create_toy, lines

pytestmark = pytest.mark.anyio


def decision_of(html: str) -> str:
    found = re.search(r'name="decision" value="([^"]+)"', html)
    assert found, html[:300]
    return found.group(1)


async def test_an_action_names_its_decision_and_a_stale_one_is_refused_after_an_undo(
    app_and_gm: Any, tmp_path: Path
) -> None:
    """Undo and another action bring the log back to the same length: a page shown before
    them names a decision that is no longer the one the fight waits for."""
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    page = (await gm.get(f"/e/{eid}/board")).text
    n, old = length_of(page), decision_of(page)
    first = await gm.post(f"/e/{eid}/act", {"expected": n, "decision": old, "choice": "0"})
    assert first.status_code == 200
    m = length_of(first.text)
    await gm.post(f"/e/{eid}/undo", {"expected": m})
    again = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "1"})
    assert length_of(again.text) == m  # the same length as before, another fight
    before = lines(app, eid)
    stale = await gm.post(f"/e/{eid}/act", {"expected": m, "decision": old, "choice": "0"})
    assert stale.status_code == 409 and "moved on" in unescape(stale.text)
    assert lines(app, eid) == before


async def test_a_refused_stale_page_gets_the_board_as_it_is_now(
    app_and_gm: Any, tmp_path: Path
) -> None:
    _app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    page = (await gm.get(f"/e/{eid}/board")).text
    n, decision = length_of(page), decision_of(page)
    won = await gm.post(f"/e/{eid}/act", {"expected": n, "decision": decision, "choice": "0"})
    lost = await gm.post(f"/e/{eid}/act", {"expected": n, "decision": decision, "choice": "1"})
    assert lost.status_code == 409 and "moved on" in unescape(lost.text)
    assert lost.headers["hx-retarget"] == "#message"
    assert '<div id="board" hx-swap-oob="innerHTML">' in lost.text
    now = re.search(r'data-board="([^"]+)"', won.text)
    assert now and f'data-board="{now.group(1)}"' in lost.text


async def test_boards_are_named_by_encounter_server_instance_and_version(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    page = (await gm.get(f"/e/{eid}/board")).text
    key = re.search(r'data-board="(\d+)\.(\w+)\.(\d+)"', page)
    assert key and int(key.group(1)) == eid
    assert key.group(2) == app.state.tracker.hub.generation
    assert decision_of(page).startswith(f"{app.state.tracker.hub.generation}.")


async def test_a_players_choice_numbered_before_the_gm_hid_someone_is_refused(
    app_and_gm: Any, tmp_path: Path
) -> None:
    """A player's choices are numbered in a list that leaves the hidden out: once the GM
    hides or shows someone, a number from the page before may name another choice."""
    from tests.web.test_api import player_tab

    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    player = await player_tab(app, gm, eid, ["Ann"])
    page = (await player.get(f"/e/{eid}/board")).text
    shown, decision = length_of(page), decision_of(page)  # the player's view's version
    n = len(lines(app, eid))
    assert "Bob" in unescape(page)
    await gm.post(f"/e/{eid}/hide", {"target": "Bob", "hidden": "1"})
    stale = await player.post(
        f"/e/{eid}/act", {"expected": shown, "decision": decision, "choice": "0"}
    )
    assert stale.status_code == 409 and "moved on" in unescape(stale.text)
    assert len(lines(app, eid)) == n
    page = (await player.get(f"/e/{eid}/board")).text
    fresh = {"expected": length_of(page), "decision": decision_of(page), "choice": "0"}
    done = await player.post(f"/e/{eid}/act", fresh)
    assert done.status_code == 200
    assert lines(app, eid)[n]["action"]["target"] == "Cat"  # the first choice the player saw
    await player.client.aclose()
