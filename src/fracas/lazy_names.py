"""A package's public names imported on first use (PEP 562's module ``__getattr__``), so
importing the package loads none of the libraries behind them."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_getattr(
    package: str, where: Mapping[str, str], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: each name in ``where`` (name -> the module that
    defines it) imported when first asked for, then kept in ``namespace`` (the package's
    ``globals()``) so the next use is a plain look-up."""

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    return __getattr__
