"""What each visitor's page holds, built from the live session through the Ruleset
interface only: cards (full or public), the turn order, the account, the legal actions.

The split between GM and players is made here, once: a player's page is built from
:class:`PublicCard` objects for every combatant the player does not control, and hidden
combatants are left out of everything a player receives (cards, order, feed), so nothing
GM-only can reach a player's HTML or event stream.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from fracas.engine import Choice, Encounter, Event
from fracas.engine.events import Acted, EncounterEnded, RoundStarted
from fracas.engine.marks import Mark, marks_of
from fracas.engine.overrides import as_override, describe_override
from fracas.engine.ruleset import Ruleset
from fracas.engine.view import Card
from fracas.web.access import Visitor
from fracas.web.battlemap import MapView, battle_map
from fracas.web.feed import player_lines
from fracas.web.hidden import offered, scrub, unseen_names
from fracas.web.live import LiveEncounter
from fracas.web.odds_panel import OddsView, panel
from fracas.web.table_dice import mode_of
from fracas.web.turns import TurnView, turn_view


@dataclass(frozen=True, slots=True)
class PublicCard:
    """What the table sees of a combatant it does not control."""

    id: str
    name: str
    side: str
    wound: str
    conditions: tuple[str, ...]


@dataclass
class Board:
    """Everything one visitor's page shows of an encounter."""

    encounter_id: int
    name: str
    ruleset: str
    round: int
    over: bool
    winner: str | None
    length: int
    version: int
    key: str
    decision: str
    gm: bool
    pending_actor: str | None
    pending_prompt: str
    pending_label: str
    may_act: bool
    order: list[str]
    cards: list[Card | PublicCard]
    hidden: frozenset[str]
    choices: list[tuple[int, Choice]] = field(default_factory=list)
    groups: list[tuple[str, list[tuple[int, Choice]]]] = field(default_factory=list)
    lists_actions: bool = True
    account: list[str] = field(default_factory=list)
    can_undo: bool = False
    can_redo: bool = False
    own: tuple[str, ...] = ()
    names: dict[str, str] = field(default_factory=dict)
    map: MapView | None = None
    odds: OddsView | None = None
    marks: dict[str, list[Mark]] = field(default_factory=dict)
    turns: TurnView | None = None
    initiative: dict[str, int] = field(default_factory=dict)
    standing: dict[str, str] = field(default_factory=dict)
    dice_mode: str = "engine"
    round_word: str = "round"

    def is_full(self, card: Card | PublicCard) -> bool:
        return isinstance(card, Card)


def label_of(prompt: str, actor: str | None, state: Encounter[Any]) -> str:
    """The pending decision as a heading: the prompt, led by the actor's name unless the
    prompt already names them."""
    if actor is None:
        return prompt or "the round"
    name = state.combatants[actor].name
    if name in prompt or actor in prompt:
        return prompt
    return f"{name}: {prompt}"


def public(card: Card) -> PublicCard:
    return PublicCard(card.id, card.name, card.side, card.wound, card.conditions)


def scrubbed(card: Card, unseen: list[str]) -> Card:
    """``card`` with every mention of a hidden combatant (its target, its grappler...) taken
    out, for a player's page."""

    def clean(text: str) -> str:
        return scrub(text, unseen)

    return replace(
        card,
        conditions=tuple(clean(k) for k in card.conditions),
        details=tuple((clean(k), clean(v)) for k, v in card.details),
    )


