"""Saying so on stderr while numba compiles a kernel, so no first run sits silent.

The fast paths' kernels are compiled on their first call with an empty cache (then loaded
from numba's cache in a fraction of a second). numba fires a ``numba:compile`` event around
each real compilation (never around a load from the cache); :func:`install` listens for the
outermost one and makes it a step of the process's status (:mod:`fracas.sim.working`): once
steps have lasted its delay, it is shown on stderr with the seconds it has lasted (a status
line on a terminal, redrawn as it goes, else one line when it starts), and its end says how
long it took. Never on stdout: ``--json`` output stays clean. A quick command prints nothing.

Before the first compilation starts, importing numba and the kernels' modules takes a second
or more of its own: when the kernels' cache is empty, :func:`say_if_first_run` (called by
``fracas.sim.batch.jit`` before it imports numba, whichever command needs a kernel) says so on
stderr at once; the compilations that follow are announced as above.

Game-neutral: it names the kernel by its module and function, whatever the ruleset.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fracas.sim import working

_installed = False


class _Announcer:
    """Tracks the nesting of ``numba:compile`` events (a kernel's helpers are compiled
    inside its own compilation) and makes the outermost one a step."""

    def __init__(self) -> None:
        self.depth = 0
        self.step: working.Step | None = None

    def start(self, name: str) -> None:
        self.depth += 1
        if self.depth > 1:
            return
        self.step = working.begin(
            f"compiling {name} (first run with an empty cache; cached after)",
            ended=f"compiled {name} in {{took:.1f}} s",
        )

    def end(self) -> None:
        self.depth -= 1
        if self.depth > 0:
            return
        step, self.step = self.step, None
        if step is not None:
            working.end(step)


_ANNOUNCER = _Announcer()

#: what :func:`say_if_first_run` says when the kernels' cache is empty: true of every command
#: that loads numba, whether or not it then runs a kernel (a scenario outside a ruleset's
#: chain may learn so only after the import); each compilation is then announced on its own
FIRST_RUN = (
    "first run with an empty cache: loading numba (a kernel is compiled the first time it "
    "runs, then cached)"
)


def say_if_first_run(where: Path) -> bool:
    """Called before fracas first imports numba in a process: when the kernels' cache
    ``where`` (``fracas.sim.batch.jit.cache_dir``, one directory per version of their sources)
    holds nothing yet, say so on stderr at once, since importing numba and compiling will take
    a while (each compilation is then announced as it lasts). Whether it said so."""
    if where.is_dir() and any(where.iterdir()):
        return False
    working.say(f"{FIRST_RUN} ...")
    return True


def kernel_name(dispatcher: Any) -> str:
    """``kernel.duels``: the compiled function's module (last part) and name."""
    func = getattr(dispatcher, "py_func", None)
    if func is None:
        return "a kernel"
    return f"{func.__module__.rsplit('.', 1)[-1]}.{func.__name__}"


def install() -> None:
    """Listen for numba's compilations in this process (once; numba already imported)."""
    global _installed
    if _installed:
        return
    from numba.core import event as numba_event

    event: Any = numba_event  # (numba has no type information)

    class Listener(event.Listener):  # type: ignore[misc]
        def on_start(self, ev: Any) -> None:
            _ANNOUNCER.start(kernel_name(ev.data.get("dispatcher")))

        def on_end(self, ev: Any) -> None:
            _ANNOUNCER.end()

    event.register("numba:compile", Listener())
    _installed = True
