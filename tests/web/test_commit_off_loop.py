"""A commit waits for the disk off the event loop: while one fight's change (or a join link,
a hidden combatant, an archived encounter) is being written, every other page is answered;
the fight's own readers see it once it is on disk; two changes of one fight still never
interleave (one writer per encounter, the version check)."""

from __future__ import annotations

import threading
from html import unescape
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

import fracas.web.access as access_module
from fracas.store import SqliteStore
from tests.web.conftest import length_of
from tests.web.test_api import board_length, create_toy, lines

pytestmark = pytest.mark.anyio

#: how long the slow disk below holds a commit when nobody releases it (seconds): only the
#: failing case waits this long
HOLD_SECONDS = 10


class SlowDisk:
    """``SqliteStore.append`` that waits, in whichever thread runs it, until released."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.entered = threading.Event()
        self.released = threading.Event()
        self.released_in_time: list[bool] = []
        real = SqliteStore.append

        def append(store: SqliteStore, *args: Any, **kwargs: Any) -> int:
            self.entered.set()
            self.released_in_time.append(self.released.wait(HOLD_SECONDS))
            return real(store, *args, **kwargs)

        monkeypatch.setattr(SqliteStore, "append", append)

    async def wait_entered(self) -> None:
        while not self.entered.is_set():
            await anyio.sleep(0.01)


async def test_a_commit_waiting_for_the_disk_holds_no_other_page(
    app_and_gm: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, gm = app_and_gm
    busy = await create_toy(gm, tmp_path)
    other = await create_toy(gm, tmp_path)
    n = await board_length(gm, busy)
    disk = SlowDisk(monkeypatch)
    answers: dict[str, httpx.Response] = {}

    async def act() -> None:
        answers["act"] = await gm.post(f"/e/{busy}/act", {"expected": n, "choice": "tactics"})

    async with anyio.create_task_group() as tg:
        tg.start_soon(act)
        await disk.wait_entered()
        # another tab reads another fight while the first one's commit waits for the disk
        answers["other"] = await gm.client.get(f"/e/{other}/board")
        disk.released.set()
    assert answers["other"].status_code == 200
    assert disk.released_in_time == [True], "the other page waited for the commit"
    assert answers["act"].status_code == 200, answers["act"].text
    assert len(lines(app, busy)) == length_of(answers["act"].text) > n


async def test_a_page_read_during_a_commit_shows_the_fight_once_it_is_on_disk(
    app_and_gm: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    disk = SlowDisk(monkeypatch)
    answers: dict[str, httpx.Response] = {}

    async def act() -> None:
        answers["act"] = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})

    async def read() -> None:
        answers["board"] = await gm.client.get(f"/e/{eid}/board")

    async with anyio.create_task_group() as tg:
        tg.start_soon(act)
        await disk.wait_entered()
        tg.start_soon(read)
        await anyio.sleep(0.05)
        assert "board" not in answers, "a board was shown with events not yet on disk"
        disk.released.set()
    committed = len(lines(app, eid))
    assert length_of(answers["board"].text) == committed == length_of(answers["act"].text)


async def test_two_changes_of_one_fight_during_a_slow_commit_never_interleave(
    app_and_gm: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = await board_length(gm, eid)
    disk = SlowDisk(monkeypatch)
    answers: list[httpx.Response] = []

    async def act() -> None:
        answers.append(await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"}))

    async with anyio.create_task_group() as tg:
        tg.start_soon(act)
        await disk.wait_entered()
        tg.start_soon(act)  # a second tab, answering the same decision
        await anyio.sleep(0.05)
        disk.released.set()
    assert sorted(r.status_code for r in answers) == [200, 409]
    refused = next(r for r in answers if r.status_code == 409)
    assert "moved on" in unescape(refused.text)
    acted = [e for e in lines(app, eid) if e["type"] == "Acted"]
    assert len(acted) == 1


class SlowTableWrite:
    """One of the tracker's own table writes (:mod:`fracas.web.access`) that waits, in
    whichever thread runs it, until released."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
        self.entered = threading.Event()
        self.released = threading.Event()
        self.released_in_time: list[bool] = []
        real = getattr(access_module, name)

        def write(*args: Any, **kwargs: Any) -> Any:
            self.entered.set()
            self.released_in_time.append(self.released.wait(HOLD_SECONDS))
            return real(*args, **kwargs)

        monkeypatch.setattr(access_module, name, write)

    async def wait_entered(self) -> None:
        while not self.entered.is_set():
            await anyio.sleep(0.01)


#: each write of the tracker's own tables a GM makes mid-fight: the write function, the
#: request that makes it, and what the store holds once it is done
TABLE_WRITES = {
    "a join link": ("add_player_token", "players", {"label": "Sam", "combatants": ["Ann"]}),
    "hiding a combatant": ("write_hidden", "hide", {"target": "Cat", "hidden": "1"}),
    "revoking a join link": ("drop_player_token", "players", None),  # the revoke form
    "archiving": ("write_archived", "archive", {"archived": "1"}),
}


@pytest.mark.parametrize("what", list(TABLE_WRITES))
async def test_a_join_link_or_hidden_table_write_waiting_for_the_disk_holds_no_other_page(
    app_and_gm: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, what: str
) -> None:
    app, gm = app_and_gm
    busy = await create_toy(gm, tmp_path)
    other = await create_toy(gm, tmp_path)
    access = app.state.tracker.access
    name, route, form = TABLE_WRITES[what]
    if form is None:  # revoke a link made first
        await gm.post(f"/e/{busy}/players", {"label": "Sam", "combatants": ["Ann"]})
        (link,) = access.players(busy)
        form = {"revoke": link.token_hash}
    disk = SlowTableWrite(monkeypatch, name)
    answers: dict[str, httpx.Response] = {}

    async def write() -> None:
        answers["write"] = await gm.post(f"/e/{busy}/{route}", form)

    async with anyio.create_task_group() as tg:
        tg.start_soon(write)
        await disk.wait_entered()
        # another tab reads another fight while the first one's write waits for the disk
        answers["other"] = await gm.client.get(f"/e/{other}/board")
        disk.released.set()
    assert answers["other"].status_code == 200
    assert disk.released_in_time == [True], "the other page waited for the write"
    assert answers["write"].status_code in (200, 303), answers["write"].text
    done = {
        "a join link": lambda: [p.label for p in access.players(busy)] == ["Sam"],
        "hiding a combatant": lambda: access.hidden(busy) == frozenset({"Cat"}),
        "revoking a join link": lambda: access.players(busy) == [],
        "archiving": lambda: busy in access.archived(),
    }[what]
    assert done(), f"{what}: not in the store once answered"
