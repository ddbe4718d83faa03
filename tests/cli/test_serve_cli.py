"""``fracas serve``'s command line: it prints the GM's URL, and bad flags or files get a
message and exit status 2 (the server itself is tested in tests/web)."""

from __future__ import annotations

import os
import socket
import sqlite3
from pathlib import Path

import anyio
from click.testing import CliRunner

from fracas.cli import main


def gm_rows(db: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as con:
        return list(con.execute("SELECT label, expires FROM web_tokens WHERE role = 'gm'"))


def test_check_opens_the_database_and_mints_no_gm_token(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    for _ in range(3):
        result = CliRunner().invoke(main, ["serve", "--db", str(db), "--check", "--port", "0"])
        assert result.exit_code == 0, result.output
        assert "login?token=" not in result.output
        assert "GM: a login link is printed when the server starts" in result.output
    journal = sqlite3.connect(db).execute("PRAGMA journal_mode").fetchone()
    assert journal == ("wal",)
    assert gm_rows(db) == []


def test_revoke_gm_ends_every_gm_login_and_link(tmp_path: Path) -> None:
    from fracas.web.access import Access

    db = tmp_path / "t.db"
    CliRunner().invoke(main, ["serve", "--db", str(db), "--check", "--port", "0"])
    access = Access(db)
    session = anyio.run(access.login, access.new_login_link())
    assert session is not None and access.visitor(session) is not None
    result = CliRunner().invoke(main, ["serve", "--db", str(db), "--revoke-gm"])
    assert result.exit_code == 0, result.output
    assert "2 GM login(s) and link(s) ended" in result.output
    assert access.visitor(session) is None  # a running server's next request is refused
    access.close()
    assert gm_rows(db) == []


def test_players_on_the_network_are_told_to_use_the_computers_address(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        ["serve", "--db", str(tmp_path / "t.db"), "--host", "0.0.0.0", "--check", "--port", "0"],
    )
    assert result.exit_code == 0
    assert "players on your network: " in result.output


def test_a_foreign_sqlite_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    db = tmp_path / "other.db"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE notes (text TEXT)")
    before = db.read_bytes()
    result = CliRunner().invoke(main, ["serve", "--db", str(db), "--check"])
    assert result.exit_code == 2
    assert "not a fracas store" in result.stderr
    assert db.read_bytes() == before


def test_a_bad_host_or_a_busy_port_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    result = CliRunner().invoke(main, ["serve", "--db", db, "--host", "nowhere", "--check"])
    assert result.exit_code == 2 and "--host 'nowhere': not an IP address" in result.stderr
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--db", db, "--port", str(port)])
    assert result.exit_code == 2 and f"--port {port}: cannot listen" in result.stderr
    assert "--port 0 picks a free port" in result.stderr  # what to do about it


def test_a_db_in_a_missing_folder_is_refused_and_no_folder_is_made(tmp_path: Path) -> None:
    db = tmp_path / "missing" / "dir" / "x.db"
    result = CliRunner().invoke(main, ["serve", "--db", str(db), "--check", "--port", "0"])
    assert result.exit_code == 2
    assert result.stderr == f"error: --db {db}: no folder {str(db.parent)!r}\n"
    assert not (tmp_path / "missing").exists()


def test_port_0_serves_on_a_free_port_and_prints_that_port(tmp_path: Path) -> None:
    """``--port 0`` lets the system choose: the GM's link must name the port chosen (it
    printed ``http://127.0.0.1:0/login?...``, a link that opens nothing)."""
    import re
    import subprocess
    import sys

    import httpx

    command = [sys.executable, "-c", "from fracas.cli import main; main()", "serve"]
    command += ["--db", str(tmp_path / "t.db"), "--port", "0"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        found = None
        for _ in range(5):
            found = re.search(
                r"GM: http://127\.0\.0\.1:(\d+)/login\?token=(\S+)", proc.stdout.readline()
            )
            if found:
                break
        assert found, "no GM link printed"
        port, token = int(found.group(1)), found.group(2)
        assert port != 0
        answer = httpx.get(f"http://127.0.0.1:{port}/login?token={token}", timeout=60)
        assert answer.status_code == 303  # this server's own link: it listens there
    finally:
        proc.terminate()
        proc.wait(10)
