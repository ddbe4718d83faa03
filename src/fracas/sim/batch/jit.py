"""numba, typed for mypy: ``njit`` keeps the decorated function's signature.

The batch kernels are plain Python functions over scalars and small NumPy arrays that numba
compiles once (and caches next to the module). They allocate nothing: every array, scratch
state included, comes from the caller, so they are compiled without numba's reference-counted
runtime (``_nrt=False``); with it, each inlined helper that takes an array would pay an atomic
reference count on every use, which made the duel kernel five times slower on this machine.
With ``FRACAS_NO_JIT=1`` they run as plain Python (slow, but the same code: for debugging and
for measuring what the compiler buys).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

DISABLED = os.environ.get("FRACAS_NO_JIT", "") not in ("", "0")
_OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "error_model": "numpy", "_nrt": False}


def njit(func: F) -> F:
    """Compile ``func`` with numba (nopython, cached, no runtime), unless FRACAS_NO_JIT."""
    if DISABLED:
        return func
    import numba

    return cast(F, numba.njit(**_OPTIONS)(func))


def inline(func: F) -> F:
    """Like :func:`njit`, for small helpers inlined into their callers (no call overhead)."""
    if DISABLED:
        return func
    import numba

    return cast(F, numba.njit(inline="always", **_OPTIONS)(func))
