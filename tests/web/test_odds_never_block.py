"""A slow odds computation never holds the page up: while the worker is busy (here, held
until the test lets it go), the GM and a player keep reading boards and acting, and every
board says the odds are being worked out; once the worker is let go, the odds of the fight
as it now stands come, the GM's and (shared) the player's, the player's without the advised
move."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from fracas.web import odds_panel
from tests.web.conftest import Tab, create, length_of
from tests.web.slow_odds import gated_estimate
from tests.web.test_api import player_tab
from tests.web.test_odds_panel import settled_odds

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).parents[2]
FIREFIGHT = ROOT / "examples/starflight/firefight.yaml"


def odds_of(html: str) -> str:
    found = re.search(r'<section class="odds".*?</section>', html, re.S)
    return unescape(found.group(0)) if found else ""


async def test_a_slow_odds_computation_holds_up_no_page(
    gm: Tab, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = tmp_path / "gate"
    monkeypatch.setenv("FRACAS_TEST_ODDS_GATE", str(gate))
    monkeypatch.setattr(odds_panel, "estimate", gated_estimate)
    odds_panel.shutdown()  # a worker spawned from now on (it reads the gate's variable)
    app: Any = gm.app
    eid = await create(gm, FIREFIGHT)
    page = (await gm.get(f"/e/{eid}")).text
    assert "working the odds out" in odds_of(page)  # the worker is started, and held
    cids = re.findall(r'name="combatants" value="([^"]+)"', page)
    await gm.post(f"/e/{eid}/odds", {"shared": "1"})
    await gm.post(f"/e/{eid}/hide", {"target": cids[-1], "hidden": "1"})
    player = await player_tab(app, gm, eid, [cids[0]])
    acted = 0
    for _ in range(12):  # the GM acts, the player reads: every answer comes, odds pending
        board = (await gm.get(f"/e/{eid}/board")).text
        if "The fight is over" in board:
            break
        done = await gm.post(f"/e/{eid}/act", {"expected": length_of(board), "choice": "tactics"})
        assert done.status_code == 200, done.text
        acted += 1
        assert "working the odds out" in odds_of(done.text)
        seen = (await player.get(f"/e/{eid}/board")).text
        assert "working the odds out" in odds_of(seen)
    assert acted >= 3
    gate.touch()  # let the worker go: the odds of the fight as it stands now come
    panel = await settled_odds(gm, eid)
    live = app.state.tracker.hub.get(eid)
    assert "Monte Carlo" in panel
    key, _ = odds_panel.key_of(live)
    assert key in odds_panel.desk(live).known  # the figures are this log's, not the first's
    theirs = await settled_odds(player, eid)
    assert "Monte Carlo" in theirs and "advised" not in theirs
    odds_panel.shutdown()
