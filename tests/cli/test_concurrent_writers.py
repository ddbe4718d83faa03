"""Two writers on one encounter: one wins each race, the other is refused and writes nothing;
a locked file is waited for, then refused with a clear message."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.engine import Note
from fracas.engine.errors import StaleWrite
from fracas.store import SqliteStore, StoreError
from fracas.store import sqlite as sqlite_module

RACES = 60


def test_two_writers_at_once_never_mix_their_events(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    with SqliteStore(db) as store:
        encounter = store.create("race", "toy", [Note(text="start")])
    outcomes: list[list[str]] = [[], []]
    barrier = threading.Barrier(2)

    def writer(n: int) -> None:
        with SqliteStore(db) as store:
            for race in range(RACES):
                barrier.wait()
                length = 1 + race  # both saw the log after the previous race
                try:
                    store.append(encounter, [Note(text=f"w{n} r{race}")], expected=length)
                    outcomes[n].append("won")
                except StaleWrite:
                    outcomes[n].append("refused")
                barrier.wait()

    threads = [threading.Thread(target=writer, args=(n,)) for n in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for race in range(RACES):
        assert sorted((outcomes[0][race], outcomes[1][race])) == ["refused", "won"]
    with SqliteStore(db) as store:
        lines = store.lines(encounter)
    assert len(lines) == 1 + RACES
    assert all(f"r{race}" in lines[1 + race] for race in range(RACES))


def test_a_second_writer_is_refused_with_a_clear_message(
    toy_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "t.db"
    runner = CliRunner()
    stopped = runner.invoke(main, ["fight", str(toy_file), "--ask", "--db", str(db)], input="6\n")
    assert stopped.exit_code == 2

    def ask_line(live: object) -> object:
        def ask(question: str) -> str:
            # another writer (a second resume, the web tracker) moves the fight on meanwhile
            with SqliteStore(db) as other:
                other.append(1, [Note(text="elsewhere")], expected=len(other.lines(1)))
            return "1"

        return ask

    monkeypatch.setattr("fracas.cli.live.ask_line", ask_line)
    result = runner.invoke(main, ["resume", str(db), "--ask"])
    assert result.exit_code == 2
    assert "another writer" in result.stderr
    assert "nothing was written" in result.stderr
    assert "Traceback" not in result.output
    with SqliteStore(db) as store:
        assert store.pending_rolls(1) == []  # the roll was refused too


def test_a_locked_file_is_waited_for_then_refused_clearly(
    toy_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "t.db"
    SqliteStore(db).close()
    monkeypatch.setattr(sqlite_module, "BUSY_TIMEOUT", 0.2)
    holder = sqlite3.connect(db)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        result = CliRunner().invoke(main, ["fight", str(toy_file), "--seed", "1", "--db", str(db)])
    finally:
        holder.rollback()
        holder.close()
    assert result.exit_code == 2
    assert f"{db}: the database is locked by another program (waited 0.2 s)" in result.stderr
    assert "Traceback" not in result.output


def test_a_damaged_store_is_named_not_a_traceback(toy_file: Path, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    assert (
        CliRunner().invoke(main, ["fight", str(toy_file), "--seed", "1", "--db", str(db)]).exit_code
        == 0
    )
    data = bytearray(db.read_bytes())
    for page in range(4096, len(data), 4096):  # scribble over every page's header but the first
        data[page : page + 64] = b"\xa5" * 64
    db.write_bytes(bytes(data))
    for command in (["list", str(db)], ["replay", str(db)], ["resume", str(db)], ["undo", str(db)]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 2, (command, result.output)
        assert "Traceback" not in result.output
        assert str(db) in result.stderr


def test_store_errors_are_fracas_errors(tmp_path: Path) -> None:
    with SqliteStore(tmp_path / "s.db") as store, pytest.raises(StoreError, match="id 5"):
        store.get(5)
