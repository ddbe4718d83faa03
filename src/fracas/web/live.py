"""Encounters being played: each a Session folded from the store, kept in memory, and the
signal that tells every open page something changed.

Every change goes the same way: take the encounter's lock, check the log length the page
saw (``expected``), change the session in memory, commit the new events to SQLite
(``SqliteStore.append`` with the same ``expected``) in a worker thread (:mod:`fracas.web.writer`:
the event loop keeps serving every other page while the disk syncs), and only then answer
and tell the open pages. If the commit fails, the session is folded again from the store, so
memory never keeps an event the disk does not. The lock is held from the check to the end of
the commit, so two changes of one fight never interleave; pages that read the fight wait for
a commit under way to end (:meth:`LiveEncounter.quiet`), so none shows an event not on disk.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fracas.engine import Action, LogDecoder, Session
from fracas.engine.codec import encode_event
from fracas.engine.errors import FracasError, StaleWrite
from fracas.engine.events import EncounterStarted, Event
from fracas.engine.replay import verify_log
from fracas.engine.ruleset import Ruleset
from fracas.engine.session import scenario_of
from fracas.rulesets import get_ruleset
from fracas.store import SqliteStore
from fracas.web.rolls import SwitchRoller, TableRoller
from fracas.web.writer import StoreWriter


class MovedOn(FracasError):
    """The page acted on a fight that has changed since it was shown."""


@dataclass
class Outcome:
    """What a change did: its events (empty for a refused one)."""

    events: list[Event[Any]]


class LiveEncounter:
    """One encounter's session, its store record and its change signal."""

    def __init__(
        self, store: SqliteStore, writer: StoreWriter, encounter_id: int, generation: str = ""
    ) -> None:
        self.store = store
        self.writer = writer
        self.id = encounter_id
        #: held by each change from its check to the end of its commit (one writer at a time)
        self.lock = asyncio.Lock()
        self._committing = False  # a commit is on its way to the disk
        #: this server's instance (a new one on every start): a page's board from another
        #: instance is never taken for the current one, whatever its version
        self.generation = generation
        #: how many times the log was cut back (undo) in this instance: with the log length,
        #: it names the state the log is in (the log only grows between two cuts)
        self.cuts = 0
        self.record = store.get(encounter_id)
        self.ruleset: Ruleset[Any, Any, Any] = get_ruleset(self.record.ruleset)
        self.roller = SwitchRoller()
        #: the log's length and last line on disk as this server last read or wrote them
        #: (``None`` after an undo: then what memory holds stands for it)
        self._seen: tuple[int, str | None] | None = None
        #: the log was last moved on by another program (caught up with, not written here)
        self._moved_elsewhere = False
        self.session = self._fold()
        self.scenario: Any = self.session.scenario
        self.version = 0
        self.narration: Any = None  # the GM's account, kept by fracas.web.views
        #: told of every change, after the version moved on (the tracker's delivery)
        self.on_change: Callable[[LiveEncounter], None] | None = None
        self._changed = asyncio.Event()

    def _fold(self) -> Session:
        lines = self.store.lines(self.id)
        self._seen = (len(lines), lines[-1] if lines else None)
        events = LogDecoder(self.ruleset.event_types()).decode("\n".join(lines) + "\n")
        return Session.from_log(self.ruleset, events, self.roller)

    def _refold(self) -> None:
        """Fold the session again from the store (its log may differ from memory's)."""
        self.session = self._fold()
        self.cuts += 1

    @property
    def length(self) -> int:
        return len(self.session.log)

    @property
    def board_key(self) -> str:
        """What a board shows, named: encounter, server instance and version."""
        return f"{self.id}.{self.generation}.{self.version}"

    def decision(self, hidden: frozenset[str] = frozenset()) -> str:
        """The decision the fight waits for, named: the server instance, the log's cuts and
        length, and the pending actor. For a player, ``hidden`` is what the GM hides: the
        actor is left out if hidden (a player's page never names a hidden combatant), and a
        digest of the hidden set is added (a player's choices are numbered in a list that
        leaves the hidden out: when the set changes, so may the numbering). An action names
        the decision it answers; any other is stale (see :meth:`check_decision`)."""
        pending = self.session.pending()
        actor = "" if pending is None or pending.actor is None else pending.actor
        if actor in hidden:
            actor = ""
        name = f"{self.generation}.{self.cuts}.{self.length}.{actor}"
        if hidden:
            digest = hashlib.sha256("\n".join(sorted(hidden)).encode()).hexdigest()[:8]
            name += f".{digest}"
        return name

    def check_decision(self, given: str, hidden: frozenset[str] = frozenset()) -> None:
        """Refuse (:class:`MovedOn`) an action that answers a decision other than the one
        the fight waits for (``hidden``: as for :meth:`decision`)."""
        if given != self.decision(hidden):
            raise MovedOn(
                "the fight has moved on since this page was shown (another page acted, or "
                "the server restarted): the board now shows where it is; look again"
            )

    async def quiet(self) -> None:
        """Wait until no change is being committed (at once if none is): what is read after
        this is on disk."""
        if self.lock.locked():
            async with self.lock:
                pass

    def catch_up(self) -> None:
        """Fold again if another program (a ``fracas resume`` of the same store, say) changed
        the log on disk since this server last read or wrote it, so a page shows what the
        store holds. Not while a change of this server is on its way to the disk: memory is
        ahead of the disk then, and the store's own check refuses that change if the log
        moved on. Raises ``StoreError`` if the encounter is no longer in the store."""
        if self.lock.locked():
            return
        seen = self._seen
        if seen is None:
            log = self.session.log
            seen = (len(log), encode_event(log[-1]).decode() if log else None)
        if self.store.tail(self.id) != seen:
            self._refold()
            self._moved_elsewhere = True
            self.changed()

    # -- changes ----------------------------------------------------------------------------
    def check_expected(self, expected: int | None) -> None:
        """Refuse (:class:`MovedOn`) a change from a page that saw another log length."""
        if expected is not None and expected != self.length and self._moved_elsewhere:
            raise MovedOn(
                "another writer changed this fight (its log on disk moved on since this page "
                "was shown); the page now shows the log as it is"
            )
        if expected is not None and expected != self.length:
            raise MovedOn(
                "the fight has moved on since this page was shown "
                f"(it has {self.length} events, the page saw {expected}); look again"
            )

    async def act(
        self,
        action: Action | Callable[[Session], Action],
        roller: TableRoller,
        expected: int | None,
    ) -> Outcome:
        """Resolve an action (or one chosen from the session, e.g. by the tactics) with
        ``roller``, commit it, and signal. Raises (with nothing changed) if refused."""
        async with self.lock:
            return await self._act(action, roller, expected)

    async def _act(
        self,
        action: Action | Callable[[Session], Action],
        roller: TableRoller,
        expected: int | None,
    ) -> Outcome:
        self.check_expected(expected)
        session = self.session
        if callable(action) and not isinstance(action, Action):
            action = action(session)
        before = self.length
        self.roller.current = roller
        try:
            events = session.act(action)
        finally:
            self.roller.current = TableRoller([], ask=True)
        await self._commit(before, list(events))
        return Outcome(list(events))

    async def undo(self, expected: int | None) -> Outcome:
        async with self.lock:
            return await self._undo(expected)

    async def _undo(self, expected: int | None) -> Outcome:
        self.check_expected(expected)
        before = self.length
        dropped = self.session.undo()
        self.cuts += 1
        length = self.length
        try:
            await self._written(lambda store: store.truncate(self.id, length, expected=before))
            self._seen = None
            self._moved_elsewhere = False
        except StaleWrite:
            self._refold()
            self.changed()
            raise MovedOn(
                "another writer changed this fight (its log on disk moved on); "
                "the page now shows the log as it is"
            ) from None
        except BaseException:
            self._refold()
            self.changed()
            raise
        self.changed()
        return Outcome(list(dropped))

    async def redo(self, expected: int | None) -> Outcome:
        async with self.lock:
            self.check_expected(expected)
            before = self.length
            events = self.session.redo()
            await self._commit(before, list(events))
            return Outcome(list(events))

    async def _commit(self, before: int, events: list[Event[Any]]) -> None:
        try:
            await self._written(lambda store: store.append(self.id, events, expected=before))
            if events:
                self._seen = (before + len(events), encode_event(events[-1]).decode())
            self._moved_elsewhere = False
        except StaleWrite:
            self._refold()
            self.changed()
            raise MovedOn(
                "another writer changed this fight (its log on disk moved on); "
                "the page now shows the log as it is"
            ) from None
        except BaseException:
            self._refold()
            self.changed()
            raise
        self.changed()

    async def _written(self, write: Callable[[SqliteStore], object]) -> None:
        """Run ``write`` on the store off the event loop. Meanwhile memory holds events the
        disk may not: a signal from elsewhere (the odds worked out, say) waits for the
        change's own, which follows whatever the commit's outcome."""
        self._committing = True
        try:
            await self.writer.run(write)
        finally:
            self._committing = False

    # -- signal -----------------------------------------------------------------------------
    def changed(self) -> None:
        """Tell every waiting page that something changed (while a change is being
        committed, its own signal, once it is on disk or refused, tells them instead)."""
        if self._committing:
            return
        self.version += 1
        old, self._changed = self._changed, asyncio.Event()
        old.set()
        if self.on_change is not None:
            try:
                self.on_change(self)
            except Exception:  # the change is committed: telling the pages must not undo it
                logging.getLogger(__name__).exception("telling the pages of a change failed")

    async def wait(self, version: int, timeout: float) -> bool:
        """Wait until the version is past ``version`` (True) or ``timeout`` passes (False)."""
        if self.version != version:
            return True
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            return False
        return True


