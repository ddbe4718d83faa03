"""A Session: one encounter's log, its folded state, undo and redo.

Every action is atomic: if a rule raises (an illegal action, a scripted roll list that runs
out, a typed roll that is refused), the log and state are exactly as before it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import ValidationError

from fracas.dice import Roller
from fracas.engine.context import Context
from fracas.engine.errors import FracasError, InconsistentLog
from fracas.engine.events import Acted, EncounterStarted, Event
from fracas.engine.overrides import Override
from fracas.engine.ruleset import Action, Choice, Pending, Ruleset
from fracas.engine.state import Encounter

Listener = Callable[[Sequence[Event[Any]]], None]

_DUMPS: dict[int, tuple[Any, dict[str, Any]]] = {}
_DUMPS_MAX = 64


def scenario_dump(scenario: Any) -> dict[str, Any]:
    """``scenario.model_dump(mode="json")``, cached per scenario object (fights repeat the
    same scenario). A scenario is taken as unchanging once a session starts from it (the
    rulesets cache their combatants' profiles per scenario object too). The cache holds the
    object itself, so an id is never reused while its entry lives; it is bounded."""
    hit = _DUMPS.get(id(scenario))
    if hit is not None and hit[0] is scenario:
        return hit[1]
    dump: dict[str, Any] = scenario.model_dump(mode="json")
    if len(_DUMPS) >= _DUMPS_MAX:
        _DUMPS.clear()
    _DUMPS[id(scenario)] = (scenario, dump)
    return dump


def scenario_of(ruleset: Ruleset[Any, Any, Any], head: EncounterStarted) -> Any:
    """The validated scenario a log's first event holds; ``InconsistentLog`` if it is not."""
    try:
        return ruleset.scenario_model.model_validate(head.scenario)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "(top level)"
        more = f" (and {len(exc.errors()) - 1} more)" if len(exc.errors()) > 1 else ""
        raise InconsistentLog(
            f"event 1: the scenario it holds is not valid: {where}: {first['msg']}{more}"
        ) from None


def check_parts(ruleset: Any, scenario: Any, roller: Any) -> None:
    """Refuse, naming the argument, what cannot start a session (a ``TypeError``): a ruleset
    that is not a :class:`Ruleset`, a scenario that is not that ruleset's validated model, a
    roller without ``roll``. (A scenario file gives both: ``load_scenario(path)``.)"""
    hint = " (load_scenario(path) gives both: .ruleset and .scenario)"
    if not isinstance(ruleset, Ruleset):
        if hasattr(ruleset, "ruleset") and hasattr(ruleset, "scenario"):
            raise TypeError(
                f"ruleset: got a {type(ruleset).__name__}; pass its parts: "
                "Session.start(loaded.ruleset, loaded.scenario, roller)"
            )
        got = f"{ruleset!r}" if isinstance(ruleset, str) else type(ruleset).__name__
        raise TypeError(f"ruleset: expected a Ruleset (fracas.get_ruleset(name)), not {got}{hint}")
    model = ruleset.scenario_model
    if not isinstance(scenario, model):
        raise TypeError(
            f"scenario: expected a validated {ruleset.name} scenario ({model.__name__}; "
            f"parse_scenario(data) validates a dict), not {type(scenario).__name__}{hint}"
        )
    if not callable(getattr(roller, "roll", None)):
        raise TypeError(
            f"roller: expected a Roller (SeededRoller(seed), ScriptedRoller(rolls), "
            f"AskRoller()), not {type(roller).__name__}"
        )


class Session:
    """An encounter under way: ``log`` is the truth, ``state`` is the log folded.

    In the example, ``duel`` is the path of a scenario file of a duel.

    Example::

        >>> from fracas import SeededRoller, Session, load_scenario
        >>> loaded = load_scenario(duel)
        >>> session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(7))
        >>> session.run().winner
        'Joanne'
        >>> _ = session.undo()  # the last action's events are dropped, the state re-folded
        >>> session.state.over
        False

    A wrong argument raises ``TypeError`` naming it (see :func:`check_parts`); an action
    the rules do not allow raises :class:`~fracas.engine.errors.IllegalAction` and changes
    nothing.
    """

    def __init__(self, ruleset: Ruleset[Any, Any, Any], scenario: Any, roller: Roller) -> None:
        check_parts(ruleset, scenario, roller)
        self.ruleset = ruleset
        self.scenario = scenario
        self.roller = roller
        self.options = ruleset.options_of(scenario)
        self.log: list[Event[Any]] = []
        self.state: Encounter[Any] = ruleset.build(scenario)
        self._marks: list[int] = []  # log index where each action (and the start) begins
        self._redo: list[list[Event[Any]]] = []
        self._listeners: list[Listener] = []
        # one Context for every action (its state follows self.state, see _truncate)
        self._ctx = Context(self.state, roller, self.options, self.log)

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        ruleset: Ruleset[Any, Any, Any],
        scenario: Any,
        roller: Roller,
        listener: Listener | None = None,
    ) -> Session:
        """A new encounter: logs the scenario, then the ruleset's start (initiative...).

        ``listener``, if given, is subscribed before anything happens (see :meth:`subscribe`).
        """
        session = cls(ruleset, scenario, roller)
        if listener is not None:
            session.subscribe(listener)
        session.begin()
        return session

    def begin(self) -> None:
        """Log ``EncounterStarted`` and run the ruleset's start (initiative...); once only.

        ``Session.start`` does this for you; build a ``Session`` and call ``begin`` yourself
        when you need the session (its ``log``) before the first roll is made."""
        if self.log:
            raise FracasError("the encounter has already begun")
        head = EncounterStarted(ruleset=self.ruleset.name, scenario=scenario_dump(self.scenario))
        try:
            self.log.append(head)
            self.ruleset.start(self._ctx)
        except BaseException:
            self._truncate(0)
            raise
        self._marks.append(0)
        if self._listeners:
            self._tell(0)

    @classmethod
    def from_log(
        cls, ruleset: Ruleset[Any, Any, Any], events: Sequence[Event[Any]], roller: Roller
    ) -> Session:
        """Re-fold a saved log. Raises ``InconsistentLog`` if an event does not apply."""
        if not events or not isinstance(events[0], EncounterStarted):
            raise InconsistentLog("a log must start with an EncounterStarted event")
        head = events[0]
        if head.ruleset != ruleset.name:
            raise InconsistentLog(f"log is for ruleset {head.ruleset!r}, not {ruleset.name!r}")
        scenario = scenario_of(ruleset, head)
        session = cls(ruleset, scenario, roller)
        for n, event in enumerate(events, start=1):
            if isinstance(event, EncounterStarted | Acted):
                session._marks.append(n - 1)
            try:
                event.apply(session.state)
            except (FracasError, LookupError, TypeError, ValueError, AttributeError) as exc:
                problem = str(exc) if isinstance(exc, FracasError) else f"no such {exc!s}"
                if isinstance(exc, TypeError | ValueError | AttributeError):
                    problem = f"does not fit the state ({exc})"
                raise InconsistentLog(f"event {n} ({type(event).__name__}): {problem}") from None
            session.log.append(event)
        return session

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with each action's events once they are in the log."""
        self._listeners.append(listener)

    # -- playing ----------------------------------------------------------------------------
    def pending(self) -> Pending | None:
        """Whose decision the fight waits for (``actor``, ``prompt``); ``None`` once it is over."""
        return None if self.state.over else self.ruleset.pending(self.state)

    def legal_actions(self) -> list[Choice]:
        """What the pending actor may do now, each a ``Choice`` (``label``, ``action``,
        ``kind``) whose ``action`` :meth:`act` takes; ``[]`` once the fight is over or while
        it waits on no one's decision (round upkeep: :meth:`step` does it).

        Example::

            >>> from fracas import SeededRoller, Session, load_scenario
            >>> loaded = load_scenario(duel)
            >>> session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(7))
            >>> choices = session.legal_actions()
            >>> choices[0].label
            'normal attack on Ondkille with the Epée'
            >>> _ = session.act(choices[0].action)
        """
        pending = self.pending()
        if pending is None or pending.actor is None:
            return []
        return self.ruleset.legal_actions(self.state, pending)

    def act(self, action: Action) -> list[Event[Any]]:
        """Resolve ``action``; return its events. On error nothing changes.

        ``action`` is one of the ruleset's actions (:meth:`legal_actions` lists the legal
        ones); anything else raises ``TypeError``, an action the rules do not allow now
        :class:`~fracas.engine.errors.IllegalAction`."""
        if not isinstance(action, Action):
            raise TypeError(
                "action: expected one of the ruleset's actions (the .action of a Choice "
                f"from session.legal_actions()), not {type(action).__name__}"
            )
        mark = self._resolve(action)
        return self.log[mark:]

    def rest(self, hours: int, medic: str | None = None, vehicle: str = "none") -> list[Event[Any]]:
        """After the fight, let ``hours`` of rest pass (``medic``: id or name of a combatant
        caring for the others): the ruleset's rest action, logged like any other action (so
        it replays and undoes). Returns its events."""
        return self.act(self.ruleset.rest_action(self.state, hours, medic, vehicle))

    def step(self) -> list[Event[Any]]:
        """Let the pending actor's tactics choose and resolve one action."""
        pending = self.pending()
        if pending is None:
            return []
        return self.act(self.ruleset.choose(self.state, pending))

    def run(self, max_actions: int = 100_000) -> Encounter[Any]:
        """Step until the fight is over. ``max_actions`` guards against a rule that never ends
        (``FracasError`` past it; a ``max_actions`` below 1 is refused, ``ValueError``)."""
        if isinstance(max_actions, bool) or not isinstance(max_actions, int):
            raise TypeError(f"max_actions: expected a whole number, not {max_actions!r}")
        if max_actions < 1:
            raise ValueError(f"max_actions: {max_actions}: must be at least 1")
        pending_of, choose, resolve = self.ruleset.pending, self.ruleset.choose, self._resolve
        for _ in range(max_actions):
            # what step() does, without building the list of each action's events
            state = self.state
            pending = None if state.over else pending_of(state)
            if pending is None:
                return state
            resolve(choose(state, pending))
        raise FracasError(f"fight did not end within {max_actions} actions")

    def _resolve(self, action: Action) -> int:
        """Log ``action`` and resolve it atomically; the log index where its events begin.

        A new action ends what could be redone, but only once it has succeeded."""
        log = self.log
        mark = len(log)
        # the action itself: a frozen Struct encodes exactly as msgspec.to_builtins(action)
        log.append(Acted(actor=action.actor, action=action))
        try:
            if isinstance(action, Override):
                self.ruleset.override(self._ctx, action)
            else:
                self.ruleset.resolve(self._ctx, action)
        except BaseException:
            self._truncate(mark)
            raise
        self._marks.append(mark)
        if self._redo:
            self._redo.clear()
        if self._listeners:
            self._tell(mark)
        return mark

    def _tell(self, mark: int) -> None:
        """Give the listeners the events of the action that starts at ``mark``."""
        new = self.log[mark:]
        for listener in self._listeners:
            listener(new)

    # -- undo -------------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """Whether there is an action to undo (the start of the encounter is not one)."""
        return len(self._marks) > 1

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone action to redo."""
        return bool(self._redo)

    def undo(self) -> list[Event[Any]]:
        """Drop the last action's events (not the start of the encounter). Returns them."""
        if len(self._marks) <= 1:
            raise FracasError("nothing to undo")
        mark = self._marks.pop()
        dropped = self.log[mark:]
        self._truncate(mark)
        self._redo.append(dropped)
        return dropped

    def redo(self) -> list[Event[Any]]:
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
        self._ctx.state = self.state
