"""Two GM tabs and a player's tab acting at once on one encounter of a real ``fracas serve``,
hundreds of times: every change acknowledged (200) is in the log exactly once, every refusal
(409) changed nothing, the acknowledged changes tile the log with neither gap nor overlap,
and the log replays. Then two GM tabs race undo against redo: the log stays a prefix of
what it was, each acknowledged length was one of its prefixes, and it replays."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from fracas.engine import LogDecoder
from fracas.engine.replay import verify_log
from fracas.rulesets import RULESETS, get_ruleset
from tests.web.servers import REQUEST_SECONDS, Server, start

SCENARIO = """\
ruleset: toy
fighters:
  - {name: Ann, side: red, hp: 100000}
  - {name: Bob, side: blue, hp: 100000}
  - {name: Cat, side: blue, hp: 100000}
"""
#: rounds of each tab (three tabs: several hundred requests that change the fight)
ROUNDS = 120


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    monkeypatch.setitem(RULESETS, "toy", "tests.engine.toy")
    (tmp_path / "long.yaml").write_text(SCENARIO)
    s = start(tmp_path / "t.db", toy=True, seed=5)
    yield s
    s.stop()


@dataclass
class Tally:
    """What one tab was told: (length before, length after) of each acknowledged change."""

    acked: list[tuple[int, int]] = field(default_factory=list)
    refused: int = 0
    other: list[str] = field(default_factory=list)


def client(server: Server, cookies: httpx.Cookies | None = None) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=REQUEST_SECONDS, cookies=cookies)


def csrf_of(html: str) -> str:
    found = re.search(r'"X-CSRF-Token": "([0-9a-f]+)"', html)
    assert found, html[:300]
    return found.group(1)


def attr(html: str, name: str) -> str:
    found = re.search(rf'{name}="([^"]*)"', html)
    assert found, (name, html[:300])
    return found.group(1)


def post(c: httpx.Client, csrf: str, url: str, data: dict[str, object]) -> httpx.Response:
    return c.post(url, data=data, headers={"X-CSRF-Token": csrf, "HX-Request": "true"})  # type: ignore[arg-type]


def gm_tab(server: Server, eid: int, tally: Tally, hp: bool) -> None:
    with client(server) as c:
        c.get(f"/login?token={server.gm_token}")
        csrf = csrf_of(c.get(f"/e/{eid}").text)
        for i in range(ROUNDS):
            board = c.get(f"/e/{eid}/board").text
            n = int(attr(board, "data-length"))
            if hp and i % 3 == 0:
                data: dict[str, object] = {"expected": n, "kind": "hp", "target": "Bob"}
                data["amount"] = "-1"
                answer = post(c, csrf, f"/e/{eid}/override", data)
            else:
                data = {"expected": n, "choice": "tactics"}
                data["decision"] = attr(board, "data-decision")
                answer = post(c, csrf, f"/e/{eid}/act", data)
            if answer.status_code == 200:
                tally.acked.append((n, int(attr(answer.text, "data-length"))))
            elif answer.status_code == 409:
                tally.refused += 1
            else:
                tally.other.append(f"{answer.status_code} {answer.text[:200]}")


def player_tab(server: Server, link: str, eid: int, tally: Tally) -> None:
    with client(server) as c:
        c.get(link)
        csrf = csrf_of(c.get(f"/e/{eid}").text)
        for _ in range(ROUNDS):
            board = c.get(f"/e/{eid}/board").text
            if 'id="act-form"' not in board:
                continue
            data = {
                "expected": attr(board, 'name="expected" value'),
                "decision": attr(board, 'name="decision" value'),
                "choice": "tactics",
            }
            answer = post(c, csrf, f"/e/{eid}/act", data)
            if answer.status_code == 200:
                tally.acked.append((-1, -1))  # placed in the log by the GM tabs' gaps
            elif answer.status_code in (403, 409):  # the turn went by meanwhile
                tally.refused += 1
            else:
                tally.other.append(f"{answer.status_code} {answer.text[:200]}")


def run_all(*threads: threading.Thread) -> None:
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def the_log(server: Server, eid: int) -> list[str]:
    with client(server) as c:
        c.get(f"/login?token={server.gm_token}")
        text = c.get(f"/e/{eid}/log.jsonl").text
    return [line for line in text.splitlines() if line.strip()]


def replays(lines: list[str]) -> None:
    ruleset = get_ruleset("toy")
    verify_log(ruleset, LogDecoder(ruleset.event_types()).decode("\n".join(lines)))


def test_two_gm_tabs_and_a_player_acting_at_once_lose_nothing_and_the_log_replays(
    server: Server, tmp_path: Path
) -> None:
    with client(server) as gm:
        gm.get(f"/login?token={server.gm_token}")
        csrf = csrf_of(gm.get("/").text)
        made = gm.post("/encounters", data={"csrf": csrf, "path": str(tmp_path / "long.yaml")})
        assert made.status_code == 303, made.text
        eid = int(made.headers["location"].rsplit("/", 1)[1])
        joined = post(gm, csrf, f"/e/{eid}/players", {"label": "Sam", "combatants": "Ann"})
        link = re.search(r'value="(http://[^"]+/join/[^"]+)"', joined.text)
        assert link, joined.text
    start_length = len(the_log(server, eid))
    a, b, p = Tally(), Tally(), Tally()
    run_all(
        threading.Thread(target=gm_tab, args=(server, eid, a, False)),
        threading.Thread(target=gm_tab, args=(server, eid, b, True)),
        threading.Thread(target=player_tab, args=(server, link.group(1), eid, p)),
    )
    assert not (a.other or b.other or p.other), (a.other, b.other, p.other)
    log = the_log(server, eid)
    replays(log)
    # the GM tabs' acknowledged changes, and the player's in the gaps between them, tile
    # the log from its start to its end: nothing acknowledged lost, nothing done twice
    spans = sorted(a.acked + b.acked)
    assert len(a.acked) + len(b.acked) + a.refused + b.refused == 2 * ROUNDS
    at, gaps = start_length, 0
    for before, after in spans:
        assert before >= at, (before, at)  # no two acknowledged changes overlap
        if before > at:
            gaps += 1  # the player's action(s) in between
        assert after > before
        at = after
    if at < len(log):
        gaps += 1
    assert gaps <= len(p.acked)
    player_acts = sum('"actor":"Ann"' in line and '"Acted"' in line for line in log)
    assert player_acts >= len(p.acked) > 0 or gaps == 0
    assert len(a.acked) > 0 and len(b.acked) > 0

    # undo against redo, two GM tabs
    def undoer(tally: Tally, route: str) -> None:
        with client(server) as c:
            c.get(f"/login?token={server.gm_token}")
            csrf = csrf_of(c.get(f"/e/{eid}").text)
            for i in range(ROUNDS // 2):
                n = int(attr(c.get(f"/e/{eid}/board").text, "data-length"))
                kind = route if i % 4 else ("redo" if route == "undo" else "undo")
                answer = post(c, csrf, f"/e/{eid}/{kind}", {"expected": n})
                if answer.status_code == 200:
                    tally.acked.append((n, int(attr(answer.text, "data-length"))))
                elif answer.status_code == 409 or (
                    answer.status_code == 400 and f"nothing to {kind}" in answer.text
                ):  # stale, or the other tab took the last one
                    tally.refused += 1
                else:
                    tally.other.append(f"{answer.status_code} {answer.text[:200]}")

    u, r = Tally(), Tally()
    run_all(
        threading.Thread(target=undoer, args=(u, "undo")),
        threading.Thread(target=undoer, args=(r, "redo")),
    )
    assert not (u.other or r.other), (u.other, r.other)
    after = the_log(server, eid)
    assert after == log[: len(after)]  # undo and redo never invent or reorder an event
    replays(after)
    for _, length in u.acked + r.acked:
        assert length <= len(log)
    assert u.acked  # some undo went through
