"""Junk in every field of every form the tracker takes (every POST route of the app, read
from its routes so a new one must be listed here): each answer is a 4xx naming the field,
or (for a value the field may hold) a success; never a 5xx or a traceback; and a refusal
changes nothing, not the logs and not the tracker's own tables."""

from __future__ import annotations

from html import unescape
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import TOY_SCENARIO, Tab
from tests.web.test_api import board_length, create_toy, player_tab
from tests.web.test_forged_requests import post_routes, snapshot

pytestmark = pytest.mark.anyio

#: junk for any field: control, NUL, newline and direction-override characters, far too long
TEXT_JUNK = ["a\x00b", "x\u202ey", "x\ny", "x" * 5000]
#: junk for a field that is not free text (a number, one of a few words, JSON, YAML, an id):
#: numbers as ``int`` reads them but no form writes them, far too large, unterminated JSON
MORE_JUNK = ["١٢", "1_0", "-99999999999999999999", "[{"]
#: the free-text fields (anything one line of visible text is fine)
FREE_TEXT = {"name", "note", "reason", "label", "confirm", "remove"}

#: for each POST route: a valid form, and the fields that carry text (junk goes in each)
FORMS: dict[str, tuple[dict[str, str], list[str]]] = {
    "/encounters": ({"path": "toy.yaml", "name": "Night", "initiative": "engine"}, []),
    "/encounters/import": ({"name": "Imported"}, ["name", "log"]),
    "/encounters/build": (
        {"ruleset": "percentile", "name": "Built", "extra": "", "opt.max_rounds": "30"},
        ["ruleset", "name", "opt.max_rounds", "combatant", "extra", "drop", "initiative"],
    ),
    "/d/{did}": ({"answers": "[]"}, ["answers"]),
    "/e/{eid}/act": ({"choice": "0", "dice": "engine"}, ["choice", "dice", "answers"]),
    "/e/{eid}/undo": ({}, []),
    "/e/{eid}/redo": ({}, []),
    "/e/{eid}/override": (
        {"kind": "hp", "target": "Bob", "amount": "-1"},
        ["kind", "target", "amount"],
    ),
    "/e/{eid}/hide": ({"target": "Cat", "hidden": "1"}, ["target", "hidden"]),
    "/e/{eid}/odds": ({"shared": "1"}, ["shared"]),
    "/e/{eid}/mark": (
        {"target": "Bob", "name": "Dazed", "note": "from the fall", "rounds": "2"},
        ["target", "name", "note", "rounds"],
    ),
    "/e/{eid}/dice": ({"actor": "Ann", "dice": "table"}, ["actor", "dice"]),
    "/e/{eid}/roll/cancel": ({}, []),
    "/e/{eid}/players": ({"label": "Sam", "combatants": "Ann"}, ["label", "combatants"]),
    "/e/{eid}/archive": ({"archived": "1"}, ["archived"]),
    "/e/{eid}/delete": ({"confirm": "Night"}, ["confirm"]),
}
FORMS["/encounters"][1].extend(["path", "name", "initiative", "options", "file"])
#: more forms a route takes, each with the fields it reads
MORE: list[tuple[str, dict[str, str], list[str]]] = [
    ("/e/{eid}/override", {"kind": "end", "winner": "red", "reason": "rout"}, ["winner", "reason"]),
    ("/e/{eid}/override", {"kind": "add-condition", "target": "Bob"}, ["condition"]),
    ("/e/{eid}/override", {"kind": "add-combatant"}, ["spec"]),
    ("/e/{eid}/mark", {"target": "Bob"}, ["remove"]),
    ("/e/{eid}/players", {}, ["revoke"]),
    ("/e/{eid}/act", {"choice": "0", "dice": "table", "answers": "[]"}, ["answer", "decision"]),
]
#: values a field may hold that look like junk: (field, value)
FINE = {("answer", "١٢"), ("answer", "1_0")}  # a typed roll is read and re-asked, not 4xx'd


def test_every_post_route_has_a_form_to_fuzz(tmp_path: Path) -> None:
    from fracas.web import create_app

    app = create_app(tmp_path / "t.db")
    try:
        assert set(post_routes(app)) == set(FORMS)
    finally:
        app.state.tracker.close()


def names_the_field(field: str, message: str) -> bool:
    if field in ("file", "log"):  # an upload's refusal names the upload
        return "file" in message or "log" in message
    if field == "combatant":  # the builder shows the problem at the combatant's box
        return "combatant" in message
    return f"{field}" in message or f"{field.removeprefix('opt.')}" in message


@pytest.mark.parametrize(("route", "base", "fields"), [(r, *FORMS[r]) for r in FORMS] + MORE)
async def test_junk_in_any_field_is_a_4xx_naming_it_and_changes_nothing(
    app_and_gm: Any, tmp_path: Path, route: str, base: dict[str, str], fields: list[str]
) -> None:
    app, gm = app_and_gm
    (tmp_path / "toy.yaml").write_text(
        TOY_SCENARIO.replace("ruleset: toy", "ruleset: toy\nname: Night")
    )
    eid = await create_toy(gm, tmp_path)
    await player_tab(app, gm, eid, ["Bob"])
    url = route.format(eid=eid, did=1)
    problems = []
    for field in fields:
        for junk in TEXT_JUNK + MORE_JUNK:
            before = snapshot(app, [eid])
            form: dict[str, object] = dict(base)
            form["expected"] = await board_length(gm, eid)
            files = None
            if field in ("file", "log"):
                files = {field: ("junk.yaml", junk.encode(), "text/plain")}
            else:
                form[field] = junk
            answer = await post(gm, url, form, files)
            message = unescape(answer.text)
            status = answer.status_code
            if status >= 500 or "Traceback" in message:
                problems.append(f"{field}={junk[:12]!r}: {status} {message[:200]}")
            elif field in FREE_TEXT and junk in MORE_JUNK:
                pass  # text the field may hold: taken, or refused for the fight's state
            elif status >= 400:
                if not names_the_field(field, message):
                    problems.append(
                        f"{field}={junk[:12]!r}: {status} names no field: {message[:300]}"
                    )
                if snapshot(app, [eid]) != before:
                    problems.append(f"{field}={junk[:12]!r}: {status} but something changed")
            elif (field, junk) not in FINE:
                problems.append(f"{field}={junk[:12]!r}: accepted ({status})")
    assert not problems, "\n".join(problems)


async def post(tab: Tab, url: str, form: dict[str, object], files: Any) -> Any:
    headers = {"HX-Request": "true", "X-CSRF-Token": tab.csrf}
    return await tab.client.post(url, data=form, files=files, headers=headers)  # type: ignore[arg-type]
