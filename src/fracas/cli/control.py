"""The GM decides: ``--control`` asks, for the combatants it names, which action to take.

Each decision of a controlled combatant is a numbered menu of what the ruleset says that
combatant may do now (:meth:`~fracas.engine.ruleset.Ruleset.legal_actions`), plus ``t`` (the
tactics' choice, marked in the list), ``u`` (undo back to before this side's last decision)
and ``?`` (the round and each combatant's state). Every other decision follows the tactics.
The menu works for whoever the ruleset says is to decide, at any point of a round (a
defender asked whether to parry, say): a front end never guesses the order of play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from fracas.engine.errors import FracasError, IllegalAction
from fracas.engine.events import Acted, Event
from fracas.engine.ruleset import Action, Choice, Pending, Ruleset
from fracas.engine.session import Session
from fracas.engine.state import Encounter

#: Most actions one round may take before the fight is taken to be stuck (a rule that never
#: ends its round). Fights end by their own rules (``max_rounds`` and the like) long before.
MAX_ACTIONS_PER_ROUND = 10_000


@dataclass(frozen=True, slots=True)
class Control:
    """Which combatants a person decides for: by id or name, by side, or all."""

    names: frozenset[str] = frozenset()
    sides: frozenset[str] = frozenset()
    everyone: bool = False

    def decides(self, state: Encounter[Any], actor: str | None) -> bool:
        if actor is None or actor not in state.combatants:
            return False  # the round's own upkeep is never asked
        if self.everyone:
            return True
        c = state.combatants[actor]
        return actor in self.names or c.name in self.names or c.side in self.sides

    @property
    def anyone(self) -> bool:
        return self.everyone or bool(self.names or self.sides)


def parse_control(values: Sequence[str], state: Encounter[Any]) -> Control:
    """``--control`` values (``Ann,Bob``, ``side:red``, ``all``), checked against the
    scenario's combatants before anything is rolled."""
    names: set[str] = set()
    sides: set[str] = set()
    everyone = False
    known_names = {c.name for c in state.combatants.values()} | set(state.combatants)
    known_sides = {c.side for c in state.combatants.values()}
    for value in values:
        for item in (part.strip() for part in value.split(",")):
            if not item:
                raise FracasError(f"--control {value!r}: an empty name")
            if item == "all":
                everyone = True
            elif item.startswith("side:"):
                side = item.removeprefix("side:").strip()
                if side not in known_sides:
                    raise FracasError(
                        f"--control {item!r}: no side {side!r} "
                        f"(sides: {', '.join(sorted(known_sides))})"
                    )
                sides.add(side)
            elif item in known_names:
                names.add(item)
            else:
                raise FracasError(
                    f"--control {item!r}: no combatant of that name "
                    f"(combatants: {', '.join(c.name for c in state.combatants.values())})"
                )
    return Control(frozenset(names), frozenset(sides), everyone)


def heading(name: str, prompt: str) -> str:
    """The ruleset's prompt for the pending decision (``Vera's action (unit 1)``, ``Joanne:
    stance for round 1``), with the combatant's name in front if it lacks it."""
    return prompt if name in prompt else f"{name}: {prompt}"


def describe_action(action: object) -> str:
    """A short text for an action: ``Ann: Hit target=Bob``."""
    data = msgspec.to_builtins(action)
    if not isinstance(data, dict):
        return str(data)
    actor = data.pop("actor", None)
    kind = data.pop("action", "action")
    rest = " ".join(
        f"{k}={v}" for k, v in data.items() if v not in (None, [], {}, "") and v is not False
    )
    return f"{actor + ': ' if actor else ''}{kind}{' ' + rest if rest else ''}"


def action_text(ruleset: Ruleset[Any, Any, Any], state: Encounter[Any], action: object) -> str:
    """What ``action`` was, in the words of the menu (``Hobb: hit Marta non-lethally with
    the chair``): its label among the legal actions of ``state``, the state it was taken
    in; ``describe_action`` if the ruleset lists none that match."""
    pending = None if state.over else ruleset.pending(state)
    if pending is not None and pending.actor is not None:
        try:
            choices = ruleset.legal_actions(state, pending)
        except (NotImplementedError, FracasError):
            choices = []
        wanted = msgspec.to_builtins(action)  # a decoded log holds the action as data
        for choice in choices:
            if msgspec.to_builtins(choice.action) == wanted:
                return f"{state.combatants[pending.actor].name}: {choice.label}"
    return describe_action(action)


class Undone(Exception):
    """The person asked to undo: the menu dropped actions, the loop asks again."""


