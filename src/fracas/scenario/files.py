"""Reading the files fracas is given: a path, ``-`` for standard input, a pipe or
``/dev/stdin``; each within a size limit, each problem a message naming the file."""

from __future__ import annotations

import sys
from pathlib import Path

from fracas.engine.errors import FracasError

#: Largest scenario, rolls file or JSONL log read (bytes): far above any real one, and low
#: enough that ``/dev/zero`` or ``/dev/urandom`` as a file is refused at once.
MAX_FILE_BYTES = 16 * 1024 * 1024

#: Shown for standard input in messages.
STDIN = "-"


class InputError(FracasError):
    """A file that cannot be read as what it should be."""


def read_bytes(path: str, what: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path`` (``-``: standard input), at most ``limit`` of them."""
    try:
        if path == STDIN:
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(limit + 1)
    except IsADirectoryError:
        raise InputError(f"{path}: cannot read the {what}: it is a folder") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read the {what}: {exc.strerror or exc}") from None
    except MemoryError:
        raise InputError(f"{path}: cannot read the {what}: out of memory") from None
    if len(data) > limit:
        raise InputError(
            f"{path}: the {what} is larger than the {limit // (1024 * 1024)} MB limit "
            "(is this the right file?)"
        )
    return data


def read_text(path: str, what: str, limit: int = MAX_FILE_BYTES) -> str:
    """A text file's content (UTF-8; a byte-order mark is dropped)."""
    return text_of(read_bytes(path, what, limit), path, what)


def text_of(data: bytes, path: str, what: str) -> str:
    """The text of bytes read from ``path`` (UTF-8; a byte-order mark is dropped)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        kind = "text file" if what == "scenario" else what
        raise InputError(f"{path}: not a {kind} (byte {exc.start} is not UTF-8 text)") from None
    if "\x00" in text:
        raise InputError(f"{path}: not a {what} (it holds NUL bytes: a binary file?)")
    return text.removeprefix("\ufeff")


def is_regular_file(path: str) -> bool:
    """Whether ``path`` is a file that can be opened again (not a pipe, a terminal, stdin)."""
    if path == STDIN:
        return False
    p = Path(path)
    try:
        return p.is_file()
    except OSError:
        return False
