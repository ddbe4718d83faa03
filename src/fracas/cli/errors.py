"""Turning fracas errors into a message and an exit status, never a traceback."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress

import click

from fracas.dice.errors import DiceError
from fracas.engine.errors import FracasError

#: exit status for bad input (a scenario, a dice expression, a rolls file, a log)
EXIT_BAD_INPUT = 2
#: exit status after Ctrl-C (128 + SIGINT), as shells report it
EXIT_INTERRUPTED = 130


@contextmanager
def reported_errors() -> Iterator[None]:
    """Print a fracas error to stderr and exit with status 2.

    Errors that are not fracas's own but that input can provoke (nesting too deep for the
    interpreter, a file too large for memory, an SQLite error a store did not name) get a
    plain message too; Ctrl-C stops with a line that says what is kept."""
    try:
        yield
    except (FracasError, DiceError) as exc:
        fail(str(exc))
    except RecursionError:
        fail("the input is nested too deeply to read")
    except MemoryError:
        fail("the input is too large to read into memory")
    except KeyboardInterrupt:
        click.echo("\ninterrupted: what was saved is kept", err=True)
        raise SystemExit(EXIT_INTERRUPTED) from None
    except Exception as exc:
        sqlite3 = sys.modules.get("sqlite3")  # not imported here: slow, and often unused
        if sqlite3 is not None and isinstance(exc, sqlite3.Error):
            fail(f"SQLite: {exc}")
        raise


def fail(message: str) -> None:
    click.echo(f"error: {message}" if "\n" not in message else f"error:\n{message}", err=True)
    raise SystemExit(EXIT_BAD_INPUT)


def tolerant_output() -> None:
    """Let a terminal whose encoding lacks a character of the account (an em dash on an
    ASCII or Latin-1 terminal) show a replacement instead of stopping the command."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", "strict") == "strict":
            with suppress(ValueError, OSError):  # a stream that cannot change (closed...)
                reconfigure(errors="replace")
