"""GM access: a login link printed on start works for a while and the next start replaces
it; it opens a GM session that expires; ``fracas serve --revoke-gm`` ends them all."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from fracas.web import create_app
from fracas.web.access import Access
from tests.web.conftest import Tab

pytestmark = pytest.mark.anyio


async def test_a_login_link_starts_a_session_that_expires(tmp_path: Path, toy: None) -> None:
    app = create_app(tmp_path / "t.db", session_days=1)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        login = await c.get(f"/login?token={app.state.gm_token}")
        assert login.status_code == 303
        cookie = login.cookies["fracas_gm"]
        assert cookie != app.state.gm_token  # the session has a token of its own
        assert "Max-Age=86400" in login.headers["set-cookie"]
        assert (await c.get("/")).status_code == 200
        with sqlite3.connect(tmp_path / "t.db") as con:  # a day passes
            con.execute("UPDATE web_tokens SET expires = ? WHERE label = 'session'", (time.time(),))
        assert (await c.get("/")).status_code == 401
    app.state.tracker.close()


async def test_the_next_start_replaces_the_login_link_and_mints_no_lasting_token(
    tmp_path: Path, toy: None
) -> None:
    first = create_app(tmp_path / "t.db")
    second = create_app(tmp_path / "t.db")
    for app, works in ((first, False), (second, True)):
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=second), base_url="http://t"
        ) as c:
            login = await c.get(f"/login?token={app.state.gm_token}")
            assert (login.status_code == 303) is works
            if not works:
                assert "login link" in login.text
    with sqlite3.connect(tmp_path / "t.db") as con:
        rows = list(con.execute("SELECT label, expires FROM web_tokens WHERE role = 'gm'"))
    assert sorted(label for label, _ in rows) == ["login link", "session"]
    assert all(expires is not None for _, expires in rows)
    first.state.tracker.close()
    second.state.tracker.close()


async def test_revoking_ends_every_gm_session_of_a_running_server(app_and_gm: Any) -> None:
    app, gm = app_and_gm
    assert (await gm.get("/")).status_code == 200
    other = Access(app.state.tracker.db)  # as `fracas serve --revoke-gm` does, from outside
    assert other.revoke_gm() >= 1
    other.close()
    assert (await gm.get("/")).status_code == 401
    again = await Tab(gm.client).get(f"/login?token={app.state.gm_token}")
    assert again.status_code == 403


async def test_a_token_from_before_sessions_expired_no_longer_opens_anything(
    tmp_path: Path, toy: None
) -> None:
    import hashlib

    db = tmp_path / "t.db"
    create_app(db).state.tracker.close()
    with sqlite3.connect(db) as con:  # a GM token as the tracker minted them before
        con.execute(
            "INSERT INTO web_tokens (hash, role) VALUES (?, 'gm')",
            (hashlib.sha256(b"old-token").hexdigest(),),
        )
    app = create_app(db)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        assert (await c.get("/", headers={"authorization": "Bearer old-token"})).status_code == 401
        assert (await c.get("/login?token=old-token")).status_code == 403
    app.state.tracker.close()
