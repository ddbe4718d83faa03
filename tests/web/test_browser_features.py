"""The tracker's table features in a real browser (Debian's chromium, as test_browser.py):
the battle map, at desktop and phone sizes.

Screenshots go to ``$FRACAS_SCREENSHOTS`` when it is set (``docs/``), else to the test's
temporary folder."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.servers import ROOT, Server, start
from tests.web.test_browser import ARGS, CHROMIUM, settled, shots

playwright = pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

pytestmark = pytest.mark.skipif(
    shutil.which(CHROMIUM) is None, reason="Debian's chromium is not installed (see .ci/run)"
)
FIREFIGHT = ROOT / "examples/starflight/firefight.yaml"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = start(tmp_path / "table.db", seed=3)
    yield s
    s.stop()


def log_of(page: Page, eid: int) -> list[dict[str, object]]:
    text = page.request.get(f"/e/{eid}/log.jsonl").text()
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def open_gm(
    browser: Browser, server: Server, path: Path, viewport: dict[str, int]
) -> tuple[Page, int]:
    context = browser.new_context(base_url=server.url, viewport=viewport)  # type: ignore[arg-type]
    gm = context.new_page()
    gm.goto(f"/login?token={server.gm_token}")
    gm.fill("#create input[name=path]", str(path))
    gm.click("#create button.primary")
    gm.wait_for_url("**/e/*")
    expect(gm.locator("#live")).to_have_text("● live")
    return gm, int(gm.url.rsplit("/", 1)[1])


#: the key of the move spot farthest from every token (a tap there is on the ground)
FAR_SPOT = """() => {
  const tokens = [...document.querySelectorAll('g.token')].map(
      t => [parseFloat(t.dataset.x), parseFloat(t.dataset.y)]);
  let best = null, far = -1;
  for (const s of document.querySelectorAll('circle.spot')) {
    const x = parseFloat(s.getAttribute('cx')), y = parseFloat(s.getAttribute('cy'));
    const d = Math.min(...tokens.map(([tx, ty]) => Math.hypot(tx - x, ty - y)));
    if (d > far) { far = d; best = s.dataset.spot; }
  }
  return best;
}"""


def pane(page: Page, tab: str) -> None:
    """On a phone, the GM's page shows one pane at a time: pick ``tab`` (no-op on a desktop)."""
    bar = page.locator("nav.phone-tabs")
    if bar.is_visible():
        bar.locator(f"button[data-tab={tab}]").click()


def csrf(page: Page) -> str:
    """The page's CSRF token (htmx sends it as a header with every request)."""
    headers = page.locator("body").get_attribute("hx-headers")
    assert headers
    token: str = json.loads(headers)["X-CSRF-Token"]
    return token


def tap(page: Page, selector: str) -> None:
    """A tap a little off the centre of ``selector``: the map finds what is nearest."""
    page.locator("svg.field").scroll_into_view_if_needed()
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2 + 2, box["y"] + box["height"] / 2 + 2)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_gm_moves_by_tapping_the_map(
    browser: Browser, server: Server, tmp_path: Path, viewport: dict[str, int]
) -> None:
    gm, eid = open_gm(browser, server, FIREFIGHT, viewport)
    pane(gm, "field")
    svg = gm.locator("svg.field")
    expect(svg.locator("g.token")).to_have_count(4)
    box = svg.bounding_box()
    assert box is not None and box["width"] <= viewport["width"]
    # a few turns by the tactics, until someone has shot at someone: its line is drawn
    for _ in range(10):
        settled(gm)  # the last answer is swapped in before the map is read
        if gm.locator("line.attack").count():
            break
        pane(gm, "act")
        with gm.expect_response(lambda r: r.url.endswith("/act")):
            gm.click("#tactics")
        pane(gm, "field")
    expect(gm.locator("line.attack")).to_have_count(1)
    settled(gm)
    actor = gm.locator("section.map").get_attribute("data-actor")
    assert actor
    key = gm.evaluate(FAR_SPOT)
    tap(gm, f'circle.spot[data-spot="{key}"]')
    menu = gm.locator(".map-menu[data-spot]:not([hidden])")
    expect(menu).to_have_count(1)
    expect(gm.locator("line.ghost")).to_have_attribute("visibility", "visible")
    if viewport is DESKTOP:
        gm.locator("section.map").screenshot(path=str(shots(tmp_path) / "tracker-map.png"))
    label = menu.locator("button").first.inner_text()
    before = len(log_of(gm, eid))
    with gm.expect_response(lambda r: r.url.endswith("/act")):
        menu.locator("button").first.click()
    log = log_of(gm, eid)
    assert log[before]["type"] == "Acted" and log[before]["actor"] == actor, label
    assert any(e["type"] == "Moved" and e["who"] == actor for e in log[before:])
    # a tap on another combatant lists the actions aimed at it
    settled(gm)
    actor = gm.locator("section.map").get_attribute("data-actor")
    other = gm.locator(f'g.token.aimable:not([data-token="{actor}"])').first
    if other.count():
        tap(gm, f'g.token[data-token="{other.get_attribute("data-token")}"] circle.disc')
        expect(gm.locator(".map-menu[data-for]:not([hidden])")).to_have_count(1)
        gm.keyboard.press("Escape")
        expect(gm.locator(".map-menu:not([hidden])")).to_have_count(0)


