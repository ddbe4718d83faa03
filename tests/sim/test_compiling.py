"""A compilation that lasts is announced on stderr (never stdout, never when it is quick)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fracas.sim import compiling, working


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The status (``fracas.sim.working``) on a fake clock, drawn only on a tick."""
    now = [100.0]
    monkeypatch.setattr(working, "clock", lambda: now[0])
    monkeypatch.setattr(working, "AUTO", False)
    monkeypatch.setattr(working, "DELAY", 0.5)
    monkeypatch.setattr(working, "_STATUS", working._Status())
    return now


def test_a_long_compilation_is_announced_on_stderr_with_its_duration(
    capsys: pytest.CaptureFixture[str], clock: list[float]
) -> None:
    announcer = compiling._Announcer()
    announcer.start("percentile_kernel.duels")
    announcer.start("rng.roll")  # a helper compiled inside the kernel: not announced
    clock[0] += 2.0
    working.tick()
    clock[0] += 10.0
    announcer.end()
    announcer.end()
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "fracas: compiling percentile_kernel.duels (first run with an empty cache; cached "
        "after) ...",
        "fracas: compiled percentile_kernel.duels in 12.0 s",
    ]


def test_a_quick_compilation_prints_nothing(
    capsys: pytest.CaptureFixture[str], clock: list[float]
) -> None:
    announcer = compiling._Announcer()
    announcer.start("rng.roll")
    clock[0] += 0.1
    working.tick()
    announcer.end()
    assert capsys.readouterr() == ("", "")


def test_numbas_compilations_reach_the_announcer(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import numba

    monkeypatch.setattr(working, "DELAY", 0.0)
    compiling.install()

    def twice(x: int) -> int:
        return 2 * x

    assert numba.njit(twice)(3) == 6
    assert "compiled test_compiling.twice in" in capfd.readouterr().err


def test_a_first_run_with_an_empty_cache_says_so_at_once(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    assert compiling.say_if_first_run(tmp_path / "missing")
    assert compiling.say_if_first_run(tmp_path)  # there, but empty
    said = capfd.readouterr().err.splitlines()
    assert said == [f"fracas: {compiling.FIRST_RUN} ..."] * 2


def test_a_run_with_a_filled_cache_says_nothing(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "kernel.duels-1.py311.nbi").write_bytes(b"")
    assert not compiling.say_if_first_run(tmp_path)
    assert capfd.readouterr().err == ""


def test_the_first_import_of_numba_with_an_empty_cache_is_announced_first(
    tmp_path: Path,
) -> None:
    """In a fresh process, with NUMBA_CACHE_DIR empty, the first thing on stderr of a batch
    run is that it is a first run (before numba's import and the compilations)."""
    code = (
        "from fracas.sim.batch import jit\n"
        "jit._numba()\n"
        "import sys\n"
        "print('numba' in sys.modules, file=sys.stderr)\n"
    )
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert done.stderr.splitlines() == [f"fracas: {compiling.FIRST_RUN} ...", "True"]
