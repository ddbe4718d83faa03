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


class Distribution(msgspec.Struct, frozen=True):
    """How often each whole-number value came up: ``values[k]`` in ``counts[k]`` of the
    ``n`` fights (ascending values, each seen at least once)."""

    values: tuple[int, ...]
    counts: tuple[int, ...]
    n: int

    def at_least(self) -> list[tuple[int, Rate]]:
        """For each value ``x`` seen, the share of fights with a value of at least ``x``
        (with its Wilson interval): the "at least X" table."""
        out = []
        left = self.n
        for value, count in zip(self.values, self.counts, strict=True):
            out.append((value, rate(left, self.n)))
            left -= count
        return out


def distribution(counts: dict[int, int], n: int) -> Distribution:
    values = tuple(sorted(counts))
    return Distribution(values, tuple(counts[v] for v in values), n)


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
    sd: float = 0.0
    distribution: Distribution | None = None


class Outcome(msgspec.Struct, frozen=True):
    outcome: str
    rate: Rate


class ChoiceFigures(msgspec.Struct, frozen=True):
    """A kind of choice a combatant made (``Ruleset.choices``): the fights it made it in
    (a rate) and how often per fight."""

    kind: str
    fights: Rate
    per_fight: float


class CombatantFigures(msgspec.Struct, frozen=True):
    """Per combatant: damage dealt to others and taken per fight (in the ruleset's unit),
    and how the fights ended for it; the distributions of damage dealt and taken and of what
    it had left at the end (``left_label``: hit points, NHP...; ``None`` where the engine
    that ran the fights does not record it); what it chose (empty where not recorded)."""

    id: str
    name: str
    side: str
    dealt: Mean
    taken: Mean
    outcomes: tuple[Outcome, ...]
    dealt_distribution: Distribution | None = None
    taken_distribution: Distribution | None = None
    left: Distribution | None = None
    left_label: str = ""
    choices: tuple[ChoiceFigures, ...] = ()


class SideOut(msgspec.Struct, frozen=True):
    """How many of a side's combatants were out of the fight (not standing) at the end."""

    side: str
    combatants: int
    distribution: Distribution


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
    #: fights per task (the engine's; ``--precision`` is checked after each)
    task_size: int
    precision: float | None
    wall_time_s: float
    sides: tuple[SideFigures, ...]
    draw: Rate
    rounds: Rounds
    combatants: tuple[CombatantFigures, ...]
    notable: tuple[Notable, ...]
    out_of_fight: tuple[SideOut, ...] = ()
    choices_recorded: bool = False

    def rows(self) -> list[dict[str, Any]]:
        """Every figure as a tidy row: ``figure`` (a readable name), ``value``, ``low`` and
        ``high`` (its 95% interval; equal to the value where there is none), ``n``."""
        rows: list[dict[str, Any]] = []

        def add(name: str, value: float, low: float, high: float) -> None:
            rows.append({"figure": name, "value": value, "low": low, "high": high, "n": self.n})

        for s in self.sides:
            add(f"win[{s.side}]", s.win.rate, s.win.low, s.win.high)
            add(f"loss[{s.side}]", s.loss.rate, s.loss.low, s.loss.high)
        add("draw", self.draw.rate, self.draw.low, self.draw.high)
        r = self.rounds
        add("rounds.mean", r.mean, *mean_interval_of(r.mean, r.sd, self.n))
        add("rounds.median", r.median, r.median, r.median)
        for c in self.combatants:
            add(f"dealt[{c.name}]", c.dealt.mean, c.dealt.low, c.dealt.high)
            add(f"taken[{c.name}]", c.taken.mean, c.taken.low, c.taken.high)
            for o in c.outcomes:
                add(f"outcome[{c.name}: {o.outcome}]", o.rate.rate, o.rate.low, o.rate.high)
            for ch in c.choices:
                add(f"chose[{c.name}: {ch.kind}]", ch.fights.rate, ch.fights.low, ch.fights.high)
        for x in self.notable:
            add(f"notable[{x.name}]", x.fights.rate, x.fights.low, x.fights.high)
        return rows

    def to_pandas(self) -> Any:
        """The figures as a tidy ``pandas.DataFrame`` (one row per figure, see :meth:`rows`),
        with the run's metadata in ``attrs``."""
        import pandas as pd

        table = pd.DataFrame(self.rows())
        table.attrs.update(self.metadata())
        return table

    def metadata(self) -> dict[str, Any]:
        """What the run needs to be cited and run again."""
        return {
            "fracas_version": self.fracas_version,
            "engine": self.engine,
            "ruleset": self.ruleset,
            "scenario": self.scenario,
            "scenario_hash": self.scenario_hash,
            "options": self.options,
            "n": self.n,
            "seed": self.seed,
            "precision": self.precision,
        }

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


def mean_interval_of(mean: float, sd: float, n: int) -> tuple[float, float]:
    """The 95% interval of a mean given its standard deviation (normal approximation)."""
    half = 1.959963984540054 * sd / n**0.5 if n > 0 else 0.0
    return (mean - half, mean + half)


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
    total = sum(length * c for length, c in r.items())
    squares = sum(length * length * c for length, c in r.items())
    sd = mean_interval(total, squares, n)[3]
    return Rounds(
        sd=sd,
        distribution=distribution(r, n),
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
            CombatantFigures(
                cid,
                tally.names[i],
                tally.combatant_sides[i],
                dealt,
                taken,
                outcomes,
                dealt_distribution=distribution(tally.dealt_counts[i], n),
                taken_distribution=distribution(tally.taken_counts[i], n),
                left=distribution(tally.left_counts[i], n) if tally.left_counts else None,
                left_label=tally.left_label,
                choices=_choices(tally, i),
            )
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
    out = tuple(
        SideOut(side, tally.combatant_sides.count(side), distribution(tally.out_counts[k], n))
        for k, side in enumerate(tally.sides)
    )
    return SimResult(
        sides=sides,
        draw=draw,
        rounds=rounds_figures(tally),
        combatants=tuple(people),
        notable=notable,
        out_of_fight=out,
        choices_recorded=tally.choices_recorded,
        **meta,
    )


def _choices(tally: Tally, i: int) -> tuple[ChoiceFigures, ...]:
    fights, total, n = tally.choices_fights[i], tally.choices_total[i], tally.n
    kinds = sorted(fights, key=lambda k: (-total[k], k))
    return tuple(ChoiceFigures(k, rate(fights[k], n), total[k] / n) for k in kinds)
