"""The tracker in a real browser: Playwright driving Debian's chromium (never a downloaded
browser) against a real ``fracas serve``. A GM creates an encounter from an example, runs a
round with the engine's dice while a player's phone page follows live, enters a physical
roll, undoes it; the player's page is refused when it acts out of turn.

Screenshots go to ``$FRACAS_SCREENSHOTS`` when it is set (``docs/`` for the docs: see
docs/tracker.md), else to the test's temporary folder."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.servers import ROOT, Browserless, Relay, Server, length_of, start

playwright = pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SEED = 1  # the engine's dice, repeatable: the same clicks give the same fight
EXAMPLE = ROOT / "examples/percentile/joanne-vs-ondkille.yaml"

pytestmark = pytest.mark.skipif(
    shutil.which(CHROMIUM) is None, reason="Debian's chromium is not installed (see .ci/run)"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = start(tmp_path / "table.db", seed=SEED)
    yield s
    s.stop()


def shots(tmp_path: Path) -> Path:
    where = os.environ.get("FRACAS_SCREENSHOTS")
    return Path(where) if where else tmp_path


def acting(page: Page) -> str:
    """The name of the combatant whose turn it is (marked in the page's turn order)."""
    return page.locator("ol.order li.current").inner_text().strip()


def settled(page: Page) -> None:
    """Wait until htmx has swapped, settled and taken over the page's new forms."""
    page.wait_for_function(
        """() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')
              && [...document.querySelectorAll('form[hx-post]')]
                   .every(f => f['htmx-internal-data'] !== undefined)"""
    )


def log_of(page: Page, url: str) -> list[dict[str, object]]:
    text = page.request.get(url).text()
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_a_round_at_the_table(browser: Browser, server: Server, tmp_path: Path) -> None:
    out = shots(tmp_path)
    gm_context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 860})
    gm = gm_context.new_page()
    gm.goto(f"{server.url}/login?token={server.gm_token}")
    expect(gm.locator("h2", has_text="New encounter")).to_be_visible()

    # create the encounter from an example file, uploaded through the form
    gm.set_input_files("#create input[name=file]", str(EXAMPLE))
    gm.click("#create button.primary")
    gm.wait_for_url("**/e/*")
    eid = int(gm.url.rsplit("/", 1)[1])
    expect(gm.locator("#live")).to_have_text("● live")
    first = acting(gm)
    other = next(n for n in ("Joanne", "Ondkille") if n != first)

    # a join link for the player of the combatant who does not act first
    gm.fill("#new-player input[name=label]", "Sam")
    gm.check(f"#new-player input[value={other}]")
    gm.click("#new-player button")
    link = gm.locator("#join-link").input_value()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    player = phone.new_page()
    player.goto(link)
    expect(player.locator("#live")).to_have_text("● live")
    expect(player.locator(".waiting")).to_contain_text(f"Waiting for {first}")

    # out of turn: the player's page is refused, and nothing changes
    before = log_of(gm, f"/e/{eid}/log.jsonl")
    player.evaluate(  # the player's page as it is (its own view's version: data-length)
        """(eid) => htmx.ajax('POST', `/e/${eid}/act`, {values: {
             expected: document.querySelector('[data-length]').dataset.length,
             choice: 'tactics'}, target: '#board'})""",
        eid,
    )
    expect(player.locator("#message")).to_contain_text("not your turn")
    assert log_of(gm, f"/e/{eid}/log.jsonl") == before

    # a round with the engine's dice: the GM acts for the first, the player for their own
    settled(gm)
    gm.click("#tactics")
    expect(player.locator("#act h2"), "the player's page updates live").to_contain_text(other)
    settled(player)
    player.click("#tactics")
    expect(gm.locator(".status .round")).to_have_text("Round 2")
    expect(player.locator(".status .round")).to_have_text("Round 2")
    expect(player.locator(f'.card[data-id="{first}"] .bar')).to_have_count(0)  # no numbers
    expect(player.locator(f'.card[data-id="{other}"] .bar')).not_to_have_count(0)  # their own

    # physical dice: the GM types them in, one at a time, each checked
    gm.check("input[name=dice][value=table]")
    settled(gm)
    gm.click("#tactics")  # the first declaration needs no dice
    expect(gm.locator("#act h2")).to_contain_text(other)
    gm.check("input[name=dice][value=table]")
    settled(gm)
    gm.click("#tactics")
    expect(gm.locator("#roll")).to_be_visible()
    settled(gm)
    gm.screenshot(path=str(out / "tracker-roll.png"))
    gm.fill("#answer", "101")
    gm.press("#answer", "Enter")
    expect(gm.locator("#roll .problem")).to_contain_text("impossible")
    settled(gm)  # htmx has taken over the new form before anything is typed into it
    purpose = gm.locator("#roll .purpose").inner_text().split(" — roll ")[0]
    gm.fill("#answer", "42")
    with gm.expect_response(lambda r: r.url.endswith("/act")):
        gm.press("#answer", "Enter")
    for _ in range(40):  # the engine rolls the rest of the round's dice
        settled(gm)
        if gm.locator("#roll").count() == 0:
            break
        with gm.expect_response(lambda r: r.url.endswith("/act")):
            gm.click("#roll button[name=engine_die]")
    expect(gm.locator("#roll")).to_have_count(0)
    expect(gm.locator(".status .round")).to_have_text("Round 3")
    log = log_of(gm, f"/e/{eid}/log.jsonl")
    assert {"type": "Rolled", "purpose": purpose, "dice": "D100", "value": 42} in log

    # undo with the keyboard: the round's resolution is gone, on both pages
    gm.locator("body").click(position={"x": 5, "y": 200})
    gm.keyboard.press("Control+z")
    expect(gm.locator(".status .round")).to_have_text("Round 2")
    expect(player.locator(".status .round")).to_have_text("Round 2")
    assert len(log_of(gm, f"/e/{eid}/log.jsonl")) < len(log)
    settled(gm)
    gm.click("#redo")
    expect(gm.locator(".status .round")).to_have_text("Round 3")
    assert log_of(gm, f"/e/{eid}/log.jsonl") == log
    gm_context.close()
    phone.close()


