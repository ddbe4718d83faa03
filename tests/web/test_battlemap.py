"""The battle map over HTTP: a Starflight field drawn for the GM and, through their view, for
a player; a tap's choices are the board's own legal actions; no map without positions."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from tests.web.conftest import Tab, create, length_of, new_tab

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).parents[2]
FIREFIGHT = ROOT / "examples/starflight/firefight.yaml"


def the_map(html: str) -> str:
    found = re.search(r'<section class="map".*?</section>', html, re.S)
    assert found, "no map on the page"
    return unescape(found.group(0))


def tokens(svg: str) -> list[str]:
    return re.findall(r'<g class="token[^"]*" data-token="([^"]+)"', svg)


async def test_a_starflight_field_is_drawn_with_every_combatant_and_obstacle(gm: Tab) -> None:
    eid = await create(gm, FIREFIGHT)
    svg = the_map((await gm.get(f"/e/{eid}")).text)
    assert sorted(tokens(svg)) == ["ikkit", "rhea", "sskar", "tomas"]
    assert "plaster wall: shot through at -25" in svg and "cargo crate: low: shot over" in svg
    assert svg.count('class="facing"') == 4
    # Rhea at (0, 0) faces 0°: her facing line runs along +x from her centre
    rhea = re.search(
        r'data-token="rhea".*?<line class="facing" x1="([-\d.]+)" y1="([-\d.]+)" '
        r'x2="([-\d.]+)" y2="([-\d.]+)"',
        svg,
        re.S,
    )
    assert rhea and float(rhea.group(3)) > float(rhea.group(1))
    assert float(rhea.group(2)) == float(rhea.group(4)) == 0.0


async def test_each_move_spot_is_a_legal_choice_that_lands_there(gm: Tab) -> None:
    eid = await create(gm, FIREFIGHT)
    page = (await gm.get(f"/e/{eid}")).text
    svg = the_map(page)
    actor = re.search(r'data-actor="([^"]+)"', svg)
    assert actor
    spots = re.findall(r'class="spot" data-spot="(\d+)" cx="([-\d.]+)" cy="([-\d.]+)"', svg)
    assert spots
    key, x, y = spots[0]
    menu = re.search(rf'data-spot="{key}" hidden>.*?hx-vals=\'{{"choice": "(\d+)"}}\'', svg, re.S)
    assert menu
    n = length_of(page)
    done = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": menu.group(1)})
    assert done.status_code == 200, done.text
    state = gm.app.state.tracker.hub.get(eid).session.state
    mover = state.combatants[actor.group(1)]
    assert (mover.x, -mover.y) == (round(float(x)), round(float(y)))


async def test_the_last_attack_is_a_line_with_its_outcome(gm: Tab) -> None:
    eid = await create(gm, FIREFIGHT)
    for _ in range(12):
        page = (await gm.get(f"/e/{eid}")).text
        if 'class="attack attack-' in page:
            break
        await gm.post(f"/e/{eid}/act", {"expected": length_of(page), "choice": "tactics"})
    svg = the_map(page)
    found = re.search(
        r'class="attack attack-(hit|miss)".*?<title>last attack: (.*?) → (.*?): '
        r"(hit|miss)</title>",
        svg,
        re.S,
    )
    assert found and found.group(1) == found.group(4)
    assert "last attack:" in svg.split("</svg>")[1]  # told in words under the map too


async def test_a_players_map_leaves_out_hidden_combatants(gm: Tab) -> None:
    app = gm.app
    eid = await create(gm, FIREFIGHT)
    await gm.post(f"/e/{eid}/hide", {"target": "ikkit", "hidden": "1"})
    response = await gm.post(f"/e/{eid}/players", {"label": "Sam", "combatants": ["rhea"]})
    link = re.search(r'value="http://test(/join/[^"]+)"', response.text)
    assert link
    async with await new_tab(app) as client:
        player = Tab(client)
        await player.client.get(link.group(1))
        svg = the_map((await player.get(f"/e/{eid}")).text)
    assert "ikkit" not in svg and "Ikkit" not in svg
    assert sorted(tokens(svg)) == ["rhea", "sskar", "tomas"]
    assert 'class="spot"' not in svg  # not their turn: nothing to pick


async def test_no_map_without_positions(gm: Tab) -> None:
    eid = await create(gm, ROOT / "examples/percentile/joanne-vs-ondkille.yaml")
    assert 'class="map"' not in (await gm.get(f"/e/{eid}")).text
