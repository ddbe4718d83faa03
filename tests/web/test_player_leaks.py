"""An outsider's audit of what a player receives: nothing in it tells of a combatant the GM
hides, not even that someone is hidden (the shape of the page's decision, the map's colours,
a refusal that differs for an id that exists), and a name that holds a hidden one's name
is left as it is."""

from __future__ import annotations

import hashlib
import re
from collections.abc import AsyncIterator
from html import unescape
from pathlib import Path
from typing import Any

import httpx
import pytest

from fracas.web import create_app
from fracas.web.battlemap import PALETTE
from fracas.web.hidden import UNSEEN, scrub
from tests.web.conftest import EXAMPLES, Tab, create, length_of
from tests.web.test_api import player_tab

pytestmark = pytest.mark.anyio


@pytest.fixture
async def seeded(tmp_path: Path) -> AsyncIterator[tuple[Any, Tab]]:
    app = create_app(tmp_path / "t.db", seed=0, scenario_dirs=[EXAMPLES, tmp_path])
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        gm = Tab(client)
        await gm.get(f"/login?token={app.state.gm_token}")
        yield app, gm
    app.state.tracker.close()


def decision_of(page: str) -> str:
    found = re.search(r'data-decision="([^"]*)"', page)
    assert found, page[:300]
    return found.group(1)


async def test_a_players_decision_does_not_tell_whether_anyone_is_hidden(seeded: Any) -> None:
    """The decision a player's page names carried a digest of the hidden set only while
    someone was hidden (its presence told the player so) and the digest was a bare SHA-256
    of the hidden ids, which a player can check guesses against."""
    app, gm = seeded
    eid = await create(gm, EXAMPLES / "percentile/spaceport-firefight.yaml")
    tools = (await gm.get(f"/e/{eid}")).text
    cids = re.findall(r'name="combatants" value="([^"]+)"', tools)
    player = await player_tab(app, gm, eid, [cids[0]])
    before = decision_of((await player.get(f"/e/{eid}/board")).text)
    await gm.post(f"/e/{eid}/hide", {"target": cids[-1], "hidden": "1"})
    after = decision_of((await player.get(f"/e/{eid}/board")).text)
    assert before.count(".") == after.count(".")  # the same shape, hidden or not
    guess = hashlib.sha256(cids[-1].encode()).hexdigest()[:8]
    assert guess not in after
    assert before != after  # still stale once the GM hides someone


async def test_the_dice_mode_refuses_a_player_alike_for_a_hidden_id_and_a_made_up_one(
    seeded: Any,
) -> None:
    """A player posting the dice mode for an id that is not theirs was told 403 if the id
    was in the fight (hidden or not) and 400 "no combatant" if not: an oracle for hidden
    ids."""
    app, gm = seeded
    eid = await create(gm, EXAMPLES / "percentile/spaceport-firefight.yaml")
    tools = (await gm.get(f"/e/{eid}")).text
    cids = re.findall(r'name="combatants" value="([^"]+)"', tools)
    await gm.post(f"/e/{eid}/hide", {"target": cids[-1], "hidden": "1"})
    player = await player_tab(app, gm, eid, [cids[0]])
    hidden = await player.post(f"/e/{eid}/dice", {"actor": cids[-1], "dice": "table"})
    made_up = await player.post(f"/e/{eid}/dice", {"actor": "nobody-at-all", "dice": "table"})
    assert hidden.status_code == made_up.status_code == 403
    assert hidden.text.replace(cids[-1], "X") == made_up.text.replace("nobody-at-all", "X")
    assert cids[-1] not in hidden.text


def test_scrub_leaves_a_name_that_only_contains_a_hidden_ones_name() -> None:
    """Hidden "Bob" and visible "Bobby": "Bobby" became "someone unseenby", which tells the
    player that someone whose name begins "Bobby" hides... and mangles a visible name."""
    assert scrub("Bobby attacks Bob.", ["Bob"]) == f"Bobby attacks {UNSEEN}."
    assert scrub("Bob's aim", ["Bob"]) == f"{UNSEEN}'s aim"
    assert scrub("G'Nunk fires", ["G'Nunk"]) == f"{UNSEEN} fires"
    assert scrub("ann-2 and ann", ["ann"]) == f"ann-2 and {UNSEEN}"


