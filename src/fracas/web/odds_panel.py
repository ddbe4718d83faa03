"""The GM's live odds panel: off the request path, cached per log.

A board asks :func:`panel` for the odds of the fight as it stands. If they are known for this
log (keyed by a hash of its events) they are shown; if not, the computation
(:func:`fracas.web.odds_work.estimate`) is handed to a worker process and the panel says it
is being worked out; when it is done the encounter is marked changed, so every page gets a
board with the figures. An action never waits for it. A few logs' figures are kept, so an
undo or redo shows them at once. Players see the panel only when the GM shares it (kept in
the server's memory, per encounter); they get the side chances, never the recommended move.
"""

from __future__ import annotations

import asyncio
import atexit
import hashlib
import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

from fracas.engine.codec import encode_log
from fracas.engine.overrides import GmRemoveCombatant
from fracas.web.live import LiveEncounter
from fracas.web.odds_work import Estimate, estimate, follow_parent

#: how many logs' figures an encounter keeps
KEPT = 16
#: the worker's seed: the same log gives the same figures
SEED = 20_261_201


@dataclass
class Desk:
    """One encounter's odds: figures by log key, the key being worked on, shared or not."""

    shared: bool = False
    known: dict[str, Estimate] = field(default_factory=dict)
    working: str | None = None
    failed: dict[str, str] = field(default_factory=dict)
    keyed: tuple[int, str] = (-1, "")


@dataclass(frozen=True, slots=True)
class OddsView:
    """What the panel shows one visitor."""

    gm: bool
    shared: bool
    estimate: Estimate | None
    working: bool
    problem: str = ""
    #: the GM's page, shared while someone is hidden: what the players are shown instead
    players_note: str = ""


_desks: WeakKeyDictionary[LiveEncounter, Desk] = WeakKeyDictionary()
_pool: ProcessPoolExecutor | None = None


def desk(live: LiveEncounter) -> Desk:
    found = _desks.get(live)
    if found is None:
        found = _desks[live] = Desk()
    return found


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # spawn: a fork of a server with threads and an event loop is not safe
        _pool = ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=follow_parent,
            initargs=(os.getpid(),),
        )
        atexit.register(shutdown)
    return _pool


def shutdown() -> None:
    """Stop the worker (the server is stopping)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


def key_of(live: LiveEncounter) -> tuple[str, bytes]:
    """The log's key (its length and a hash of every event) and the log itself."""
    d = desk(live)
    text = encode_log(live.session.log)
    if d.keyed[0] != live.version:
        d.keyed = (live.version, f"{live.length}-{hashlib.sha256(text).hexdigest()[:16]}")
    return d.keyed[1], text


def panel(live: LiveEncounter, gm: bool, hidden: frozenset[str] = frozenset()) -> OddsView | None:
    """The odds panel for a GM's board, or a player's when shared (``None``: not shown).
    Starts the computation for this log if it is neither known nor under way.

    ``hidden``: the combatants hidden from the players. A player's figures are worked out
    from the fight as the players see it (each hidden one taken out: see
    :func:`fracas.web.odds_work.estimate`), under a key of their own, so shared odds tell
    nothing about a hidden combatant; the GM's page says so next to the share toggle."""
    d = desk(live)
    if not gm and not d.shared:
        return None
    hidden = frozenset(c for c in hidden if c in live.session.state.combatants)
    removable = GmRemoveCombatant in tuple(live.ruleset.override_types())
    if not gm and hidden and not removable:
        return None  # the players' view cannot be played out: not shown while someone is hidden
    key, text = key_of(live)
    without: tuple[str, ...] = ()
    if not gm and hidden:
        without = tuple(sorted(hidden))
        key += "-without-" + hashlib.sha256("\n".join(without).encode()).hexdigest()[:8]
    found = d.known.get(key)
    note = players_note(len(hidden), removable) if gm and d.shared else ""
    if found is None and key in d.failed:
        return OddsView(gm, d.shared, None, False, d.failed[key], note)
    if found is None and d.working is None:
        _start(live, d, key, text, without)
    return OddsView(gm, d.shared, found, found is None, "", note)


def players_note(hidden: int, removable: bool) -> str:
    """What the GM is told under the share toggle while ``hidden`` combatants are hidden."""
    if not hidden:
        return ""
    if not removable:
        return (
            "While someone is hidden the players are not shown the odds: this ruleset cannot "
            "take a combatant out of the fight to work out the odds as they see it."
        )
    who = "the hidden combatant" if hidden == 1 else f"the {hidden} hidden combatants"
    return (
        f"The players' odds are worked out without {who}, from the fight as they see it: "
        "they differ from these."
    )


def _start(
    live: LiveEncounter, d: Desk, key: str, text: bytes, without: tuple[str, ...] = ()
) -> None:
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return  # not inside the server (a board rendered by a script): no odds
    d.working = key
    future = _executor().submit(estimate, live.ruleset.name, text.decode(), key, SEED, without)

    def done(f: Future[Estimate]) -> None:
        d.working = None
        try:
            result = f.result()
        except Exception as exc:  # the worker's failure is told in the panel, not raised
            d.failed[key] = f"the odds could not be worked out ({type(exc).__name__}: {exc})"
        else:
            d.known[key] = result
            while len(d.known) > KEPT:
                d.known.pop(next(iter(d.known)))
        live.changed()

    def back_on_the_loop(f: Future[Estimate]) -> None:
        try:
            loop.call_soon_threadsafe(done, f)
        except RuntimeError:  # the server stopped meanwhile: nobody is left to tell
            d.working = None

    future.add_done_callback(back_on_the_loop)


def share(live: LiveEncounter, shared: bool) -> None:
    desk(live).shared = shared
    live.changed()


def percent(p: float) -> str:
    return f"{100 * p:.0f}%" if 0.005 <= p <= 0.995 or p in (0.0, 1.0) else f"{100 * p:.1f}%"
