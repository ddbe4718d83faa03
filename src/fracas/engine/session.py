"""A Session: one encounter's log, its folded state, undo and redo.

Every action is atomic: if a rule raises (an illegal action, a scripted roll list that runs
out, a typed roll that is refused), the log and state are exactly as before it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from fracas.dice import Roller
from fracas.engine.context import Context
from fracas.engine.errors import FracasError, InconsistentLog
from fracas.engine.events import Acted, EncounterStarted, Event
from fracas.engine.ruleset import Action, Pending, Ruleset
from fracas.engine.state import Encounter

Listener = Callable[[Sequence[Event]], None]


class Session:
    """An encounter under way: ``log`` is the truth, ``state`` is the log folded."""

    def __init__(self, ruleset: Ruleset, scenario: Any, roller: Roller) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self.roller = roller
        self.options = ruleset.options_of(scenario)
        self.log: list[Event] = []
        self.state: Encounter = ruleset.build(scenario)
        self._marks: list[int] = []  # log index where each action (and the start) begins
        self._redo: list[list[Event]] = []
        self._listeners: list[Listener] = []

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def start(
        cls, ruleset: Ruleset, scenario: Any, roller: Roller, listener: Listener | None = None
    ) -> Session:
        """A new encounter: logs the scenario, then the ruleset's start (initiative...).

        ``listener``, if given, is subscribed before anything happens (see :meth:`subscribe`).
        """
        session = cls(ruleset, scenario, roller)
        if listener is not None:
            session.subscribe(listener)
        head = EncounterStarted(ruleset=ruleset.name, scenario=scenario.model_dump(mode="json"))

        def body(ctx: Context) -> None:
            ctx.log.append(head)
            ruleset.start(ctx)

        session._run_atomic(body)
        return session

    @classmethod
    def from_log(cls, ruleset: Ruleset, events: Sequence[Event], roller: Roller) -> Session:
        """Re-fold a saved log. Raises ``InconsistentLog`` if an event does not apply."""
        if not events or not isinstance(events[0], EncounterStarted):
            raise InconsistentLog("a log must start with an EncounterStarted event")
        head = events[0]
        if head.ruleset != ruleset.name:
            raise InconsistentLog(f"log is for ruleset {head.ruleset!r}, not {ruleset.name!r}")
        scenario = ruleset.scenario_model.model_validate(head.scenario)
        session = cls(ruleset, scenario, roller)
        for n, event in enumerate(events, start=1):
            if isinstance(event, EncounterStarted | Acted):
                session._marks.append(n - 1)
            try:
                event.apply(session.state)
            except FracasError as exc:
                raise InconsistentLog(f"event {n} ({type(event).__name__}): {exc}") from None
            session.log.append(event)
        return session

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with each action's events once they are in the log."""
        self._listeners.append(listener)

    # -- playing ----------------------------------------------------------------------------
    def pending(self) -> Pending | None:
        return None if self.state.over else self.ruleset.pending(self.state)

    def act(self, action: Action) -> list[Event]:
        """Resolve ``action``; return its events. On error nothing changes."""
        self._redo.clear()
        acted = Acted(actor=action.actor, action=msgspec.to_builtins(action))

        def body(ctx: Context) -> None:
            ctx.log.append(acted)
            self.ruleset.resolve(ctx, action)

        return self._run_atomic(body)

    def step(self) -> list[Event]:
        """Let the pending actor's tactics choose and resolve one action."""
        pending = self.pending()
        if pending is None:
            return []
        return self.act(self.ruleset.choose(self.state, pending))

    def run(self, max_actions: int = 100_000) -> Encounter:
        """Step until the fight is over. ``max_actions`` guards against a rule that never ends."""
        for _ in range(max_actions):
            if not self.step():
                return self.state
        raise FracasError(f"fight did not end within {max_actions} actions")

    def _run_atomic(self, body: Callable[[Context], object]) -> list[Event]:
        mark = len(self.log)
        ctx = Context(self.state, self.roller, self.options, self.log)
        try:
            body(ctx)
        except BaseException:
            self._truncate(mark)
            raise
        self._marks.append(mark)
        new = self.log[mark:]
        for listener in self._listeners:
            listener(new)
        return new

    # -- undo -------------------------------------------------------------------------------
    def undo(self) -> list[Event]:
        """Drop the last action's events (not the start of the encounter). Returns them."""
        if len(self._marks) <= 1:
            raise FracasError("nothing to undo")
        mark = self._marks.pop()
        dropped = self.log[mark:]
        self._truncate(mark)
        self._redo.append(dropped)
        return dropped

    def redo(self) -> list[Event]:
        """Re-apply the last undone action's events (the same rolls)."""
        if not self._redo:
            raise FracasError("nothing to redo")
        events = self._redo.pop()
        self._marks.append(len(self.log))
        for event in events:
            event.apply(self.state)
            self.log.append(event)
        return events

    def _truncate(self, mark: int) -> None:
        del self.log[mark:]
        self.state = self.ruleset.build(self.scenario)
        for event in self.log:
            event.apply(self.state)
