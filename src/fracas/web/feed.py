"""What the players see happen, in the table's words: who went for whom, hit or miss
(``Ruleset.table_words``), each change of a combatant's wound level as the table sees it
("Ondkille is badly wounded", from the public card) and of how it stands ("fled",
"unconscious": ``Ruleset.outcome``), the rounds in the ruleset's own word
(``Ruleset.round_word``: "round", or "unit"), the end. Never a number from the rules.

Built once per encounter as the log grows (folded again only after an undo), with the
combatants each line names, so that each player's feed leaves out every line naming a
combatant hidden from them at the time the feed is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

import msgspec

from fracas.engine import Encounter, Event
from fracas.engine.events import Acted, EncounterEnded, Rolled, RoundStarted
from fracas.engine.overrides import GmEndFight, as_override
from fracas.engine.ruleset import Ruleset
from fracas.web.live import LiveEncounter

STANDING = ("standing", "won", "lost", "drew")


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    names: frozenset[str]
    round: bool = False


def named(raw: Any, ids: dict[str, Any]) -> list[str]:
    """Every combatant id anywhere in an action's fields (nested too: a list of strikes),
    in the order they appear, the actor's field left out."""
    found: list[str] = []

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if k != "actor":
                    walk(v, k)
        elif isinstance(value, list | tuple):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and value in ids and value not in found:
            found.append(value)

    walk(raw)
    return found


def _words(tag: str) -> str:
    """``FullAttack`` -> ``full attack``."""
    out = "".join(" " + ch.lower() if ch.isupper() else ch for ch in tag).strip()
    return out or tag


class PlayerFeed:
    """The table's account of one live encounter, kept up to date as its log grows."""

    def __init__(self, ruleset: Ruleset[Any, Any, Any], scenario: Any) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self._reset()

    def _reset(self) -> None:
        self.state: Encounter[Any] = self.ruleset.build(self.scenario)
        self.lines: list[Line] = []
        self.upto = 0
        self.last: Event[Any] | None = None
        self.seen: dict[str, tuple[str, str]] = {}

    def _standing(self, cid: str) -> tuple[str, str]:
        state = self.state
        wound = self.ruleset.card(state, cid).wound
        how = self.ruleset.outcome(state, cid)
        return wound, ("standing" if how in STANDING else how)

    def _changes(self) -> None:
        """A line for each combatant whose wound level or standing changed."""
        for cid, c in self.state.combatants.items():
            now = self._standing(cid)
            before = self.seen.get(cid)
            self.seen[cid] = now
            if before is None or before == now:
                continue
            if now[1] != before[1] and now[1] != "standing":
                self.lines.append(Line(f"{c.name} is {now[1]}", frozenset({cid})))
            elif now[0] != before[0]:
                self.lines.append(Line(f"{c.name} is {now[0]}", frozenset({cid})))

    def update(self, log: list[Event[Any]]) -> list[Line]:
        if self.upto > len(log) or (self.upto and log[self.upto - 1] is not self.last):
            self._reset()
        if not log[self.upto :]:
            return self.lines
        word = self.ruleset.round_word.capitalize()
        for event in log[self.upto :]:
            event.apply(self.state)
            self.upto += 1
            state = self.state
            names = {cid: c.name for cid, c in state.combatants.items()}
            if isinstance(event, RoundStarted):
                self.lines.append(Line(f"— {word} {event.round} —", frozenset(), round=True))
            elif isinstance(event, EncounterEnded):
                winner = f"side {event.winner} wins" if event.winner else "no winner"
                self.lines.append(Line(f"The fight is over: {winner}.", frozenset()))
            elif isinstance(event, Acted) and event.actor is None:
                if isinstance(as_override(event.action), GmEndFight):
                    self.lines.append(Line("The GM ends the fight.", frozenset()))
            elif isinstance(event, Acted) and event.actor in names:
                raw = msgspec.to_builtins(event.action)
                kind = str(raw.get("action", "acts")) if isinstance(raw, dict) else "acts"
                targets = named(raw, names)
                to = f" → {', '.join(names[t] for t in targets)}" if targets else ""
                text = f"{names[event.actor]}: {_words(kind)}{to}"
                self.lines.append(Line(text, frozenset({event.actor, *targets})))
            else:
                told = self.ruleset.table_words(event, state)
                if told is not None:
                    self.lines.append(Line(told[0], frozenset(told[1])))
            if not self.seen:
                self.seen = {cid: self._standing(cid) for cid in state.combatants}
            elif not isinstance(event, Rolled | Acted):
                self._changes()  # what this event did to anyone, as the table sees it
        self.last = log[-1]
        return self.lines


_feeds: WeakKeyDictionary[LiveEncounter, PlayerFeed] = WeakKeyDictionary()


def player_lines(live: LiveEncounter, hidden: frozenset[str], shown: int) -> list[str]:
    """The last ``shown`` lines of the players' feed, without a line naming a hidden one."""
    feed = _feeds.get(live)
    if feed is None:
        feed = _feeds[live] = PlayerFeed(live.ruleset, live.scenario)
    lines = feed.update(live.session.log)
    return [line.text for line in lines if not (line.names & hidden)][-shown:]
