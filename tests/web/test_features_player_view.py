"""The tracker's features (map, turn control, sticky dice, the players' feed, shared odds, the
conditions) under the player view's rules: a player's menus list only their own choices,
numbered as their action buttons are; every action names its decision and a stale one is
refused; shared odds tell nothing about a hidden combatant; the new routes keep the body
limits and the GM sessions' expiry."""

from __future__ import annotations

import copy
import json
import re
import sqlite3
import time
from html import unescape
from pathlib import Path
from typing import Any

import pytest
import yaml

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.engine.codec import encode_log
from fracas.scenario import load_scenario
from fracas.web import create_app
from fracas.web.limits import FORM_LIMIT
from fracas.web.odds_panel import players_note
from fracas.web.odds_work import estimate
from tests.web.conftest import EXAMPLES, Tab, length_of, new_tab
from tests.web.test_api import player_tab
from tests.web.test_hidden import create, seeded, until_the_player_acts

pytestmark = pytest.mark.anyio

__all__ = ["seeded"]  # the fixture, used here


def buttons(page: str) -> dict[int, str]:
    """The act form's choice buttons: number -> label."""
    found = re.findall(r'<button name="choice" value="(\d+)" class="choice">([^<]*)</button>', page)
    return {int(v): unescape(label) for v, label in found}


def map_menus(page: str) -> list[tuple[int, str]]:
    """Every (number, label) the map's menus post."""
    menus = re.search(r'<div class="map-menus">.*?</section>', page, re.S)
    assert menus, "no map menus on the page"
    found = re.findall(r"hx-vals='\{\"choice\": \"(\d+)\"\}'[^>]*>([^<]*)</button>", menus.group(0))
    return [(int(v), unescape(label)) for v, label in found]


def decision_of(page: str) -> str:
    found = re.search(r'data-decision="([^"]*)"', page)
    assert found
    return found.group(1)


async def test_a_players_map_menus_post_their_own_numbers_for_their_own_choices(
    seeded: Any,
) -> None:
    app, gm = seeded
    eid = await create(gm, "starflight/firefight.yaml")
    await gm.post(f"/e/{eid}/hide", {"target": "sskar", "hidden": "1"})
    player = await player_tab(app, gm, eid, ["tomas"])
    page = await until_the_player_acts(gm, player, eid)
    mine = buttons(page)
    menus = map_menus(page)
    assert menus, "the map offers moves"
    assert "sskar" not in page.lower()
    for value, label in menus:  # each one the same number and action as its button
        assert mine.get(value) == label, (value, label)
    # the GM's map posts the GM's own numbers (their list holds the hidden target's choices)
    gm_page = (await gm.get(f"/e/{eid}")).text
    theirs = buttons(gm_page)
    assert len(theirs) > len(mine)
    for value, label in map_menus(gm_page):
        assert theirs.get(value) == label, (value, label)
    # a map number the player posts acts on the player's list: the action its label names
    value, label = menus[0]
    n = len(app.state.tracker.hub.get(eid).session.log)
    shown = length_of(page)  # a player's page: the version of their own view
    done = await player.post(
        f"/e/{eid}/act",
        {"expected": shown, "decision": decision_of(page), "choice": str(value), "dice": "engine"},
    )
    assert done.status_code == 200, done.text
    acted = app.state.tracker.hub.get(eid).session.log[n]
    assert "sskar" not in json.dumps(acted.action, default=str)
    await player.client.aclose()


async def test_a_stale_map_or_skip_click_is_refused_and_the_page_says_the_fight_moved_on(
    seeded: Any,
) -> None:
    app, gm = seeded
    eid = await create(gm, "starflight/firefight.yaml")
    page = (await gm.get(f"/e/{eid}")).text
    skip = re.search(r'<button name="choice" value="(\d+)" id="skip-turn"', page)
    assert skip
    value, _ = map_menus(page)[0]
    n, decision = length_of(page), decision_of(page)
    other = Tab(await new_tab(app))  # a second GM tab acts first
    await other.get(f"/login?token={app.state.gm_token}")
    moved = await other.post(
        f"/e/{eid}/act", {"expected": n, "decision": decision, "choice": "tactics"}
    )
    assert moved.status_code == 200, moved.text
    now = len(app.state.tracker.hub.get(eid).session.log)
    for stale in (str(value), skip.group(1)):
        refused = await gm.post(
            f"/e/{eid}/act", {"expected": n, "decision": decision, "choice": stale}
        )
        assert refused.status_code == 409, refused.text
        assert "moved on" in unescape(refused.text)
        assert len(app.state.tracker.hub.get(eid).session.log) == now, "nothing changed"
    await other.client.aclose()


