"""The command line the bench scripts time: the installed ``fracas`` script beside this
interpreter (what a person runs), else the same entry point through ``-c``."""

from __future__ import annotations

import sys
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("fracas")
FRACAS = (
    [sys.executable, str(SCRIPT)]
    if SCRIPT.exists()
    else [sys.executable, "-c", "import sys; from fracas.cli import main; sys.exit(main())"]
)
