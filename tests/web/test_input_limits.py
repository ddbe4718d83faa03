"""Input the tracker is sent never blocks it and never leaks what it should not: expansion
bombs, paths that block (standard input, pipes), NUL bytes, deep JSON, oversized bodies,
files that are not scenarios. Each is refused with a 4xx and a message, and changes nothing."""

from __future__ import annotations

import json
import os
import threading
from html import unescape
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests.web.conftest import TOY_SCENARIO, Tab, length_of
from tests.web.test_api import create_toy, lines

pytestmark = pytest.mark.anyio


def bomb(levels: int) -> str:
    """A YAML list of nested aliases: ~30 bytes a level, 9**levels items once expanded."""
    names = "abcdefghijklmnop"
    parts = ["&a [x,x,x,x,x,x,x,x,x]"]
    parts += [f"&{names[i]} [" + ",".join([f"*{names[i - 1]}"] * 9) + "]" for i in range(1, levels)]
    return "[" + ", ".join(parts) + "]"


#: nine levels: 200 bytes that expand to 387 million items (minutes of work unchecked)
BOMB = bomb(9)


async def _send_bomb(gm: Tab, where: str, eid: int, tmp_path: Path) -> Any:
    if where == "upload":
        text = f"ruleset: toy\nfighters: {BOMB}\n"
        return await gm.client.post(
            "/encounters", files={"file": ("bomb.yaml", text.encode())}, data={"csrf": gm.csrf}
        )
    if where == "house-rule":
        path = tmp_path / "toy.yaml"
        return await gm.client.post(
            "/encounters", data={"csrf": gm.csrf, "path": str(path), "options": f"x={BOMB}"}
        )
    if where == "builder":
        return await gm.post(
            "/encounters/build",
            {"ruleset": "toy", "combatant": [f"name: Ann\nside: red\nhp: {BOMB}\n"]},
        )
    n = length_of((await gm.get(f"/e/{eid}/board")).text)
    return await gm.post(
        f"/e/{eid}/override",
        {"expected": n, "kind": "add-combatant", "spec": f"name: Zed\nside: red\nhp: {BOMB}\n"},
    )


