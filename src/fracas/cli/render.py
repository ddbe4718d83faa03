"""The readable account of a fight, built from the events alone."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import click

from fracas.engine import Encounter, Event
from fracas.engine.events import EncounterEnded, RoundStarted
from fracas.engine.ruleset import Ruleset


class Narrator:
    """Folds events into its own copy of the state and yields a line for each that has one."""

    def __init__(self, ruleset: Ruleset, scenario: Any) -> None:
        self.ruleset = ruleset
        self.state = ruleset.build(scenario)

    def feed(self, events: Iterable[Event]) -> Iterator[str]:
        for event in events:
            event.apply(self.state)
            line = self.ruleset.describe(event, self.state)
            if line is None:
                line = _default_line(event)
            if line is not None:
                yield line


def _default_line(event: Event) -> str | None:
    if isinstance(event, RoundStarted):
        return f"\n— Round {event.round} —"
    if isinstance(event, EncounterEnded):
        winner = f"side {event.winner} wins" if event.winner else "no winner"
        return f"\nThe fight is over: {winner} ({event.reason})."
    return None


def print_summary(ruleset: Ruleset, state: Encounter) -> None:
    for line in ruleset.summary(state):
        click.echo(line)