async def test_a_players_decision_is_stale_once_the_gm_hides_someone(seeded: Any) -> None:
    """The same log length, but the player's list was renumbered: a map or skip number from
    before is refused, not read against the new list."""
    app, gm = seeded
    eid = await create(gm, "starflight/firefight.yaml")
    player = await player_tab(app, gm, eid, ["tomas"])
    page = await until_the_player_acts(gm, player, eid)
    value, _ = map_menus(page)[-1]
    await gm.post(f"/e/{eid}/hide", {"target": "sskar", "hidden": "1"})
    n = len(app.state.tracker.hub.get(eid).session.log)
    shown = length_of(page)  # a player's page: the version of their own view
    refused = await player.post(
        f"/e/{eid}/act", {"expected": shown, "decision": decision_of(page), "choice": str(value)}
    )
    assert refused.status_code == 409 and "moved on" in unescape(refused.text)
    assert len(app.state.tracker.hub.get(eid).session.log) == n
    await player.client.aclose()


def roll_form(html: str) -> dict[str, str]:
    form = re.search(r'<section class="roll" id="roll">.*?</section>', html, re.S)
    assert form, "no die asked for"
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))


async def test_a_die_asked_for_is_shown_to_each_visitor_through_their_own_view(
    seeded: Any,
) -> None:
    """The GM asks for a die for the player's combatant (typed in from the table): the player's
    reloaded page shows it with the player's decision and the player's number for the same
    action; a stale roll form is refused."""
    app, gm = seeded
    eid = await create(gm, "starflight/firefight.yaml")
    await gm.post(f"/e/{eid}/hide", {"target": "sskar", "hidden": "1"})
    player = await player_tab(app, gm, eid, ["tomas"])
    page = await until_the_player_acts(gm, player, eid)
    mine = buttons(page)
    gm_page = (await gm.get(f"/e/{eid}")).text
    theirs = buttons(gm_page)
    n = length_of(gm_page)
    asked = None
    for gm_value, label in theirs.items():  # an action both lists hold, numbered apart
        player_value = next((v for v, x in mine.items() if x == label), None)
        if player_value is None or player_value == gm_value or not label.startswith("attack "):
            continue
        response = await gm.post(
            f"/e/{eid}/act",
            {
                "expected": n,
                "decision": decision_of(gm_page),
                "choice": str(gm_value),
                "dice": "table",
            },
        )
        if 'id="roll"' in response.text:
            asked = (gm_value, player_value, response.text)
            break
        assert length_of(response.text) == n, "no die asked: act on one that asks"
    assert asked, "an attack both lists hold asks for a die"
    gm_value, player_value, html = asked
    assert roll_form(html)["choice"] == str(gm_value)
    shown = (await player.get(f"/e/{eid}")).text
    form = roll_form(shown)
    assert form["choice"] == str(player_value)
    assert form["decision"] == decision_of(shown) != decision_of(gm_page)
    assert "sskar" not in shown.lower()
    # the player answers from it: the same action, their number
    answered = await player.post(f"/e/{eid}/act", {**form, "answer": "", "engine_die": "1"})
    assert answered.status_code in (200, 422), answered.text
    # a roll form from before the fight moved on is refused
    await gm.post(f"/e/{eid}/roll/cancel", {})
    await gm.post(
        f"/e/{eid}/act",
        {"expected": length_of((await gm.get(f"/e/{eid}")).text), "choice": "tactics"},
    )
    stale = await player.post(f"/e/{eid}/act", {**form, "answer": "3"})
    assert stale.status_code == 409 and "moved on" in unescape(stale.text)
    await player.client.aclose()


async def test_a_player_cannot_cancel_a_die_asked_for_someone_else(seeded: Any) -> None:
    app, gm = seeded
    eid = await create(gm, "percentile/joanne-vs-ondkille.yaml")
    live = app.state.tracker.hub.get(eid)
    n = length_of((await gm.get(f"/e/{eid}")).text)
    for _ in range(6):  # declarations need no dice: act until a die is asked for
        response = await gm.post(
            f"/e/{eid}/act", {"expected": n, "choice": "tactics", "dice": "table"}
        )
        if 'id="roll"' in response.text:
            break
        n = length_of(response.text)
    assert 'id="roll"' in response.text
    actor = live.session.pending().actor
    others = [c for c in live.session.state.combatants if c != actor]
    player = await player_tab(app, gm, eid, others)
    assert (await player.post(f"/e/{eid}/roll/cancel", {})).status_code == 204
    assert 'id="roll"' in (await gm.get(f"/e/{eid}")).text, "still asked"
    await player.client.aclose()


def _scenario(tmp_path: Path, hps: int) -> str:
    raw = yaml.safe_load((EXAMPLES / "exp/bar-brawl.yaml").read_text())
    raw = copy.deepcopy(raw)
    raw["combatants"][3]["hps"] = hps  # Marta, the one the GM hides
    path = tmp_path / f"brawl-{hps}.yaml"
    path.write_text(yaml.safe_dump(raw))
    loaded = load_scenario(path)
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(3))
    return encode_log(session.log).decode()


