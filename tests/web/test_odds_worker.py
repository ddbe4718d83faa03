"""The odds worker never outlives its server: killed with SIGKILL, the server's worker
process exits by itself."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.web.servers import ROOT, Browserless, start


def children(pid: int) -> set[int]:
    """Every descendant of ``pid``, from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {c for c, p in parents.items() if p in frontier} - found
        found |= frontier
    return found


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc")
def test_a_killed_servers_odds_worker_exits(tmp_path: Path) -> None:
    server = start(tmp_path / "t.db", seed=1)
    try:
        gm = Browserless(server.url)
        gm.get(f"/login?token={server.gm_token}")
        eid = gm.create(ROOT / "examples/starflight/firefight.yaml")
        for _ in range(240):  # the page asked for the odds: the worker is started
            if "working the odds out" not in gm.get(f"/e/{eid}/board").text:
                break
            time.sleep(0.25)
        workers = children(server.proc.pid)
        assert workers, "the odds are worked out in another process"
        gm.close()
    finally:
        server.kill()
    for _ in range(80):
        alive = {p for p in workers if Path(f"/proc/{p}").exists()}
        if not alive:
            break
        time.sleep(0.25)
    assert not alive, f"worker processes outlived the server: {sorted(alive)}"
