"""The players' feed in the table's words, over HTTP: who went for whom, hit or miss, wound
levels as the table sees them, the ruleset's own word for the round; nothing naming a hidden
combatant, no number from the rules."""

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
async def app_gm(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "t.db", seed=2)
    async with await new_tab(app) as client:
        tab = Tab(client)
        await tab.get(f"/login?token={app.state.gm_token}")
        yield app, tab
    app.state.tracker.close()


async def setup(app: Any, gm: Tab, example: str, mine: str, actions: int) -> tuple[int, Tab]:
    response = await gm.client.post(
        "/encounters",
        data={"csrf": gm.csrf, "path": str(ROOT / "examples" / example)},
        follow_redirects=False,
    )
    eid = int(response.headers["location"].rsplit("/", 1)[1])
    page = (await gm.get(f"/e/{eid}")).text
    for _ in range(actions):
        if app.state.tracker.hub.get(eid).session.pending() is None:
            break  # the fight is over
        page = (
            await gm.post(f"/e/{eid}/act", {"expected": length_of(page), "choice": "tactics"})
        ).text
    joined = await gm.post(f"/e/{eid}/players", {"label": "Sam", "combatants": [mine]})
    link = re.search(r'value="http://test(/join/[^"]+)"', joined.text)
    assert link
    player = Tab(await new_tab(app))
    await player.client.get(link.group(1))
    return eid, player


def feed(html: str) -> list[str]:
    found = re.search(r'<ol id="log">(.*?)</ol>', html, re.S)
    assert found
    return [unescape(x) for x in re.findall(r"<li[^>]*>(.*?)</li>", found.group(1))]


async def test_a_percentile_player_reads_attacks_outcomes_and_wounds(app_gm: Any) -> None:
    app, gm = app_gm
    eid, player = await setup(app, gm, "percentile/joanne-vs-ondkille.yaml", "Joanne", 24)
    lines = feed((await player.get(f"/e/{eid}")).text)
    attacks = [x for x in lines if " attacks " in x and " with the " in x]
    assert attacks and all(
        x.rsplit(": ", 1)[1] in ("fumble", "fail", "success", "special", "perfect") for x in attacks
    )
    assert any(
        re.fullmatch(r".+ is (wounded|badly wounded|down|unconscious.*|dead)", x) for x in lines
    )
    assert not any(re.search(r"\d+ ?(hp|HP)|\bd100\b|\(\d+", x) for x in lines)
    await player.client.aclose()


async def test_a_starflight_player_reads_who_targeted_whom(app_gm: Any) -> None:
    app, gm = app_gm
    eid, player = await setup(app, gm, "starflight/firefight.yaml", "rhea", 6)
    lines = feed((await player.get(f"/e/{eid}")).text)
    assert any(
        re.fullmatch(r".+ attacks .+ with the .+: (hit|miss|all miss|\d of \d shots hit)", x)
        for x in lines
    )
    assert any("→" in x for x in lines if x.split(":")[0] in ("Ikkit", "Sskar", "Tomas Vey"))
    await gm.post(f"/e/{eid}/hide", {"target": "ikkit", "hidden": "1"})
    hidden = feed((await player.get(f"/e/{eid}/board")).text)
    assert not any("Ikkit" in x for x in hidden)
    await player.client.aclose()


async def test_exp_says_unit_to_the_gm_and_to_the_players(app_gm: Any) -> None:
    app, gm = app_gm
    eid, player = await setup(app, gm, "exp/bar-brawl.yaml", "Vera", 6)
    mine = (await player.get(f"/e/{eid}")).text
    gms = (await gm.get(f"/e/{eid}")).text
    for page in (mine, gms):
        status = re.search(r'<span class="round">(.*?)</span>', page)
        assert status and status.group(1).startswith("Unit ")
    assert any(x.startswith("— Unit ") for x in feed(mine))
    assert not any(x.startswith("— Round ") for x in feed(mine))
    await player.client.aclose()
