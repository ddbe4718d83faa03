"""The live odds panel over HTTP: worked out in a worker process after the board is shown,
cached per log, the GM's unless shared; exact at the start where ``fracas odds`` covers the
fight, else a Monte Carlo from the current state with Wilson intervals."""

from __future__ import annotations

import asyncio
import re
import time
from html import unescape
from pathlib import Path

import pytest

from fracas.web.odds_work import estimate
from tests.web.conftest import Tab, create, length_of, new_tab

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).parents[2]
FIREFIGHT = ROOT / "examples/starflight/firefight.yaml"
DUEL = ROOT / "examples/percentile/joanne-vs-ondkille.yaml"


def odds_of(html: str) -> str:
    found = re.search(r'<section class="odds".*?</section>', html, re.S)
    return unescape(found.group(0)) if found else ""


#: how long the odds may take to come (a bound, not a measure: the worker may be compiling
#: kernels at first, and under the full suite on a loaded CI machine it took over 180 s)
ODDS_SECONDS = 420


async def settled_odds(tab: Tab, eid: int, seconds: float = ODDS_SECONDS) -> str:
    """The panel once its figures are in (the worker may be compiling kernels at first)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        panel = odds_of((await tab.get(f"/e/{eid}/board")).text)
        if "working" not in panel:
            return panel
        await asyncio.sleep(0.25)
    raise AssertionError("the odds never came")


def percents(panel: str) -> list[int]:
    return [int(p) for p in re.findall(r'<span class="p">(\d+)%</span>', panel)]


async def test_the_gm_sees_monte_carlo_odds_from_now_and_an_advised_move(gm: Tab) -> None:
    eid = await create(gm, FIREFIGHT)
    first = odds_of((await gm.get(f"/e/{eid}")).text)
    assert "working the odds out" in first  # the page did not wait for them
    panel = await settled_odds(gm, eid)
    assert "Monte Carlo, 200 fights from now, 95% intervals" in panel
    assert "Interstel" in panel and "Thrynn" in panel
    assert 98 <= sum(percents(panel)) <= 102  # each side's share, rounded
    assert "advised" in panel and "played out after it" in panel


async def test_the_figures_are_the_workers_for_this_very_log(gm: Tab) -> None:
    eid = await create(gm, FIREFIGHT)
    await gm.get(f"/e/{eid}")
    panel = await settled_odds(gm, eid)
    live = gm.app.state.tracker.hub.get(eid)
    from fracas.engine.codec import encode_log
    from fracas.web.odds_panel import SEED, key_of

    key, text = key_of(live)
    again = estimate("starflight", encode_log(live.session.log).decode(), key, SEED)
    assert text == encode_log(live.session.log)
    shown = [round(100 * c.p) for c in again.chances]
    assert percents(panel) == shown  # seeded: the same log gives the same figures


async def test_after_an_action_the_odds_are_worked_out_again(gm: Tab) -> None:
    eid = await create(gm, FIREFIGHT)
    page = (await gm.get(f"/e/{eid}")).text
    await settled_odds(gm, eid)
    done = await gm.post(f"/e/{eid}/act", {"expected": length_of(page), "choice": "tactics"})
    assert done.status_code == 200
    assert "working the odds out" in odds_of(done.text)
    assert "Monte Carlo" in await settled_odds(gm, eid)


async def test_players_see_the_odds_only_when_the_gm_shares_them(gm: Tab) -> None:
    app = gm.app
    eid = await create(gm, FIREFIGHT)
    await gm.get(f"/e/{eid}")
    await settled_odds(gm, eid)
    response = await gm.post(f"/e/{eid}/players", {"label": "Sam", "combatants": ["rhea"]})
    link = re.search(r'value="http://test(/join/[^"]+)"', response.text)
    assert link
    async with await new_tab(app) as client:
        player = Tab(client)
        await player.client.get(link.group(1))
        assert odds_of((await player.get(f"/e/{eid}")).text) == ""
        refused = await player.post(f"/e/{eid}/odds", {"shared": "1"})
        assert refused.status_code == 403
        bad = await gm.post(f"/e/{eid}/odds", {"shared": "yes"})
        assert bad.status_code == 400 and "shared" in bad.text
        shared = await gm.post(f"/e/{eid}/odds", {"shared": "1"})
        assert "stop sharing" in shared.text
        panel = odds_of((await player.get(f"/e/{eid}/board")).text)
        assert "Interstel" in panel and "advised" not in panel and "share" not in panel
        await gm.post(f"/e/{eid}/odds", {"shared": "0"})
        assert odds_of((await player.get(f"/e/{eid}/board")).text) == ""


async def test_exact_odds_at_the_start_where_fracas_odds_covers_the_fight(gm: Tab) -> None:
    eid = await create(gm, DUEL)
    await gm.get(f"/e/{eid}")
    panel = await settled_odds(gm, eid)
    assert "exact (from the start of the fight)" in panel
    from fracas.scenario import load_scenario
    from fracas.sim.odds import odds

    loaded = load_scenario(DUEL)
    exact = odds(loaded.ruleset, loaded.scenario)
    assert percents(panel)[:2] == [round(100 * p) for p in exact.win]
