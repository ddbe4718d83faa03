"""No command waits forever for a store another program holds: with the write lock held
(another program's transaction that does not end: a stopped process, a GUI browsing the
file), every command that writes gives up after ``BUSY_TIMEOUT`` with a message naming the
file and saying what was kept, exit status 2, no traceback; the readers (``list``,
``replay``) do not wait at all (WAL); and what was saved before is kept."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.store import sqlite as sqlite_module
from tests.store.forked import (
    PERCENTILE,
    STARFLIGHT,
    Run,
    action_starts,
    logs,
    run_all,
    start,
    wait,
)

#: the wait the commands are given here (seconds; the real one is 5)
WAIT = 0.3

COMMANDS = {
    "fight --db": ("fight", str(PERCENTILE), "--seed", "1", "--db", "{db}"),
    "fight --ask --db": ("fight", str(PERCENTILE), "--ask", "--db", "{db}"),
    "resume": ("resume", "{db}", "--encounter", "1", "--seed", "1"),
    "resume --ask": ("resume", "{db}", "--encounter", "1", "--ask"),
    "resume --control": ("resume", "{db}", "--encounter", "1", "--control", "all", "--seed", "1"),
    "undo": ("undo", "{db}", "--encounter", "1"),
    "rest": ("rest", "{db}", "--encounter", "2", "--hours", "2", "--seed", "1"),
}
READERS = {"list": ("list", "{db}"), "replay": ("replay", "{db}", "--encounter", "1")}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Encounter 1, an unfinished percentile fight; encounter 2, a finished Starflight one."""
    db = tmp_path_factory.mktemp("held") / "base.db"
    for scenario in (PERCENTILE, STARFLIGHT):
        result = CliRunner().invoke(main, ["fight", str(scenario), "--seed", "3", "--db", str(db)])
        assert result.exit_code == 0, result.output
    with sqlite_module.SqliteStore(db) as s:
        lines = s.lines(1)
        s.truncate(1, action_starts(lines)[len(action_starts(lines)) // 2], len(lines))
    return db


@pytest.mark.parametrize("name", [*COMMANDS, *READERS])
def test_a_command_on_a_store_held_by_another_program_gives_up_with_a_message(
    name: str, store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "held.db"
    shutil.copyfile(store, db)
    before = logs(db)
    monkeypatch.setattr(sqlite_module, "BUSY_TIMEOUT", WAIT)  # (the forked process's too)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # the write lock, held for the whole test
    try:
        args = [a.format(db=db) for a in {**COMMANDS, **READERS}[name]]
        # (typed answers and decisions ready, should it get as far as asking; a run still
        # going after a minute is a hang, and fails)
        (run,) = run_all([Run(args, tmp_path, "cmd", stdin="50\n" * 5 + "t\n" * 5)], timeout=60)
    finally:
        holder.rollback()
        holder.close()
    assert "Traceback" not in run.stderr, run.stderr
    if name in READERS:
        assert run.code == 0, run.stderr  # WAL: a reader never waits for the writer
    else:
        assert run.code == 2, run.stderr
        assert f"{db}: the database is locked by another program (waited {WAIT:g} s)" in run.stderr
        assert "what was saved before is kept" in run.stderr
    assert logs(db) == before  # nothing changed, nothing lost


@pytest.mark.parametrize(
    ("waiting", "other"),
    [
        (("resume", "{db}", "--encounter", "1", "--ask"), ("undo", "{db}", "--encounter", "1")),
        (
            ("resume", "{db}", "--encounter", "1", "--control", "all", "--seed", "1"),
            ("resume", "{db}", "--encounter", "1", "--seed", "2"),
        ),
        (
            ("rest", "{db}", "--encounter", "2", "--hours", "2", "--ask"),
            ("rest", "{db}", "--encounter", "2", "--hours", "1", "--seed", "1"),
        ),
    ],
    ids=["roll asked/undo", "decision asked/resume", "rest roll asked/rest"],
)
def test_a_command_waiting_for_the_table_holds_no_lock_and_is_refused_after(
    waiting: tuple[str, ...], other: tuple[str, ...], store: Path, tmp_path: Path
) -> None:
    """A command sitting at a question (a roll to type, a decision to take) for as long as
    the table likes holds no lock: another command on the same encounter goes through at
    once, and the first, answered, is refused ("another writer") and writes nothing."""
    db = tmp_path / "t.db"
    shutil.copyfile(store, db)
    run = Run([a.format(db=db) for a in waiting], tmp_path, "waiting", stdin=None)
    start([run])
    feed = os.open(tmp_path / "waiting.in", os.O_WRONLY)  # (meets the process's open)
    try:
        for _ in range(6000):  # until it asks (a minute at most)
            if run.err.exists() and re.search(r"(: |> )$", run.stderr):
                break
            time.sleep(0.01)
        else:
            raise AssertionError(f"it never asked: {run.stderr}")
        result = CliRunner().invoke(main, [a.format(db=db) for a in other])
        assert result.exit_code == 0, result.output  # no wait, no lock in the way
        between = logs(db)
        os.write(feed, b"1\n" * 50 + b"t\n" * 50)
    finally:
        os.close(feed)
    wait([run], timeout=60)
    assert run.code == 2 and "another writer" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
    assert logs(db) == between  # the refused one wrote nothing