class Table:
    """Plays a session to its end: the tactics decide, except for the combatants ``control``
    names, for whom ``ask`` puts the menu to a person (``say`` shows it).

    ``on_undo(length, what)`` is told the log's new length and what was dropped after an
    undo (a store truncates, and it says what was undone: the menu does not say it again).
    ``on_decision(action)`` is told each action a person chose, before it is carried out
    (a store keeps it, so a stop while its dice are typed does not lose it); ``kept`` is
    such an action from before a stop, taken for the first decision without asking again.
    """

    def __init__(
        self,
        session: Session,
        control: Control,
        ask: Callable[[str], str],
        say: Callable[[str], None],
        on_undo: Callable[[int, str], None],
        status: Callable[[], list[str]],
        on_decision: Callable[[Action], None] | None = None,
        kept: Action | None = None,
    ) -> None:
        self.session = session
        self.control = control
        self.ask = ask
        self.say = say
        self.on_undo = on_undo
        self.status = status
        self.on_decision = on_decision
        self.kept = kept

    def play(self) -> None:
        session = self.session
        ruleset = session.ruleset
        last_round, actions = -1, 0
        while True:
            state = session.state
            pending = session.pending()
            if pending is None:
                return
            if state.round != last_round:
                last_round, actions = state.round, 0
            actions += 1
            if actions > MAX_ACTIONS_PER_ROUND:
                raise FracasError(
                    f"{ruleset.round_word} {state.round} did not end within "
                    f"{MAX_ACTIONS_PER_ROUND} actions"
                )
            kept, self.kept = self.kept, None
            if kept is None and not self.control.decides(state, pending.actor):
                session.act(ruleset.choose(state, pending))
                continue
            if kept is not None:  # chosen before a stop: it goes on, whoever decides now
                self.say(f"{action_text(ruleset, state, kept)} (chosen before the stop)")
                action = kept
            else:
                try:
                    action = self.decide(pending)
                except Undone:
                    continue
                if self.on_decision is not None:
                    self.on_decision(action)
            try:
                session.act(action)
            except IllegalAction as exc:  # a ruleset listed an action it then refused
                self.say(f"that action is not allowed now: {exc}")

    def decide(self, pending: Pending) -> Action:
        """Put the menu to the person until they pick an action (or undo)."""
        session = self.session
        state = session.state
        actor = pending.actor or ""
        try:
            choices = session.ruleset.legal_actions(state, pending)
        except NotImplementedError:
            raise FracasError(
                f"--control: the {session.ruleset.name} ruleset cannot list its actions yet, "
                "so nobody can be controlled in its fights"
            ) from None
        tactics: Action = session.ruleset.choose(state, pending)
        if not choices:  # nothing to choose between: say so rather than ask
            name = state.combatants[actor].name
            self.say(f"No choice: {heading(name, pending.prompt)}; the tactics act")
            return tactics
        self.say(self._menu(state, pending, actor, choices, tactics))
        top = len(choices)
        while True:
            answer = self.ask(f"{state.combatants[actor].name}: choose 1-{top}, t, u or ? > ")
            answer = answer.strip().lower()
            if answer == "t":
                return tactics
            if answer == "u":
                if self.undo():
                    raise Undone
                continue
            if answer == "?":
                now = heading(state.combatants[actor].name, pending.prompt)
                self.say("\n".join([f"Where everyone stands ({now}):", *self.status()]))
                continue
            if (
                answer.isdigit()
                and answer.isascii()
                and len(answer) < 7
                and 1 <= int(answer) <= top
            ):
                return choices[int(answer) - 1].action
            self.say(f"{answer!r}: type a number from 1 to {top}, t, u or ?")

    def _menu(
        self,
        state: Encounter[Any],
        pending: Pending,
        actor: str,
        choices: list[Choice],
        tactics: Action,
    ) -> str:
        lines = [f"You decide: {heading(state.combatants[actor].name, pending.prompt)}"]
        width = len(str(len(choices)))
        for i, choice in enumerate(choices, start=1):
            mark = "   <- tactics" if choice.action == tactics else ""
            kind = f"[{choice.kind}] " if choice.kind else ""
            lines.append(f"  {i:>{width}}. {kind}{choice.label}{mark}")
        lines.append("  t. what the tactics choose   u. undo   ?. each combatant's state")
        return "\n".join(lines)

    def undo(self) -> bool:
        """Drop actions back to before the last one a controlled combatant took (the
        tactics' actions since would only be taken again). False if there is none."""
        session = self.session
        log = session.log
        marks = [i for i, e in enumerate(log) if isinstance(e, Acted)]
        target = next(
            (i for i in reversed(marks) if self._controlled(log[i])),
            None,
        )
        if target is None:
            self.say("nothing to undo: no decision of yours is in the log yet")
            return False
        dropped: list[Event[Any]] = []
        while len(log) > target:
            dropped = session.undo() + dropped
        first = dropped[0]
        assert isinstance(first, Acted)
        what = f"{action_text(session.ruleset, session.state, first.action)} and what followed"
        self.on_undo(len(log), f"{what} ({len(dropped)} events)")
        return True

    def _controlled(self, event: Event[Any]) -> bool:
        assert isinstance(event, Acted)
        return self.control.decides(self.session.state, event.actor)
