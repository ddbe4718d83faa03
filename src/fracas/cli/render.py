"""The readable account of a fight, built from the events alone."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import Any

import click

from fracas.engine import Encounter, Event
from fracas.engine.codec import encode_log
from fracas.engine.events import EncounterEnded, RoundStarted
from fracas.engine.ruleset import Ruleset


class Narrator:
    """Folds events into its own copy of the state and yields a line for each that has one."""

    def __init__(self, ruleset: Ruleset[Any, Any, Any], scenario: Any) -> None:
        self.ruleset = ruleset
        self.state = ruleset.build(scenario)

    def feed(self, events: Iterable[Event[Any]]) -> Iterator[str]:
        for event in events:
            event.apply(self.state)
            line = self.ruleset.describe(event, self.state)
            if line is None:
                line = _default_line(event)
            if line is not None:
                yield line


class LiveAccount:
    """Prints a session's events as they reach its log: account lines, or JSON lines.

    :meth:`flush` prints what is new since the last flush; the CLI calls it after each
    action and, with ``--ask``, before each question, so the table sees every result before
    the next roll is asked for."""

    def __init__(self, ruleset: Ruleset[Any, Any, Any], scenario: Any, as_json: bool) -> None:
        self.narrator = Narrator(ruleset, scenario)
        self.as_json = as_json
        self.log: list[Event[Any]] = []
        self.shown = 0

    def follow(self, log: list[Event[Any]], shown: int = 0) -> None:
        """Print from ``log``; its first ``shown`` events are already told (and folded)."""
        self.log = log
        self.shown = shown
        for _ in self.narrator.feed(log[:shown]):
            pass

    def flush(self) -> None:
        new = self.log[self.shown :]
        self.shown = len(self.log)
        if self.as_json:
            write_utf8(encode_log(new))
            return
        for line in self.narrator.feed(new):
            click.echo(line)


def _default_line(event: Event[Any]) -> str | None:
    if isinstance(event, RoundStarted):
        return f"\n— Round {event.round} —"
    if isinstance(event, EncounterEnded):
        winner = f"side {event.winner} wins" if event.winner else "no winner"
        return f"\nThe fight is over: {winner} ({event.reason})."
    return None


def print_summary(ruleset: Ruleset[Any, Any, Any], state: Encounter[Any]) -> None:
    for line in ruleset.summary(state):
        click.echo(line)


def state_lines(ruleset: Ruleset[Any, Any, Any], state: Encounter[Any]) -> list[str]:
    """Each combatant's state mid-fight: the ruleset's summary, which is written for the
    end of a fight, without its blank lines and its ``At the end:`` heading."""
    lines = ruleset.summary(state)
    return [line for line in lines if line.strip() and line.strip() != "At the end:"]


def write_utf8(data: bytes) -> None:
    """Write UTF-8 bytes (a JSON log) to stdout as they are, whatever the terminal's
    encoding: a log is UTF-8 by definition and must not get replacement characters."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode())
        return
    sys.stdout.flush()
    buffer.write(data)
    buffer.flush()
