"""The web tracker and the command line on one encounter at once: a real ``fracas serve``
takes the GM's decisions (``/act``, ``/undo``) while a real ``fracas resume`` or ``fracas
undo`` process writes the same encounter of the same SQLite file. Each race: every change the
page was shown as made (a 200 with the log's new length) is kept unless a later undo that
said so took it back, a writer that lost says so (the page a 409 naming another writer, the
command exit status 2 and a message), the encounter re-runs, and the page, reloaded, shows
the log the store holds."""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.store.forked import PERCENTILE, Run, action_starts, clean_refusal, logs, start
from tests.store.forked import wait as wait_for
from tests.web.servers import Browserless, length_of
from tests.web.servers import start as serve

#: with this seed Joanne vs Ondkille lasts long enough for both writers to act
SEED = 7
#: delays of the command after the page's first decision (seconds), swept race after race
DELAYS = [n * 0.02 for n in range(10)]


#: how the races ended: the page refused ("page lost"), the command refused ("command lost")
TALLY: Counter[str] = Counter()


def race(gm: Browserless, db: Path, where: Path, command: list[str], delay: float) -> None:
    eid = gm.create(PERCENTILE)
    n = length_of(gm.get(f"/e/{eid}/board").text)
    for _ in range(3):  # a few decisions first, so an undo has something to take
        response = gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
        assert response.status_code == 200, response.text
        n = length_of(response.text)
    actions = len(action_starts(logs(db)[eid]))
    run = Run([a.format(db=db, eid=eid) for a in command], where, "cli", delay=delay)
    start([run])
    try:
        for step in range(6):
            what = "undo" if step % 3 == 2 else "act"
            response = gm.post(f"/e/{eid}/{what}", {"expected": n, "choice": "tactics"})
            if response.status_code == 200:  # the page was shown the change as made
                n = length_of(response.text)
                actions += 1 if what == "act" else -1
            else:  # lost the race (or the fight is over): the page says so; reload it
                assert response.status_code in (409, 422), response.text
                assert "Traceback" not in response.text
                TALLY["page lost"] += "another writer" in response.text
                n = length_of(gm.get(f"/e/{eid}/board").text)
    finally:
        wait_for([run])
    clean_refusal(run, "another writer", "is over; nothing to resume", "no action to undo")
    TALLY["command lost"] += "another writer" in run.stderr
    stored = logs(db)[eid]  # re-runs: two histories were never mixed
    if command[0] == "undo":  # every change either side said it made is there, once
        assert len(action_starts(stored)) == actions - ("undid" in run.stdout)
    page = gm.get(f"/e/{eid}/log.jsonl").content.decode()
    assert page.splitlines() == stored  # the page, reloaded, shows what the store holds


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Browserless, Path]]:
    db = tmp_path / "table.db"
    server = serve(db, seed=SEED)
    gm = Browserless(server.url)
    gm.get(f"/login?token={server.gm_token}")
    try:
        yield gm, db
    finally:
        gm.close()
        server.stop()


COMMANDS = [
    ["resume", "{db}", "--encounter", "{eid}", "--seed", "1"],
    ["undo", "{db}", "--encounter", "{eid}"],
]


def races(n: int, served: tuple[Browserless, Path], where: Path) -> int:
    gm, db = served
    count = 0
    for i in range(n):
        for command in COMMANDS:
            race(gm, db, where, command, DELAYS[i * 3 % len(DELAYS)])
            count += 1
    return count


def test_the_tracker_and_a_command_on_one_encounter_at_once_keep_one_history(
    served: tuple[Browserless, Path], tmp_path: Path
) -> None:
    assert races(4, served, tmp_path) == 8


@pytest.mark.slow
def test_the_tracker_and_a_command_on_one_encounter_in_forty_races(
    served: tuple[Browserless, Path], tmp_path: Path
) -> None:
    assert races(20, served, tmp_path) == 40
    assert TALLY["page lost"] and TALLY["command lost"], TALLY  # both sides lost races


def test_the_tracker_gives_up_on_a_store_another_program_holds_with_a_message(
    served: tuple[Browserless, Path],
) -> None:
    """A decision on the page while another program holds the store's write lock: after the
    store's wait (5 s) the page says the file is locked and nothing more was saved; pages
    still load meanwhile (WAL), and once the lock is free the same decision goes through."""
    gm, db = served
    eid = gm.create(PERCENTILE)
    n = length_of(gm.get(f"/e/{eid}/board").text)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        response = gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
        assert 400 <= response.status_code < 500, response.text
        assert "the database is locked by another program" in response.text
        assert "what was saved before is kept" in response.text
        assert gm.get(f"/e/{eid}/board").status_code == 200  # readers never wait
    finally:
        holder.rollback()
        holder.close()
    assert length_of(gm.get(f"/e/{eid}/board").text) == n  # nothing half-saved
    response = gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
    assert response.status_code == 200 and length_of(response.text) > n


def test_a_page_shows_what_another_program_wrote_since_the_tracker_last_wrote(
    served: tuple[Browserless, Path], tmp_path: Path
) -> None:
    """The tracker keeps each fight in memory; a ``fracas resume`` of the same store that
    plays the fight on after the page's last decision is on every page the tracker serves
    next (the board, the export), not only once the page's next decision is refused."""
    gm, db = served
    eid = gm.create(PERCENTILE)
    n = length_of(gm.get(f"/e/{eid}/board").text)
    response = gm.post(f"/e/{eid}/act", {"expected": n, "choice": "tactics"})
    assert response.status_code == 200, response.text
    n = length_of(response.text)
    run = Run(["resume", str(db), "--encounter", str(eid), "--seed", "1"], tmp_path, "cli")
    start([run])
    wait_for([run])
    assert run.code == 0, run.stderr
    stored = logs(db)[eid]
    assert len(stored) > n  # the command played the fight on
    assert length_of(gm.get(f"/e/{eid}/board").text) == len(stored)
    assert gm.get(f"/e/{eid}/log.jsonl").content.decode().splitlines() == stored


def test_a_page_of_a_fight_another_program_deleted_says_it_is_gone(
    served: tuple[Browserless, Path],
) -> None:
    gm, db = served
    eid = gm.create(PERCENTILE)
    assert gm.get(f"/e/{eid}/board").status_code == 200
    other = sqlite3.connect(db, isolation_level=None)
    try:
        other.execute("PRAGMA foreign_keys = ON")
        other.execute("DELETE FROM events WHERE encounter_id = ?", (eid,))
        other.execute("DELETE FROM encounters WHERE id = ?", (eid,))
    finally:
        other.close()
    response = gm.get(f"/e/{eid}/board")
    assert response.status_code == 404, response.text
    assert "deleted" in response.text or "no encounter" in response.text
