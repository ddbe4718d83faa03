"""A player's board is built from the player view alone, its version too: a change the
player may not see (the GM heals a hidden combatant, a hidden combatant acts) gives the
player's page nothing new (the same board, no frame on its stream), and a page shown before
such a change still acts; a change the player sees moves their board on."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from fracas.web.tracker import PLAYER_COOKIE
from tests.web.conftest import Tab, length_of
from tests.web.test_api import board_length, create_toy, lines, player_tab

pytestmark = pytest.mark.anyio


def decision_of(html: str) -> str:
    found = re.search(r'data-decision="([^"]*)"', html)
    assert found
    return found.group(1)


async def heal(gm: Tab, eid: int, target: str, amount: int) -> None:
    n = await board_length(gm, eid)
    response = await gm.post(
        f"/e/{eid}/override", {"expected": n, "kind": "hp", "target": target, "amount": amount}
    )
    assert response.status_code == 200, response.text


async def test_a_change_hidden_from_a_player_gives_their_page_nothing_new(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    await gm.post(f"/e/{eid}/hide", {"target": "Cat", "hidden": "1"})
    player = await player_tab(app, gm, eid, ["Ann"])
    tracker = app.state.tracker
    live = tracker.hub.get(eid)
    visitor = tracker.access.visitor(player.client.cookies[PLAYER_COOKIE])
    feed = tracker.delivery.subscribe(live, visitor)  # the player's open page's stream
    feed.take()
    before = (await player.get(f"/e/{eid}/board")).text
    version = live.version
    await heal(gm, eid, "Cat", -3)  # the GM hurts the hidden Cat
    assert live.version > version  # the fight moved on (the GM's pages are told)
    assert (await player.get(f"/e/{eid}/board")).text == before  # not a byte differs
    assert not feed.waiting, "the player's page was sent a board for a change it cannot see"
    await heal(gm, eid, "Bob", -6)  # Bob, whom the player sees, is hurt: that shows
    after = (await player.get(f"/e/{eid}/board")).text
    assert length_of(after) == length_of(before) + 1
    assert decision_of(after) != decision_of(before)
    assert feed.waiting
    tracker.delivery.unsubscribe(feed)
    await player.client.aclose()


async def test_a_players_page_shown_before_a_hidden_change_still_acts(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    await gm.post(f"/e/{eid}/hide", {"target": "Cat", "hidden": "1"})
    player = await player_tab(app, gm, eid, ["Ann"])  # Ann acts first
    page = (await player.get(f"/e/{eid}/board")).text
    assert 'id="act"' in page
    await heal(gm, eid, "Cat", 2)
    n = len(lines(app, eid))
    done = await player.post(
        f"/e/{eid}/act",
        {"expected": length_of(page), "decision": decision_of(page), "choice": "tactics"},
    )
    assert done.status_code == 200, unescape(done.text)
    assert lines(app, eid)[n]["actor"] == "Ann"
    assert "Cat" not in unescape(done.text)
    await player.client.aclose()


async def test_a_players_board_names_no_count_of_the_fights_events(
    app_and_gm: Any, tmp_path: Path
) -> None:
    """Neither the version, nor the decision, nor the ``expected`` a player's page posts
    is the fight's own counter (which moves with hidden changes too)."""
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    await gm.post(f"/e/{eid}/hide", {"target": "Cat", "hidden": "1"})
    player = await player_tab(app, gm, eid, ["Ann"])
    first = (await player.get(f"/e/{eid}/board")).text
    for amount in (-1, -1, 1):
        await heal(gm, eid, "Cat", amount)
    page = (await player.get(f"/e/{eid}/board")).text
    live = app.state.tracker.hub.get(eid)
    assert page == first
    assert f'data-length="{live.length}"' not in page
    assert f'data-version="{live.version}"' not in page
    assert f".{live.length}." not in decision_of(page)
    await player.client.aclose()
