"""Turn control on the board: the turn order with initiative totals and who is down, out or
has left (``Ruleset.initiatives``, ``Ruleset.outcome``), and the pending actor's skip or delay
where the rules allow it (``Ruleset.turn_control``), else what decides the order. "Previous"
is undo: it takes back the last decision (one ``Acted`` and everything it caused)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from fracas.engine import Choice, Encounter, Event, Pending
from fracas.engine.ruleset import Ruleset


class Board(Protocol):
    """What the turn buttons read and fill of a visitor's board (``web.views.Board``)."""

    order: list[str]
    choices: list[tuple[int, Choice]]
    may_act: bool
    initiative: dict[str, int]
    standing: dict[str, str]
    turns: TurnView | None


@dataclass(frozen=True, slots=True)
class TurnView:
    """The pending actor's turn buttons (the board's choice value and label) and the rule."""

    skip: tuple[int, str] | None
    delay: tuple[int, str] | None
    rule: str


def turn_view(
    ruleset: Ruleset[Any, Any, Any],
    state: Encounter[Any],
    log: list[Event[Any]],
    pending: Pending | None,
    b: Board,
) -> None:
    """Fill ``b``'s turn order details and turn control (from what ``b`` already shows)."""
    totals = ruleset.initiatives(state, log)
    b.initiative = {cid: totals[cid] for cid in b.order if cid in totals}
    for cid in b.order:
        word = ruleset.outcome(state, cid)
        if word not in ("standing", "won", "lost", "drew"):
            b.standing[cid] = word
    if pending is None or not b.may_act or pending.actor is None:
        return
    control = ruleset.turn_control(state, pending)
    offered = {repr(c.action): (i, c.label) for i, c in b.choices}
    skip = offered.get(repr(control.skip.action)) if control.skip else None
    delay = offered.get(repr(control.delay.action)) if control.delay else None
    b.turns = TurnView(skip, delay, control.rule)
