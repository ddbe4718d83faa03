"""The figures of a run, as typed, frozen, JSON round-trippable structs (``msgspec``), and
how they are computed from a :class:`~fracas.sim.tally.Tally`."""

from __future__ import annotations

from typing import Any

import msgspec

from fracas.sim.intervals import mean_interval, wilson
from fracas.sim.tally import Tally


class Rate(msgspec.Struct, frozen=True):
    """``count`` of ``n`` fights, the rate and its 95% Wilson interval."""

    count: int
    n: int
    rate: float
    low: float
    high: float

    @property
    def width(self) -> float:
        return self.high - self.low


class Mean(msgspec.Struct, frozen=True):
    """A mean per fight with its 95% interval (normal approximation) and standard deviation."""

    mean: float
    low: float
    high: float
    sd: float


class SideFigures(msgspec.Struct, frozen=True):
    side: str
    win: Rate
    loss: Rate
    draw: Rate


class Bin(msgspec.Struct, frozen=True):
    """Fights that lasted ``low`` to ``high`` rounds (both included)."""

    low: int
    high: int
    count: int


class Rounds(msgspec.Struct, frozen=True):
    """Fight length in rounds. Percentiles are the inverted empirical distribution: the
    shortest length that at least that share of the fights did not exceed."""

    mean: float
    median: int
    p5: int
    p95: int
    min: int
    max: int
    histogram: tuple[Bin, ...]


class Outcome(msgspec.Struct, frozen=True):
    outcome: str
    rate: Rate


class CombatantFigures(msgspec.Struct, frozen=True):
    """Per combatant: damage dealt to others and taken per fight (in the ruleset's unit),
    and how the fights ended for it."""

    id: str
    name: str
    side: str
    dealt: Mean
    taken: Mean
    outcomes: tuple[Outcome, ...]


class Notable(msgspec.Struct, frozen=True):
    """A notable event: the fights it happened in (a rate) and how often per fight."""

    name: str
    fights: Rate
    per_fight: float
    total: int


class SimResult(msgspec.Struct, frozen=True):
    """Everything ``fracas sim`` reports, and what is needed to cite it."""

    fracas_version: str
    engine: str
    ruleset: str
    scenario: str
    scenario_hash: str
    options: dict[str, Any]
    n: int
    seed: int
    chunk_size: int
    precision: float | None
    wall_time_s: float
    sides: tuple[SideFigures, ...]
    draw: Rate
    rounds: Rounds
    combatants: tuple[CombatantFigures, ...]
    notable: tuple[Notable, ...]

    def figures(self) -> dict[str, Any]:
        """Every figure, without the wall time (two runs of the same seed compare equal)."""
        out: dict[str, Any] = msgspec.to_builtins(self)
        out.pop("wall_time_s")
        return out

    def rates(self) -> list[Rate]:
        """Every reported rate (what ``--precision`` bounds)."""
        out = [self.draw]
        for s in self.sides:
            out += [s.win, s.loss]
        for c in self.combatants:
            out += [o.rate for o in c.outcomes]
        out += [x.fights for x in self.notable]
        return out

    def to_json(self) -> bytes:
        return msgspec.json.encode(self)

    @classmethod
    def from_json(cls, data: bytes | str) -> SimResult:
        return msgspec.json.decode(data, type=cls)


def rate(count: int, n: int) -> Rate:
    low, high = wilson(count, n)
    return Rate(count, n, count / n if n else 0.0, low, high)


def widest(tally: Tally) -> float:
    """The width of the widest 95% interval among the rates a tally reports."""
    n = tally.n
    counts = [tally.draws, *tally.wins, *(n - w - tally.draws for w in tally.wins)]
    for outcomes in tally.outcomes:
        counts += outcomes.values()
    counts += tally.notable_fights.values()
    width = 0.0
    for k in counts:
        low, high = wilson(k, n)
        width = max(width, high - low)
    return width


def _quantile(rounds: dict[int, int], n: int, q: float) -> int:
    target = q * n
    seen = 0
    for length in sorted(rounds):
        seen += rounds[length]
        if seen >= target:
            return length
    return max(rounds)


def histogram(rounds: dict[int, int], bins: int = 12) -> tuple[Bin, ...]:
    """One bin per length when there are at most ``bins`` lengths from shortest to longest,
    else ``bins`` equal-width bins."""
    lo, hi = min(rounds), max(rounds)
    width = max(1, -(-(hi - lo + 1) // bins))
    out = []
    start = lo
    while start <= hi:
        end = start + width - 1
        count = sum(c for length, c in rounds.items() if start <= length <= end)
        out.append(Bin(start, end, count))
        start = end + 1
    return tuple(out)


def rounds_figures(tally: Tally) -> Rounds:
    r, n = tally.rounds, tally.n
    mean = sum(length * c for length, c in r.items()) / n
    return Rounds(
        mean=mean,
        median=_quantile(r, n, 0.5),
        p5=_quantile(r, n, 0.05),
        p95=_quantile(r, n, 0.95),
        min=min(r),
        max=max(r),
        histogram=histogram(r),
    )


def figures(tally: Tally, **meta: Any) -> SimResult:
    """The report of a tally; ``meta`` fills the citation fields of :class:`SimResult`."""
    n = tally.n
    draw = rate(tally.draws, n)
    sides = tuple(
        SideFigures(side, rate(w, n), rate(n - w - tally.draws, n), draw)
        for side, w in zip(tally.sides, tally.wins, strict=True)
    )
    people = []
    for i, cid in enumerate(tally.combatants):
        dealt = Mean(*mean_interval(tally.dealt[i], tally.dealt_sq[i], n))
        taken = Mean(*mean_interval(tally.taken[i], tally.taken_sq[i], n))
        counts = tally.outcomes[i]
        outcomes = tuple(
            Outcome(name, rate(counts[name], n))
            for name in sorted(counts, key=lambda k: (-counts[k], k))
        )
        people.append(
            CombatantFigures(cid, tally.names[i], tally.combatant_sides[i], dealt, taken, outcomes)
        )
    notable = tuple(
        Notable(
            name,
            rate(tally.notable_fights[name], n),
            tally.notable_total[name] / n,
            tally.notable_total[name],
        )
        for name in sorted(tally.notable_fights)
    )
    return SimResult(
        sides=sides,
        draw=draw,
        rounds=rounds_figures(tally),
        combatants=tuple(people),
        notable=notable,
        **meta,
    )
