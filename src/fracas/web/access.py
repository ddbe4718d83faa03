"""Who may see and do what: GM and player tokens, CSRF tokens, hidden combatants.

Tokens are 32 random bytes (``secrets.token_urlsafe``); only their SHA-256 is stored, so a
copy of the database gives no way in. A GM token opens every encounter; a player token opens
one encounter and acts for the combatants it names. The CSRF token of a page is an HMAC of
the visitor's token hash under a random secret kept in the database: a page from another site
cannot know it, so it cannot make a state-changing request in the visitor's name.

GM access comes in two steps. Each start of the server prints a *login link*
(:meth:`Access.new_login_link`): it works for :data:`LOGIN_MINUTES` minutes, and the next
start's link replaces it. Opening it starts a *GM session* (:meth:`Access.login`): a token
of its own in a cookie, which expires after :data:`SESSION_DAYS` days (``fracas serve
--session-days``). ``fracas serve --revoke-gm`` ends every GM session and link at once
(:meth:`Access.revoke_gm`), a running server included: every request looks its token up.

These tables live in the same SQLite file as the event store (WAL mode), beside its tables.
Reads use the event loop's connection (WAL: they never wait for a writer). Every write made
while the server runs (a GM session, a join link, hiding a combatant, a draft, archiving)
waits for the disk in the writer's worker thread (:mod:`fracas.web.writer`), so no other page
waits for it; the functions below that take a connection are those writes. Only the writes
of a start (the login link) and of ``fracas serve --revoke-gm``, when no page is being
served, use this object's own connection.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from fracas.web.writer import StoreWriter

T = TypeVar("T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS web_secret (id INTEGER PRIMARY KEY CHECK (id = 1), secret TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS web_tokens (
    hash TEXT PRIMARY KEY,
    role TEXT NOT NULL CHECK (role IN ('gm', 'player')),
    encounter_id INTEGER,
    label TEXT NOT NULL DEFAULT '',
    combatants TEXT NOT NULL DEFAULT '[]',
    created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE IF NOT EXISTS web_drafts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    scenario TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS web_encounters (
    encounter_id INTEGER PRIMARY KEY,
    archived INTEGER NOT NULL DEFAULT 0,
    hidden TEXT NOT NULL DEFAULT '[]'
);
"""


#: how long a login link printed on start works (minutes)
LOGIN_MINUTES = 15
#: how long a GM session lasts (days), unless ``fracas serve --session-days`` says otherwise
SESSION_DAYS = 7
#: the ``label`` of the two kinds of GM token (rows with another label are from before GM
#: sessions expired: no longer valid)
LOGIN_LINK = "login link"
GM_SESSION = "session"


