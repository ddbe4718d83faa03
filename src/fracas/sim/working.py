"""Saying on stderr what a command is doing while it takes a while, so no command sits silent.

One status for the whole process. A step (:func:`working`, or :func:`begin`/:func:`end`)
names what is being done ("loading numba", "compiling exchange_kernel.exchange_branches",
"running 10,000 fights"); steps nest, and the innermost open one is what is shown. Nothing is
shown until steps have been open for :data:`DELAY` seconds without a break (the first ones
counted from the process's start: Python's own start, slow on a busy machine, is part of the
wait), so a quick command prints nothing. Then:

- on a terminal, one status line on stderr, redrawn every :data:`TICK` seconds: a
  spinner, the innermost step, its progress where it has units of work (:meth:`Step.update`:
  "1,200 of 3,400 fights") and the seconds it has lasted (the heartbeat of a step with none,
  a compilation say); it is cleared when the last step ends, or while something else draws
  on the terminal (:func:`paused`: ``fracas sim``'s progress bar);
- elsewhere (a pipe, a log, a test), one line when a step has been the innermost for
  :data:`DELAY` seconds (``fracas: what ...``) and one when it ends
  (``fracas: what: done in 2.1 s``, or the step's own ``ended`` text).

Never on stdout: ``--json`` output stays clean. :data:`DELAY` is 0.5 s, or the environment's
``FRACAS_STATUS_DELAY`` (seconds; tests set it). Game-neutral: the caller names the work.
Numba's compilations are steps too (:mod:`fracas.sim.compiling`).

The status is drawn from one daemon thread, started with the first step; whatever it writes
it writes holding the status's lock, which a fork waits for (``os.register_at_fork``), so a
worker process forked meanwhile inherits no half-written line and starts with no status.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


def _delay() -> float:
    try:
        value = float(os.environ.get("FRACAS_STATUS_DELAY", "0.5"))
    except ValueError:
        return 0.5
    return value if value >= 0 else 0.5


#: seconds steps are open before the status shows
DELAY = _delay()
#: seconds between two redraws of the status line (and checks of the delay)
TICK = 0.1
#: the clock the delay and each step's time are read from (tests put a fake one)
clock: Callable[[], float] = time.monotonic
#: whether a thread draws the status by itself (tests call :func:`tick` instead)
AUTO = True

SPINNER = "|/-\\"


class Step:
    """One open step: what is done, since when, and its progress (``done`` of ``total``
    ``unit``) where it has units of work."""

    def __init__(self, what: str, unit: str = "", ended: str | None = None) -> None:
        self.what = what
        self.unit = unit
        #: what its end says (``{took}``: its seconds); None: "WHAT: done in ..."
        self.ended = ended
        self.started = clock()
        self.done: int | None = None
        self.total: int | None = None
        #: its line was printed (not on a terminal), so its end is said too
        self.said = False
        #: it was on the terminal's status line
        self.shown = False
        #: it ended on an error (its end is not said: the error is)
        self.failed = False

    def update(self, done: int, total: int | None = None, unit: str | None = None) -> None:
        """Progress: ``done`` units of work of ``total`` (None: not known), in ``unit``
        (None: as before)."""
        self.done, self.total = done, total
        if unit is not None:
            self.unit = unit

    def line(self, now: float) -> str:
        """What the status line says of it now."""
        progress = ""
        if self.done is not None:
            unit = f" {self.unit}" if self.unit else ""
            of = f" of {self.total:,}" if self.total is not None else ""
            progress = f": {self.done:,}{of}{unit}"
        return f"{self.what}{progress}, {now - self.started:.0f} s"

    def end_line(self, now: float) -> str:
        took = now - self.started
        if self.ended is not None:
            return self.ended.format(took=took)
        return f"{self.what}: done in {took:.1f} s"


def _process_age() -> float:
    """Seconds since this process started (read from Linux's /proc; 0 where there is none)."""
    try:
        with open("/proc/self/stat", "rb") as f:
            stat = f.read()
        fields = stat[stat.rindex(b")") + 2 :].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # (field 22: its start time)
        return max(0.0, time.clock_gettime(time.CLOCK_BOOTTIME) - started)
    except (OSError, ValueError, AttributeError, IndexError):
        return 0.0


class _Status:
    """``born``: when the process started, on :data:`clock` (its first steps count from
    then: the wait began when the command was typed, Python's own start included)."""

    def __init__(self, born: float | None = None) -> None:
        self.lock = threading.RLock()
        self.wake = threading.Condition(self.lock)
        self.steps: list[Step] = []
        #: when steps were last opened after none were (steps less than the delay apart
        #: count as one stretch of work: the status goes on showing)
        self.since = 0.0
        #: when the last open step ended
        self.emptied = -float("inf")
        self.born = born
        #: the length of the status line drawn on the terminal (0: none)
        self.drawn = 0
        self.paused = 0
        self.thread: threading.Thread | None = None

    def open(self, step: Step) -> None:
        with self.lock:
            if not self.steps and step.started - self.emptied >= DELAY:
                self.since = step.started
                if self.born is not None:  # the first steps: since the process started
                    self.since = min(self.since, self.born)
                    self.born = None
            self.steps.append(step)
            if AUTO and self.thread is None:
                self.thread = threading.Thread(target=self.run, name="fracas-status", daemon=True)
                self.thread.start()
            self.wake.notify()

    def close(self, step: Step) -> None:
        with self.lock:
            now = clock()
            self.draw(now)  # (a step that lasted the delay is said, even between two ticks)
            if step in self.steps:
                self.steps.remove(step)
            if not step.failed and (step.said or (step.shown and step.ended is not None)):
                self.hide()
                print(f"fracas: {step.end_line(now)}", file=sys.stderr, flush=True)
            if not self.steps:
                self.emptied = now
                self.hide()
            else:
                self.draw(now)

    def run(self) -> None:
        with self.lock:
            while True:
                self.draw(clock())
                self.wake.wait(TICK if self.steps else None)

    def draw(self, now: float) -> None:
        """Show what is being done, if steps have lasted the delay (holding the lock)."""
        if not self.steps or self.paused or now - self.since < DELAY:
            if not self.steps or self.paused:
                self.hide()
            return
        top = self.steps[-1]
        if not _terminal():
            if not top.said and now - top.started >= DELAY:
                top.said = True
                print(f"fracas: {top.what} ...", file=sys.stderr, flush=True)
            return
        frame = SPINNER[int(now / TICK) % len(SPINNER)]
        top.shown = True
        self.put(f"{frame} {top.line(now)}")

    def put(self, text: str) -> None:
        """Draw ``text`` as the status line (over the one drawn before)."""
        try:
            columns = os.get_terminal_size(sys.stderr.fileno()).columns
        except (OSError, ValueError, AttributeError):
            columns = 0
        if not columns:  # (a terminal that does not say)
            columns = (
                int(os.environ.get("COLUMNS", "80"))
                if os.environ.get("COLUMNS", "80").isdigit()
                else 80
            )
        width = columns - 1
        text = text[: max(width, 20)]
        pad = " " * max(0, self.drawn - len(text))
        sys.stderr.write(f"\r{text}{pad}")
        sys.stderr.flush()
        self.drawn = len(text)

    def hide(self) -> None:
        """Clear the status line, if one is drawn."""
        if self.drawn:
            sys.stderr.write(f"\r{' ' * self.drawn}\r")
            sys.stderr.flush()
            self.drawn = 0


def _terminal() -> bool:
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty is not None and isatty())


