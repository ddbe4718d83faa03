"""The readable account of a fight, built from the events alone."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import Any

import click

from fracas.engine import Encounter, Event
from fracas.engine.codec import encode_log
from fracas.engine.events import Acted, EncounterEnded, Note, RoundStarted
from fracas.engine.overrides import as_override, describe_override
from fracas.engine.ruleset import Ruleset


class Narrator:
    """Folds events into its own copy of the state and yields a line for each that has one."""

    def __init__(self, ruleset: Ruleset[Any, Any, Any], scenario: Any) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self.state = ruleset.build(scenario)

    def reset(self) -> None:
        """Back to the state before any event (an undo re-tells a shorter log)."""
        self.state = self.ruleset.build(self.scenario)

    def feed(self, events: Iterable[Event[Any]]) -> Iterator[str]:
        for event in events:
            event.apply(self.state)
            line = _override_line(event, self.state) or self.ruleset.describe(event, self.state)
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
        self.started = False  # a line printed: the account does not start with a blank one

    def follow(self, log: list[Event[Any]], shown: int = 0) -> None:
        """Print from ``log``; its first ``shown`` events are already told (they are folded
        afresh, so this also serves after an undo has cut the log back)."""
        self.log = log
        self.shown = shown
        self.started = self.started or shown > 0
        self.narrator.reset()
        for _ in self.narrator.feed(log[:shown]):
            pass

    def flush(self) -> None:
        new = self.log[self.shown :]
        self.shown = len(self.log)
        if self.as_json:
            write_utf8(encode_log(new))
            return
        for line in self.narrator.feed(new):
            click.echo(line if self.started else line.lstrip("\n"))
            self.started = True


def account_lines(lines: Iterable[str]) -> Iterator[str]:
    """``lines`` of an account, the first without the blank line a heading has above it
    (``"\\n— Round 1 —"``): an account does not start with an empty line."""
    first = True
    for line in lines:
        yield line.lstrip("\n") if first else line
        first = False


def _override_line(event: Event[Any], state: Encounter[Any]) -> str | None:
    """A GM override's line (the web tracker's Gm* actions, logged with no actor)."""
    if isinstance(event, Acted) and event.actor is None:
        override = as_override(event.action)
        if override is not None:
            names = {cid: c.name for cid, c in state.combatants.items()}
            return describe_override(override, names)
    return None


def _default_line(event: Event[Any]) -> str | None:
    if isinstance(event, RoundStarted):
        return f"\n— Round {event.round} —"
    if isinstance(event, Note):  # a rule's explanation, or a GM's remark
        return event.text
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
