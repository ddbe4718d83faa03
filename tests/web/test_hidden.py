"""A player's page, stream and answers are built from the player view alone: nothing about
a combatant the GM hides can be read, inferred from the numbering of choices, or acted on."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from html import unescape
from pathlib import Path
from typing import Any

import httpx
import pytest

from fracas.web import create_app
from tests.web.conftest import EXAMPLES, Tab, length_of
from tests.web.test_api import lines, player_tab

pytestmark = pytest.mark.anyio


@pytest.fixture
async def seeded(tmp_path: Path) -> AsyncIterator[tuple[Any, Tab]]:
    """The app with the engine's dice seeded (0): the same clicks give the same fight."""
    app = create_app(tmp_path / "t.db", seed=0, scenario_dirs=[EXAMPLES])
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        gm = Tab(client)
        await gm.get(f"/login?token={app.state.gm_token}")
        yield app, gm
    app.state.tracker.close()


async def create(gm: Tab, example: str) -> int:
    response = await gm.client.post(
        "/encounters",
        data={"csrf": gm.csrf, "path": str(EXAMPLES / example)},
        follow_redirects=False,
    )
    assert response.status_code == 303, response.text
    return int(response.headers["location"].rsplit("/", 1)[1])


async def until_the_player_acts(
    gm: Tab, player: Tab, eid: int, asked: str = "", limit: int = 60
) -> str:
    """The GM lets the tactics act (for every combatant, the player's too: a player's own
    "let the tactics choose" leaves the hidden alone) until the player's page offers them a
    decision (whose heading holds ``asked``)."""
    for _ in range(limit):
        page = (await player.get(f"/e/{eid}/board")).text
        if 'id="act"' in page and asked in unescape(page):
            return page
        n = length_of((await gm.get(f"/e/{eid}/board")).text)
        response = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
        assert response.status_code == 200, response.text
    raise AssertionError("the player was never asked for a decision")


def choice_values(page: str) -> list[int]:
    """The numbers the page's choices post (the turn control's skip or delay posts the
    same number as its own action button: counted once)."""
    return sorted({int(v) for v in re.findall(r'name="choice" value="(\d+)"', page)})


async def test_a_players_choices_never_name_a_hidden_enemy_and_are_numbered_densely(
    seeded: Any,
) -> None:
    app, gm = seeded
    eid = await create(gm, "starflight/firefight.yaml")
    await gm.post(f"/e/{eid}/hide", {"target": "sskar", "hidden": "1"})
    player = await player_tab(app, gm, eid, ["tomas"])
    page = unescape(await until_the_player_acts(gm, player, eid))
    assert "Sskar" not in page and "sskar" not in page
    values = choice_values(page)
    assert sorted(values) == list(range(len(values))), "a gap would hint at a hidden target"
    n = len(lines(app, eid))
    shown = length_of(page)  # a player's page: the version of their own view
    beyond = await player.post(f"/e/{eid}/act", {"expected": shown, "choice": str(len(values))})
    assert beyond.status_code == 400 and "choice:" in unescape(beyond.text)
    assert len(lines(app, eid)) == n
    last = await player.post(
        f"/e/{eid}/act", {"expected": shown, "choice": str(max(values)), "dice": "engine"}
    )
    assert last.status_code == 200, last.text
    acted = lines(app, eid)[n]
    assert acted["type"] == "Acted" and "sskar" not in str(acted["action"])
    assert "Sskar" not in unescape(last.text)
    await player.client.aclose()


async def test_a_players_prompt_never_names_the_hidden_attacker(seeded: Any) -> None:
    """Percentile's extra-defence question names the attacker: with the attacker hidden, the
    defender's player reads that someone unseen attacks."""
    app, gm = seeded
    eid = await create(gm, "percentile/joanne-vs-ondkille.yaml")
    await gm.post(f"/e/{eid}/hide", {"target": "Joanne", "hidden": "1"})
    player = await player_tab(app, gm, eid, ["Ondkille"])
    page = unescape(await until_the_player_acts(gm, player, eid, asked="attack is a"))
    gm_page = unescape((await gm.get(f"/e/{eid}/board")).text)
    assert "Joanne's attack is a" in gm_page  # the decision the test is about
    assert "attack is a" in page and "Joanne" not in page
    whole = unescape((await player.get(f"/e/{eid}")).text)  # its title is the GM's name
    assert "Joanne" not in whole.split('<main id="board"', 1)[1]
    n = length_of(page)
    roll = await player.post(f"/e/{eid}/act", {"expected": n, "choice": "0", "dice": "table"})
    assert "Joanne" not in unescape(roll.text)
    await player.client.aclose()