def test_a_player_picks_a_listed_action_on_their_phone(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    out = shots(tmp_path)
    gm_context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 860})
    gm = gm_context.new_page()
    gm.goto(f"/login?token={server.gm_token}")
    gm.fill("#create input[name=path]", str(ROOT / "examples/exp/bar-brawl.yaml"))
    gm.click("#create button.primary")
    gm.wait_for_url("**/e/*")
    eid = int(gm.url.rsplit("/", 1)[1])
    first = acting(gm)
    cards = gm.locator(".card")
    names = [cards.nth(i).locator("h3").inner_text() for i in range(cards.count())]
    sides = {n: gm.locator(f'.card[data-id="{n}"] .side').inner_text() for n in names}
    mine = [n for n in names if sides[n] != sides[first]]
    gm.fill("#new-player input[name=label]", "Sam")
    for name in mine:
        gm.check(f"#new-player input[value={name}]")
    gm.click("#new-player button")
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, device_scale_factor=2
    )
    player = phone.new_page()
    player.goto(gm.locator("#join-link").input_value())
    expect(player.locator("#live")).to_have_text("● live")
    settled(gm)
    while acting(gm) not in mine:
        with gm.expect_response(lambda r: r.url.endswith("/act")):
            gm.click("#tactics")
        settled(gm)  # the answer is swapped in before the turn is read from the page
    turn = acting(gm)
    expect(player.locator("#act h2")).to_contain_text(turn)
    for name in names:
        card = player.locator(f'.card[data-id="{name}"]')
        for part in (".bar", "dl"):
            if name in mine:
                expect(card.locator(part), name).not_to_have_count(0)
            else:
                expect(card.locator(part), name).to_have_count(0)
    player.screenshot(path=str(out / "tracker-player.png"), full_page=True)
    settled(player)
    button = player.locator("#act .choice-group > .choices button").first  # not folded away
    label = button.inner_text()
    button.click()
    expect(player.locator("#act")).to_have_count(0)
    acted = [e for e in log_of(gm, f"/e/{eid}/log.jsonl") if e["type"] == "Acted"]
    assert acted[-1]["actor"] == turn
    expect(gm.locator("#log")).to_contain_text(turn)
    gm.screenshot(path=str(out / "tracker-gm.png"), full_page=True)
    print(f"\n{turn}'s player chose {label!r} on the phone page")
    gm_context.close()
    phone.close()


def test_a_page_that_lost_its_connection_reconnects_and_catches_up(
    browser: Browser, tmp_path: Path, relay: Relay
) -> None:
    db = tmp_path / "table.db"
    first = start(db, seed=SEED)
    relay.target = first.port  # the page's address, kept while the server starts again
    context = browser.new_context(base_url=relay.url)
    gm = context.new_page()
    try:
        gm.goto(f"/login?token={first.gm_token}")
        gm.fill("#create input[name=path]", str(EXAMPLE))
        gm.click("#create button.primary")
        gm.wait_for_url("**/e/*")
        eid = int(gm.url.rsplit("/", 1)[1])
        expect(gm.locator("#live")).to_have_text("● live")
        shown = int(gm.locator("[data-length]").get_attribute("data-length") or 0)
    finally:
        first.kill()
    expect(gm.locator("#live")).to_have_text("reconnecting…")
    again = start(db, seed=SEED)  # on a free port (another, if that one is taken meanwhile)
    relay.target = again.port
    try:
        other = Browserless(again.url)
        other.get(f"/login?token={again.gm_token}")
        response = other.post(f"/e/{eid}/act", {"expected": shown, "choice": "tactics"})
        assert response.status_code == 200, response.text
        moved = length_of(response.text)
        expect(gm.locator("#live")).to_have_text("● live")
        expect(gm.locator("[data-length]")).to_have_attribute("data-length", str(moved))
        other.close()
    finally:
        context.close()
        again.stop()
