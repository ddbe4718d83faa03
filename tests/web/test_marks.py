"""Conditions with durations over HTTP: the GM's own and the ruleset's, shown with the rounds
left, ending by themselves, undone like an action, derived from the log (rewind-safe)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from fracas.engine.marks import marks_of
from tests.web.conftest import Tab, create, length_of, new_tab

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).parents[2]
BRAWL = ROOT / "examples/exp/bar-brawl.yaml"


def card(html: str, cid: str) -> str:
    found = re.search(rf'<article class="card[^"]*" data-id="{cid}">.*?</article>', html, re.S)
    assert found, cid
    return unescape(found.group(0))


def live_of(gm: Tab, eid: int) -> Any:
    return gm.app.state.tracker.hub.get(eid)


async def until_round(gm: Tab, eid: int, round_: int) -> str:
    for _ in range(400):
        page = (await gm.get(f"/e/{eid}/board")).text
        if live_of(gm, eid).session.state.round >= round_:
            return page
        await gm.post(f"/e/{eid}/act", {"expected": length_of(page), "choice": "tactics"})
    raise AssertionError(f"round {round_} never came")


async def first_combatant(gm: Tab, eid: int) -> str:
    return next(iter(live_of(gm, eid).session.state.combatants))


async def test_a_custom_condition_counts_down_and_ends_by_itself(gm: Tab) -> None:
    eid = await create(gm, BRAWL)
    page = (await gm.get(f"/e/{eid}")).text
    who = await first_combatant(gm, eid)
    start = live_of(gm, eid).session.state.round
    done = await gm.post(
        f"/e/{eid}/mark",
        {
            "expected": length_of(page),
            "target": who,
            "name": "blessed",
            "note": "by the priest",
            "rounds": "2",
        },
    )
    assert done.status_code == 200, done.text
    shown = card(done.text, who)
    assert "blessed" in shown and "2 rounds left" in shown and "by the priest" in shown
    page = await until_round(gm, eid, start + 1)
    assert "1 round left" in card(page, who)
    page = await until_round(gm, eid, start + 2)
    assert "blessed" not in card(page, who)  # ended by itself: nothing was logged for it
    log = live_of(gm, eid).session.log
    assert [m.name for m in marks_of(log, start + 1)] == ["blessed"]  # a rewind shows it


async def test_until_removed_and_taken_off_and_undone(gm: Tab) -> None:
    eid = await create(gm, BRAWL)
    page = (await gm.get(f"/e/{eid}")).text
    who = await first_combatant(gm, eid)
    n = length_of(page)
    put = await gm.post(f"/e/{eid}/mark", {"expected": n, "target": who, "name": "on fire"})
    assert "until removed" in card(put.text, who)
    off = await gm.post(
        f"/e/{eid}/mark", {"expected": length_of(put.text), "target": who, "remove": "on fire"}
    )
    assert "on fire" not in card(off.text, who)
    back = await gm.post(f"/e/{eid}/undo", {"expected": length_of(off.text)})
    assert "until removed" in card(back.text, who)
    gone = await gm.post(f"/e/{eid}/undo", {"expected": length_of(back.text)})
    assert "on fire" not in card(gone.text, who) and length_of(gone.text) == n


async def test_the_rulesets_own_condition_is_put_on_by_its_rules_and_offered_off(
    gm: Tab,
) -> None:
    eid = await create(gm, BRAWL)
    page = (await gm.get(f"/e/{eid}")).text
    who = await first_combatant(gm, eid)
    start = live_of(gm, eid).session.state.round
    done = await gm.post(
        f"/e/{eid}/mark",
        {"expected": length_of(page), "target": who, "name": "stunned", "rounds": "1"},
    )
    assert done.status_code == 200, done.text
    assert (
        "stunned" in live_of(gm, eid).ruleset.card(live_of(gm, eid).session.state, who).conditions
    )
    page = await until_round(gm, eid, start + 1)
    shown = card(page, who)
    assert "ended" in shown and "take it off now" in shown
    off = await gm.post(
        f"/e/{eid}/mark", {"expected": length_of(page), "target": who, "remove": "stunned"}
    )
    assert off.status_code == 200, off.text
    state = live_of(gm, eid).session.state
    assert "stunned" not in live_of(gm, eid).ruleset.card(state, who).conditions


async def test_bad_marks_are_refused_with_their_field_and_change_nothing(gm: Tab) -> None:
    eid = await create(gm, BRAWL)
    page = (await gm.get(f"/e/{eid}")).text
    who = await first_combatant(gm, eid)
    n = length_of(page)
    for data, field in (
        ({"target": who, "name": "x", "rounds": "0"}, "rounds"),
        ({"target": who, "name": "x", "rounds": "soon"}, "rounds"),
        ({"target": who, "name": "bad\u202ename"}, "name"),
        ({"target": "nobody", "name": "x"}, "target"),
        ({"target": who, "remove": "never-on"}, "remove:"),  # the form's own field
    ):
        refused = await gm.post(f"/e/{eid}/mark", {"expected": n, **data})
        assert 400 <= refused.status_code < 500, data
        assert field in unescape(refused.text), (data, refused.text)
    assert len(live_of(gm, eid).session.log) == n


async def test_players_see_the_condition_and_rounds_but_not_the_gms_note(gm: Tab) -> None:
    app = gm.app
    eid = await create(gm, BRAWL)
    page = (await gm.get(f"/e/{eid}")).text
    who = await first_combatant(gm, eid)
    await gm.post(
        f"/e/{eid}/mark",
        {
            "expected": length_of(page),
            "target": who,
            "name": "marked",
            "note": "secret plan",
            "rounds": "3",
        },
    )
    response = await gm.post(f"/e/{eid}/players", {"label": "Sam", "combatants": [who]})
    link = re.search(r'value="http://test(/join/[^"]+)"', response.text)
    assert link
    async with await new_tab(app) as client:
        player = Tab(client)
        await player.client.get(link.group(1))
        seen = card((await player.get(f"/e/{eid}")).text, who)
    assert "marked" in seen and "3 rounds left" in seen
    assert "secret plan" not in seen and "take it off" not in seen
