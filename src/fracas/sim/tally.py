"""A ``Tally``: what a run of fights adds up to, reduced as each fight ends.

A tally holds counts and integer sums only, so merging two tallies is exact and does not
depend on the order (the runner still merges chunks in chunk order). Its size depends on the
scenario (combatants, outcomes, notable events, distinct fight lengths), never on the number
of fights, except ``winners`` and ``rows``: per fight of a chunk, the winning side's index
(or ``DRAW``) and the fight's other figures (length, damage, outcomes), which ``compare``
needs to pair the variants' fights and which the runner drops as soon as a chunk is read.

Beside the sums, a tally keeps distributions as counts of each value (fight length, damage
dealt and taken per combatant, what each combatant had left, how many of each side were out
of the fight at the end), so "at least X" tables need no per-fight data either.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: ``winners`` byte for a fight no side won
DRAW = 255

#: the outcome of a combatant still in the fight at the end (``Ruleset.outcome``)
STANDING = "standing"


def _bump(counts: dict[int, int], value: int) -> None:
    counts[value] = counts.get(value, 0) + 1


def _merge_counts(mine: dict[Any, int], theirs: Mapping[Any, int]) -> None:
    for key, count in theirs.items():
        mine[key] = mine.get(key, 0) + count


@dataclass(slots=True)
class FightRows:
    """Each fight of a chunk, in seed order: its length, each combatant's damage dealt and
    taken and how it ended (lists indexed like ``Tally.combatants``), and what it chose
    (``choices``: per combatant, per fight, kind -> times; empty where the engine does not
    record choices). Sequences may be lists or NumPy arrays (a batch kernel hands over its
    own arrays)."""

    rounds: Any = field(default_factory=list)
    dealt: list[Any] = field(default_factory=list)
    taken: list[Any] = field(default_factory=list)
    outcomes: list[Any] = field(default_factory=list)
    choices: list[list[dict[str, int]]] = field(default_factory=list)


@dataclass(slots=True)
class Tally:
    """Counts over ``n`` fights of one scenario. ``sides`` and ``combatants`` (ids, in
    scenario order) say what the lists are indexed by; ``names`` and ``combatant_sides``
    describe the combatants for the report."""

    sides: tuple[str, ...]
    combatants: tuple[str, ...]
    names: tuple[str, ...]
    combatant_sides: tuple[str, ...]
    n: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    rounds: dict[int, int] = field(default_factory=dict)
    dealt: list[int] = field(default_factory=list)
    dealt_sq: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    taken_sq: list[int] = field(default_factory=list)
    outcomes: list[dict[str, int]] = field(default_factory=list)
    notable_fights: dict[str, int] = field(default_factory=dict)
    notable_total: dict[str, int] = field(default_factory=dict)
    winners: bytearray = field(default_factory=bytearray)
    dealt_counts: list[dict[int, int]] = field(default_factory=list)
    taken_counts: list[dict[int, int]] = field(default_factory=list)
    left_counts: list[dict[int, int]] = field(default_factory=list)
    left_label: str = ""
    out_counts: list[dict[int, int]] = field(default_factory=list)
    choices_fights: list[dict[str, int]] = field(default_factory=list)
    choices_total: list[dict[str, int]] = field(default_factory=list)
    choices_recorded: bool = False
    rows: FightRows | None = None

    def __post_init__(self) -> None:
        k = len(self.combatants)
        self.wins = self.wins or [0] * len(self.sides)
        for name in ("dealt", "dealt_sq", "taken", "taken_sq"):
            if not getattr(self, name):
                setattr(self, name, [0] * k)
        self.outcomes = self.outcomes or [{} for _ in range(k)]
        for name in ("dealt_counts", "taken_counts", "choices_fights", "choices_total"):
            if not getattr(self, name):
                setattr(self, name, [{} for _ in range(k)])
        self.out_counts = self.out_counts or [{} for _ in self.sides]
        if self.rows is None:
            self.rows = FightRows(
                [], [[] for _ in range(k)], [[] for _ in range(k)], [[] for _ in range(k)]
            )

    @classmethod
    def empty_like(cls, other: Tally) -> Tally:
        """An empty tally for the same scenario as ``other``."""
        return cls(other.sides, other.combatants, other.names, other.combatant_sides)

    def add(
        self,
        winner: int | None,
        rounds: int,
        dealt: Sequence[int],
        taken: Sequence[int],
        outcomes: Sequence[str],
        notable: Mapping[str, int],
    ) -> None:
        """One finished fight: the index of the side that won (``None``: nobody), its length
        in rounds, each combatant's damage dealt and taken and how it ended, and how often
        each notable event happened in it. ``left`` (each combatant's health left, see
        :meth:`add_left`) and ``choices`` (:meth:`add_choices`) are added apart."""
        self.n += 1
        if winner is None:
            self.draws += 1
            self.winners.append(DRAW)
        else:
            self.wins[winner] += 1
            self.winners.append(winner)
        self.rounds[rounds] = self.rounds.get(rounds, 0) + 1
        d, d2, t, t2 = self.dealt, self.dealt_sq, self.taken, self.taken_sq
        rows = self.rows
        assert rows is not None
        rows.rounds.append(rounds)
        out = [0] * len(self.sides)
        for i, (x, y, name) in enumerate(zip(dealt, taken, outcomes, strict=True)):
            if x:
                d[i] += x
                d2[i] += x * x
            if y:
                t[i] += y
                t2[i] += y * y
            counts = self.outcomes[i]
            counts[name] = counts.get(name, 0) + 1
            _bump(self.dealt_counts[i], x)
            _bump(self.taken_counts[i], y)
            rows.dealt[i].append(x)
            rows.taken[i].append(y)
            rows.outcomes[i].append(name)
            if name != STANDING:
                out[self.sides.index(self.combatant_sides[i])] += 1
        for s, k in enumerate(out):
            _bump(self.out_counts[s], k)
        if notable:
            fights, total = self.notable_fights, self.notable_total
            for name, count in notable.items():
                fights[name] = fights.get(name, 0) + 1
                total[name] = total.get(name, 0) + count

    def add_left(self, label: str, left: Sequence[int]) -> None:
        """Each combatant's health left at the end of the fight just added (the ruleset's
        first pool: hit points, NHP, HPS...), named ``label``."""
        if not self.left_counts:
            self.left_counts = [{} for _ in self.combatants]
        self.left_label = self.left_label or label
        for i, value in enumerate(left):
            _bump(self.left_counts[i], value)

    def add_choices(self, choices: Sequence[Mapping[str, int]]) -> None:
        """What each combatant chose in the fight just added: how often each kind of choice
        (``Ruleset.choices``)."""
        self.choices_recorded = True
        rows = self.rows
        if rows is not None:
            if not rows.choices:
                rows.choices = [[] for _ in self.combatants]
            for mine, kinds in zip(rows.choices, choices, strict=True):
                mine.append(dict(kinds))
        for i, kinds in enumerate(choices):
            fights, total = self.choices_fights[i], self.choices_total[i]
            for kind, count in kinds.items():
                fights[kind] = fights.get(kind, 0) + 1
                total[kind] = total.get(kind, 0) + count

    def merge(self, other: Tally) -> None:
        """Add ``other`` (a later chunk of the same scenario) into this tally."""
        if other.combatants != self.combatants or other.sides != self.sides:
            raise ValueError("cannot merge tallies of different scenarios")
        self.n += other.n
        self.draws += other.draws
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        for length, count in other.rounds.items():
            self.rounds[length] = self.rounds.get(length, 0) + count
        for name in ("dealt", "dealt_sq", "taken", "taken_sq"):
            mine, theirs = getattr(self, name), getattr(other, name)
            setattr(self, name, [a + b for a, b in zip(mine, theirs, strict=True)])
        for mine, theirs in zip(self.outcomes, other.outcomes, strict=True):
            for key, count in theirs.items():
                mine[key] = mine.get(key, 0) + count
        for key, count in other.notable_fights.items():
            self.notable_fights[key] = self.notable_fights.get(key, 0) + count
        for key, count in other.notable_total.items():
            self.notable_total[key] = self.notable_total.get(key, 0) + count
        self.winners += other.winners
        pairs: tuple[tuple[list[dict[Any, int]], list[dict[Any, int]]], ...] = (
            (self.dealt_counts, other.dealt_counts),
            (self.taken_counts, other.taken_counts),
            (self.out_counts, other.out_counts),
            (self.choices_fights, other.choices_fights),
            (self.choices_total, other.choices_total),
        )
        for mine_list, theirs_list in pairs:
            for mine, theirs in zip(mine_list, theirs_list, strict=True):
                _merge_counts(mine, theirs)
        if other.left_counts:
            if not self.left_counts:
                self.left_counts = [{} for _ in self.combatants]
            for mine, theirs in zip(self.left_counts, other.left_counts, strict=True):
                _merge_counts(mine, theirs)
            self.left_label = self.left_label or other.left_label
        self.choices_recorded = self.choices_recorded or other.choices_recorded

    def drop_winners(self) -> Tally:
        """This tally without its per-fight ``winners`` and ``rows`` (kept only inside a
        chunk)."""
        self.winners = bytearray()
        self.rows = None
        return self