def board(live: LiveEncounter, visitor: Visitor, hidden: frozenset[str]) -> Board:
    session = live.session
    state = session.state
    ruleset = live.ruleset
    gm = visitor.is_gm
    own = tuple(c for c in visitor.combatants if c in state.combatants)
    ordered = ruleset.turn_order(state)
    ordered += [cid for cid in state.combatants if cid not in ordered]
    seen = [cid for cid in ordered if gm or cid not in hidden]
    cards: list[Card | PublicCard] = []
    unseen = unseen_names(state, hidden)
    for cid in seen:
        card = ruleset.card(state, cid)
        if not gm and unseen:
            card = scrubbed(card, unseen)
        cards.append(card if gm or cid in own else public(card))
    pending = session.pending()
    actor = pending.actor if pending else None
    if not gm and actor in hidden:
        actor, prompt = None, "waiting for the GM"
    else:
        prompt = pending.prompt if pending else ""
        if not gm and unseen:
            prompt = scrub(prompt, unseen)
    may_act = pending is not None and (gm or (actor is not None and actor in own))
    b = Board(
        encounter_id=live.id,
        name=live.record.name,
        ruleset=ruleset.name,
        round=state.round,
        over=state.over,
        winner=state.winner,
        length=live.length,
        version=live.version,
        key=live.board_key,
        decision=live.decision(frozenset() if gm else hidden),
        gm=gm,
        pending_actor=actor,
        pending_prompt=prompt,
        pending_label=label_of(prompt, actor, state),
        may_act=may_act,
        order=seen,
        cards=cards,
        hidden=hidden if gm else frozenset(),
        own=own,
        names={cid: state.combatants[cid].name for cid in seen},
    )
    if may_act and pending is not None:
        listed = offered(ruleset, state, pending, gm, hidden)
        b.lists_actions = listed is not None
        b.choices = list(enumerate(listed or []))
        kinds: dict[str, list[tuple[int, Choice]]] = {}
        for i, c in b.choices:
            kinds.setdefault(c.kind or "actions", []).append((i, c))
        b.groups = list(kinds.items())
    b.map = battle_map(ruleset, state, session.log, b)
    b.odds = panel(live, gm, hidden)
    turn_view(ruleset, state, session.log, pending, b)
    b.dice_mode = mode_of(live, actor)
    b.round_word = ruleset.round_word
    for mark in marks_of(session.log, state.round):
        if mark.target in b.names and (gm or not mark.ended):
            if not gm:  # the GM's note stays the GM's; a name may name a hidden combatant
                mark = replace(mark, name=scrub(mark.name, unseen), note="")
            b.marks.setdefault(mark.target, []).append(mark)
    if gm:
        if live.narration is None:
            live.narration = Narration(ruleset, live.scenario)
        b.account = live.narration.lines(session.log)[-SHOWN_LINES:]
        b.can_undo = session.can_undo
        b.can_redo = session.can_redo
    else:
        b.account = player_lines(live, hidden, SHOWN_LINES)
    return b


#: how many lines of the account a board shows (the printable account has them all)
SHOWN_LINES = 80


class Narration:
    """The narrated account of a live log, kept up to date as the log grows (folded again
    from the start only when the log was cut back or changed: an undo)."""

    def __init__(self, ruleset: Ruleset[Any, Any, Any], scenario: Any) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self._reset()

    def _reset(self) -> None:
        self.state = self.ruleset.build(self.scenario)
        self.told: list[str] = []
        self.upto = 0
        self.last: Event[Any] | None = None

    def lines(self, log: list[Event[Any]]) -> list[str]:
        if self.upto > len(log) or (self.upto and log[self.upto - 1] is not self.last):
            self._reset()
        for event in log[self.upto :]:
            event.apply(self.state)
            self.told.extend(_lines_of(self.ruleset, event, self.state))
        self.upto = len(log)
        self.last = log[-1] if log else None
        return self.told


def _lines_of(
    ruleset: Ruleset[Any, Any, Any], event: Event[Any], state: Encounter[Any]
) -> list[str]:
    if isinstance(event, Acted) and event.actor is None:
        override = as_override(event.action)
        if override is not None:
            names = {cid: c.name for cid, c in state.combatants.items()}
            return [describe_override(override, names)]
    line = ruleset.describe(event, state)
    if line is None:
        line = default_line(event)
    return [] if line is None else [part for part in line.split("\n") if part.strip()]


def account_lines(
    ruleset: Ruleset[Any, Any, Any], scenario: Any, log: list[Event[Any]]
) -> list[str]:
    """The narrated account, as the CLI prints it (folding a copy of the state)."""
    return Narration(ruleset, scenario).lines(log)


def default_line(event: Event[Any]) -> str | None:
    if isinstance(event, RoundStarted):
        return f"— Round {event.round} —"
    if isinstance(event, EncounterEnded):
        winner = f"side {event.winner} wins" if event.winner else "no winner"
        return f"The fight is over: {winner} ({event.reason})."
    return None
