"""The races of ``test_concurrent_writers`` for the rest of what a user can do on one
encounter from two processes at once: typed rolls (``resume --ask``) and decisions
(``resume --control``) against a seeded resume or an undo; a live fight (``fight --ask``)
and a saved one into a store that does not exist yet; ``resume``, ``undo``, ``list`` and
``replay`` of a store while it is being created; and the readers (``replay``, ``replay
--json``, ``list``) while a resume, an undo or a rest writes. Hundreds of races with the
starts swept over the window in which one process loads what the other writes.

After each: the store opens, every encounter re-runs (``replay``'s checks), a process that
lost says so clearly (exit status 2, no traceback), a reader prints a whole log that
replays, and whatever a writer said it saved is there.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.cli.saved import checked_events
from fracas.store import SqliteStore
from tests.store.forked import (
    PERCENTILE,
    PERCENTILE_ROLLS,
    STARFLIGHT,
    Run,
    action_starts,
    clean_refusal,
    fresh,
    is_over,
    logs,
    run_all,
)

#: what a process that lost a race may say (each a complete, clear message)
LOST = (
    "another writer",
    "is over; nothing to resume",
    "no action to undo",
    "no such SQLite file",
    "no encounters stored",
    "not a fracas store",
    "the log is empty",
    "No such file or directory",
    # a resume --ask that loaded the rolls the other process had kept for its action in
    # progress uses them first: the answers ready for it no longer fit, and run out
    "no more input",
)

#: offsets between the two starts (seconds), swept trial after trial
OFFSETS = [n * 0.01 for n in range(-12, 13)]


def cli(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def rolled(lines: list[str]) -> list[int]:
    return [json.loads(line)["value"] for line in lines if '"type":"Rolled"' in line]


@dataclass
class Kind:
    base: str | None  # the store it starts from (None: no file yet)
    first: tuple[str, ...]
    second: tuple[str, ...]
    stdin: tuple[str, str] = ("", "")
    check: Callable[[list[Run], dict[int, list[str]], dict[int, list[str]]], None] | None = None


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path | str]:
    where = tmp_path_factory.mktemp("stores")
    unfinished = where / "unfinished.db"
    assert cli("fight", str(PERCENTILE), "--seed", "3", "--db", str(unfinished))[0] == 0
    with SqliteStore(unfinished) as store:
        lines = store.lines(1)
        store.truncate(1, action_starts(lines)[len(action_starts(lines)) // 2], len(lines))
        cut = store.lines(1)
    finished = where / "finished.db"
    assert cli("fight", str(STARFLIGHT), "--seed", "3", "--db", str(finished))[0] == 0
    # the rolls a seeded resume makes, typed in by the table for `resume --ask`
    scratch = where / "scratch.db"
    shutil.copyfile(unfinished, scratch)
    assert cli("resume", str(scratch), "--seed", "5")[0] == 0
    with SqliteStore(scratch) as store:
        later = rolled(store.lines(1))[len(rolled(cut)) :]
    chapter = cli("fight", str(PERCENTILE), "--rolls", str(PERCENTILE_ROLLS), "--json")[1]
    return {
        "unfinished": unfinished,
        "finished": finished,
        "typed": "".join(f"{v}\n" for v in later),
        "chapter": "".join(f"{v}\n" for v in rolled(chapter.splitlines())),
    }


def one_finishes(
    runs: list[Run], before: dict[int, list[str]], after: dict[int, list[str]]
) -> None:
    """Two resumes: one plays the fight to its end, the other is refused or finds it over."""
    assert [run.code for run in runs].count(0) == 1 and is_over(after[1]), [r.stderr for r in runs]


def each_undo_counted(
    runs: list[Run], before: dict[int, list[str]], after: dict[int, list[str]]
) -> None:
    """A resume and an undo: one of them always goes first, so the resume played the fight
    to its end or the undo took an action (after which the resume, which may have saved
    actions before, is refused at its next one)."""
    undone = "undid" in runs[1].stdout
    assert undone or runs[0].code == 0, [r.stderr for r in runs]
    if runs[0].code != 0:
        assert undone and len(action_starts(after[1])) >= len(action_starts(before[1])) - 1


def fight_saved(runs: list[Run], before: dict[int, list[str]], after: dict[int, list[str]]) -> None:
    """A fight into a new store and something else on it: the fight is saved, whole."""
    assert runs[0].code == 0, runs[0].stderr
    assert "saved as encounter 1" in runs[0].stderr
    if "undid" in runs[1].stdout:  # an undo that found it saved took its last action
        assert not is_over(after[1])
    else:
        assert is_over(after[1])


def both_fights_saved(
    runs: list[Run], before: dict[int, list[str]], after: dict[int, list[str]]
) -> None:
    assert [run.code for run in runs] == [0, 0], [r.stderr for r in runs]
    assert len(after) == 2 and all(is_over(lines) for lines in after.values())


def reader_whole(
    runs: list[Run], before: dict[int, list[str]], after: dict[int, list[str]]
) -> None:
    """A writer and a reader: the reader prints a whole log (as JSON lines: it re-runs),
    or the table, never a damaged-store message."""
    reader = runs[1]
    assert reader.code == 0, reader.stderr
    if reader.args[0] == "replay" and "--json" in reader.args:
        checked_events(reader.stdout)


KINDS: dict[str, Kind] = {
    "resume --ask/resume": Kind(
        "unfinished",
        ("resume", "{db}", "--ask"),
        ("resume", "{db}", "--seed", "2"),
        ("typed", ""),
        one_finishes,
    ),
    "resume --ask/undo": Kind(
        "unfinished",
        ("resume", "{db}", "--ask"),
        ("undo", "{db}"),
        ("typed", ""),
        each_undo_counted,
    ),
    "resume --control/resume": Kind(
        "unfinished",
        ("resume", "{db}", "--control", "all", "--seed", "1"),
        ("resume", "{db}", "--seed", "2"),
        ("t\n" * 300, ""),
        one_finishes,
    ),
    "resume --control/undo": Kind(
        "unfinished",
        ("resume", "{db}", "--control", "all", "--seed", "1"),
        ("undo", "{db}"),
        ("t\n" * 300, ""),
        each_undo_counted,
    ),
    "fight --ask new store/fight new store": Kind(
        None,
        ("fight", str(PERCENTILE), "--ask", "--db", "{db}"),
        ("fight", str(PERCENTILE), "--seed", "2", "--db", "{db}"),
        ("chapter", ""),
        both_fights_saved,
    ),
    "fight new store/resume": Kind(
        None,
        ("fight", str(PERCENTILE), "--seed", "1", "--db", "{db}"),
        ("resume", "{db}"),
        ("", ""),
        fight_saved,
    ),
    "fight new store/undo": Kind(
        None,
        ("fight", str(PERCENTILE), "--seed", "1", "--db", "{db}"),
        ("undo", "{db}"),
        ("", ""),
        fight_saved,
    ),
    "fight new store/list": Kind(
        None,
        ("fight", str(PERCENTILE), "--seed", "1", "--db", "{db}"),
        ("list", "{db}"),
        ("", ""),
        fight_saved,
    ),
    "fight new store/replay": Kind(
        None,
        ("fight", str(PERCENTILE), "--seed", "1", "--db", "{db}"),
        ("replay", "{db}"),
        ("", ""),
        fight_saved,
    ),
    "resume/replay --json": Kind(
        "unfinished",
        ("resume", "{db}", "--seed", "1"),
        ("replay", "{db}", "--json"),
        ("", ""),
        reader_whole,
    ),
    "undo/list": Kind("unfinished", ("undo", "{db}"), ("list", "{db}"), ("", ""), reader_whole),
    "rest/replay --json": Kind(
        "finished",
        ("rest", "{db}", "--hours", "2", "--seed", "1"),
        ("replay", "{db}", "--json"),
        ("", ""),
        reader_whole,
    ),
}


def trial(kind: Kind, stores: dict[str, Path | str], where: Path, offset: float) -> None:
    db = where / "s.db"
    fresh(db)
    if kind.base is not None:
        base = stores[kind.base]
        assert isinstance(base, Path)
        shutil.copyfile(base, db)
    before = logs(db)
    stdin = [str(stores.get(s, s)) for s in kind.stdin]
    runs = [
        Run([a.format(db=db) for a in kind.first], where, "a", stdin[0], max(-offset, 0.0)),
        Run([a.format(db=db) for a in kind.second], where, "b", stdin[1], max(offset, 0.0)),
    ]
    run_all(runs)
    for run in runs:
        clean_refusal(run, *LOST)
    SqliteStore(db).close()  # it opens for writing
    after = logs(db)  # every encounter re-runs: two histories were never mixed
    if kind.check is not None:
        kind.check(runs, before, after)


def run_trials(n: int, stores: dict[str, Path | str], where: Path) -> int:
    count = 0
    for i in range(n):
        offset = OFFSETS[i * 7 % len(OFFSETS)]  # spread over the window, whatever n
        for kind in KINDS.values():
            # a new store is made in a few milliseconds: sweep a tenth of the window there
            trial(kind, stores, where, offset if kind.base else offset / 10)
            count += 1
    return count


def test_every_pair_of_commands_on_one_encounter_at_once_keeps_one_history(
    stores: dict[str, Path | str], tmp_path: Path
) -> None:
    assert run_trials(4, stores, tmp_path) == 4 * len(KINDS)


@pytest.mark.slow
def test_every_pair_of_commands_on_one_encounter_in_hundreds_of_races(
    stores: dict[str, Path | str], tmp_path: Path
) -> None:
    assert run_trials(15, stores, tmp_path) == 15 * len(KINDS)


def test_a_resume_whose_encounter_is_deleted_meanwhile_says_so(
    stores: dict[str, Path | str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tracker's GM deletes the encounter a ``resume --ask`` is playing: the resume's
    next write is refused with a message saying the encounter was deleted (exit status 2, no
    traceback), and nothing of it is written."""
    base = stores["unfinished"]
    assert isinstance(base, Path)
    db = tmp_path / "s.db"
    shutil.copyfile(base, db)

    def ask_line(live: object) -> Callable[[str], str]:
        def ask(question: str) -> str:
            with SqliteStore(db) as other:
                if other.encounters():
                    other.delete(1)
            return "50"

        return ask

    monkeypatch.setattr("fracas.cli.live.ask_line", ask_line)
    code, _, err = cli("resume", str(db), "--ask")
    assert code == 2 and "encounter 1 was deleted by another program" in err, err
    assert "Traceback" not in err
    with SqliteStore(db) as store:
        assert store.encounters() == []
        assert store.db.execute("SELECT COUNT(*) FROM pending_rolls").fetchone() == (0,)
