"""Writing a JSONL log file whole, never half: through a temporary file of its own (two
programs writing the same log never share one) renamed over it; and, for a log changed in
place (``fracas rest LOG``), only if no other program wrote it since it was read."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from fracas.engine.errors import FracasError

try:  # POSIX: a lock for the moment between the check and the rename
    import fcntl
except ImportError:  # pragma: no cover (Windows: the check alone)
    fcntl = None  # type: ignore[assignment]

#: seconds a writer waits for another one's lock on a log file before giving up
LOCK_TIMEOUT = 5.0


def write_whole(path: str | Path, data: bytes) -> None:
    """Put ``data`` at ``path`` in one rename: a reader, or a program stopped part-way,
    sees the old file or the new one. Raises ``OSError``."""
    with staged(path, data) as put:
        put()


@contextmanager
def staged(path: str | Path, data: bytes) -> Iterator[Callable[[], None]]:
    """Write ``data`` to a temporary file of its own beside ``path``; calling what this
    gives renames it over ``path``; if it is not called, the temporary file is removed.
    Raises ``OSError``."""
    target = Path(path)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    # (O_EXCL: a name of its own; 0o666 less the umask, as any new file the user makes)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        yield lambda: os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


def replace_if_unchanged(path: str | Path, seen: bytes, data: bytes) -> None:
    """Put ``data`` at ``path`` if the file still holds ``seen`` (what this writer read);
    if another program wrote it meanwhile (a second ``fracas rest`` of the same log), refuse
    with a message and write nothing. The check and the rename hold a lock on the file, so
    two writers never both pass it. Raises ``OSError`` for a file that cannot be written."""
    with _locked(Path(path)) as current:
        if current != seen:
            raise FracasError(
                f"{path}: another program wrote it while this one ran (a second fracas rest?); "
                "nothing was written: what it holds is kept, run the command again"
            )
        write_whole(path, data)


@contextmanager
def _locked(path: Path) -> Iterator[bytes]:
    """Hold an exclusive lock on the file at ``path`` (the file there now: one renamed over
    it while this waited is locked afresh) and give what it holds."""
    deadline = time.monotonic() + LOCK_TIMEOUT
    while True:
        with path.open("rb") as fh:
            if fcntl is not None:
                while True:
                    try:
                        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        if time.monotonic() > deadline:
                            raise FracasError(
                                f"{path}: another program is writing it (waited "
                                f"{LOCK_TIMEOUT:g} s); nothing was written: try again"
                            ) from None
                        time.sleep(0.01)
            if os.fstat(fh.fileno()).st_ino != os.stat(path).st_ino:
                continue  # renamed over while this waited: lock the new file
            yield fh.read()
            return
