"""Turn control over HTTP: initiative totals and who is out in the turn order, skip where the
rules allow it (and it is the rules' own action), and what decides the order where they
don't."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from fracas.web import create_app
from tests.web.conftest import Tab, length_of, new_tab

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).parents[2]


@pytest.fixture
async def gm(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "t.db", seed=1)
    async with await new_tab(app) as client:
        tab = Tab(client)
        await tab.get(f"/login?token={app.state.gm_token}")
        tab.app = app  # type: ignore[attr-defined]
        yield tab
    app.state.tracker.close()


async def create(gm: Tab, example: str) -> int:
    response = await gm.client.post(
        "/encounters",
        data={"csrf": gm.csrf, "path": str(ROOT / "examples" / example)},
        follow_redirects=False,
    )
    assert response.status_code == 303, response.text
    return int(response.headers["location"].rsplit("/", 1)[1])


def live_of(gm: Tab, eid: int) -> Any:
    return gm.app.state.tracker.hub.get(eid)  # type: ignore[attr-defined]


def order(html: str) -> str:
    found = re.search(r'<ol class="order">.*?</ol>', html, re.S)
    assert found
    return unescape(found.group(0))


@pytest.mark.parametrize(
    "example", ["starflight/firefight.yaml", "exp/bar-brawl.yaml", "percentile/broken-blades.yaml"]
)
async def test_the_turn_order_shows_each_initiative_total(gm: Tab, example: str) -> None:
    eid = await create(gm, example)
    page = (await gm.get(f"/e/{eid}")).text
    live = live_of(gm, eid)
    totals = live.ruleset.initiatives(live.session.state, live.session.log)
    assert totals, "rolled at the start"
    shown = dict(re.findall(r'data-cid="([^"]+)" data-init="(-?\d+)"', order(page)))
    assert shown == {cid: str(v) for cid, v in totals.items()}


@pytest.mark.parametrize("example", ["starflight/firefight.yaml", "exp/bar-brawl.yaml"])
async def test_skip_is_the_rules_own_way_to_let_a_turn_pass(gm: Tab, example: str) -> None:
    eid = await create(gm, example)
    page = (await gm.get(f"/e/{eid}")).text
    skip = re.search(r'<button name="choice" value="(\d+)" id="skip-turn"', page)
    assert skip, "the rules let a turn pass"
    live = live_of(gm, eid)
    pending = live.session.pending()
    n = length_of(page)
    done = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": skip.group(1)})
    assert done.status_code == 200, done.text
    acted = live.session.log[n]
    assert acted.actor == pending.actor
    assert type(acted.action).__name__ in ("Standby", "Wait"), acted.action  # the rules' own


async def test_where_the_rules_decide_the_order_the_page_says_so(gm: Tab) -> None:
    eid = await create(gm, "percentile/joanne-vs-ondkille.yaml")
    page = unescape((await gm.get(f"/e/{eid}")).text)
    assert 'id="skip-turn"' not in page
    assert "Initiative (PER+AGL+D20) decides the order: no skipping or delaying a turn." in page


async def test_who_has_left_is_marked_in_the_turn_order(gm: Tab) -> None:
    eid = await create(gm, "starflight/firefight.yaml")
    page = (await gm.get(f"/e/{eid}")).text
    gone = await gm.post(
        f"/e/{eid}/override",
        {"expected": length_of(page), "kind": "remove-combatant", "target": "tomas"},
    )
    assert gone.status_code == 200, gone.text
    li = re.search(r'<li class="[^"]*gone[^"]*" data-cid="tomas"[^>]*>', order(gone.text))
    assert li and 'data-standing="withdrawn"' in li.group(0)
