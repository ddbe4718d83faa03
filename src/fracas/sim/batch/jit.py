"""numba, typed for mypy: ``njit`` keeps the decorated function's signature.

The batch kernels are plain Python functions over scalars and small NumPy arrays that numba
compiles once (and caches next to the module). They allocate nothing: every array, scratch
state included, comes from the caller, so they are compiled without numba's reference-counted
runtime (``_nrt=False``); with it, each inlined helper that takes an array would pay an atomic
reference count on every use, which made the duel kernel five times slower on this machine.
With ``FRACAS_NO_JIT=1`` they run as plain Python (slow, but the same code: for debugging and
for measuring what the compiler buys).

numba checks a cached kernel only against its own file's timestamp, not against the helpers
it inlines from other modules nor the constants it reads from them: after an edit of a
ruleset's ``fast/tactics.py``, the cached ``fast/kernel.py`` would run the old tactics. So the
cache lives in a directory named after a hash of every source the kernels are built from
(``sim/batch`` and every ruleset's ``fast/``): any edit there starts a fresh cache
(``src/fracas/__pycache__/numba/<hash>``, or under ``NUMBA_CACHE_DIR`` when that is set).

A big kernel split into helpers compiles quicker with its helpers compiled once each
(:func:`callee`, :func:`inlined_callee`, :func:`inline`), then linked into its callers, where
LLVM inlines them, than with numba's own ``inline="always"`` (which inlines the helper's
code and types, lowers and optimises it again at every call site, nested helpers included):
a chain's exchange kernel went from ~13 s to ~4.5 s, the largest duel kernel from 100 s to
8.5 s of CPU, with the same run time within 5%.

The first call of a kernel with an empty cache compiles it; :mod:`fracas.sim.compiling`
says so on stderr while it lasts.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

DISABLED = os.environ.get("FRACAS_NO_JIT", "") not in ("", "0")
_OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "error_model": "numpy", "_nrt": False}
_SIM = Path(__file__).resolve().parent.parent
_configured = False


def cache_dir() -> Path:
    """Where the compiled kernels are cached: one directory per version of their sources."""
    digest = hashlib.sha256()
    rulesets = _SIM.parent / "rulesets"
    for source in sorted([*_SIM.glob("batch/*.py"), *rulesets.glob("*/fast/*.py")]):
        digest.update(str(source.relative_to(_SIM.parent)).encode())
        digest.update(source.read_bytes())
    base = os.environ.get("NUMBA_CACHE_DIR") or str(_SIM.parent / "__pycache__" / "numba")
    return Path(base) / digest.hexdigest()[:16]


def _numba() -> Any:
    """numba, its cache directory set (once, before the first function is decorated)."""
    global _configured
    if not _configured:
        from fracas.sim.compiling import install, say_if_first_run
        from fracas.sim.working import working

        where = cache_dir()
        say_if_first_run(where)  # an empty cache: said before numba's import, at once
        with working("loading numba (the compiler of the fast paths)"):
            import numba

        config: Any = numba.config  # (CACHE_DIR is not in numba's type information)
        config.CACHE_DIR = str(where)

        install()  # a first run's compilation is announced on stderr
        _configured = True
    import numba

    return numba


def njit(func: F) -> F:
    """Compile ``func`` with numba (nopython, cached, no runtime), unless FRACAS_NO_JIT."""
    if DISABLED:
        return func
    return cast(F, _numba().njit(**_OPTIONS)(func))


def callee(func: F) -> F:
    """Like :func:`njit`, for a helper only compiled code calls: compiled once per argument
    types (literals made plain), without the wrappers that let Python call it, and not cached
    on its own (its callers' cache holds its code)."""
    return _callee(func, forceinline=False)


def inlined_callee(func: F) -> F:
    """A :func:`callee` that LLVM always inlines into its callers (``forceinline``): compiled
    once like a callee, as fast as an :func:`inline` helper."""
    return _callee(func, forceinline=True)


def _callee(func: F, forceinline: bool, python: bool = False) -> F:
    if DISABLED:
        return func
    options = {k: v for k, v in _OPTIONS.items() if k != "cache"}
    options.update(
        nopython=True,
        boundscheck=None,
        no_cpython_wrapper=not python,
        no_cfunc_wrapper=True,
        forceinline=forceinline,
    )
    dispatcher = _callee_dispatcher()(py_func=func, locals={}, targetoptions=options)
    if python:
        dispatcher.enable_caching()
    return cast(F, dispatcher)


_CALLEE_DISPATCHER: Any = None


def _callee_dispatcher() -> Any:
    """numba's CPU dispatcher, but typing a call from compiled code on its arguments' types
    with the literals made plain (``Literal[int](0)`` as ``int64``): else each constant
    argument, and each loop variable first seen as its start value, makes (and compiles) a
    specialisation of its own."""
    global _CALLEE_DISPATCHER
    if _CALLEE_DISPATCHER is None:
        _numba()
        from numba.core import types
        from numba.core.registry import CPUDispatcher

        class CalleeDispatcher(CPUDispatcher):
            def get_call_template(self, args: Any, kws: Any) -> Any:
                return super().get_call_template(tuple(map(types.unliteral, args)), kws)

        _CALLEE_DISPATCHER = CalleeDispatcher
    return _CALLEE_DISPATCHER


def inline(func: F) -> F:
    """Like :func:`njit`, for helpers inlined into their callers (no call overhead): an
    :func:`inlined_callee` (compiled once per argument types, LLVM inlines it) that Python
    may call too (the odds chain calls the tactics' ``declare``), cached.

    Not numba's own ``inline="always"``, which types, lowers and optimises the helper's code
    again at every call site, nested helpers included: the largest duel kernel took
    100 s of CPU and 1.3 GB to compile with it, 8.5 s and 230 MB this way, for the same
    arrays from the same seeds and about 5% less speed (docs/batch-and-odds.md, "Cold
    start")."""
    if DISABLED:
        return func
    return _callee(func, forceinline=True, python=True)


def plain(func: F) -> F:
    """The Python function behind a compiled helper (:func:`inline` and the others), for a
    caller in Python that wants the rule without compiling it for Python's sake (the
    function itself under FRACAS_NO_JIT)."""
    return cast(F, getattr(func, "py_func", func))