def test_shared_odds_tell_the_players_nothing_about_a_hidden_combatant(tmp_path: Path) -> None:
    """The players' odds are worked out without the hidden combatant: the same figures
    whether she is weak or ten times as tough (the GM's differ)."""
    weak, tough = _scenario(tmp_path, 44), _scenario(tmp_path, 440)
    players = [estimate("exp", text, "k", 7, without=("Marta",)) for text in (weak, tough)]
    assert players[0].chances == players[1].chances
    assert players[0].advice is None  # never the advised move
    gm_weak, gm_tough = (estimate("exp", text, "k", 7) for text in (weak, tough))
    assert gm_weak.chances != gm_tough.chances


async def test_the_gm_is_told_the_players_odds_leave_the_hidden_out(seeded: Any) -> None:
    _, gm = seeded
    eid = await create(gm, "exp/bar-brawl.yaml")
    shared = await gm.post(f"/e/{eid}/odds", {"shared": "1"})
    assert 'class="muted players-note"' not in shared.text  # nobody hidden
    await gm.post(f"/e/{eid}/hide", {"target": "Marta", "hidden": "1"})
    page = unescape((await gm.get(f"/e/{eid}/board")).text)
    assert players_note(1, True) in page
    assert "cannot take a combatant out" in players_note(2, False)


async def test_a_players_feed_names_no_hidden_combatant(seeded: Any) -> None:
    app, gm = seeded
    eid = await create(gm, "starflight/firefight.yaml")
    await gm.post(f"/e/{eid}/hide", {"target": "sskar", "hidden": "1"})
    player = await player_tab(app, gm, eid, ["rhea"])
    for _ in range(12):  # the tactics act, some of them at or by Sskar
        n = length_of((await gm.get(f"/e/{eid}/board")).text)
        await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
    told = "\n".join(app.state.tracker.hub.get(eid).narration.told)
    assert "Sskar" in told, "the GM's account names him: the test means something"
    feed = re.search(r'<ol id="log">.*?</ol>', (await player.get(f"/e/{eid}/board")).text, re.S)
    assert feed and "Sskar" not in unescape(feed.group(0))
    await player.client.aclose()


@pytest.mark.parametrize("route", ["odds", "mark", "dice", "roll/cancel"])
async def test_the_new_routes_keep_the_body_limit(seeded: Any, route: str) -> None:
    app, gm = seeded
    eid = await create(gm, "exp/bar-brawl.yaml")
    n = len(app.state.tracker.hub.get(eid).session.log)
    big = await gm.post(f"/e/{eid}/{route}", {"note": "x" * (FORM_LIMIT + 1)})
    assert big.status_code == 413
    assert len(app.state.tracker.hub.get(eid).session.log) == n


@pytest.mark.parametrize("route", ["odds", "mark", "dice", "roll/cancel"])
async def test_the_new_routes_refuse_an_expired_gm_session(tmp_path: Path, route: str) -> None:
    app = create_app(tmp_path / "t.db", session_days=1, scenario_dirs=[EXAMPLES])
    async with await new_tab(app) as client:
        gm = Tab(client)
        await gm.get(f"/login?token={app.state.gm_token}")
        eid = await create(gm, "exp/bar-brawl.yaml")
        with sqlite3.connect(tmp_path / "t.db") as con:
            con.execute("UPDATE web_tokens SET expires = ? WHERE label = 'session'", (time.time(),))
        n = len(app.state.tracker.hub.get(eid).session.log)
        data = {"shared": "1", "target": "Vera", "name": "dazed", "actor": "Vera", "dice": "table"}
        refused = await gm.post(f"/e/{eid}/{route}", {"expected": n, **data})
        assert refused.status_code == 401, refused.text
        assert len(app.state.tracker.hub.get(eid).session.log) == n
    app.state.tracker.close()


async def test_a_condition_naming_a_hidden_combatant_reaches_players_scrubbed(
    seeded: Any,
) -> None:
    app, gm = seeded
    eid = await create(gm, "starflight/firefight.yaml")
    await gm.post(f"/e/{eid}/hide", {"target": "sskar", "hidden": "1"})
    player = await player_tab(app, gm, eid, ["rhea"])
    n = length_of((await gm.get(f"/e/{eid}")).text)
    marked = await gm.post(
        f"/e/{eid}/mark",
        {"expected": n, "target": "rhea", "name": "pinned by Sskar", "note": "Sskar's ambush"},
    )
    assert marked.status_code == 200, marked.text
    assert "pinned by Sskar" in unescape(marked.text)  # the GM's own page names him
    page = unescape((await player.get(f"/e/{eid}/board")).text)
    assert "pinned by someone unseen" in page and "Sskar" not in page
    await player.client.aclose()
