""" "Let the tactics choose" on a player's page chooses from what the player may see: the
tactics' pick against a hidden combatant becomes an action of the same kind against one the
player sees, or, when every foe is hidden, the turn passes; neither the choice nor its
outcome names or touches the hidden one."""

from __future__ import annotations

from html import unescape
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import length_of
from tests.web.test_api import create_toy, lines, player_tab

pytestmark = pytest.mark.anyio


async def tactics_as_player(app: Any, gm: Any, tmp_path: Path, hide: list[str]) -> Any:
    """Ann's player (Ann acts first in the toy fight) lets the tactics choose, with ``hide``
    hidden from them; the answer, and the log's new events."""
    eid = await create_toy(gm, tmp_path)
    for name in hide:
        await gm.post(f"/e/{eid}/hide", {"target": name, "hidden": "1"})
    player = await player_tab(app, gm, eid, ["Ann"])
    page = (await player.get(f"/e/{eid}/board")).text
    n = len(lines(app, eid))
    answer = await player.post(f"/e/{eid}/act", {"expected": length_of(page), "choice": "tactics"})
    await player.client.aclose()
    return answer, lines(app, eid)[n:]


async def test_a_player_facing_only_hidden_foes_lets_the_tactics_choose_and_the_turn_passes(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    answer, events = await tactics_as_player(app, gm, tmp_path, ["Bob", "Cat"])
    assert answer.status_code == 200, unescape(answer.text)
    assert events[0]["type"] == "Acted" and events[0]["action"]["action"] == "Wait"
    assert "Bob" not in str(events) and "Cat" not in str(events)  # nobody hidden is touched
    assert "Bob" not in unescape(answer.text) and "Cat" not in unescape(answer.text)


async def test_the_tactics_aiming_at_a_hidden_foe_attack_one_the_player_sees(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    answer, events = await tactics_as_player(app, gm, tmp_path, ["Bob"])  # the toy's pick
    assert answer.status_code == 200, unescape(answer.text)
    assert events[0]["action"] == {"action": "Hit", "actor": "Ann", "target": "Cat"}
    assert "Bob" not in str(events) and "Bob" not in unescape(answer.text)


async def test_the_tactics_choice_naming_no_hidden_one_is_the_tactics_own(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    answer, events = await tactics_as_player(app, gm, tmp_path, ["Cat"])
    assert answer.status_code == 200, unescape(answer.text)
    assert events[0]["action"] == {"action": "Hit", "actor": "Ann", "target": "Bob"}