_STATUS = _Status(born=clock() - _process_age())


def _after_fork_in_child() -> None:
    """A forked worker starts with no status of its own (its parent's steps are not its)."""
    global _STATUS
    _STATUS = _Status(born=clock() - _process_age())


if hasattr(os, "register_at_fork"):
    os.register_at_fork(
        before=lambda: _STATUS.lock.acquire(),
        after_in_parent=lambda: _STATUS.lock.release(),
        after_in_child=_after_fork_in_child,
    )


def begin(what: str, unit: str = "", ended: str | None = None) -> Step:
    """Open a step (end it with :func:`end`); ``unit``: what its progress counts;
    ``ended``: what its end says, ``{took}`` its seconds."""
    step = Step(what, unit, ended)
    _STATUS.open(step)
    return step


def end(step: Step) -> None:
    """Close ``step``: its end is said where its start was."""
    _STATUS.close(step)


@contextmanager
def working(what: str, unit: str = "", ended: str | None = None) -> Iterator[Step]:
    """Say ``what`` is being done on stderr if steps have been open :data:`DELAY` seconds."""
    step = begin(what, unit, ended)
    try:
        yield step
    except BaseException:
        step.failed = True  # (what went wrong is told next: not "done")
        raise
    finally:
        end(step)


@contextmanager
def paused() -> Iterator[None]:
    """Draw no status meanwhile (something else draws on the terminal: a progress bar)."""
    with _STATUS.lock:
        _STATUS.paused += 1
        _STATUS.hide()
    try:
        yield
    finally:
        with _STATUS.lock:
            _STATUS.paused -= 1


def say(line: str) -> None:
    """Print ``fracas: line`` on stderr now, above the status line if it is shown."""
    with _STATUS.lock:
        _STATUS.hide()
        print(f"fracas: {line}", file=sys.stderr, flush=True)
        if _STATUS.steps:
            _STATUS.draw(clock())


def tick() -> None:
    """Draw the status as it is now (the thread does so every :data:`TICK` seconds)."""
    with _STATUS.lock:
        _STATUS.draw(clock())
