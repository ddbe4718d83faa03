"""SIGKILL at every point of every write a user can make: before each SQL statement a real
``fracas`` process runs (``BEGIN``, each ``INSERT``, ``COMMIT``, the schema's ``CREATE
TABLE``, the migration's ``ALTER TABLE``, the switch to WAL...) and before each line it
prints, for a fight into a new store, into a store made before the last schema change, a
fight with typed rolls (``--ask``), ``resume`` (seeded, typed, ``--control``), ``undo`` and
``rest``. After each kill:

- the store opens, for reading and for writing, and ``list`` and ``replay`` say no more than
  a clear message;
- every encounter re-runs (``replay``'s checks) and its log is a prefix of the log the
  command gives when it is not killed (or, for the writes made in one transaction, exactly
  the log before or after);
- whatever the process had said was saved ("saved as", "undid", "rest saved") is saved;
- the user's next step (the same command again, or ``resume`` with the rest of the rolls)
  works, and a fight with typed rolls ends with exactly the log it would have had unkilled:
  no roll typed before the kill is asked again or lost.

Before any kill, a probed run of each command checks that every line it prints is already
committed when it is printed (the account of the events in the store at that moment holds
it; each question for a roll comes once every roll typed before it is stored).
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.cli.render import Narrator, account_lines
from fracas.cli.saved import checked_events
from fracas.engine.events import EncounterStarted
from fracas.engine.session import scenario_of
from fracas.store import SqliteStore
from tests.store.forked import (
    PERCENTILE,
    PERCENTILE_ROLLS,
    STARFLIGHT,
    Run,
    action_starts,
    fresh,
    is_over,
    logs,
    run_all,
)

QUESTION = re.compile(r" — roll [^:]+: $")


def cli(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def account(lines: list[str]) -> list[str]:
    """The account ``replay`` prints of a log (one line per line)."""
    ruleset, events = checked_events("\n".join(lines) + "\n")
    head = events[0]
    assert isinstance(head, EncounterStarted)
    narrated = Narrator(ruleset, scenario_of(ruleset, head)).feed(events)
    return "\n".join(account_lines(narrated)).split("\n")


def rolled(lines: list[str]) -> list[int]:
    return [json.loads(line)["value"] for line in lines if '"type":"Rolled"' in line]


def answers(values: list[int]) -> str:
    return "".join(f"{v}\n" for v in values)


@dataclass
class Op:
    """A command as a user runs it on a store, what it leaves when not killed, and the
    check of a store it was killed on."""

    name: str
    base: Path | None  # the store it starts from (None: no file yet)
    args: tuple[str, ...]
    stdin: str
    before: dict[int, list[str]]  # the store's logs before it runs
    after: dict[int, list[str]]  # ... and after it, unkilled
    said_saved: str  # what it says once its write is committed
    atomic: bool  # one transaction: the store is exactly ``before`` or ``after``
    next_step: Callable[[Path, dict[int, list[str]]], None]
    counts: dict[str, int]


def _prepare(db: Path, base: Path | None) -> None:
    fresh(db)
    if base is not None:
        shutil.copyfile(base, db)


def _unkilled(
    name: str, base: Path | None, args: tuple[str, ...], stdin: str, where: Path
) -> tuple[Path, dict[int, list[str]], dict[int, list[str]], Run]:
    """The command run once, unkilled and probed: its store, its logs before and after,
    and the run (its counts and probes)."""
    db = where / f"{name}.db"
    _prepare(db, base)
    before = logs(db) if base is not None else {}
    full = [a.format(db=db) for a in args]
    (run,) = run_all([Run(full, where, name, stdin=stdin, probe=db)])
    assert run.code == 0, run.stderr
    return db, before, logs(db), run


def _check_probes(op: Op, run: Run) -> None:
    """Every line printed was committed when printed (see the module's docstring)."""
    final = account(op.after[max(op.after)])
    base = len(rolled(op.before[max(op.after)])) if max(op.after) in op.before else 0
    asked = 0
    for probe in run.probes():
        text, events = probe["text"], probe["events"]
        if op.said_saved and op.said_saved in text:
            assert events == op.after[max(op.after)], (op.name, text)
        elif probe["err"] and QUESTION.search(text):
            # every roll typed before this question is stored (in the log, or kept)
            assert len(rolled(events)) - base + probe["pending"] >= asked, (op.name, text)
            asked += 1
        elif not probe["err"] and op.args[0] != "fight" and "--ask" not in op.args:
            # (a batch fight saves at its end; with --ask, the results of an action in
            # progress are shown once their rolls are kept: the questions' check holds them)
            told = account(events) if events else []
            for line in text.split("\n"):
                if line.strip() and line in final and line not in told:
                    raise AssertionError(f"{op.name}: printed before it was saved: {line}")
    if op.said_saved:
        assert op.said_saved in run.stdout + run.stderr


@pytest.fixture(scope="module")
def ops(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Op]:
    where = tmp_path_factory.mktemp("ops")
    chapter = answers(
        rolled(
            cli("fight", str(PERCENTILE), "--rolls", str(PERCENTILE_ROLLS), "--json")[
                1
            ].splitlines()
        )
    )

    # an unfinished percentile fight (cut back to an action in its middle), a finished
    # Starflight fight (to rest after), and a store made before `updated` and
    # `pending_actions` existed (opening it for writing adds them)
    unfinished = where / "unfinished.db"
    assert cli("fight", str(PERCENTILE), "--seed", "3", "--db", str(unfinished))[0] == 0
    with SqliteStore(unfinished) as store:
        lines = store.lines(1)
        store.truncate(1, action_starts(lines)[len(action_starts(lines)) // 2], len(lines))
    finished = where / "finished.db"
    assert cli("fight", str(STARFLIGHT), "--seed", "3", "--db", str(finished))[0] == 0
    old = where / "old.db"
    shutil.copyfile(finished, old)
    con = sqlite3.connect(old)
    con.execute("ALTER TABLE encounters DROP COLUMN updated")
    con.execute("DROP TABLE pending_actions")
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()

    out: dict[str, Op] = {}

    def op(
        name: str,
        base: Path | None,
        args: tuple[str, ...],
        stdin: str,
        said: str,
        atomic: bool,
        next_step: Callable[[Path, dict[int, list[str]]], None],
    ) -> None:
        _, before, after, run = _unkilled(name, base, args, stdin, where)
        out[name] = Op(name, base, args, stdin, before, after, said, atomic, next_step, run.counts)
        _check_probes(out[name], run)

    fight = ("fight", str(PERCENTILE), "--seed", "1", "--db", "{db}")

    def fight_again(db: Path, after: dict[int, list[str]]) -> None:
        code, _, err = cli(*(a.format(db=db) for a in fight))
        assert code == 0, err
        final = logs(db)
        assert final[max(final)] == after[max(after)]

    op("fight into a new store", None, fight, "", "saved as encounter 1", True, fight_again)
    op("fight into an old store", old, fight, "", "saved as encounter 2", True, fight_again)

    chapter_values = [int(v) for v in chapter.split()]

    def fight_typed_again(db: Path, after: dict[int, list[str]]) -> None:
        stored = logs(db)
        if not stored:  # killed before the encounter was made: the same fight again
            code, _, err = cli("fight", str(PERCENTILE), "--ask", "--db", str(db), stdin=chapter)
        elif not is_over(stored[1]):  # the rest of the rolls, after those kept
            with SqliteStore(db) as store:
                done = len(rolled(stored[1])) + len(store.pending_rolls(1))
            code, _, err = cli("resume", str(db), "--ask", stdin=answers(chapter_values[done:]))
        else:
            code, err = 0, ""
        assert code == 0, err
        assert logs(db) == after  # exactly the log it would have had: no roll lost or asked twice

    op(
        "fight with typed rolls",
        None,
        ("fight", str(PERCENTILE), "--ask", "--db", "{db}"),
        chapter,
        "",
        False,
        fight_typed_again,
    )

    seeded = ("resume", "{db}", "--seed", "5")

    def resume_again(db: Path, after: dict[int, list[str]]) -> None:
        stored = logs(db)
        if not is_over(stored[1]):
            code, _, err = cli(*(a.format(db=db) for a in seeded))
            assert code == 0, err
        assert is_over(logs(db)[1])

    op("resume", unfinished, seeded, "", "", False, resume_again)
    resumed = out["resume"]
    base_rolls = len(rolled(resumed.before[1]))
    later = rolled(resumed.after[1])[base_rolls:]

    def resume_typed_again(db: Path, after: dict[int, list[str]]) -> None:
        stored = logs(db)
        with SqliteStore(db) as store:
            kept = len(store.pending_rolls(1))
        done = len(rolled(stored[1])) - base_rolls + kept
        if not is_over(stored[1]):
            code, _, err = cli("resume", str(db), "--ask", stdin=answers(later[done:]))
            assert code == 0, err
        assert logs(db) == after  # exactly the log it would have had

    op(
        "resume with typed rolls",
        unfinished,
        ("resume", "{db}", "--ask"),
        answers(later),
        "",
        False,
        resume_typed_again,
    )
    op(
        "resume deciding (--control)",
        unfinished,
        ("resume", "{db}", "--control", "all", "--seed", "5"),
        "t\n" * 200,
        "",
        False,
        lambda db, after: None if is_over(logs(db)[1]) else resume_again(db, after),
    )

    def undo_done(db: Path, after: dict[int, list[str]]) -> None:
        code, _, err = cli("list", str(db))
        assert code == 0, err

    op("undo", unfinished, ("undo", "{db}"), "", "undid", True, undo_done)

    rest = ("rest", "{db}", "--hours", "2", "--seed", "1")

    def rest_again(db: Path, after: dict[int, list[str]]) -> None:
        if len(logs(db)[1]) == len(out["rest"].before[1]):
            code, _, err = cli(*(a.format(db=db) for a in rest))
            assert code == 0, err
        # the rest, once (its rolls after those kept are the seed's again: the events differ)
        assert len(action_starts(logs(db)[1])) == len(action_starts(after[1]))

    op("rest", finished, rest, "", "rest saved", True, rest_again)
    return out


def check_killed(op: Op, run: Run, db: Path) -> None:
    said = run.stdout + run.stderr
    assert "Traceback" not in said, said
    if not run.killed:  # the point was past its last statement or line
        assert run.code == 0, said
    if db.exists():  # (``replay``'s checks are those of ``logs`` below)
        code, _, err = cli("list", str(db))
        assert "Traceback" not in err
        # (a store killed before its tables were made is an empty file)
        refused = any(why in err for why in ("no encounters", "not a fracas", "is empty"))
        assert code == 0 or (code == 2 and refused), err
    if not db.exists() or db.stat().st_size == 0:
        assert op.base is None  # only a store that did not exist yet may still not
    else:
        SqliteStore(db).close()  # it opens for writing (and finishes any migration)
    stored = logs(db)
    for n, lines in stored.items():
        target = op.after.get(n)
        assert target is not None, (op.name, n)
        if op.atomic:  # one transaction: all of it or nothing
            assert lines in (op.before.get(n), target), (op.name, n)
        else:  # saved as it goes: a prefix of the log it gives unkilled, from where it began
            assert lines == target[: len(lines)], (op.name, n)
            assert len(lines) >= len(op.before.get(n, [])), (op.name, n)
    if op.atomic:
        assert stored in ({k: v for k, v in op.before.items()}, op.after) or (
            op.base is None and stored == {}
        ), op.name
    if op.said_saved and op.said_saved in said:
        assert stored == op.after, op.name  # said saved: it is
    if stored:
        with SqliteStore(db, read_only=True) as store:
            for n in stored:
                for roll in store.pending_rolls(n):
                    assert roll.value > 0
    op.next_step(db, op.after)


OPS = [
    "fight into a new store",
    "fight into an old store",
    "fight with typed rolls",
    "resume",
    "resume with typed rolls",
    "resume deciding (--control)",
    "undo",
    "rest",
]


def kill_points(op: Op, step: int | None) -> list[tuple[str, int]]:
    """Every ``step``-th statement and printed line, or (``None``) about ten points spread
    over the run."""
    sql, echo = op.counts["sql"], op.counts["echo"]
    sql_step = step or max(1, sql // 7)
    echo_step = step or max(1, echo // 3)
    return [("sql", n) for n in range(1, sql + 1, sql_step)] + [
        ("echo", n) for n in range(1, echo + 1, echo_step)
    ]


def kill_everywhere(op: Op, where: Path, points: list[tuple[str, int]]) -> None:
    db = where / "k.db"
    for kind, n in points:
        _prepare(db, op.base)
        args = [a.format(db=db) for a in op.args]
        run = Run(args, where, "k", stdin=op.stdin, **{f"kill_{kind}": n})  # type: ignore[arg-type]
        run_all([run])
        check_killed(op, run, db)


@pytest.mark.parametrize("name", OPS)
def test_a_process_killed_anywhere_leaves_a_store_that_replays_and_loses_nothing_it_said(
    ops: dict[str, Op], name: str, tmp_path: Path
) -> None:
    kill_everywhere(ops[name], tmp_path, kill_points(ops[name], None))


@pytest.mark.slow
@pytest.mark.parametrize("name", OPS)
def test_a_process_killed_at_hundreds_of_points_leaves_a_store_that_replays_and_loses_nothing(
    ops: dict[str, Op], name: str, tmp_path: Path
) -> None:
    # every third statement and line (about 340 kills, two minutes): 3 is prime to the 5
    # statements of a kept roll's transaction, so each of them is hit; step 1 (all 1,020
    # points, five minutes) passed too
    kill_everywhere(ops[name], tmp_path, kill_points(ops[name], 3))
