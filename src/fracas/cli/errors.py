"""Turning fracas errors into a message and an exit status, never a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

import click

from fracas.dice import DiceError
from fracas.engine.errors import FracasError

P = ParamSpec("P")
T = TypeVar("T")

#: exit status for bad input (a scenario, a dice expression, a rolls file, a log)
EXIT_BAD_INPUT = 2


@contextmanager
def reported_errors() -> Iterator[None]:
    """Print a fracas error to stderr and exit with status 2."""
    try:
        yield
    except (FracasError, DiceError) as exc:
        click.echo(f"error: {exc}" if "\n" not in str(exc) else f"error:\n{exc}", err=True)
        raise SystemExit(EXIT_BAD_INPUT) from None
