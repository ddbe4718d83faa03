"""Saying so on stderr while a long computation runs, so no command sits silent.

:func:`working` wraps a computation that may take seconds (exact distributions read from a
chain round by round, say): once it has lasted :data:`DELAY` seconds it shows
what is being worked out and for how long (a spinner with the elapsed time on a terminal,
else one line when it starts and one when it ends). Never on stdout: ``--json`` output stays
clean. A computation shorter than the delay prints nothing. Game-neutral: the caller names
the work. (Compilations are announced by :mod:`fracas.sim.compiling` the same way.)
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: seconds a computation lasts before it is announced
DELAY = 0.5


@contextmanager
def working(what: str) -> Iterator[None]:
    """Announce ``what`` on stderr if the block lasts more than :data:`DELAY` seconds."""
    started = time.perf_counter()
    lock = threading.Lock()
    state: dict[str, Any] = {"shown": False, "status": None, "done": False}

    def show() -> None:
        with lock:
            if state["done"]:
                return
            state["shown"] = True
            if sys.stderr.isatty():
                from rich.console import Console

                class Elapsed:
                    def __rich__(self) -> str:
                        return f"{what}: {time.perf_counter() - started:.0f} s"

                state["status"] = Console(stderr=True).status(Elapsed())
                state["status"].start()
            else:
                print(f"fracas: {what} ...", file=sys.stderr, flush=True)

    timer = threading.Timer(DELAY, show)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        with lock:
            state["done"] = True
            if state["status"] is not None:
                state["status"].stop()
            if state["shown"]:
                took = time.perf_counter() - started
                print(f"fracas: {what}: done in {took:.1f} s", file=sys.stderr, flush=True)
