"""The live tracker under load: open pages following a fight while the GM resolves actions.

A real ``fracas serve`` on 127.0.0.1 (with the engine's toy ruleset, whose fight of two
million-HP fighters never ends, via tests/web/serve_toy.py); ``--viewers`` event streams held
open (half GM pages, half a player's pages), all in one process of their own, read as plain
HTTP on asyncio connections; the GM
resolves ``--actions`` actions one after another over HTTP. Reported:

- action latency: from sending the POST to its answer (which comes after the commit), p50
  and p99;
- delivery latency: for every board every viewer receives, from the moment the server
  published it (the ``: at`` comment of its frame, see fracas.web.delivery) to the moment the
  viewer has read it whole, p50 and p99 (the same clock: both are on this machine);
- counts: boards each viewer should have had, received, reported skipped ("skipped to"), and
  missing without a word (the figure that must be 0).

The target (issue 21): delivery p99 under 50 ms on the 2-core development machine, and no
board missing without a word. The machine may be shared: the load average is printed too.

    python bench/tracker_load.py [--viewers 50] [--actions 100]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.servers import Browserless, length_of, start  # noqa: E402

SCENARIO = (
    "ruleset: toy\nfighters:\n"
    "  - {name: Ann, side: red, hp: 1000000}\n  - {name: Bob, side: blue, hp: 1000000}\n"
)


@dataclass
class Viewer:
    """One open page: the boards it read (version, publish time, read time)."""

    boards: list[tuple[int, float, float]] = field(default_factory=list)
    skipped: list[tuple[int, int]] = field(default_factory=list)


async def follow(url: str, cookies: dict[str, str], viewer: Viewer, until: Any) -> None:
    """``until``: a callable giving the last version this viewer waits for (the GM's pages
    count the fight's versions, a player's pages their own view's: see Tracker.board_view)."""
    """Read one page's stream until it has had version ``until.value``: plain HTTP/1.1 over
    an asyncio connection (a browser reads its stream in native code; a Python HTTP client
    for each of 50 streams would measure itself more than the server). The chunked body is
    decoded as it comes, frames are split on their blank line and only their head is read."""
    parsed = urlsplit(url)
    reader, writer = await asyncio.open_connection(parsed.hostname, parsed.port)
    cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
    writer.write(
        f"GET {parsed.path} HTTP/1.1\r\nHost: {parsed.netloc}\r\nCookie: {cookie}\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200") or b"chunked" not in head.lower():
        raise SystemExit(f"the stream did not open: {head[:200]!r}")
    buffer = b""
    try:
        while True:
            size = int((await reader.readline()).strip() or b"0", 16)
            if size == 0:
                return
            buffer += await reader.readexactly(size)
            await reader.readexactly(2)
            *frames, buffer = buffer.split(b"\n\n")
            now = time.time()
            for frame in frames:
                top = frame[:200].decode("utf-8", "replace")
                if "event: board" in top:
                    version = re.search(r"^id: (\d+)$", top, re.M)
                    at = re.search(r"^: at ([\d.]+)$", top, re.M)
                    if version and at:
                        viewer.boards.append((int(version.group(1)), float(at.group(1)), now))
                elif "event: skipped" in top:
                    found = re.search(r"from (\d+) to (\d+)", top)
                    if found:
                        viewer.skipped.append((int(found.group(1)), int(found.group(2))))
            if viewer.boards and viewer.boards[-1][0] >= until():
                return
    finally:
        writer.close()


def viewers_process(
    url: str, jar: list[dict[str, str]], count: int, until: Any, out: Any, ready: Any
) -> None:
    """The viewers, in a process of their own (so that reading 50 streams does not take
    the GM's client's turn, nor the other way round): their boards are sent back at the end."""
    viewers = [Viewer() for _ in range(count)]

    async def all_of_them() -> None:
        tasks = [
            asyncio.create_task(follow(url, jar[i % 2], v, lambda i=i: until[i % 2]))  # type: ignore[misc]
            for i, v in enumerate(viewers)
        ]
        while any(not v.boards for v in viewers):
            await asyncio.sleep(0.02)
        ready.set()
        await asyncio.gather(*tasks)

    asyncio.run(all_of_them())
    out.put([(v.boards, v.skipped) for v in viewers])


def quantiles(values: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(values, n=100)
    return cuts[49], cuts[98]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--actions", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        scenario = Path(tmp) / "long.yaml"
        scenario.write_text(SCENARIO)
        server = start(Path(tmp) / "load.db", toy=True)
        try:
            run(server.url, server.gm_token, scenario, args.viewers, args.actions)
        finally:
            server.stop()


def run(url: str, token: str, scenario: Path, count: int, actions: int) -> None:
    gm = Browserless(url)
    gm.get(f"/login?token={token}")
    eid = gm.create(scenario)
    tools = gm.post(f"/e/{eid}/players", {"label": "P", "combatants": ["Bob"]}).text
    link = re.search(r'value="(http://[^"]+/join/[^"]+)"', tools)
    assert link, "no join link"
    player = Browserless(url)
    player.get(link.group(1).replace(url, ""))
    until = multiprocessing.Array("q", [2**62, 2**62])  # the GM's pages', the player's
    out: Any = multiprocessing.Queue()
    ready = multiprocessing.Event()
    jar = [dict(gm.client.cookies), dict(player.client.cookies)]
    proc = multiprocessing.Process(
        target=viewers_process,
        args=(f"{url}/e/{eid}/stream", jar, count, until, out, ready),
        daemon=True,
    )
    proc.start()
    if not ready.wait(60):
        raise SystemExit("the viewers did not connect")
    n = length_of(gm.get(f"/e/{eid}/board").text)
    latencies = []
    for _ in range(actions):
        sent = time.perf_counter()
        response = gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
        latencies.append(time.perf_counter() - sent)
        if response.status_code != 200:
            raise SystemExit(f"action refused: {response.status_code} {response.text[:200]}")
        n = length_of(response.text)
    final = int(re.search(r'data-version="(\d+)"', response.text).group(1))  # type: ignore[union-attr]
    finals = [final, length_of(player.get(f"/e/{eid}/board").text)]  # the player's view's
    until[1] = finals[1]
    until[0] = final
    gm.post(f"/e/{eid}/players", {"label": "wake", "combatants": ["Ann"]})  # one more board
    # (the GM's pages see it; a player's page, which it shows nothing new, ends at its next
    # keep-alive)
    viewers = [Viewer(boards, skipped) for boards, skipped in out.get(timeout=120)]
    proc.join(10)
    first = min(v.boards[0][0] for v in viewers[0::2])
    gm.close()
    player.close()

    delivery = [
        (read - at)
        for i, v in enumerate(viewers)
        for ver, at, read in v.boards[1:]
        if ver <= finals[i % 2]
    ]
    received = skipped = silent = 0
    for i, v in enumerate(viewers):
        start_at = v.boards[0][0]
        got = {version for version, _, _ in v.boards if version <= finals[i % 2]}
        told = set(got)
        for a, b in v.skipped:
            told |= set(range(a, b + 1))
        expected = set(range(start_at, finals[i % 2] + 1))
        received += len(got & expected)
        skipped += len((told - got) & expected)
        silent += len(expected - told)
    a50, a99 = quantiles(latencies)
    d50, d99 = quantiles(delivery)
    load = os.getloadavg()[0]
    print(f"{count} viewers, {actions} actions (load average {load:.1f}, {os.cpu_count()} CPUs)")
    print(f"action:   p50 {a50 * 1000:6.1f} ms   p99 {a99 * 1000:6.1f} ms")
    print(f"delivery: p50 {d50 * 1000:6.1f} ms   p99 {d99 * 1000:6.1f} ms")
    print(
        f"boards:   {received} received, {skipped} reported skipped, {silent} missing "
        f"without a word ({count} viewers; GM pages: versions {first}..{final}, "
        f"the player's: their view's, to {finals[1]})"
    )


if __name__ == "__main__":
    main()
