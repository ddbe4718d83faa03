"""A ``Tally``: what a run of fights adds up to, reduced as each fight ends.

A tally holds counts and integer sums only, so merging two tallies is exact and does not
depend on the order (the runner still merges chunks in chunk order). Its size depends on the
scenario (combatants, outcomes, notable events, distinct fight lengths), never on the number
of fights, except ``winners``: one byte per fight of a chunk (the winning side's index, or
``DRAW``), which compare needs to pair the variants' fights and which the runner drops as soon
as a chunk is merged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

#: ``winners`` byte for a fight no side won
DRAW = 255


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

    def __post_init__(self) -> None:
        k = len(self.combatants)
        self.wins = self.wins or [0] * len(self.sides)
        for name in ("dealt", "dealt_sq", "taken", "taken_sq"):
            if not getattr(self, name):
                setattr(self, name, [0] * k)
        self.outcomes = self.outcomes or [{} for _ in range(k)]

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
        each notable event happened in it."""
        self.n += 1
        if winner is None:
            self.draws += 1
            self.winners.append(DRAW)
        else:
            self.wins[winner] += 1
            self.winners.append(winner)
        self.rounds[rounds] = self.rounds.get(rounds, 0) + 1
        d, d2, t, t2 = self.dealt, self.dealt_sq, self.taken, self.taken_sq
        for i, (x, y, name) in enumerate(zip(dealt, taken, outcomes, strict=True)):
            if x:
                d[i] += x
                d2[i] += x * x
            if y:
                t[i] += y
                t2[i] += y * y
            counts = self.outcomes[i]
            counts[name] = counts.get(name, 0) + 1
        if notable:
            fights, total = self.notable_fights, self.notable_total
            for name, count in notable.items():
                fights[name] = fights.get(name, 0) + 1
                total[name] = total.get(name, 0) + count

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

    def drop_winners(self) -> Tally:
        """This tally without its per-fight ``winners`` (kept only inside a chunk)."""
        self.winners = bytearray()
        return self
