"""Building a scenario in the browser: combatants one by one and the rule options as fields,
validated exactly as a scenario file is, each problem shown at its combatant or option."""

from __future__ import annotations

import json
from html import unescape
from typing import Any

import pytest

from tests.web.conftest import Tab

pytestmark = pytest.mark.anyio

JOANNE = """\
name: Joanne
side: Joanne
STR: 13
CON: 15
AGL: 15
PER: 16
armour: studded leather
weapons: [epee]
skills: {point swords: 30, epee: 37}
tactics: normal-attack
"""
ONDKILLE = """\
name: Ondkille
side: thugs
STR: 8
CON: 8
AGL: 10
PER: 13
weapons: [dagger]
skills: {dagger: 40}
tactics: normal-attack
"""


async def build(gm: Tab, combatants: list[str], **fields: str) -> Any:
    data: dict[str, Any] = {"csrf": gm.csrf, "ruleset": "percentile", "combatant": combatants}
    data.update(fields)
    return await gm.client.post("/encounters/build", data=data, follow_redirects=False)


async def test_the_form_lists_every_rule_option_with_its_default(app_and_gm: Any) -> None:
    _app, gm = app_and_gm
    page = unescape((await gm.get("/new?ruleset=percentile")).text)
    assert '<select name="opt.fatigue_loss"><option selected>per-3-rounds</option>' in page
    assert "Combat fatigue: 1 point per three rounds" in page
    assert page.count('name="combatant"') == 2
    bad = await gm.client.get("/new?ruleset=chess")
    assert bad.status_code == 400 and "ruleset: 'chess' is not one of" in unescape(bad.text)


async def test_a_problem_is_shown_at_its_combatant_and_nothing_is_created(app_and_gm: Any) -> None:
    app, gm = app_and_gm
    await gm.get("/new?ruleset=percentile")
    response = await build(gm, [JOANNE, ONDKILLE.replace("STR: 8", "STR: lots")], create="1")
    assert response.status_code == 400
    page = unescape(response.text)
    second = page.split('id="combatant-1"', 1)[1].split("</fieldset>", 1)[0]
    assert "STR: Input should be a valid integer" in second
    assert "STR: lots" in second  # what was typed is kept
    assert "Input should be" not in page.split('id="combatant-1"', 1)[0]
    broken = await build(gm, [JOANNE, "name: [unclosed"], create="1")
    assert "not valid YAML" in unescape(broken.text).split('id="combatant-1"', 1)[1]
    option = await build(gm, [JOANNE, ONDKILLE], **{"opt.fatigue_loss": "sometimes"})
    assert option.status_code == 400
    assert "Input should be 'per-3-rounds' or 'per-round'" in unescape(option.text)
    assert app.state.tracker.store.encounters() == []


async def test_combatants_are_added_and_removed_one_by_one(app_and_gm: Any) -> None:
    _app, gm = app_and_gm
    await gm.get("/new?ruleset=percentile")
    more = await build(gm, [JOANNE], more="1")
    assert more.status_code == 200 and more.text.count('name="combatant"') == 2
    fewer = await build(gm, [JOANNE, ONDKILLE], drop="0")
    assert fewer.text.count('name="combatant"') == 1 and "Ondkille" in fewer.text


async def test_a_built_scenario_with_a_house_rule_starts_the_fight(app_and_gm: Any) -> None:
    app, gm = app_and_gm
    await gm.get("/new?ruleset=percentile")
    response = await build(
        gm, [JOANNE, ONDKILLE], name="Alley", create="1", **{"opt.fatigue_loss": "per-round"}
    )
    assert response.status_code == 303, unescape(response.text)
    (record,) = app.state.tracker.store.encounters()
    assert record.name == "Alley"
    head = json.loads(app.state.tracker.store.lines(record.id)[0])
    assert head["scenario"]["options"]["fatigue_loss"] == "per-round"
    assert [c["name"] for c in head["scenario"]["combatants"]] == ["Joanne", "Ondkille"]