@pytest.mark.parametrize("where", ["upload", "house-rule", "builder", "add-combatant"])
async def test_an_alias_bomb_is_refused_with_a_message_and_changes_nothing(
    app_and_gm: Any, tmp_path: Path, where: str
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    before = lines(app, eid)
    response = await _send_bomb(gm, where, eid, tmp_path)
    assert 400 <= response.status_code < 500, response.text[:300]
    text = unescape(response.text)
    assert "the aliases (here *" in text, text[:2000]  # the shared reader's alias budget
    assert [r.id for r in app.state.tracker.store.encounters()] == [eid]
    assert lines(app, eid) == before


async def test_input_that_takes_too_long_is_refused_and_its_worker_stopped(
    app_and_gm: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last line behind the size limits and the reader's budgets: a reading that runs
    past its time is refused, and its worker thread is interrupted (it does not go on)."""
    app, gm = app_and_gm
    app.state.tracker.input_seconds = 0.3

    def endless(text: str) -> Any:
        while True:
            pass

    monkeypatch.setattr("fracas.scenario.loader.load_yaml", endless)
    response = await gm.client.post(
        "/encounters", files={"file": ("toy.yaml", TOY_SCENARIO.encode())}, data={"csrf": gm.csrf}
    )
    assert response.status_code == 422
    assert "file: took longer than 0.3 s to read and check" in unescape(response.text)
    with anyio.fail_after(10):
        while any(t.name == "fracas-input" for t in threading.enumerate()):
            await anyio.sleep(0.01)
    assert app.state.tracker.store.encounters() == []


@pytest.mark.parametrize("where", ["upload", "builder", "add-combatant"])
async def test_input_is_read_off_the_event_loop_so_other_pages_keep_answering(
    app_and_gm: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """The YAML reader is made to wait until another request has been answered: if it ran
    on the event loop, that request could not be answered and the reader would time out."""
    import fracas.scenario.yaml_input as yaml_input
    import fracas.web.builder
    import fracas.web.fight
    import fracas.web.scenario_input

    _app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    answered = threading.Event()
    waited: list[bool] = []
    real = yaml_input.load_yaml

    def slow_reader(text: str) -> Any:
        waited.append(answered.wait(5))
        return real(text)

    for module in (fracas.web.builder, fracas.web.fight, fracas.web.scenario_input):
        monkeypatch.setattr(module, "load_yaml", slow_reader, raising=False)
    monkeypatch.setattr("fracas.scenario.loader.load_yaml", slow_reader)

    results: list[Any] = []

    async def send() -> None:
        if where == "upload":
            results.append(
                await gm.client.post(
                    "/encounters",
                    files={"file": ("toy.yaml", TOY_SCENARIO.encode())},
                    data={"csrf": gm.csrf},
                )
            )
        else:
            results.append(await _send_bomb(gm, where, eid, tmp_path))

    async with anyio.create_task_group() as tg:
        tg.start_soon(send)
        await anyio.sleep(0.05)
        other = await gm.client.get(f"/e/{eid}/board")
        assert other.status_code == 200
        answered.set()
    assert waited and all(waited), "another request waited for the input to be read"
    assert results


@pytest.mark.parametrize(
    "path",
    ["-", "/dev/stdin", "fifo", "\x00", "bad\x00.yaml", "/etc/passwd", "secret.yaml", "dir.yaml"],
)
async def test_a_scenario_path_is_read_only_if_it_is_a_regular_scenario_file_where_allowed(
    app_and_gm: Any, tmp_path: Path, path: str
) -> None:
    app, gm = app_and_gm
    if path == "fifo":
        path = str(tmp_path / "pipe.yaml")
        os.mkfifo(path)
    elif path == "secret.yaml":
        secret = tmp_path / "secret.yaml"
        secret.write_text("ruleset: hunter2-SECRET-VALUE\npassword: hunter2-OTHER\n")
        path = str(secret)
    elif path == "dir.yaml":
        (tmp_path / "dir.yaml").mkdir()
        path = str(tmp_path / "dir.yaml")
    with anyio.fail_after(10):  # a blocked read would hang the test: fail it instead
        response = await gm.client.post("/encounters", data={"csrf": gm.csrf, "path": path})
    assert 400 <= response.status_code < 500, response.text[:300]
    text = unescape(response.text)
    assert "path" in text
    assert "hunter2" not in text and "root:" not in text
    assert app.state.tracker.store.encounters() == []


async def test_a_file_that_is_a_scenario_is_still_quoted_in_its_problems(
    app_and_gm: Any, tmp_path: Path
) -> None:
    _app, gm = app_and_gm
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: toy\nfighters:\n  - {name: Ann, side: red, hp: lots}\n")
    response = await gm.client.post("/encounters", data={"csrf": gm.csrf, "path": str(bad)})
    assert response.status_code == 400
    assert "fighters[0].hp: Input should be a valid integer" in unescape(response.text)


async def test_deeply_nested_answers_are_a_4xx_with_a_message(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = length_of((await gm.get(f"/e/{eid}/board")).text)
    deep = "[" * 5000 + "]" * 5000
    response = await gm.post(
        f"/e/{eid}/act", {"expected": n, "choice": "0", "dice": "table", "answers": deep}
    )
    assert 400 <= response.status_code < 500
    assert "answers:" in unescape(response.text)
    assert len(lines(app, eid)) == n


async def test_a_new_combatant_is_refused_a_name_a_scenario_file_refuses(
    app_and_gm: Any, tmp_path: Path
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = length_of((await gm.get(f"/e/{eid}/board")).text)
    for name in ['"Z\\u202Eed"', '"Ze\\x07d"', '"  "', '""']:
        response = await gm.post(
            f"/e/{eid}/override",
            {"expected": n, "kind": "add-combatant", "spec": f"name: {name}\nside: red\nhp: 5\n"},
        )
        assert 400 <= response.status_code < 500, name
        assert "spec.name:" in unescape(response.text), name
    assert len(lines(app, eid)) == n
    assert json.dumps(lines(app, eid)).count("Zed") == 0


async def test_a_body_declared_too_large_is_refused_before_it_is_read() -> None:
    from fracas.web.limits import FORM_LIMIT, BodyLimit

    called: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        called.append("app")

    async def receive() -> Any:
        called.append("receive")
        return {"type": "http.request", "body": b"", "more_body": False}

    sent: list[Any] = []

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "path": "/e/1/act",
        "headers": [(b"content-length", str(300 * 1024 * 1024).encode())],
    }
    await BodyLimit(app)(scope, receive, send)
    assert called == []  # neither the app nor a byte of the body
    assert sent[0]["status"] == 413 and (b"connection", b"close") in sent[0]["headers"]
    assert f"{FORM_LIMIT // 1024} KB".encode() in sent[1]["body"]


@pytest.mark.parametrize(
    ("url", "size"), [("/e/1/act", 300 * 1024), ("/encounters", 4 * 1024 * 1024)]
)
async def test_a_body_streamed_past_its_limit_is_a_413_and_changes_nothing(
    app_and_gm: Any, tmp_path: Path, url: str, size: int
) -> None:
    app, gm = app_and_gm
    eid = await create_toy(gm, tmp_path)
    n = len(lines(app, eid))

    boundary = "fracas-test-boundary"

    async def chunks() -> Any:  # no Content-Length: counted as it comes
        fields = {"csrf": gm.csrf, "expected": str(n), "choice": "0"}
        for name, value in fields.items():
            yield (
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
            ).encode()
        yield (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            'filename="big.yaml"\r\nContent-Type: application/yaml\r\n\r\n'
        ).encode()
        for _ in range(size // 65536 + 1):
            yield b"#" * 65536
        yield f"\r\n--{boundary}--\r\n".encode()

    response = await gm.client.post(
        url.replace("/1/", f"/{eid}/"),
        content=chunks(),
        headers={"content-type": f"multipart/form-data; boundary={boundary}"},
    )
    assert response.status_code == 413, response.text[-500:]
    assert len(lines(app, eid)) == n
    assert [r.id for r in app.state.tracker.store.encounters()] == [eid]
