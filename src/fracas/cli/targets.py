"""Where a command will write, tried before it starts: a fight typed in for an hour, a cold
first run compiling for half a minute, or an exact odds run of minutes must not end in
"cannot write". A permission check is not enough (as root, or in /proc, or on a full or
read-only disk a folder can pass it and still refuse a new file), so a file is made there and
removed."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cannot_write_in(folder: Path) -> str | None:
    """Why no new file can be made in ``folder``, or ``None`` if one can."""
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".fracas-", suffix=".tmp")
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(fd)
    os.unlink(probe)
    return None
