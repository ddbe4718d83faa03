"""``make demo`` runs ``fracas demo``: a chapter's worked example on the event engine, which
neither imports numba nor compiles anything (so a fresh install's first command is quick)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fracas.rulesets import RULESETS


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_demo_imports_no_numba(ruleset: str, tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from fracas.cli import main\n"
        "try:\n"
        f"    main(['demo', {ruleset!r}, '--db', {str(tmp_path / 'demo.db')!r}])\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numba', 'llvmlite')),"
        " file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.splitlines()[-1] == "[]"
    assert "compiling" not in done.stderr
