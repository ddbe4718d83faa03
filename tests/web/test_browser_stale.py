"""Stale pages in a real browser (Playwright and Debian's chromium, as test_browser.py):
a page that reconnects to a restarted server shows its board, whatever its version; the GM
tab that loses a race sees its 409 and the board as it is, and its next click cannot land
on the next combatant's decision by accident."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.servers import ROOT, Browserless, Relay, length_of, start

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Browser, Page, Route, expect, sync_playwright

from tests.web.test_browser import ARGS, CHROMIUM, SEED, settled

pytestmark = pytest.mark.skipif(
    shutil.which(CHROMIUM) is None, reason="Debian's chromium is not installed (see .ci/run)"
)
EXAMPLE = ROOT / "examples/percentile/joanne-vs-ondkille.yaml"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def shown_board(page: Page) -> tuple[int, int]:
    """The log length and the version of the board the page shows."""
    board = page.locator("[data-board]")
    key = board.get_attribute("data-board") or ""
    return int(board.get_attribute("data-length") or 0), int(key.rsplit(".", 1)[1])


def open_fight(page: Page, url: str, token: str) -> int:
    page.goto(f"{url}/login?token={token}")
    page.fill("#create input[name=path]", str(EXAMPLE))
    page.click("#create button.primary")
    page.wait_for_url("**/e/*")
    expect(page.locator("#live")).to_have_text("● live")
    return int(page.url.rsplit("/", 1)[1])


def test_a_page_reconnecting_to_a_restarted_server_shows_its_board_even_at_the_same_version(
    browser: Browser, tmp_path: Path, relay: Relay
) -> None:
    """The new server counts versions from 0 again: when its version for the fight is the
    one the page shows, the page must still take the board (its log is further on)."""
    db = tmp_path / "table.db"
    first = start(db, seed=SEED)
    relay.target = first.port  # the page's address, kept while the server starts again
    context = browser.new_context(base_url=relay.url)
    gm = context.new_page()
    try:
        eid = open_fight(gm, relay.url, first.gm_token)
        for _ in range(2):  # a few changes, so the page shows a version past 0
            settled(gm)
            with gm.expect_response(lambda r: r.url.endswith("/act")) as answer:
                gm.click("#tactics")
            # the answer's board, once htmx has swapped it in (the DOM lags the response)
            shows = str(length_of(answer.value.text()))
            expect(gm.locator("[data-length]")).to_have_attribute("data-length", shows)
        settled(gm)
        length, version = shown_board(gm)
        assert version > 0
        gm.route("**/stream", lambda route: route.abort())  # hold the page off a while
    finally:
        first.kill()
    expect(gm.locator("#live")).to_have_text("reconnecting…")
    again = start(db, seed=SEED)  # on a free port (another, if that one is taken meanwhile)
    relay.target = again.port
    try:
        other = Browserless(again.url)
        other.get(f"/login?token={again.gm_token}")
        n = length_of(other.get(f"/e/{eid}/board").text)  # the fight at version 0
        for _ in range(version):  # the new server's version now equals the page's
            response = other.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
            assert response.status_code == 200, response.text
            n = length_of(response.text)
        assert n != length
        gm.unroute("**/stream")
        expect(gm.locator("#live")).to_have_text("● live")
        expect(gm.locator("[data-length]")).to_have_attribute("data-length", str(n))
        other.close()
    finally:
        context.close()
        again.stop()


def test_the_gm_tab_that_loses_a_race_shows_its_409_and_the_fight_as_it_is(
    browser: Browser, tmp_path: Path
) -> None:
    server = start(tmp_path / "table.db", seed=SEED)
    context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 860})
    try:
        tab_a = context.new_page()
        eid = open_fight(tab_a, server.url, server.gm_token)
        tab_b = context.new_page()
        tab_b.goto(f"/e/{eid}")
        expect(tab_b.locator("#live")).to_have_text("● live")
        settled(tab_a)
        settled(tab_b)
        before = shown_board(tab_a)[0]

        held: list[Route] = []
        tab_a.route("**/act", lambda route: held.append(route))
        tab_a.click("#tactics")  # tab A's click: held on its way to the server
        tab_a.wait_for_function("() => true")
        with tab_b.expect_response(lambda r: r.url.endswith("/act")) as won:
            tab_b.click("#tactics")  # tab B wins
        assert won.value.status == 200
        after = length_of(won.value.text())  # the answer, not the DOM: htmx swaps it later
        assert after > before
        expect(tab_b.locator("[data-length]")).to_have_attribute("data-length", str(after))
        # tab A's stream brings B's change while A's own click is held: the page keeps it
        # back until A's answer (see tracker.js); whichever comes first, the result below
        # is the same, so nothing here waits for the stream
        tab_a.wait_for_function("() => true")  # lets Playwright hand the held route over
        deadline = time.monotonic() + 30
        while not held and time.monotonic() < deadline:
            tab_a.wait_for_function("() => true")
        assert held, "tab A's click never reached the network"
        tab_a.evaluate(  # note whether the act buttons were held back after the answer
            """() => { window.heldBack = false;
                 new MutationObserver(() => {
                   const t = document.getElementById('tactics');
                   if (t && t.disabled && t.closest('#act.moved-on')) { window.heldBack = true; }
                 }).observe(document.body, {subtree: true, attributes: true, childList: true});
               }"""
        )
        with tab_a.expect_response(lambda r: r.url.endswith("/act")) as answer:
            held[0].continue_()
        assert answer.value.status == 409
        expect(tab_a.locator("#message")).to_contain_text("moved on")
        expect(tab_a.locator("[data-length]")).to_have_attribute("data-length", str(after))
        # the next click, meant for the decision that is gone, does not act at once for the
        # next one: the buttons wait a moment, and the page says the fight moved on
        tab_a.wait_for_function("() => window.heldBack === true")
        acted: list[Any] = [
            line
            for line in tab_a.request.get(f"/e/{eid}/log.jsonl").text().splitlines()
            if '"type":"Acted"' in line
        ]
        assert len(acted) == 1
    finally:
        context.close()
        server.stop()


def test_a_players_phone_never_shows_a_hidden_enemy_among_its_choices(
    browser: Browser, tmp_path: Path
) -> None:
    server = start(tmp_path / "table.db", seed=0)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        gm = Browserless(server.url)
        gm.get(f"/login?token={server.gm_token}")
        eid = gm.create(ROOT / "examples/starflight/firefight.yaml")
        gm.post(f"/e/{eid}/hide", {"target": "sskar", "hidden": "1"})
        tools = gm.post(f"/e/{eid}/players", {"label": "Tom", "combatants": ["tomas"]}).text
        link = re.search(r'value="(http://[^"]+/join/[^"]+)"', tools)
        assert link
        player = phone.new_page()
        player.goto(link.group(1))
        expect(player.locator("#live")).to_have_text("● live")
        for _ in range(40):  # the GM lets the tactics act until it is Tomas's turn
            board = gm.get(f"/e/{eid}/board").text
            if re.search(r'<li class="current[^"]*" data-cid="tomas"', board):
                break
            gm.post(f"/e/{eid}/act", {"expected": length_of(board), "choice": "tactics"})
        else:
            raise AssertionError("Tomas's turn never came")
        expect(player.locator("#act")).to_be_visible()  # the stream brought it to the phone
        settled(player)
        assert "Sskar" not in player.locator("body").inner_text()
        values = player.eval_on_selector_all(
            "#act button.choice", "buttons => buttons.map(b => Number(b.value))"
        )
        assert sorted(values) == list(range(len(values)))
        n = len(gm.get(f"/e/{eid}/log.jsonl").text.splitlines())
        with player.expect_response(lambda r: r.url.endswith("/act")) as answer:
            player.locator("#act .choice-group > .choices button").last.click()
        assert answer.value.status == 200
        log = gm.get(f"/e/{eid}/log.jsonl").text.splitlines()
        assert len(log) > n and "sskar" not in log[n]
        gm.close()
    finally:
        phone.close()
        server.stop()