def digest(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Visitor:
    """Someone with a valid token: the GM, or a player of one encounter."""

    role: str  # "gm" or "player"
    token_hash: str
    encounter_id: int | None = None
    label: str = ""
    combatants: tuple[str, ...] = ()

    @property
    def is_gm(self) -> bool:
        return self.role == "gm"

    def may_see(self, encounter_id: int) -> bool:
        return self.is_gm or self.encounter_id == encounter_id


@dataclass(frozen=True, slots=True)
class PlayerLink:
    """A player token as the GM's page lists it (the token itself is shown only once)."""

    token_hash: str
    label: str
    combatants: tuple[str, ...]


class Access:
    """The web tracker's own tables in the store's SQLite file."""

    def __init__(self, path: str | Path, writer: StoreWriter | None = None) -> None:
        self._writer = writer
        self._db = sqlite3.connect(path)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA busy_timeout=5000")
        with self._db:
            self._db.executescript(_SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(web_tokens)")}
            if "expires" not in columns:  # a database from before GM sessions expired
                self._db.execute("ALTER TABLE web_tokens ADD COLUMN expires REAL")
            self._db.execute(
                "DELETE FROM web_tokens WHERE role = 'gm' AND "
                "(expires IS NULL OR expires <= ? OR label NOT IN (?, ?))",
                (time.time(), LOGIN_LINK, GM_SESSION),
            )
            row = self._db.execute("SELECT secret FROM web_secret WHERE id = 1").fetchone()
            if row is None:
                secret = secrets.token_hex(32)
                self._db.execute("INSERT INTO web_secret (id, secret) VALUES (1, ?)", (secret,))
            else:
                secret = row[0]
        self._secret = bytes.fromhex(secret)

    def close(self) -> None:
        self._db.close()

    # -- tokens -----------------------------------------------------------------------------
    def new_login_link(self, minutes: float = LOGIN_MINUTES) -> str:
        """A login link's token, working for ``minutes``; it replaces the links before it."""
        token = secrets.token_urlsafe(32)
        with self._db:
            self._db.execute(
                "DELETE FROM web_tokens WHERE role = 'gm' AND label = ?", (LOGIN_LINK,)
            )
            self._db.execute(
                "INSERT INTO web_tokens (hash, role, label, expires) VALUES (?, 'gm', ?, ?)",
                (digest(token), LOGIN_LINK, time.time() + minutes * 60),
            )
        return token

    async def login(self, link: str | None, days: float = SESSION_DAYS) -> str | None:
        """A new GM session's token, for a login link that still works (else ``None``)."""
        if not link or len(link) > 200:
            return None
        row = self._db.execute(
            "SELECT 1 FROM web_tokens WHERE hash = ? AND role = 'gm' AND label = ? AND expires > ?",
            (digest(link), LOGIN_LINK, time.time()),
        ).fetchone()
        if row is None:
            return None
        token = secrets.token_urlsafe(32)
        await self._write(lambda db: add_gm_session(db, digest(token), time.time() + days * 86400))
        return token

    def revoke_gm(self) -> int:
        """End every GM session and login link; how many there were."""
        with self._db:
            cur = self._db.execute("DELETE FROM web_tokens WHERE role = 'gm'")
        return cur.rowcount

    async def new_player_token(self, encounter_id: int, label: str, combatants: list[str]) -> str:
        """A join token for a player of ``encounter_id`` who controls ``combatants``."""
        token = secrets.token_urlsafe(32)
        await self._write(
            lambda db: add_player_token(db, digest(token), encounter_id, label, combatants)
        )
        return token

    async def revoke(self, encounter_id: int, token_hash: str) -> bool:
        """Revoke a join link of ``encounter_id``; whether there was one."""
        return await self._write(lambda db: drop_player_token(db, encounter_id, token_hash))

    def visitor(self, token: str | None) -> Visitor | None:
        """Who holds ``token``, or ``None`` for no token or an unknown one."""
        if not token or len(token) > 200:
            return None
        h = digest(token)
        row = self._db.execute(
            "SELECT role, encounter_id, label, combatants FROM web_tokens WHERE hash = ? "
            "AND (role = 'player' OR (label = ? AND expires > ?))",
            (h, GM_SESSION, time.time()),
        ).fetchone()
        if row is None:
            return None
        role, encounter_id, label, combatants = row
        return Visitor(role, h, encounter_id, label, tuple(json.loads(combatants)))

    def known(self, token_hash: str) -> bool:
        """Whether a token (by its hash) is still valid (not revoked, not deleted)."""
        row = self._db.execute(
            "SELECT 1 FROM web_tokens WHERE hash = ? AND (role = 'player' OR expires > ?)",
            (token_hash, time.time()),
        )
        return row.fetchone() is not None

    def players(self, encounter_id: int) -> list[PlayerLink]:
        rows = self._db.execute(
            "SELECT hash, label, combatants FROM web_tokens "
            "WHERE role = 'player' AND encounter_id = ? ORDER BY created, hash",
            (encounter_id,),
        )
        return [PlayerLink(h, label, tuple(json.loads(c))) for h, label, c in rows]

    def csrf(self, visitor: Visitor) -> str:
        """The CSRF token of ``visitor``'s pages."""
        return hmac.new(self._secret, visitor.token_hash.encode(), hashlib.sha256).hexdigest()

    def csrf_ok(self, visitor: Visitor, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(self.csrf(visitor), given)

    # -- encounters waiting for their first rolls (initiative typed in from the table) ------
    async def new_draft(self, name: str, ruleset: str, scenario: dict[str, object]) -> int:
        return await self._write(lambda db: add_draft(db, name, ruleset, json.dumps(scenario)))

    def draft(self, draft_id: int) -> tuple[str, str, dict[str, object]] | None:
        row = self._db.execute(
            "SELECT name, ruleset, scenario FROM web_drafts WHERE id = ?", (draft_id,)
        ).fetchone()
        return None if row is None else (row[0], row[1], json.loads(row[2]))

    def drafts(self) -> list[tuple[int, str, str]]:
        return list(self._db.execute("SELECT id, name, ruleset FROM web_drafts ORDER BY id"))

    async def drop_draft(self, draft_id: int) -> None:
        await self._write(lambda db: drop_draft(db, draft_id))

    # -- per-encounter settings -------------------------------------------------------------
    def hidden(self, encounter_id: int) -> frozenset[str]:
        row = self._db.execute(
            "SELECT hidden FROM web_encounters WHERE encounter_id = ?", (encounter_id,)
        ).fetchone()
        return frozenset(json.loads(row[0])) if row else frozenset()

    async def set_hidden(self, encounter_id: int, combatant: str, hidden: bool) -> None:
        await self._write(lambda db: write_hidden(db, encounter_id, combatant, hidden))

    def archived(self) -> frozenset[int]:
        rows = self._db.execute("SELECT encounter_id FROM web_encounters WHERE archived = 1")
        return frozenset(r[0] for r in rows)

    async def set_archived(self, encounter_id: int, archived: bool) -> None:
        await self._write(lambda db: write_archived(db, encounter_id, archived))

    async def forget(self, encounter_id: int) -> None:
        """Drop everything about a deleted encounter (its player tokens too)."""
        await self._write(lambda db: forget_encounter(db, encounter_id))

    async def _write(self, write: Callable[[sqlite3.Connection], T]) -> T:
        """``write`` on the writer's connection, off the event loop (or, for an object made
        without a writer, outside any server, on this one's own connection)."""
        if self._writer is None:
            return write(self._db)
        return await self._writer.run_sql(write)


# -- the writes made while the server runs, each in its own transaction on ``db`` (the
# writer's connection, in its worker thread) -----------------------------------------------
def add_gm_session(db: sqlite3.Connection, token_hash: str, expires: float) -> None:
    with db:
        db.execute(
            "INSERT INTO web_tokens (hash, role, label, expires) VALUES (?, 'gm', ?, ?)",
            (token_hash, GM_SESSION, expires),
        )


def add_player_token(
    db: sqlite3.Connection, token_hash: str, encounter_id: int, label: str, combatants: list[str]
) -> None:
    with db:
        db.execute(
            "INSERT INTO web_tokens (hash, role, encounter_id, label, combatants) "
            "VALUES (?, 'player', ?, ?, ?)",
            (token_hash, encounter_id, label, json.dumps(combatants)),
        )


def drop_player_token(db: sqlite3.Connection, encounter_id: int, token_hash: str) -> bool:
    with db:
        cur = db.execute(
            "DELETE FROM web_tokens WHERE hash = ? AND role = 'player' AND encounter_id = ?",
            (token_hash, encounter_id),
        )
    return cur.rowcount > 0


def add_draft(db: sqlite3.Connection, name: str, ruleset: str, scenario: str) -> int:
    with db:
        cur = db.execute(
            "INSERT INTO web_drafts (name, ruleset, scenario) VALUES (?, ?, ?)",
            (name, ruleset, scenario),
        )
    assert cur.lastrowid is not None
    return cur.lastrowid


def drop_draft(db: sqlite3.Connection, draft_id: int) -> None:
    with db:
        db.execute("DELETE FROM web_drafts WHERE id = ?", (draft_id,))


def write_hidden(db: sqlite3.Connection, encounter_id: int, combatant: str, hidden: bool) -> None:
    """Hide ``combatant`` from the players (or show it again): read and written in one
    transaction, so two changes at once both count."""
    with db:
        db.execute("BEGIN IMMEDIATE")
        row = db.execute(
            "SELECT hidden FROM web_encounters WHERE encounter_id = ?", (encounter_id,)
        ).fetchone()
        now = set(json.loads(row[0])) if row else set()
        now = now | {combatant} if hidden else now - {combatant}
        db.execute(
            "INSERT INTO web_encounters (encounter_id, hidden) VALUES (?, ?) "
            "ON CONFLICT(encounter_id) DO UPDATE SET hidden = excluded.hidden",
            (encounter_id, json.dumps(sorted(now))),
        )


def write_archived(db: sqlite3.Connection, encounter_id: int, archived: bool) -> None:
    with db:
        db.execute(
            "INSERT INTO web_encounters (encounter_id, archived) VALUES (?, ?) "
            "ON CONFLICT(encounter_id) DO UPDATE SET archived = excluded.archived",
            (encounter_id, int(archived)),
        )


def forget_encounter(db: sqlite3.Connection, encounter_id: int) -> None:
    with db:
        db.execute("DELETE FROM web_encounters WHERE encounter_id = ?", (encounter_id,))
        db.execute("DELETE FROM web_tokens WHERE encounter_id = ?", (encounter_id,))
