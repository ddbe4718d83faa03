"""Real processes running real ``fracas`` commands on real SQLite files, for the race and
crash tests: forked from the test process with fracas already imported (a run costs the
command's work, not an interpreter's start-up), each with its own connections, its own
stdin, stdout and stderr (files), and optionally

- released together with others through a pipe (a race), after a delay of its own;
- killed with SIGKILL just before its Nth SQL statement runs (``kill_sql``: every
  ``BEGIN``, ``INSERT``, ``COMMIT``, ``CREATE TABLE``, ``ALTER TABLE``, ``PRAGMA``... is a
  point), or just before its Nth line is printed (``kill_echo``);
- probed: before each line it prints, what the store holds at that moment (read on a
  connection of the probe's own, so only what is committed), for the "nothing the user has
  seen is lost" checks.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import sys
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import click

from fracas.cli import main
from fracas.cli.saved import checked_events
from fracas.engine.events import Acted, EncounterEnded
from fracas.store import SqliteStore

ROOT = Path(__file__).parents[2]
PERCENTILE = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
PERCENTILE_ROLLS = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.rolls"
STARFLIGHT = ROOT / "examples" / "starflight" / "melee.yaml"


@dataclass
class Run:
    """One ``fracas`` command to run in a process of its own."""

    args: Sequence[str]
    where: Path
    name: str = "p"
    stdin: str | None = ""  # None: a FIFO made by :func:`start`, fed by the test
    delay: float = 0.0
    kill_sql: int | None = None
    kill_echo: int | None = None
    probe: Path | None = None  # the store the probe reads before each printed line
    pid: int = 0
    code: int = 0
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def out(self) -> Path:
        return self.where / f"{self.name}.out"

    @property
    def err(self) -> Path:
        return self.where / f"{self.name}.err"

    @property
    def stdout(self) -> str:
        return self.out.read_text(errors="replace")

    @property
    def stderr(self) -> str:
        return self.err.read_text(errors="replace")

    @property
    def killed(self) -> bool:
        return self.code == -signal.SIGKILL

    def probes(self) -> list[dict[str, Any]]:
        path = self.where / f"{self.name}.probe"
        return [json.loads(line) for line in path.read_text().splitlines()]


def start(runs: Sequence[Run]) -> None:
    """Fork a process for each run; they all begin at once (each after its own delay)."""
    release_read, release_write = os.pipe()
    for run in runs:
        if run.stdin is None:
            fifo = run.where / f"{run.name}.in"
            fifo.unlink(missing_ok=True)
            os.mkfifo(fifo)
        pid = os.fork()
        if pid == 0:
            os.close(release_write)
            _child(run, release_read)
        run.pid = pid
    os.close(release_read)
    os.close(release_write)  # every child reads end-of-file: go


def wait(runs: Sequence[Run], timeout: float = 120.0) -> None:
    """Wait for every run to end (a run still going after ``timeout`` seconds is a hang:
    it is killed and the test fails)."""
    deadline = time.monotonic() + timeout
    for run in runs:
        while True:
            pid, status = os.waitpid(run.pid, os.WNOHANG)
            if pid:
                run.code = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() > deadline:
                os.kill(run.pid, signal.SIGKILL)
                os.waitpid(run.pid, 0)
                raise AssertionError(f"{run.args} hung: still running after {timeout} s")
            time.sleep(0.005)
        counts = run.where / f"{run.name}.counts"
        if counts.exists():
            run.counts = json.loads(counts.read_text())


def run_all(runs: Sequence[Run], timeout: float = 120.0) -> Sequence[Run]:
    start(runs)
    wait(runs, timeout)
    return runs


def _child(run: Run, release: int) -> NoReturn:
    code = 70
    try:
        for fd, path, mode in (
            (0, run.where / f"{run.name}.in", os.O_RDONLY),
            (1, run.out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
            (2, run.err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
        ):
            if fd == 0 and run.stdin is not None:
                path.write_text(run.stdin)
            opened = os.open(path, mode)  # (stdin None: a FIFO the test writes to)
            os.dup2(opened, fd)
            os.close(opened)
        sys.stdin = open(0, closefd=False)  # noqa: SIM115 (the child's whole life)
        sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, signal.SIG_DFL)
        os.read(release, 1)  # blocks until the parent closes its end
        time.sleep(run.delay)
        counts = _arm(run)
        try:
            main.main(args=list(run.args), prog_name="fracas", standalone_mode=True)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            traceback.print_exc()
            code = 71
        sys.stdout.flush()
        sys.stderr.flush()
        (run.where / f"{run.name}.counts").write_text(json.dumps(counts))
    finally:
        os._exit(code)


def _arm(run: Run) -> dict[str, int]:
    """Count (and kill at) SQL statements and printed lines; set up the probe."""
    counts = {"sql": 0, "echo": 0}
    real_connect = sqlite3.connect
    real_echo = click.echo
    probe = None if run.probe is None else (run.probe, run.where / f"{run.name}.probe")

    def trace(_statement: str) -> None:
        counts["sql"] += 1
        if counts["sql"] == run.kill_sql:
            os.kill(os.getpid(), signal.SIGKILL)

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        db = real_connect(*args, **kwargs)
        db.set_trace_callback(trace)
        return db

    def echo(
        message: Any = None, file: Any = None, nl: bool = True, err: bool = False, color: Any = None
    ) -> None:
        counts["echo"] += 1
        if counts["echo"] == run.kill_echo:
            os.kill(os.getpid(), signal.SIGKILL)
        if probe is not None:
            _probe(real_connect, *probe, str(message or ""), err)
        real_echo(message, file, nl, err, color)

    sqlite3.connect = connect  # type: ignore[assignment]
    click.echo = echo
    return counts


def _probe(connect: Any, db: Path, out: Path, message: str, err: bool) -> None:
    """What the store holds now (committed), written beside the line about to be printed."""
    events: list[str] = []
    pending = 0
    if db.exists():
        con = connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            row = con.execute("SELECT MAX(id) FROM encounters").fetchone()
            if row and row[0] is not None:
                events = [
                    d
                    for (d,) in con.execute(
                        "SELECT data FROM events WHERE encounter_id = ? ORDER BY seq", (row[0],)
                    )
                ]
                (pending,) = con.execute(
                    "SELECT COUNT(*) FROM pending_rolls WHERE encounter_id = ?", (row[0],)
                ).fetchone()
        except sqlite3.OperationalError:
            pass  # no tables yet
        finally:
            con.close()
    with out.open("a") as fh:
        fh.write(json.dumps({"text": message, "err": err, "events": events, "pending": pending}))
        fh.write("\n")


def logs(db: Path) -> dict[int, list[str]]:
    """Every encounter's log lines, each re-run by ``replay``'s checks (raises if a log is
    not what the rules give: two histories mixed, a log cut inside an action)."""
    out: dict[int, list[str]] = {}
    if not db.exists() or db.stat().st_size == 0:
        return out  # (a store killed before it had its tables is an empty file)
    with SqliteStore(db, read_only=True) as store:
        for record in store.encounters():
            lines = store.lines(record.id)
            checked_events("\n".join(lines) + "\n")
            out[record.id] = lines
    return out


def is_over(lines: list[str]) -> bool:
    _, events = checked_events("\n".join(lines) + "\n")
    return any(isinstance(e, EncounterEnded) for e in events)


def action_starts(lines: list[str]) -> list[int]:
    _, events = checked_events("\n".join(lines) + "\n")
    return [i for i, e in enumerate(events) if isinstance(e, Acted)]


def fresh(db: Path) -> None:
    """No store at ``db``: neither the file nor its WAL and shared-memory files."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)


def clean_refusal(run: Run, *reasons: str) -> None:
    """A process that ended on its own: no traceback; if it failed, exit status 2 and one
    of ``reasons`` in what it said."""
    assert "Traceback" not in run.stderr + run.stdout, run.stderr
    if run.code != 0:
        assert run.code == 2, (run.args, run.code, run.stderr)
        assert any(why in run.stderr for why in reasons), (run.args, run.stderr)