def test_a_player_sees_the_map_through_their_view_on_a_phone(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    gm, eid = open_gm(browser, server, FIREFIGHT, DESKTOP)
    hidden = gm.request.post(
        f"/e/{eid}/hide",
        form={"target": "ikkit", "hidden": "1"},
        headers={"X-CSRF-Token": csrf(gm)},
    )
    assert hidden.ok, hidden.text()
    gm.fill("#new-player input[name=label]", "Sam")
    gm.check("#new-player input[value=rhea]")
    gm.click("#new-player button")
    phone = browser.new_context(viewport=PHONE, is_mobile=True, device_scale_factor=2)  # type: ignore[arg-type]
    player = phone.new_page()
    player.goto(gm.locator("#join-link").input_value())
    expect(player.locator("#live")).to_have_text("● live")
    svg = player.locator("svg.field")
    expect(svg.locator("g.token")).to_have_count(3)
    expect(svg.locator('g.token[data-token="ikkit"]')).to_have_count(0)
    expect(svg.locator("g.token.mine")).to_have_count(1)
    box = svg.bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    player.locator("section.map").screenshot(path=str(shots(tmp_path) / "tracker-map-player.png"))
    phone.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_gm_sees_live_odds_and_shares_them(
    browser: Browser, server: Server, tmp_path: Path, viewport: dict[str, int]
) -> None:
    gm, _ = open_gm(browser, server, FIREFIGHT, viewport)
    pane(gm, "field")
    expect(gm.locator("section.odds ul.chances li")).to_have_count(2, timeout=120_000)
    expect(gm.locator("section.odds .advice")).to_contain_text("advised")
    if viewport is DESKTOP:
        gm.locator("section.odds").screenshot(path=str(shots(tmp_path) / "tracker-odds.png"))
    pane(gm, "tools")
    gm.fill("#new-player input[name=label]", "Sam")
    gm.check("#new-player input[value=rhea]")
    gm.click("#new-player button")
    pane(gm, "field")
    phone = browser.new_context(viewport=PHONE, is_mobile=True)  # type: ignore[arg-type]
    player = phone.new_page()
    player.goto(gm.locator("#join-link").input_value())
    expect(player.locator("#live")).to_have_text("● live")
    expect(player.locator("section.odds")).to_have_count(0)
    settled(gm)
    gm.click("section.odds button.share")
    expect(player.locator("section.odds ul.chances li")).to_have_count(2)
    expect(player.locator("section.odds .advice")).to_have_count(0)
    phone.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_gm_puts_on_timed_conditions_and_they_show_on_the_card(
    browser: Browser, server: Server, tmp_path: Path, viewport: dict[str, int]
) -> None:
    gm, _ = open_gm(browser, server, ROOT / "examples/exp/bar-brawl.yaml", viewport)
    first = gm.locator(".card").first.get_attribute("data-id")
    assert first
    for name, rounds, note in (("blessed", "3", "by Father Tuck"), ("stunned", "1", "")):
        settled(gm)
        pane(gm, "tools")
        gm.select_option("#mark-form select[name=target]", first)
        gm.fill("#mark-form input[name=name]", name)
        gm.fill("#mark-form input[name=rounds]", rounds)
        gm.fill("#mark-form input[name=note]", note)
        with gm.expect_response(lambda r: r.url.endswith("/mark")):
            gm.click("#mark-form button")
    pane(gm, "cards")
    card = gm.locator(f'.card[data-id="{first}"]')
    expect(card.locator('li.mark[data-mark="blessed"]')).to_contain_text("3 rounds left")
    expect(card.locator('li.mark[data-mark="blessed"]')).to_contain_text("by Father Tuck")
    expect(card.locator('li.mark.rules[data-mark="stunned"]')).to_contain_text("1 round left")
    expect(card.locator("ul.conditions")).to_contain_text("stunned")  # the rules' own, on
    if viewport is DESKTOP:
        gm.locator(".cards").screenshot(path=str(shots(tmp_path) / "tracker-conditions.png"))
    # taken off on the card, and back with undo
    settled(gm)
    with gm.expect_response(lambda r: r.url.endswith("/mark")):
        card.locator('li.mark[data-mark="blessed"] button').click()
    expect(card.locator('li.mark[data-mark="blessed"]')).to_have_count(0)
    settled(gm)
    gm.click("#undo")
    expect(card.locator('li.mark[data-mark="blessed"]')).to_contain_text("3 rounds left")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_gm_skips_a_turn_and_sees_initiative_in_the_order(
    browser: Browser, server: Server, tmp_path: Path, viewport: dict[str, int]
) -> None:
    gm, eid = open_gm(browser, server, ROOT / "examples/exp/bar-brawl.yaml", viewport)
    expect(gm.locator("ol.order li[data-init]")).to_have_count(4)
    actor = gm.locator("ol.order li.current").get_attribute("data-cid")
    before = len(log_of(gm, eid))
    settled(gm)
    with gm.expect_response(lambda r: r.url.endswith("/act")):
        gm.click("#skip-turn")
    log = log_of(gm, eid)
    assert log[before]["actor"] == actor
    assert log[before]["action"]["action"] == "Wait"  # type: ignore[index]
    expect(gm.locator("ol.order li.current")).not_to_have_attribute("data-cid", actor or "")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_typed_dice_stick_and_survive_a_reload(
    browser: Browser, server: Server, tmp_path: Path, viewport: dict[str, int]
) -> None:
    gm, _ = open_gm(browser, server, ROOT / "examples/percentile/joanne-vs-ondkille.yaml", viewport)
    for _ in range(6):
        settled(gm)
        with gm.expect_response(lambda r: r.url.endswith("/dice")):
            gm.check("input[name=dice][value=table]")
        gm.reload()
        expect(gm.locator("input[name=dice][value=table]")).to_be_checked()
        settled(gm)
        with gm.expect_response(lambda r: r.url.endswith("/act")):
            gm.click("#tactics")
        settled(gm)  # the answer is swapped in before the page is read
        if gm.locator("#roll").count():
            break
    expect(gm.locator("#roll")).to_be_visible()
    purpose = gm.locator("#roll .purpose").inner_text()
    gm.reload()  # the die asked for is still asked for: the server kept it
    expect(gm.locator("#roll .purpose")).to_have_text(purpose)
    settled(gm)
    gm.fill("#answer", "3")
    with gm.expect_response(lambda r: r.url.endswith("/act")):
        gm.press("#answer", "Enter")
    settled(gm)  # the answer has been swapped in before the page is read
    if gm.locator("#roll .so-far").count():  # a second die: the first answer is kept too
        so_far = gm.locator("#roll .so-far").inner_text()
        gm.reload()
        expect(gm.locator("#roll .so-far")).to_have_text(so_far)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_player_reads_what_happened_in_the_tables_words(
    browser: Browser, server: Server, tmp_path: Path, viewport: dict[str, int]
) -> None:
    gm, eid = open_gm(browser, server, FIREFIGHT, DESKTOP)
    gm.fill("#new-player input[name=label]", "Sam")
    gm.check("#new-player input[value=rhea]")
    gm.click("#new-player button")
    context = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE)  # type: ignore[arg-type]
    player = context.new_page()
    player.goto(gm.locator("#join-link").input_value())
    expect(player.locator("#live")).to_have_text("● live")
    for _ in range(8):  # the fight goes on until the player's board tells of a shot
        if " with the " in player.request.get(f"{server.url}/e/{eid}/board").text():  # the server's
            break
        settled(gm)
        with gm.expect_response(lambda r: r.url.endswith("/act")):
            gm.click("#tactics")
        settled(gm)
    shot = player.locator("#log li", has_text=" with the ").first
    expect(shot).to_have_text(
        re.compile(r".+ attacks .+ with the .+: (hit|miss|all miss|\d of \d shots hit)")
    )
    context.close()


