"""A step that lasts says what it is doing on stderr (``sim/working.py``), never on stdout, and
a quick one says nothing. Driven by a fake clock and explicit ticks (no thread, no sleep)."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from fracas.sim import working as w


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Clock]:
    """A fresh status on a fake clock, drawn only when a test ticks, with a 0.5 s delay."""
    fake = Clock()
    monkeypatch.setattr(w, "clock", fake)
    monkeypatch.setattr(w, "AUTO", False)
    monkeypatch.setattr(w, "DELAY", 0.5)
    monkeypatch.setattr(w, "_STATUS", w._Status())
    yield fake


def test_a_slow_step_is_said_after_the_delay_and_its_end_with_its_time(
    clock: Clock, capsys: pytest.CaptureFixture[str]
) -> None:
    with w.working("adding things up"):
        clock.now += 0.4
        w.tick()
        assert capsys.readouterr() == ("", "")  # not yet: within the delay
        clock.now += 0.2
        w.tick()
        w.tick()  # said once
        clock.now += 1.5
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "fracas: adding things up ...",
        "fracas: adding things up: done in 2.1 s",
    ]


def test_a_quick_step_prints_nothing(clock: Clock, capsys: pytest.CaptureFixture[str]) -> None:
    with w.working("adding things up"):
        clock.now += 0.3
        w.tick()
    assert capsys.readouterr() == ("", "")


def test_a_step_that_lasted_the_delay_between_two_ticks_is_still_said(
    clock: Clock, capsys: pytest.CaptureFixture[str]
) -> None:
    with w.working("adding things up"):
        clock.now += 0.7
    assert capsys.readouterr().err.splitlines() == [
        "fracas: adding things up ...",
        "fracas: adding things up: done in 0.7 s",
    ]


def test_the_innermost_step_is_said_and_a_quick_inner_one_is_not(
    clock: Clock, capsys: pytest.CaptureFixture[str]
) -> None:
    with w.working("starting"):
        clock.now += 0.6
        w.tick()
        with w.working("a quick look"):
            clock.now += 0.1
            w.tick()
        with w.working("compiling k", ended="compiled k in {took:.1f} s"):
            clock.now += 0.6
            w.tick()
            clock.now += 3.0
        clock.now += 0.1
    assert capsys.readouterr().err.splitlines() == [
        "fracas: starting ...",
        "fracas: compiling k ...",
        "fracas: compiled k in 3.6 s",
        "fracas: starting: done in 4.4 s",
    ]


def test_an_error_inside_ends_the_step_without_calling_it_done(
    clock: Clock, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(KeyError), w.working("adding things up"):
        clock.now += 1.0
        w.tick()
        raise KeyError("x")
    assert capsys.readouterr().err.splitlines() == ["fracas: adding things up ..."]
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    with pytest.raises(KeyError), w.working("adding things up"):
        clock.now += 1.0
        w.tick()
        raise KeyError("x")
    assert screen.getvalue().endswith("\r") and "\n" not in screen.getvalue()  # wiped


def test_on_a_terminal_one_status_line_shows_the_step_its_progress_and_its_seconds(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    with w.working("running the fights", unit="fights") as step:
        clock.now += 0.2
        w.tick()
        assert screen.getvalue() == ""  # within the delay: nothing drawn
        step.update(1200, 3400)
        clock.now += 1.0
        w.tick()
        drawn = screen.getvalue()
        assert drawn.startswith("\r")
        assert drawn.endswith("running the fights: 1,200 of 3,400 fights, 1 s")
        clock.now += 5.0
        w.tick()  # the heartbeat: the same line, redrawn with its seconds
        assert screen.getvalue()[len(drawn) :].endswith(
            "running the fights: 1,200 of 3,400 fights, 6 s"
        )
    cleared = screen.getvalue().rsplit("\r", 2)
    assert cleared[-1] == "" and cleared[-2].strip() == ""  # the line is wiped at the end
    assert "\n" not in screen.getvalue()  # nothing left behind


def test_on_a_terminal_a_quick_step_draws_nothing(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    with w.working("adding things up"):
        clock.now += 0.1
        w.tick()
    assert screen.getvalue() == ""


def test_on_a_terminal_a_compilation_says_how_long_it_took(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    with w.working("compiling k", ended="compiled k in {took:.1f} s"):
        clock.now += 2.0
        w.tick()
    assert screen.getvalue().endswith("\rfracas: compiled k in 2.0 s\n")


def test_nothing_is_drawn_while_paused(clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    with w.working("running the fights"):
        clock.now += 1.0
        w.tick()
        assert screen.getvalue()
        with w.paused():  # a progress bar draws meanwhile
            before = screen.getvalue()
            assert before.endswith("\r")  # the status line was wiped
            clock.now += 1.0
            w.tick()
            assert screen.getvalue() == before


def test_steps_less_than_the_delay_apart_are_one_stretch_of_work(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Loading, then a step opened 0.1 s later: the status goes on showing at once."""
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    with w.working("loading"):
        clock.now += 0.6
        w.tick()
    clock.now += 0.1
    with w.working("solving"):
        w.tick()
        assert screen.getvalue().endswith("solving, 0 s")


def test_the_delay_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FRACAS_STATUS_DELAY", "0.05")
    assert w._delay() == 0.05
    monkeypatch.setenv("FRACAS_STATUS_DELAY", "soon")
    assert w._delay() == 0.5


def test_on_a_terminal_the_first_steps_count_from_the_process_start(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python took 0.6 s to start (a busy machine): the first step is drawn at its first
    tick; a step after a pause of a second waits the delay again."""
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    monkeypatch.setattr(w, "_STATUS", w._Status(born=clock.now - 0.6))
    with w.working("starting"):
        w.tick()
        assert screen.getvalue().endswith("starting, 0 s")
    clock.now += 1.0
    with w.working("after a pause"):
        w.tick()
        assert "after a pause" not in screen.getvalue()


def test_a_process_knows_its_age() -> None:
    assert w._process_age() >= 0.0
