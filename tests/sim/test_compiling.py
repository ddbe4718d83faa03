"""A compilation that lasts is announced on stderr (never stdout, never when it is quick)."""

from __future__ import annotations

import time

import pytest

from fracas.sim import compiling


def test_a_long_compilation_is_announced_on_stderr_with_its_duration(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compiling, "DELAY", 0.01)
    announcer = compiling._Announcer()
    announcer.start("percentile_kernel.duels")
    announcer.start("rng.roll")  # a helper compiled inside the kernel: not announced
    time.sleep(0.2)
    announcer.end()
    announcer.end()
    out, err = capsys.readouterr()
    assert out == ""
    assert "compiling percentile_kernel.duels" in err
    assert "compiled percentile_kernel.duels in" in err
    assert "rng.roll" not in err


def test_a_quick_compilation_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    announcer = compiling._Announcer()
    announcer.start("rng.roll")
    announcer.end()
    assert capsys.readouterr() == ("", "")


def test_numbas_compilations_reach_the_announcer(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import numba

    monkeypatch.setattr(compiling, "DELAY", 0.0)
    compiling.install()

    def twice(x: int) -> int:
        return 2 * x

    assert numba.njit(twice)(3) == 6
    assert "compiled test_compiling.twice in" in capfd.readouterr().err
