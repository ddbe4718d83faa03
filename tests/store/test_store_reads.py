"""Reading a store: a store on a read-only filesystem is listed and replayed; a typed roll
kept in a store is checked against its dice when it is read."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.store import PendingRoll, SqliteStore

ROOT = Path(__file__).parents[2]
PERCENTILE = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"


def run(*args: str) -> object:
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """(a folder, the same folder mounted read-only); skipped where mounting is not allowed."""
    folder, view = tmp_path / "rw", tmp_path / "ro"
    folder.mkdir()
    view.mkdir()
    bind = subprocess.run(["mount", "--bind", str(folder), str(view)], capture_output=True)
    if bind.returncode != 0:
        pytest.skip("cannot mount a read-only folder here (needs root)")
    try:
        ro = subprocess.run(
            ["mount", "-o", "remount,bind,ro", str(view)], capture_output=True, check=False
        )
        if ro.returncode != 0:
            pytest.skip("cannot remount read-only here")
        yield folder, view
    finally:
        subprocess.run(["umount", str(view)], check=False)


def test_list_and_replay_read_a_store_on_a_read_only_filesystem(
    read_only_folder: tuple[Path, Path],
) -> None:
    folder, view = read_only_folder
    result = CliRunner().invoke(
        main, ["fight", str(PERCENTILE), "--seed", "1", "--db", str(folder / "s.db")]
    )
    assert result.exit_code == 0, result.output
    with pytest.raises(OSError):
        (view / "probe").write_text("x")  # the view is read-only indeed
    listed = CliRunner().invoke(main, ["list", str(view / "s.db")])
    assert listed.exit_code == 0, listed.output
    assert "Joanne vs Ondkille" in listed.output
    replayed = CliRunner().invoke(main, ["replay", str(view / "s.db")])
    assert replayed.exit_code == 0, replayed.output
    assert "The fight is over" in replayed.output


def test_a_kept_roll_outside_its_dice_is_refused_when_read(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    result = CliRunner().invoke(main, ["fight", str(PERCENTILE), "--seed", "3", "--db", str(db)])
    assert result.exit_code == 0, result.output
    with SqliteStore(db) as store:
        lines = store.lines(1)
        cut = max(i for i, line in enumerate(lines) if line.startswith('{"type":"Acted"'))
        store.truncate(1, cut, expected=len(lines))
        store.add_pending_roll(1, cut, PendingRoll("D100", "Joanne attacks", 150))
    resumed = CliRunner().invoke(main, ["resume", str(db), "--seed", "1"])
    assert resumed.exit_code == 2, resumed.output
    assert "Traceback" not in resumed.output
    assert "is 150, but D100 rolls 1 to 100: the store is damaged" in resumed.stderr
    with SqliteStore(db, read_only=True) as store:
        assert len(store.lines(1)) == cut  # nothing was done


def test_a_store_made_before_the_updated_column_is_listed_and_replayed_read_only(
    tmp_path: Path,
) -> None:
    """``list`` and ``replay`` open a store read-only, so they never add the ``updated``
    column (nor ``pending_actions``) a store made before them lacks: they read it as it is
    (the last change shown as the creation time)."""
    import sqlite3

    db = tmp_path / "old.db"
    assert run("fight", str(PERCENTILE), "--seed", "1", "--db", str(db)).exit_code == 0
    con = sqlite3.connect(db)
    con.execute("ALTER TABLE encounters DROP COLUMN updated")
    con.execute("DROP TABLE pending_actions")
    con.commit()
    con.close()
    listed = run("list", str(db))
    assert listed.exit_code == 0, listed.output
    assert "Joanne vs Ondkille" in listed.output
    replayed = run("replay", str(db))
    assert replayed.exit_code == 0, replayed.output
    with SqliteStore(db, read_only=True) as store:
        (record,) = store.encounters()
        assert record.updated == record.created and record.events > 0
    assert run("resume", str(db)).exit_code == 2  # it is over; opened for writing, it is
    with SqliteStore(db, read_only=True) as store:  # brought up to date
        assert store.encounters()[0].updated
