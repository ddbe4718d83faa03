"""One writer per encounter, under any interleaving: two real processes race on one store
(resume/resume, resume/undo, undo/undo, rest/rest, rest/undo, and two fights into a store
that does not exist yet), hundreds of times, and every encounter left replays.

The processes are forked from this one with fracas already imported (so a trial costs the
commands' work, not two interpreter start-ups) and released together through a pipe; each
runs the real command line in its own process, with its own SQLite connection.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.cli.saved import checked_events
from fracas.engine.events import Acted, EncounterEnded
from fracas.store import SqliteStore

ROOT = Path(__file__).parents[2]
PERCENTILE = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
STARFLIGHT = ROOT / "examples" / "starflight" / "melee.yaml"


def _child(args: Sequence[str], out: Path, release: int, delay: float) -> None:
    """In a forked child: wait for the start and ``delay`` seconds more, run ``fracas
    ARGS``, exit with its status."""
    code = 70
    try:
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115 (the child's whole life)
        sys.stderr = sys.stdout
        os.read(release, 1)  # blocks until the parent closes its end: both start at once
        time.sleep(delay)
        try:
            main.main(args=list(args), prog_name="fracas", standalone_mode=True)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        sys.stdout.flush()
    finally:
        os._exit(code)


def race(
    first: Sequence[str], second: Sequence[str], where: Path, offset: float = 0.0
) -> list[tuple[int, str]]:
    """Run two commands at once in two processes, the second ``offset`` seconds after the
    first (before it if negative): (exit status, output) of each."""
    release_read, release_write = os.pipe()
    children = []
    delays = (max(-offset, 0.0), max(offset, 0.0))
    for n, args in enumerate((first, second)):
        out = where / f"out{n}.txt"
        pid = os.fork()
        if pid == 0:
            os.close(release_write)
            _child(args, out, release_read, delays[n])
        children.append((pid, out))
    os.close(release_read)
    os.close(release_write)  # both children read end-of-file: go
    results = []
    for pid, out in children:
        _, status = os.waitpid(pid, 0)
        results.append((os.waitstatus_to_exitcode(status), out.read_text(errors="replace")))
    return results


def replays(db: Path) -> list[tuple[int, bool, int]]:
    """(id, over, actions) of every encounter, each re-run by ``replay``'s checks (raises
    if a log is not what the rules give: two histories mixed)."""
    out = []
    with SqliteStore(db, read_only=True) as store:
        for record in store.encounters():
            _, events = checked_events("\n".join(store.lines(record.id)) + "\n")
            over = any(isinstance(e, EncounterEnded) for e in events)
            out.append((record.id, over, sum(isinstance(e, Acted) for e in events)))
    return out


def cli(*args: str) -> None:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """An unfinished percentile fight (cut back to an action in its middle) and a finished
    Starflight fight (to rest after), each in a store of its own."""
    where = tmp_path_factory.mktemp("stores")
    unfinished = where / "unfinished.db"
    cli("fight", str(PERCENTILE), "--seed", "3", "--db", str(unfinished))
    with SqliteStore(unfinished) as store:
        lines = store.lines(1)
        _, events = checked_events("\n".join(lines) + "\n")
        starts = [i for i, e in enumerate(events) if isinstance(e, Acted)]
        assert len(starts) >= 4
        store.truncate(1, starts[len(starts) // 2], expected=len(events))
    finished = where / "finished.db"
    cli("fight", str(STARFLIGHT), "--seed", "3", "--db", str(finished))
    return {"unfinished": unfinished, "finished": finished}


def stale_or_done(code: int, output: str) -> None:
    """A writer that lost the race says so (no traceback), or has nothing left to do."""
    assert "Traceback" not in output, output
    if code != 0:
        assert code == 2, output
        assert any(
            why in output
            for why in (
                "another writer",
                "is over; nothing to resume",
                "no action to undo",
                "the fight is not over",
            )
        ), output


KINDS = {
    "resume/resume": (
        "unfinished",
        ("resume", "{db}", "--seed", "1"),
        ("resume", "{db}", "--seed", "2"),
    ),
    "resume/undo": ("unfinished", ("resume", "{db}", "--seed", "1"), ("undo", "{db}")),
    "undo/undo": ("unfinished", ("undo", "{db}"), ("undo", "{db}")),
    "rest/rest": (
        "finished",
        ("rest", "{db}", "--hours", "2", "--seed", "1"),
        ("rest", "{db}", "--hours", "3", "--seed", "2"),
    ),
    "rest/undo": ("finished", ("rest", "{db}", "--hours", "2", "--seed", "1"), ("undo", "{db}")),
}


#: offsets between the two starts, swept trial after trial (seconds): one process loading
#: the log while the other writes is the window two histories could mix in
OFFSETS = [n * 0.01 for n in range(-15, 16)]


def trial(kind: str, stores: dict[str, Path], where: Path, offset: float = 0.0) -> None:
    base, first, second = KINDS[kind]
    db = where / "s.db"
    for suffix in ("-wal", "-shm"):  # a copy over the last trial's file takes none of its WAL
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(stores[base], db)
    ((_, _, before),) = replays(db)
    results = race(
        [a.format(db=db) for a in first], [a.format(db=db) for a in second], where, offset
    )
    for code, output in results:
        stale_or_done(code, output)
    ((_, over, after),) = replays(db)  # raises if two histories were mixed
    done = [code for code, _ in results].count(0)
    if kind == "resume/resume":
        assert done == 1 and over  # one plays to the end; the other is refused, or finds it over
    elif kind == "undo/undo":
        assert after == before - done  # each undo that said so took one action, no more
    elif kind == "rest/rest":
        assert after == before + done and done >= 1  # each rest that said so is there, once


def fight_trial(where: Path, offset: float = 0.0) -> None:
    db = where / "new.db"
    if db.exists():
        db.unlink()
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    args = ("fight", str(PERCENTILE), "--db", str(db), "--seed")
    results = race((*args, "1"), (*args, "2"), where, offset / 10)
    assert [code for code, _ in results] == [0, 0], results
    assert [over for _, over, _ in replays(db)] == [True, True]  # both fights saved, whole


def run_trials(n: int, stores: dict[str, Path], where: Path) -> int:
    count = 0
    for i in range(n):
        offset = OFFSETS[i * 7 % len(OFFSETS)]  # spread over the window, whatever n
        for kind in KINDS:
            trial(kind, stores, where, offset)
            count += 1
        fight_trial(where, offset)
        count += 1
    return count


def test_two_writers_at_once_never_mix_two_histories(
    stores: dict[str, Path], tmp_path: Path
) -> None:
    assert run_trials(10, stores, tmp_path) == 60


@pytest.mark.slow
def test_two_writers_at_once_never_mix_two_histories_in_hundreds_of_races(
    stores: dict[str, Path], tmp_path: Path
) -> None:
    assert run_trials(60, stores, tmp_path) == 360
