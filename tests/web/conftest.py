"""Fixtures for the tracker's tests: the real app over HTTP (httpx), with the engine's toy
ruleset registered beside the real ones so rules stay out of the way."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from fracas.rulesets import RULESETS
from fracas.web import create_app
from tests.web.servers import Relay

EXAMPLES = Path(__file__).parents[2] / "examples"

TOY_SCENARIO = """\
ruleset: toy
fighters:
  - {name: Ann, side: red, hp: 10}
  - {name: Bob, side: blue, hp: 10}
  - {name: Cat, side: blue, hp: 10}
"""


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(RULESETS, "toy", "tests.engine.toy")


class Tab:
    """One browser tab's worth of HTTP: a client with its cookies and CSRF token (and, for
    the ``gm`` fixture's tab, the app it talks to)."""

    def __init__(self, client: httpx.AsyncClient, app: Any = None) -> None:
        self.client = client
        self.app = app
        self.csrf = ""

    async def get(self, url: str) -> httpx.Response:
        response = await self.client.get(url, follow_redirects=True)
        found = re.search(r'"X-CSRF-Token": "([0-9a-f]+)"', response.text)
        if found:
            self.csrf = found.group(1)
        return response

    async def post(
        self, url: str, data: dict[str, object] | None = None, csrf: bool = True, **kw: object
    ) -> httpx.Response:
        headers = {"HX-Request": "true"}
        if csrf:
            headers["X-CSRF-Token"] = self.csrf
        return await self.client.post(url, data=data or {}, headers=headers, **kw)  # type: ignore[arg-type]


@pytest.fixture
def relay() -> Iterator[Relay]:
    """A port held for the test, relaying to the server whose port the test sets."""
    r = Relay()
    yield r
    r.close()


@pytest.fixture
async def app_and_gm(tmp_path: Path, toy: None) -> AsyncIterator[tuple[object, Tab]]:
    app = create_app(tmp_path / "t.db", scenario_dirs=[tmp_path, EXAMPLES])
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        gm = Tab(client)
        await gm.get(f"/login?token={app.state.gm_token}")
        yield app, gm
    app.state.tracker.close()


@pytest.fixture
async def gm(tmp_path: Path) -> AsyncIterator[Tab]:
    """A GM's tab on the real app (the real rulesets, the engine's dice seeded), its app at
    ``gm.app``; encounters are made with :func:`create`."""
    app = create_app(tmp_path / "t.db", seed=1)
    async with await new_tab(app) as client:
        tab = Tab(client, app)
        await tab.get(f"/login?token={app.state.gm_token}")
        yield tab
    app.state.tracker.close()


async def create(gm: Tab, path: Path) -> int:
    """A new encounter from the scenario file at ``path``, made by ``gm``; its id."""
    response = await gm.client.post(
        "/encounters", data={"csrf": gm.csrf, "path": str(path)}, follow_redirects=False
    )
    assert response.status_code == 303, response.text
    return int(response.headers["location"].rsplit("/", 1)[1])


async def new_tab(app: object) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test")  # type: ignore[arg-type]


def length_of(html: str) -> int:
    found = re.search(r'data-length="(\d+)"', html)
    assert found, html[:500]
    return int(found.group(1))


try:  # the browser tests' auto-retrying expectations, given time on a loaded machine
    from playwright.sync_api import expect as _expect
except ImportError:  # pragma: no cover - the browser tests are skipped without it
    pass
else:
    #: how long an ``expect(...)`` keeps retrying (Playwright's default, 5 s, is short when
    #: the CI runs the suite on every core with chromium and servers beside it)
    EXPECT_SECONDS = 20
    _expect.set_options(timeout=EXPECT_SECONDS * 1000)