def test_the_gms_phone_shows_one_pane_at_a_time(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    gm, _ = open_gm(browser, server, FIREFIGHT, PHONE)
    tabs = gm.locator("nav.phone-tabs")
    expect(tabs).to_be_visible()
    bar = tabs.bounding_box()
    assert bar is not None
    # the pending decision is on screen at once, above the tab bar, without scrolling
    tactics = gm.locator("#tactics").bounding_box()
    assert tactics is not None and tactics["y"] + tactics["height"] <= bar["y"]
    expect(gm.locator("section.map")).to_be_hidden()
    expect(gm.locator("aside#tools")).to_be_hidden()
    height = gm.evaluate("document.scrollingElement.scrollHeight")
    gm.screenshot(path=str(shots(tmp_path) / "tracker-gm-phone.png"))
    tabs.locator("button[data-tab=tools]").click()
    expect(gm.locator("#mark-form")).to_be_visible()
    expect(gm.locator("#act")).to_be_hidden()
    tabs.locator("button[data-tab=field]").click()
    expect(gm.locator("svg.field")).to_be_visible()
    tabs.locator("button[data-tab=act]").click()
    expect(gm.locator("#tactics")).to_be_in_viewport()
    print(f"GM phone page, decision pane: {height} px high")


def test_the_gms_desktop_shows_every_pane_and_no_tab_bar(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    gm, _ = open_gm(browser, server, FIREFIGHT, DESKTOP)
    expect(gm.locator("nav.phone-tabs")).to_be_hidden()
    for selector in ("#act", "section.map", ".cards", "section.log", "aside#tools"):
        expect(gm.locator(selector)).to_be_visible()
