"""Conditions with durations, for any ruleset: the GM's own ("blessed", "on fire": a name, a
note) and the ruleset's own (one of :meth:`Ruleset.gm_conditions`), each for some rounds or
until taken off.

The log holds when each one ends (:class:`~fracas.engine.events.Marked` ``until``: the round
at whose start it ends), never a countdown: what remains is derived from the log and the
current round (:func:`marks_of`), so a condition ends by itself when its round comes, an
undo takes a mark back like any action, and a rewound log shows exactly what was on then.

A ruleset's own condition is put on by the ruleset's own override (``GmAddCondition``) and
marked; when its rounds run out the mark ends, and the ruleset's condition (which changes
what the rules do) is taken off by the GM's :class:`GmUnmark`, which the tracker offers at
once: the rules' state changes only by a logged decision.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from fracas.engine.errors import IllegalAction, InvalidField
from fracas.engine.events import Event, Marked, Unmarked
from fracas.engine.overrides import GmAddCondition, GmMark, GmRemoveCondition, GmUnmark, Override

if TYPE_CHECKING:
    from fracas.engine.context import Context


class Rules(Protocol):
    """What marking reads of the ruleset (``engine.ruleset.Ruleset``, which calls this)."""

    def gm_conditions(self) -> Sequence[str]: ...
    def override(self, ctx: Context[Any, Any], action: Override) -> None: ...


#: the longest name and note, and the most rounds, a mark may have
MAX_NAME, MAX_NOTE, MAX_ROUNDS = 40, 200, 10_000


@dataclass(frozen=True, slots=True)
class Mark:
    """A condition on a combatant now: ``left`` rounds (``None``: until taken off);
    ``ended``: its rounds ran out (shown only for a ruleset's condition still to take off)."""

    target: str
    name: str
    note: str
    until: int | None
    rules: bool
    left: int | None
    ended: bool = False


def marks_of(log: Sequence[Event[Any]], round_: int) -> list[Mark]:
    """The marks on now, in the order they were put on: those whose rounds have not run out,
    and a ruleset's own condition whose rounds ran out but that is not taken off yet."""
    on: dict[tuple[str, str], Marked] = {}
    for event in log:
        if isinstance(event, Marked):
            on.pop((event.target, event.name), None)
            on[(event.target, event.name)] = event
        elif isinstance(event, Unmarked):
            on.pop((event.target, event.name), None)
    out = []
    for m in on.values():
        left = None if m.until is None else m.until - round_
        ended = left is not None and left <= 0
        if ended and not m.rules:
            continue
        out.append(Mark(m.target, m.name, m.note, m.until, m.rules, left, ended))
    return out


def _text(value: str, field: str, limit: int, blank: bool) -> str:
    value = value.strip()
    if not value and not blank:
        raise InvalidField(f"{field}: must not be blank")
    if len(value) > limit:
        raise InvalidField(f"{field}: at most {limit} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf") for ch in value):
        raise InvalidField(f"{field}: no control or formatting characters")
    return value


def carry_out(ruleset: Rules, ctx: Context[Any, Any], action: Override) -> bool:
    """Carry out a :class:`GmMark` or :class:`GmUnmark` (``False`` for any other override)."""
    if not isinstance(action, GmMark | GmUnmark):
        return False
    state = ctx.state
    if action.target not in state.combatants:
        raise InvalidField(f"target: no combatant {action.target!r} in this fight")
    if state.over:
        raise IllegalAction("the fight is over")
    own = action.name in ruleset.gm_conditions()
    if isinstance(action, GmUnmark):
        current = [m for m in marks_of(ctx.log, state.round) if m.target == action.target]
        found = next((m for m in current if m.name == action.name), None)
        if found is None:
            raise InvalidField(f"name: {action.target} has no condition {action.name!r} on")
        if found.rules:
            ruleset.override(ctx, GmRemoveCondition(target=action.target, condition=action.name))
        ctx.emit(Unmarked(target=action.target, name=action.name))
        return True
    name = _text(action.name, "name", MAX_NAME, blank=False)
    note = _text(action.note, "note", MAX_NOTE, blank=True)
    if action.rounds is not None and not 1 <= action.rounds <= MAX_ROUNDS:
        raise InvalidField(f"rounds: from 1 to {MAX_ROUNDS}, or empty for until taken off")
    if any(m.target == action.target and m.name == name for m in marks_of(ctx.log, state.round)):
        raise InvalidField(f"name: {action.target} is {name} already; take it off first")
    if own:
        ruleset.override(ctx, GmAddCondition(target=action.target, condition=name))
    until = None if action.rounds is None else state.round + action.rounds
    ctx.emit(Marked(target=action.target, name=name, note=note, until=until, rules=own))
    return True
