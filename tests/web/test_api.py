"""The tracker over HTTP against the real app: acting, dice typed in, undo, overrides,
roles, CSRF, concurrency and validation. Each refused request changes nothing."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import TOY_SCENARIO, Tab, length_of, new_tab

pytestmark = pytest.mark.anyio


async def create_toy(gm: Tab, tmp_path: Path) -> int:
    path = tmp_path / "toy.yaml"
    path.write_text(TOY_SCENARIO)
    response = await gm.client.post(
        "/encounters", data={"csrf": gm.csrf, "path": str(path)}, follow_redirects=False
    )
    assert response.status_code == 303, response.text
    eid = int(response.headers["location"].rsplit("/", 1)[1])
    await gm.get(f"/e/{eid}")
    return eid


def lines(app: Any, eid: int) -> list[dict[str, Any]]:
    return [json.loads(line) for line in app.state.tracker.store.lines(eid)]


async def board_length(gm: Tab, eid: int) -> int:
    return length_of((await gm.get(f"/e/{eid}/board")).text)


async def test_a_request_without_a_token_sees_nothing(app_and_gm: Any, tmp_path: Path) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    async with await new_tab(app) as stranger:
        for url in ("/", f"/e/{eid}", f"/e/{eid}/board", f"/e/{eid}/stream", f"/e/{eid}/log.jsonl"):
            response = await stranger.get(url)
            assert response.status_code == 401, url
            assert "Ann" not in unescape(response.text)
        response = await stranger.post(f"/e/{eid}/act", data={"choice": "tactics", "expected": 3})
        assert response.status_code == 401
        bad = await stranger.get("/login?token=not-a-token")
        assert bad.status_code == 403
    assert len(lines(app, eid)) == 2


async def test_engine_rolls_are_committed_before_the_answer(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    response = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "0", "dice": "engine"})
    assert response.status_code == 200, response.text
    stored = lines(app, eid)
    assert len(stored) == length_of(response.text) > n
    assert stored[n] == {
        "type": "Acted",
        "actor": "Ann",
        "action": {"action": "Hit", "actor": "Ann", "target": "Bob"},
    }
    assert stored[n + 1]["type"] == "Rolled"
    assert f"Bob takes {stored[n + 1]['value']}" in unescape(response.text)


async def test_the_tactics_choice_is_always_offered(app_and_gm: Any, tmp_path: Path) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    response = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
    assert response.status_code == 200
    assert lines(app, eid)[n]["action"]["target"] == "Bob"


async def test_a_typed_roll_is_asked_for_with_its_purpose_and_checked(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    ask = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "1", "dice": "table"})
    assert ask.status_code == 200
    assert "Ann damage" in unescape(ask.text) and "roll D6" in ask.text
    assert len(lines(app, eid)) == n  # nothing happened yet
    refused = await gm.post(
        f"/e/{eid}/act",
        {"expected": n, "choice": "1", "dice": "table", "answers": "[]", "answer": "7"},
    )
    assert refused.status_code == 422
    assert "7 is impossible for D6: must be 1..6" in unescape(refused.text)
    assert len(lines(app, eid)) == n
    done = await gm.post(
        f"/e/{eid}/act",
        {"expected": n, "choice": "1", "dice": "table", "answers": "[]", "answer": "4"},
    )
    assert done.status_code == 200
    stored = lines(app, eid)
    assert stored[n]["action"]["target"] == "Cat"
    assert stored[n + 1] == {"type": "Rolled", "purpose": "Ann damage", "dice": "D6", "value": 4}


async def test_undo_and_redo_any_number_of_times(app_and_gm: Any, tmp_path: Path) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    start = await board_length(gm, eid)
    n = start
    for _ in range(3):
        response = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
        n = length_of(response.text)
    after = lines(app, eid)
    for _ in range(3):
        response = await gm.post(f"/e/{eid}/undo", {"expected": n})
        assert response.status_code == 200
        n = length_of(response.text)
        assert len(lines(app, eid)) == n
    assert n == start
    nothing = await gm.post(f"/e/{eid}/undo", {"expected": n})
    assert nothing.status_code == 400 and "nothing to undo" in unescape(nothing.text)
    for _ in range(3):
        n = length_of((await gm.post(f"/e/{eid}/redo", {"expected": n})).text)
    assert lines(app, eid) == after


async def test_two_gm_tabs_one_wins_the_other_is_told_the_fight_moved_on(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    first = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "0"})
    second = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "1"})
    assert first.status_code == 200
    assert second.status_code == 409 and "moved on" in unescape(second.text)
    acted = [e for e in lines(app, eid) if e["type"] == "Acted"]
    assert len(acted) == 1
    stale_undo = await gm.post(f"/e/{eid}/undo", {"expected": n})
    assert stale_undo.status_code == 409
    assert len([e for e in lines(app, eid) if e["type"] == "Acted"]) == 1


async def test_every_change_needs_the_pages_csrf_token(app_and_gm: Any, tmp_path: Path) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    before = lines(app, eid)
    for url, data in [
        (f"/e/{eid}/act", {"expected": n, "choice": "0"}),
        (f"/e/{eid}/undo", {"expected": n}),
        (f"/e/{eid}/override", {"expected": n, "kind": "hp", "target": "Bob", "amount": -3}),
        (f"/e/{eid}/hide", {"target": "Bob", "hidden": 1}),
        (f"/e/{eid}/players", {"label": "x", "combatants": "Ann"}),
        (f"/e/{eid}/delete", {"confirm": "toy"}),
    ]:
        missing = await gm.post(url, data, csrf=False)
        assert missing.status_code == 403 and "csrf" in unescape(missing.text), url
        wrong = await gm.client.post(url, data=data, headers={"X-CSRF-Token": "0" * 64})
        assert wrong.status_code == 403, url
    assert lines(app, eid) == before
    assert app.state.tracker.access.hidden(eid) == frozenset()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"choice": "9"}, "choice: 9 is out of range (0..2)"),
        ({"choice": "x"}, "choice: 'x' is not a whole number"),
        ({"choice": "0", "dice": "loaded"}, "dice: must be 'engine' or 'table'"),
        ({"choice": "0", "dice": "table", "answers": "{"}, "answers: not a JSON list"),
        ({"choice": "0", "dice": "table", "answers": "[1]"}, "answers: must be a list of rolls"),
        ({}, "choice: missing"),
    ],
)
async def test_a_bad_action_form_is_refused_with_its_field(
    app_and_gm: Any, tmp_path: Path, data: dict[str, str], message: str
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    response = await gm.post(f"/e/{eid}/act", {"expected": n, **data})
    assert 400 <= response.status_code < 500
    assert message in unescape(response.text)
    assert len(lines(app, eid)) == n
    missing = await gm.post(f"/e/{eid}/act", {"choice": "0"})
    assert missing.status_code == 400 and "expected: missing" in unescape(missing.text)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "hp", "target": "Bob", "amount": "0"}, "amount: 0 changes nothing"),
        ({"kind": "hp", "target": "Zed", "amount": "-2"}, "target: no combatant 'Zed'"),
        ({"kind": "hp", "target": "Bob", "amount": "lots"}, "amount: 'lots' is not a whole number"),
        ({"kind": "end", "winner": "green"}, "winner: no side called 'green'"),
        ({"kind": "explode"}, "kind: 'explode' is not an override"),
        ({"kind": "remove-combatant", "target": "Bob"}, "does not support this override"),
    ],
)
async def test_a_bad_override_is_refused_with_its_field(
    app_and_gm: Any, tmp_path: Path, data: dict[str, str], message: str
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    response = await gm.post(f"/e/{eid}/override", {"expected": n, **data})
    assert response.status_code == 400
    assert message in unescape(response.text)
    assert len(lines(app, eid)) == n


async def test_an_override_is_an_event_in_the_log_and_undoes(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    response = await gm.post(
        f"/e/{eid}/override", {"expected": n, "kind": "hp", "target": "Bob", "amount": "-4"}
    )
    assert response.status_code == 200, response.text
    assert "6/10" in unescape(response.text)
    stored = lines(app, eid)
    assert stored[n]["action"] == {
        "action": "GmAdjustHp",
        "actor": None,
        "target": "Bob",
        "amount": -4,
    }
    assert stored[n + 1] == {"type": "Damaged", "target": "Bob", "amount": 4}
    undone = await gm.post(f"/e/{eid}/undo", {"expected": length_of(response.text)})
    assert "10/10" in unescape(undone.text) and len(lines(app, eid)) == n
    end = await gm.post(f"/e/{eid}/override", {"expected": n, "kind": "end", "winner": "red"})
    assert "side red wins" in unescape(end.text)
    assert lines(app, eid)[-1] == {
        "type": "EncounterEnded",
        "winner": "red",
        "reason": "the GM ended the fight",
    }


async def player_tab(app: Any, gm: Tab, eid: int, combatants: list[str]) -> Tab:
    response = await gm.post(f"/e/{eid}/players", {"label": "Sam", "combatants": combatants})
    assert response.status_code == 200, response.text
    link = re.search(r'value="(http://test/join/[^"]+)"', response.text)
    assert link
    tab = Tab(await new_tab(app))
    joined = await tab.client.get(link.group(1).removeprefix("http://test"))
    assert joined.status_code == 303
    await tab.get(f"/e/{eid}")
    return tab


async def test_a_player_sees_the_table_view_and_never_gm_only_fields(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    await gm.post(f"/e/{eid}/hide", {"target": "Cat", "hidden": "1"})
    n = await board_length(gm, eid)
    await gm.post(
        f"/e/{eid}/override", {"expected": n, "kind": "hp", "target": "Bob", "amount": "-7"}
    )
    player = await player_tab(app, gm, eid, ["Ann"])
    page = (await player.get(f"/e/{eid}")).text
    assert "Ann's gm-only note" in unescape(page)  # their own combatant in full
    assert "Bob" in unescape(page) and "badly wounded" in unescape(page)
    assert "Bob's gm-only note" not in unescape(page) and "3/10" not in unescape(page)
    assert "Cat" not in unescape(page)
    assert "Bob takes" not in unescape(page)  # the rules' account tells hit points: GM only
    for url in (f"/e/{eid}/log.jsonl", f"/e/{eid}/account", "/"):
        response = await player.client.get(url, follow_redirects=False)
        assert response.status_code in (303, 403), url
        assert "Cat" not in unescape(response.text)
    await player.client.aclose()


async def test_a_player_acts_only_for_their_own_combatant_on_its_turn(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    bob = await player_tab(app, gm, eid, ["Bob"])
    ann = await player_tab(app, gm, eid, ["Ann"])
    n = await board_length(gm, eid)
    shown = await board_length(bob, eid)  # a player's page: the version of their own view
    refused = await bob.post(f"/e/{eid}/act", {"expected": shown, "choice": "0"})
    assert refused.status_code == 403 and "not your turn" in unescape(refused.text)
    assert len(lines(app, eid)) == n
    for url in (f"/e/{eid}/undo", f"/e/{eid}/override", f"/e/{eid}/hide", f"/e/{eid}/players"):
        response = await bob.post(url, {"expected": n, "kind": "end"})
        assert response.status_code == 403, url
    done = await ann.post(
        f"/e/{eid}/act", {"expected": await board_length(ann, eid), "choice": "0"}
    )
    assert done.status_code == 200
    assert lines(app, eid)[n]["actor"] == "Ann"
    other = await ann.client.get(f"/e/{eid + 1}")
    assert other.status_code == 403
    await bob.client.aclose()
    await ann.client.aclose()


async def test_a_revoked_join_link_opens_nothing(app_and_gm: Any, tmp_path: Path) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    player = await player_tab(app, gm, eid, ["Ann"])
    (link,) = app.state.tracker.access.players(eid)
    await gm.post(f"/e/{eid}/players", {"revoke": link.token_hash})
    assert (await player.client.get(f"/e/{eid}")).status_code == 401
    await player.client.aclose()


async def test_tokens_are_stored_hashed(app_and_gm: Any, tmp_path: Path) -> None:
    app, _gm = app_and_gm
    raw = (tmp_path / "t.db").read_bytes()
    assert app.state.gm_token.encode() not in raw


async def test_create_errors_name_the_field_and_create_nothing(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: toy\nfighters:\n  - {name: Ann, side: red, hp: lots}\n")
    response = await gm.client.post(
        "/encounters", files={"file": ("bad.yaml", bad.read_bytes())}, data={"csrf": gm.csrf}
    )
    assert response.status_code == 400
    assert "bad.yaml: fighters[0].hp: Input should be a valid integer" in unescape(response.text)
    nothing = await gm.client.post("/encounters", data={"csrf": gm.csrf})
    assert nothing.status_code == 400 and "file: choose a scenario file" in unescape(nothing.text)
    assert app.state.tracker.store.encounters() == []


async def test_export_import_and_delete(app_and_gm: Any, tmp_path: Path) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
    log = (await gm.client.get(f"/e/{eid}/log.jsonl")).content
    assert log == ("\n".join(app.state.tracker.store.lines(eid)) + "\n").encode()
    imported = await gm.client.post(
        "/encounters/import",
        files={"log": ("fight.jsonl", log)},
        data={"csrf": gm.csrf},
        follow_redirects=False,
    )
    assert imported.status_code == 303
    edited = log.replace(b'"value":', b'"value":1', 1)
    refused = await gm.client.post(
        "/encounters/import", files={"log": ("fight.jsonl", edited)}, data={"csrf": gm.csrf}
    )
    assert refused.status_code == 400 and "fight.jsonl: event" in unescape(refused.text)
    assert len(app.state.tracker.store.encounters()) == 2
    wrong = await gm.post(f"/e/{eid}/delete", {"confirm": "nope"})
    assert wrong.status_code == 400 and "confirm:" in unescape(wrong.text)
    gone = await gm.post(f"/e/{eid}/delete", {"confirm": "toy"})
    assert gone.status_code == 303
    assert [r.id for r in app.state.tracker.store.encounters()] == [eid + 1]


async def test_the_printable_account_is_the_narrated_log(app_and_gm: Any, tmp_path: Path) -> None:
    _app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "0"})
    page = (await gm.client.get(f"/e/{eid}/account")).text
    assert "Bob takes" in unescape(page) and "Round 1" in unescape(page)
    assert isinstance(httpx.Response, type)


async def test_pages_cannot_be_framed_and_send_no_referrer(app_and_gm: Any) -> None:
    _app, gm = app_and_gm
    response = await gm.get("/")
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "no-referrer"


async def test_an_override_is_told_in_the_gms_account(app_and_gm: Any, tmp_path: Path) -> None:
    _app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    response = await gm.post(
        f"/e/{eid}/override", {"expected": n, "kind": "hp", "target": "Bob", "amount": "-4"}
    )
    assert "GM damages Bob: -4 hp" in unescape(response.text)


async def test_initiative_typed_in_from_the_table_one_die_at_a_time(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    # the toy rolls no initiative: a ruleset that does
    example = Path(__file__).parents[2] / "examples/percentile/joanne-vs-ondkille.yaml"
    response = await gm.client.post(
        "/encounters",
        data={"csrf": gm.csrf, "path": str(example), "initiative": "table"},
        follow_redirects=False,
    )
    assert response.status_code == 303
    draft = response.headers["location"]
    assert app.state.tracker.store.encounters() == []  # nothing is logged before the rolls
    ask = await gm.client.get(draft)
    assert "Joanne initiative — roll D20" in unescape(ask.text)
    refused = await gm.client.post(draft, data={"csrf": gm.csrf, "answers": "[]", "answer": "21"})
    assert refused.status_code == 422 and "21 is impossible for D20" in unescape(refused.text)
    second = await gm.client.post(draft, data={"csrf": gm.csrf, "answers": "[]", "answer": "5"})
    assert "Ondkille initiative — roll D20" in unescape(second.text)
    done = await gm.client.post(
        draft, data={"csrf": gm.csrf, "answers": '["5"]', "answer": "19"}, follow_redirects=False
    )
    assert done.status_code == 303 and done.headers["location"].startswith("/e/")
    (record,) = app.state.tracker.store.encounters()
    rolled = [json.loads(line) for line in app.state.tracker.store.lines(record.id)]
    assert [e["value"] for e in rolled if e["type"] == "Rolled"] == [5, 19]
    gone = await gm.client.get(draft)
    assert gone.status_code == 404


async def test_join_links_point_where_players_reach_the_server(tmp_path: Path, toy: None) -> None:
    from fracas.web import create_app

    app = create_app(
        tmp_path / "lan.db", public_url="http://192.168.1.20:8000", scenario_dirs=[tmp_path]
    )
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        gm = Tab(c)
        await gm.get(f"/login?token={app.state.gm_token}")
        eid = await create_toy(gm, tmp_path)
        tools = await gm.post(f"/e/{eid}/players", {"label": "Sam", "combatants": ["Ann"]})
        assert 'value="http://192.168.1.20:8000/join/' in tools.text
    app.state.tracker.close()


async def test_the_gm_brings_a_combatant_into_the_fight(app_and_gm: Any) -> None:
    app, gm = app_and_gm
    example = Path(__file__).parents[2] / "examples/exp/bar-brawl.yaml"
    response = await gm.client.post(
        "/encounters", data={"csrf": gm.csrf, "path": str(example)}, follow_redirects=False
    )
    eid = int(response.headers["location"].rsplit("/", 1)[1])
    page = await gm.get(f"/e/{eid}")
    assert 'id="ov-add"' in page.text
    n = length_of(page.text)
    spec = (
        "name: Zed\nside: dockers\nkind: anthro\nhps: 40\ndefence_rating: 420\n"
        "attributes: {AWE: 10, CHA: 10, CON: 12, DEX: 11, INT: 10, MSTR: 10, PSTR: 12}\n"
        "combat_table: {strike: {skilled_bonus: 90, raw_bonus: 35, maximum_roll: 760,"
        " force_bonus: 6}}\nweapons: [fist]\ntactics: brawl\n"
    )
    bad = await gm.post(f"/e/{eid}/override", {"expected": n, "kind": "add-combatant", "spec": "["})
    assert bad.status_code == 400 and "spec: not valid YAML" in bad.text
    wrong = await gm.post(
        f"/e/{eid}/override",
        {"expected": n, "kind": "add-combatant", "spec": spec.replace("40", "lots")},
    )
    assert wrong.status_code == 422 and "spec.hps: Input should be a valid integer" in wrong.text
    assert len(app.state.tracker.store.lines(eid)) == n
    done = await gm.post(
        f"/e/{eid}/override", {"expected": n, "kind": "add-combatant", "spec": spec}
    )
    assert done.status_code == 200
    assert 'data-id="Zed"' in done.text and "GM: Zed joins the fight" in done.text
    assert '<option value="Zed">Zed</option>' in done.text  # the tools list it too


async def test_another_writer_on_the_same_file_is_not_overwritten(
    app_and_gm: Any, tmp_path: Path
) -> None:
    from fracas.engine.events import Note
    from fracas.store import SqliteStore

    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    with SqliteStore(tmp_path / "t.db") as other:  # e.g. fracas resume on the same file
        other.append(eid, [Note(text="written elsewhere")], expected=n)
    response = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "0"})
    assert response.status_code == 409 and "another writer" in unescape(response.text)
    stored = lines(app, eid)
    assert len(stored) == n + 1 and stored[-1] == {"type": "Note", "text": "written elsewhere"}
    assert await board_length(gm, eid) == n + 1  # the page now shows the log as it is


@pytest.mark.parametrize(
    "example", ["examples/percentile/joanne-vs-ondkille.yaml", "examples/starflight/melee.yaml"]
)
async def test_a_gm_heal_past_the_maximum_is_refused_with_the_field_and_changes_nothing(
    app_and_gm: Any, example: str
) -> None:
    app, gm = app_and_gm
    path = Path(__file__).parents[2] / example
    response = await gm.client.post(
        "/encounters", data={"csrf": gm.csrf, "path": str(path)}, follow_redirects=False
    )
    eid = int(response.headers["location"].rsplit("/", 1)[1])
    page = await gm.get(f"/e/{eid}")
    n = length_of(page.text)
    target = re.search(r'<option value="([^"]+)"', page.text)
    assert target
    healed = await gm.post(
        f"/e/{eid}/override",
        {"expected": n, "kind": "hp", "target": target.group(1), "amount": "500"},
    )
    assert healed.status_code == 422
    assert re.search(r"amount: .* has (\d+) of \1 .*at most \+0", unescape(healed.text))
    assert len(lines(app, eid)) == n


@pytest.mark.parametrize(
    "example",
    [
        "examples/percentile/joanne-vs-ondkille.yaml",
        "examples/exp/bar-brawl.yaml",
        "examples/starflight/melee.yaml",
    ],
)
async def test_a_bad_add_combatant_form_is_422_naming_the_field_and_the_fight_over_is_409(
    app_and_gm: Any, example: str
) -> None:
    """A form that fails validation is bad input (422, the field named); 409 is kept for a
    real conflict with the fight's state (it is over; another writer moved it on)."""
    app, gm = app_and_gm
    path = Path(__file__).parents[2] / example
    response = await gm.client.post(
        "/encounters", data={"csrf": gm.csrf, "path": str(path)}, follow_redirects=False
    )
    eid = int(response.headers["location"].rsplit("/", 1)[1])
    n = length_of((await gm.get(f"/e/{eid}")).text)
    spec = "side: nobody\ntactics: 12\n"
    wrong = await gm.post(
        f"/e/{eid}/override", {"expected": n, "kind": "add-combatant", "spec": spec}
    )
    assert wrong.status_code == 422, wrong.text
    assert re.search(r"spec\.\w+: .+", unescape(wrong.text))
    assert len(lines(app, eid)) == n
    end = await gm.post(f"/e/{eid}/override", {"expected": n, "kind": "end"})
    assert end.status_code == 200
    m = length_of(end.text)
    over = await gm.post(
        f"/e/{eid}/override", {"expected": m, "kind": "add-combatant", "spec": spec}
    )
    assert over.status_code == 409 and "the fight is over" in unescape(over.text)
    assert len(lines(app, eid)) == m