class Hub:
    """The live encounters of one server, loaded from the store on first use."""

    def __init__(self, store: SqliteStore, writer: StoreWriter) -> None:
        self.store = store
        self.writer = writer
        self._live: dict[int, LiveEncounter] = {}
        #: names this server instance in every board and decision
        self.generation = secrets.token_hex(4)
        #: told of every change of every live encounter
        self.on_change: Callable[[LiveEncounter], None] | None = None

    def get(self, encounter_id: int) -> LiveEncounter:
        live = self._live.get(encounter_id)
        if live is None:
            live = LiveEncounter(self.store, self.writer, encounter_id, self.generation)
            live.on_change = self.on_change
            self._live[encounter_id] = live
        return live

    def drop(self, encounter_id: int) -> None:
        live = self._live.pop(encounter_id, None)
        if live is not None:
            live.changed()

    async def create(
        self, name: str, ruleset: Ruleset[Any, Any, Any], scenario: Any, roller: TableRoller
    ) -> int:
        """Start a new encounter (initiative with ``roller``) and commit it."""
        session = Session(ruleset, scenario, roller)
        session.begin()
        log = list(session.log)
        return await self.writer.run(lambda store: store.create(name, ruleset.name, log))

    async def import_log(self, name: str, checked: tuple[str, list[Event[Any]]]) -> int:
        """Store a log checked by :func:`checked_log` (its ruleset's name and events)."""
        ruleset_name, events = checked
        return await self.writer.run(lambda store: store.create(name, ruleset_name, events))

    async def delete(self, encounter_id: int) -> None:
        """Remove an encounter from the store (after any change of it under way), and tell
        its open pages."""
        live = self._live.get(encounter_id)
        if live is None:
            await self.writer.run(lambda store: store.delete(encounter_id))
            return
        async with live.lock:
            await self.writer.run(lambda store: store.delete(encounter_id))
            self.drop(encounter_id)


def checked_log(text: str) -> tuple[str, list[Event[Any]]]:
    """A log's ruleset and events, checked as ``fracas replay`` checks it (this re-runs the
    fight: the tracker runs it off the event loop)."""
    from fracas.engine.codec import peek_ruleset

    ruleset = get_ruleset(peek_ruleset(text))
    events = LogDecoder(ruleset.event_types()).decode(text)
    verify_log(ruleset, events)
    head = events[0]
    assert isinstance(head, EncounterStarted)
    scenario_of(ruleset, head)
    return ruleset.name, events
