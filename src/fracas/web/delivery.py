"""Boards delivered to open pages: every one, in order, or an explicit "skipped to".

Each open page's stream is a :class:`Feed`. When an encounter changes, :meth:`Delivery.publish`
renders the new board once per visitor (the GM, each player) and puts the frame in the
queue of every feed of that encounter whose board it changes (a player's board moves on only
when what that player sees does: a change hidden from them sends them nothing), at once, in
the change's turn: a page that is slow to
read gets the boards one after another, never only the last one. A feed keeps at most
:data:`BACKLOG` frames: past that its oldest are dropped and the next frame it sends is led
by a ``skipped`` event naming the versions it did not get (``skipped to 57 (from 12)``), so
a page never loses a board without being told.

Each board frame is a server-sent event ``board`` whose ``id`` is the board's version (the
fight's for the GM, the player's own view's for a player); a comment line
``: at <seconds>`` says when it was published (the load bench, bench/tracker_load.py,
measures delivery with it; browsers ignore comments).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

from fracas.web.access import Visitor
from fracas.web.live import LiveEncounter

#: the most frames one page's stream holds before the oldest give way to "skipped to"
BACKLOG = 64
#: the longest a change's answer waits for its boards to be handed to the pages (seconds)
DRAIN_SECONDS = 0.05


def board_frame(version: int, html: str, at: float) -> bytes:
    """One board as a server-sent event (encoded once, sent to every page of its visitor)."""
    data = "\n".join(f"data: {line}" for line in html.splitlines() or [""])
    return f"retry: 1000\nevent: board\nid: {version}\n: at {at:.6f}\n{data}\n\n".encode()


class Feed:
    """One open page's stream: the frames it has yet to send."""

    def __init__(self, eid: int, visitor: Visitor, taken: asyncio.Event | None = None) -> None:
        self.eid = eid
        self.visitor = visitor
        self._taken = taken  # set whenever this feed takes its frames
        self._frames: deque[tuple[int, bytes]] = deque()
        self._skipped: tuple[int, int] | None = None  # (first, last) version not sent
        self.last = -1  # the version of the last board pushed
        self._wake = asyncio.Event()

    def push(self, version: int, frame: bytes) -> None:
        self.last = version
        if len(self._frames) >= BACKLOG:
            dropped, _ = self._frames.popleft()
            first = dropped if self._skipped is None else self._skipped[0]
            self._skipped = (first, dropped)
        self._frames.append((version, frame))
        self._wake.set()

    def take(self) -> bytes:
        """Every frame waiting, in order (empty if none), led by a ``skipped`` event if the
        backlog overflowed since the last take."""
        parts = []
        if self._skipped is not None and self._frames:
            first, last = self._skipped
            upto = self._frames[0][0]
            note = f"event: skipped\ndata: skipped to {upto} (from {first} to {last})\n\n"
            parts.append(note.encode())
            self._skipped = None
        parts.extend(frame for _, frame in self._frames)
        self._frames.clear()
        self._wake.clear()
        if self._taken is not None:
            self._taken.set()
        return b"".join(parts)

    @property
    def waiting(self) -> bool:
        return bool(self._frames)

    async def wait(self, timeout: float) -> bool:
        """Wait for a frame (True) or ``timeout`` seconds (False)."""
        if self._frames:
            return True
        try:
            async with asyncio.timeout(timeout):  # no task of its own, unlike wait_for
                await self._wake.wait()
        except TimeoutError:
            return False
        return True


class Delivery:
    """The feeds of every open page, by encounter; ``render`` is one visitor's board and its
    version."""

    def __init__(self, render: Callable[[LiveEncounter, Visitor], tuple[int, str]]) -> None:
        self._render = render
        self._feeds: dict[int, set[Feed]] = {}
        self._taken = asyncio.Event()

    def subscribe(self, live: LiveEncounter, visitor: Visitor) -> Feed:
        """A new feed, holding the board as it is now (a page that reconnects catches up)."""
        feed = Feed(live.id, visitor, self._taken)
        self._feeds.setdefault(live.id, set()).add(feed)
        version, html = self._render(live, visitor)
        feed.push(version, board_frame(version, html, time.time()))
        return feed

    def unsubscribe(self, feed: Feed) -> None:
        feeds = self._feeds.get(feed.eid)
        if feeds is not None:
            feeds.discard(feed)
            if not feeds:
                del self._feeds[feed.eid]

    def publish(self, live: LiveEncounter) -> None:
        """The encounter changed: its new board to every feed (rendered once per visitor)."""
        feeds = self._feeds.get(live.id)
        if not feeds:
            return
        at = time.time()
        frames: dict[str, tuple[int, bytes]] = {}
        for feed in feeds:
            key = feed.visitor.token_hash
            made = frames.get(key)
            if made is None:
                version, html = self._render(live, feed.visitor)
                made = frames[key] = (version, board_frame(version, html, at))
            if made[0] != feed.last:  # nothing new for this page: nothing sent
                feed.push(*made)

    async def sent(self, eid: int, timeout: float = DRAIN_SECONDS) -> None:
        """Wait until every feed of ``eid`` has taken its frames (handed them to its
        connection), or ``timeout``. A change's answer waits for this, so the next change
        (and its commit, which holds the event loop while the disk syncs) cannot come
        between a board and the pages it is for."""
        deadline = asyncio.get_running_loop().time() + timeout
        while any(feed.waiting for feed in self._feeds.get(eid, ())):
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                return
            self._taken.clear()
            try:
                async with asyncio.timeout(left):
                    await self._taken.wait()
            except TimeoutError:
                return
