"""Every open page receives every board, in order, or is told what it missed: counts, not
times. The app is driven as an ASGI server would drive it, so the test can make changes
back to back, with no turn of the event loop between them for a stream to take."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import anyio
import pytest

from fracas.web.delivery import BACKLOG
from tests.web.test_api import create_toy, player_tab

pytestmark = pytest.mark.anyio


class Page:
    """One page's event stream, read straight from the app."""

    def __init__(self, app: Any, eid: int, cookie: str) -> None:
        self.app = app
        self.scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": f"/e/{eid}/stream",
            "raw_path": f"/e/{eid}/stream".encode(),
            "query_string": b"",
            "root_path": "",
            "headers": [(b"host", b"test"), (b"cookie", cookie.encode())],
            "client": ("127.0.0.1", 1),
            "server": ("test", 80),
        }
        self.text = ""
        self.closed = anyio.Event()

    async def run(self) -> None:
        async def receive() -> Any:
            await self.closed.wait()
            return {"type": "http.disconnect"}

        async def send(message: Any) -> None:
            if message["type"] == "http.response.body":
                self.text += message.get("body", b"").decode()

        await self.app(self.scope, receive, send)

    def versions(self) -> list[int]:
        return [int(v) for v in re.findall(r"^id: (\d+)$", self.text, re.M)]

    def skipped(self) -> list[tuple[int, int]]:
        found = re.findall(r"^data: skipped to \d+ \(from (\d+) to (\d+)\)$", self.text, re.M)
        return [(int(a), int(b)) for a, b in found]

    def missing(self, first: int, last: int) -> set[int]:
        """The versions in first..last neither received nor reported skipped."""
        told = set(self.versions())
        for a, b in self.skipped():
            told |= set(range(a, b + 1))
        return set(range(first, last + 1)) - told

    async def until(self, version: int) -> None:
        with anyio.fail_after(10):
            while not self.versions() or self.versions()[-1] < version:
                await anyio.sleep(0.001)


async def open_pages(app: Any, gm: Any, tmp_path: Path) -> tuple[int, Any, list[Page]]:
    eid = await create_toy(gm, tmp_path)
    player = await player_tab(app, gm, eid, ["Bob"])
    jar = [gm.client.cookies, player.client.cookies]
    pages = [Page(app, eid, "; ".join(f"{k}={v}" for k, v in jar[i % 2].items())) for i in range(6)]
    return eid, app.state.tracker.hub.get(eid), pages


async def test_changes_back_to_back_reach_every_page_each_board(
    app_and_gm: Any, tmp_path: Path
) -> None:
    """Every GM page gets every board; a player's page gets a board whenever what the
    player sees changes, and none for a change they cannot see."""
    app, gm = app_and_gm
    eid, live, pages = await open_pages(app, gm, tmp_path)
    gms, players = pages[0::2], pages[1::2]
    async with anyio.create_task_group() as tg:
        for page in pages:
            tg.start_soon(page.run)
        for page in gms:
            await page.until(live.version)
        for page in players:
            await page.until(0)
        first = live.version
        seen = players[0].versions()[-1]
        for _ in range(5):  # five changes with no turn of the loop between them
            live.changed()
        n = live.length
        response = await gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
        assert response.status_code == 200
        last = live.version
        for page in gms:
            await page.until(last)
            assert page.versions() == list(range(first, last + 1))
            assert page.skipped() == []
        for page in players:  # the five showed the player nothing new; the act did
            await page.until(seen + 1)
            assert page.versions() == [seen, seen + 1]
            assert page.skipped() == []
        for page in pages:
            page.closed.set()


async def test_a_page_that_falls_too_far_behind_is_told_what_it_skipped(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    _eid, live, pages = await open_pages(app, gm, tmp_path)
    gms, players = pages[0::2], pages[1::2]
    async with anyio.create_task_group() as tg:
        for page in pages:
            tg.start_soon(page.run)
        for page in gms:
            await page.until(live.version)
        for page in players:
            await page.until(0)
        first = live.version
        seen = [page.versions() for page in players]
        for _ in range(BACKLOG + 20):
            live.changed()
        last = live.version
        for page in gms:
            await page.until(last)
            assert page.skipped(), "boards were dropped without a word"
            assert page.missing(first, last) == set()
        # the changes showed the players nothing: their pages were sent nothing
        assert [page.versions() for page in players] == seen
        for page in pages:
            page.closed.set()