async def test_a_players_map_colours_the_sides_they_see_as_if_no_other_existed(
    seeded: Any,
) -> None:
    """The map gave each side the colour of its place among every side in the fight, the
    hidden ones included: a player's own side drawn in the second colour told them a side
    they could not see came first."""
    app, gm = seeded
    eid = await create(gm, EXAMPLES / "starflight/ambush.yaml")
    tools = (await gm.get(f"/e/{eid}")).text
    cids = re.findall(r'name="combatants" value="([^"]+)"', tools)
    guards = [c for c in ("vasquez", "okoro") if c in cids]
    assert guards, cids  # the Interstel side, listed first in the scenario
    raiders = [c for c in cids if c not in guards]
    for cid in guards:
        await gm.post(f"/e/{eid}/hide", {"target": cid, "hidden": "1"})
    player = await player_tab(app, gm, eid, [raiders[0]])
    page = unescape((await player.get(f"/e/{eid}/board")).text)
    fills = set(re.findall(r'class="disc[^"]*"[^>]*fill="(#[0-9a-f]+)"', page))
    assert fills == {PALETTE[0]}, fills
    for cid in guards:
        assert cid not in page


async def test_everything_a_player_can_fetch_names_no_hidden_combatant(seeded: Any) -> None:
    """Every page, fragment and refusal a player can get, through a fight the GM plays
    on: no hidden combatant's id or name, no GM note, anywhere."""
    app, gm = seeded
    eid = await create(gm, EXAMPLES / "starflight/ambush.yaml")
    tools = (await gm.get(f"/e/{eid}")).text
    names = dict(re.findall(r'name="combatants" value="([^"]+)"> ([^<]+)</label>', tools))
    cids = list(names)
    hidden = [cids[-1]]
    await gm.post(f"/e/{eid}/hide", {"target": hidden[0], "hidden": "1"})
    await gm.post(f"/e/{eid}/odds", {"shared": "1"})
    n = length_of((await gm.get(f"/e/{eid}/board")).text)
    await gm.post(
        f"/e/{eid}/mark",
        {"expected": n, "target": hidden[0], "name": "Stalking", "note": "GMNOTE", "rounds": 3},
    )
    player = await player_tab(app, gm, eid, [cids[0]])
    seen: list[str] = []
    for _ in range(12):
        board = (await gm.get(f"/e/{eid}/board")).text
        if "The fight is over" in board:
            break
        await gm.post(f"/e/{eid}/act", {"expected": length_of(board), "choice": "tactics"})
        seen.append((await player.get(f"/e/{eid}/board")).text)
    for url in (f"/e/{eid}", "/", "/new", f"/e/{eid}/log.jsonl", f"/e/{eid}/account"):
        answer = await player.get(url)
        seen.append(f"{answer.status_code} {answer.headers} {answer.text}")
    for data in ({"target": hidden[0], "hidden": "0"}, {"target": "x", "hidden": "0"}):
        answer = await player.post(f"/e/{eid}/hide", data)
        assert answer.status_code == 403
        seen.append(answer.text)
    blob = unescape("\n".join(seen))
    for word in (hidden[0], names[hidden[0]], "GMNOTE"):
        assert word not in blob, word


def test_the_players_odds_name_no_side_seen_only_in_hidden_combatants() -> None:
    """The players' odds are played out with the hidden taken out (``GmRemoveCombatant``),
    which leaves them in the state as gone: their side was still listed, at 0%, so shared
    odds named a side the players had never seen."""
    from fracas.dice import SeededRoller
    from fracas.engine import Session
    from fracas.engine.codec import encode_log
    from fracas.scenario import load_scenario
    from fracas.web.odds_work import estimate

    loaded = load_scenario(EXAMPLES / "starflight/ambush.yaml")
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(1))
    text = encode_log(session.log).decode()
    guards = ("okoro", "vasquez")  # the whole Interstel side
    assert {session.state.combatants[c].side for c in guards} == {"Interstel"}
    found = estimate("starflight", text, "key", 1, guards)
    assert [c.side for c in found.chances if c.side] == ["Thrynn"]
