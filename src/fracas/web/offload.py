"""Reading and checking input off the event loop, within a time limit.

Every scenario, house rule, builder box and new combatant's entry the tracker is sent is
parsed and validated by :func:`off_loop`: in a worker thread (so the event loop keeps
answering every other page and stream while it runs), at most :data:`WORKERS` at a time,
and within ``seconds``. Input that takes longer is refused with a message, and the worker
is interrupted at its next Python step (``PyThreadState_SetAsyncExc``), so a refused input
does not keep a core busy after its answer. Size limits come first (:mod:`fracas.web.limits`
on the body, the field readers on each field), and the shared YAML reader
(:func:`fracas.scenario.yaml_input.load_yaml`) refuses what it cannot read quickly; the time
limit is the last line.
"""

from __future__ import annotations

import asyncio
import ctypes
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

import anyio

T = TypeVar("T")

#: how many inputs are read at once (the rest wait their turn, off the event loop)
WORKERS = 2
#: how long reading and checking one input may take, by default (seconds)
INPUT_SECONDS = 5.0


class TooSlow(Exception):
    """The input took longer than its time limit to read and check."""


class _Interrupted(BaseException):
    """Raised inside a worker that ran out of time (never seen outside this module)."""


def _interrupt(thread_id: int) -> None:
    """Raise :class:`_Interrupted` in the thread ``thread_id`` at its next bytecode."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), ctypes.py_object(_Interrupted)
    )


def workers() -> anyio.CapacityLimiter:
    """The limiter a server's inputs share (make it inside the server's event loop)."""
    return anyio.CapacityLimiter(WORKERS)


async def off_loop(
    fn: Callable[[], T],
    seconds: float = INPUT_SECONDS,
    limiter: anyio.CapacityLimiter | None = None,
) -> T:
    """``fn()`` run in a worker thread of its own, at most ``limiter``'s count at a time;
    :class:`TooSlow` if it takes more than ``seconds`` (the worker is then interrupted).
    Exceptions ``fn`` raises are raised here."""
    result: Future[T] = Future()

    def run() -> None:
        if not result.set_running_or_notify_cancel():
            return
        try:
            value = fn()
        except _Interrupted:
            result.set_exception(TooSlow())
        except BaseException as exc:  # handed to the waiting request as it is
            result.set_exception(exc)
        else:
            result.set_result(value)

    async with limiter or workers():
        worker = threading.Thread(target=run, name="fracas-input", daemon=True)
        worker.start()
        try:
            with anyio.fail_after(seconds):
                return await asyncio.wrap_future(result)
        except TimeoutError:
            if worker.ident is not None and worker.is_alive():
                _interrupt(worker.ident)
            raise TooSlow() from None
