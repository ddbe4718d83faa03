"""A long computation says what it is doing on stderr (``sim/working.py``), never on stdout,
and a short one says nothing."""

from __future__ import annotations

import time

import pytest

from fracas.sim import working as w


def test_a_computation_longer_than_the_delay_is_announced_on_stderr_with_its_time(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(w, "DELAY", 0.05)
    with w.working("adding things up"):
        time.sleep(0.3)
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert lines[0] == "fracas: adding things up ..."
    assert lines[1].startswith("fracas: adding things up: done in ")
    assert float(lines[1].rsplit(" ", 2)[1]) >= 0.3


def test_a_computation_shorter_than_the_delay_prints_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with w.working("adding things up"):
        pass
    assert capsys.readouterr() == ("", "")


def test_an_error_inside_still_ends_the_announcement(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(w, "DELAY", 0.01)
    with pytest.raises(KeyError), w.working("adding things up"):
        time.sleep(0.1)
        raise KeyError("x")
    assert capsys.readouterr().err.splitlines()[-1].startswith("fracas: adding things up: done")
