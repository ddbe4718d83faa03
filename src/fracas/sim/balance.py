"""``balance``: the value of one field at which a side's win rate crosses a target.

A sweep answers "where is the 50/50 point of a skill?" by running every value of the range;
``balance`` finds it in far fewer fights. It is a bisection over the whole numbers of the
range in which every step is a sequential test: the value in the middle runs chunk after
chunk of fights (the same per-fight seeds at every value: common random numbers) until the
95% Wilson interval of the side's win rate leaves out the target, which says on which side
of the target that value lies, or until ``most`` fights, when the value cannot be told apart
from the target. The response is assumed to move one way over the range (more skill, more
wins); both ends are run first, and a target they do not bracket is reported as such.

Where the ruleset's exact chain covers every value tried (``fracas odds``), ``engine="auto"``
(or ``"exact"``) bisects on the exact win probability instead: no fights, no interval
(a value is above or below the target by more than the chain's truncation error, or at it),
the crossing interpolated between the two neighbouring whole values on either side; the
answer says "exact". Otherwise (or with ``engine="event"``/``"batch"``), the Monte Carlo:

The answer is the crossing between the last two values on either side of the target, by
linear interpolation of the rate between them, with an interval on it: where the bands of
the two rates' 95% intervals cross the target (the values whose rate cannot be told from
the target lie inside it). Each value's test stops at a 5% error, and a bisection takes
about log2(range) of them, so the interval is a 95% one for each step, not jointly: the
output says how many steps were taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from fracas.engine.errors import FracasError
from fracas.sim.api import check_file, check_run, run_all
from fracas.sim.figures import Rate, rate
from fracas.sim.grid import Vary, parse_vary
from fracas.sim.runner import Job, ProgressFn
from fracas.sim.sweeps import grid_variants
from fracas.sim.tally import Tally
from fracas.sim.variant import CHUNK, Variant
from fracas.version import __version__


class BalancePoint(msgspec.Struct, frozen=True):
    """A value tried, the fights run there, and the side's win rate."""

    value: int
    n: int
    win: Rate
    verdict: str  # "below", "above" or "at" the target


class BalanceResult(msgspec.Struct, frozen=True):
    """Where ``side``'s win rate crosses ``target`` as ``path`` runs over ``low..high``.

    ``crossing`` is the interpolated value (``None`` when the range does not bracket the
    target), ``crossing_low``/``crossing_high`` its interval, ``bracket`` the two whole
    values on either side. ``fights`` is how many fights the search ran; ``grid_fights``
    what a sweep of every value with the same most fights per value would run."""

    fracas_version: str
    scenario: str
    scenario_hash: str
    engine: str
    seed: int
    options: dict[str, Any]
    path: str
    low: int
    high: int
    side: str
    target: float
    most: int
    points: tuple[BalancePoint, ...]
    crossing: float | None
    crossing_low: float | None
    crossing_high: float | None
    bracket: tuple[int, int] | None
    fights: int
    grid_fights: int
    message: str
    ruleset: str = ""

    def to_json(self) -> bytes:
        return msgspec.json.encode(self)

    def to_pandas(self) -> Any:
        """The values tried, in the order tried: ``value``, ``n``, ``win``, ``low``,
        ``high``, ``verdict``; the answer and the run's metadata in ``attrs``."""
        import pandas as pd

        table = pd.DataFrame(
            [
                {
                    "value": p.value,
                    "n": p.n,
                    "win": p.win.rate,
                    "low": p.win.low,
                    "high": p.win.high,
                    "verdict": p.verdict,
                }
                for p in self.points
            ]
        )
        table.attrs.update({k: v for k, v in msgspec.to_builtins(self).items() if k != "points"})
        return table


#: the engine name of a search on the exact chain
EXACT = "exact (Markov chain)"


class _Searcher:
    """What the bisection needs of a search: ``run(value)`` a point, the ``points`` run,
    the ``target`` and ``most`` (fights at one value; 0 for the exact chain)."""

    points: dict[int, BalancePoint]
    target: float
    most: int

    def run(self, value: int) -> BalancePoint:
        raise NotImplementedError


@dataclass
class _ExactSearch(_Searcher):
    """The bisection on the exact win probability (``fracas.sim.odds``): ``OutOfScope``
    from ``run`` where the chain does not cover a value."""

    variants: dict[int, Variant]
    side: str
    target: float
    points: dict[int, BalancePoint]
    most: int = 0

    def run(self, value: int) -> BalancePoint:
        from fracas.sim.odds import odds

        hit = self.points.get(value)
        if hit is not None:
            return hit
        ruleset, model = self.variants[value].load()
        o = odds(ruleset, model)
        if self.side not in o.sides:
            raise FracasError(f"--side {self.side}: no such side (the sides are {o.sides})")
        p = o.win[o.sides.index(self.side)]
        # the chain's figures are lower bounds, within its truncation error
        verdict = "above" if p > self.target else "below" if p + o.error < self.target else "at"
        point = BalancePoint(value, 0, Rate(0, 0, p, p, p + o.error), verdict)
        self.points[value] = point
        return point


@dataclass
class _Search(_Searcher):
    path: str
    variants: dict[int, Variant]
    side: str
    target: float
    most: int
    seed: int
    jobs: int
    engine: str
    scheduler: str | None
    progress: ProgressFn | None
    points: dict[int, BalancePoint]
    engine_name: str = ""

    def side_index(self, tally: Tally) -> int:
        if self.side not in tally.sides:
            raise FracasError(
                f"--side {self.side}: no such side (the sides are {', '.join(tally.sides)})"
            )
        return tally.sides.index(self.side)

    def decided(self, tallies: Sequence[Tally]) -> bool:
        t = tallies[0]
        r = rate(t.wins[self.side_index(t)], t.n)
        return r.low > self.target or r.high < self.target

    def run(self, value: int) -> BalancePoint:
        hit = self.points.get(value)
        if hit is not None:
            return hit
        job = Job((self.variants[value],), self.most, stop=self.decided)
        results, name, _ = run_all(
            [job], self.seed, self.jobs, self.engine, self.scheduler, self.progress
        )
        self.engine_name = name
        t = results[0].tallies[0]
        win = rate(t.wins[self.side_index(t)], t.n)
        verdict = "above" if win.low > self.target else "below" if win.high < self.target else "at"
        point = BalancePoint(value, t.n, win, verdict)
        self.points[value] = point
        return point


def balance(
    scenario: str | Path,
    vary: str | Vary,
    target: float = 0.5,
    side: str | None = None,
    most: int = 20_000,
    seed: int = 0,
    jobs: int = 1,
    overrides: Sequence[str] = (),
    engine: str = "auto",
    scheduler: str | None = None,
    progress: ProgressFn | None = None,
) -> BalanceResult:
    """The value of ``vary`` (``PATH=LOW..HIGH``, whole numbers) at which ``side``'s win
    rate (default: the first side) crosses ``target``; see the module docstring. In the
    example, ``brawl`` is the path of a one-on-one scenario file.

    Example::

        >>> from fracas import balance
        >>> point = balance(brawl, "combatants[1].hps=31..80", seed=1)
        >>> print(point.message)
        exact: the win rate crosses the target between 43 and 44
        >>> round(point.crossing, 1)
        43.8
    """
    check_run(most, seed, jobs, None)
    check_file("scenario", scenario)
    if not isinstance(vary, str | Vary):
        raise TypeError(f"vary: expected one PATH=LOW..HIGH string, not {vary!r}")
    if not 0 < target < 1:
        raise FracasError(f"--target {target:g}: must be between 0 and 1 (a win rate)")
    v = parse_vary(vary) if isinstance(vary, str) else vary
    values = v.values
    if (
        len(values) < 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in values)
        or list(values) != list(range(values[0], values[-1] + 1))
    ):
        raise FracasError(
            f"--vary {v.path}: balance needs a range of whole numbers, LOW..HIGH (e.g. 10..90; "
            "it searches every number in it: no list, no :STEP)"
        )
    lo, hi = values[0], values[-1]
    points = grid_variants(scenario, [v], overrides)
    variants = {int(p[0][0]): p[1] for p in points}
    first = points[0][1]
    sides = _sides(first)
    chosen = side if side is not None else sides[0]
    if chosen not in sides:
        raise FracasError(f"--side {chosen}: no such side (the sides are {', '.join(sides)})")
    search: _Searcher | None = None
    if engine in ("auto", EXACT_ENGINE):
        search = _exact_search(variants, chosen, target, lo, hi, engine == EXACT_ENGINE)
    if search is None:
        search = _Search(
            v.path, variants, chosen, target, most, seed, jobs, engine, scheduler, progress, {}
        )
    bracket, message = _bisect(search, search.run(lo), search.run(hi))
    crossing = _crossing(search, bracket)
    fights = sum(p.n for p in search.points.values())
    exact = isinstance(search, _ExactSearch)
    return BalanceResult(
        fracas_version=__version__,
        scenario=str(scenario),
        scenario_hash=first.digest,
        engine=EXACT if exact else getattr(search, "engine_name", ""),
        seed=seed,
        options=first.options(),
        path=v.path,
        low=lo,
        high=hi,
        side=chosen,
        target=target,
        most=0 if exact else most,
        points=tuple(search.points[k] for k in search.points),
        crossing=crossing[0] if crossing else None,
        crossing_low=crossing[1] if crossing else None,
        crossing_high=crossing[2] if crossing else None,
        bracket=bracket,
        fights=fights,
        grid_fights=0 if exact else (hi - lo + 1) * most,
        message=f"exact: {message}" if exact else message,
        ruleset=first.ruleset,
    )


#: ``engine`` of a search on the exact chain alone (refused where it does not cover a value)
EXACT_ENGINE = "exact"


def _exact_search(
    variants: dict[int, Variant], side: str, target: float, lo: int, hi: int, required: bool
) -> _ExactSearch | None:
    """The search on the exact chain, its bisection run to the end, if the chain covers
    every value it tries; else None (``required``: a ``FracasError`` saying why)."""
    from fracas.sim.odds import OutOfScope

    search = _ExactSearch(variants, side, target, {})
    try:
        _bisect(search, search.run(lo), search.run(hi))
    except OutOfScope as exc:
        if required:
            raise FracasError(f"--engine exact: outside the exact chain: {exc}") from None
        return None
    return search


def _sides(variant: Variant) -> list[str]:
    ruleset, scenario = variant.load()
    state = ruleset.build(scenario)
    return list(dict.fromkeys(c.side for c in state.combatants.values()))


def _bisect(
    search: _Searcher, at_lo: BalancePoint, at_hi: BalancePoint
) -> tuple[tuple[int, int] | None, str]:
    """Narrow the range to the two values nearest the target that are decided on either
    side of it: neighbours when no value tried is indistinguishable from the target, else
    the last value below and the first above the run of values that are (each edge of that
    run found by bisection too)."""
    if at_lo.verdict == at_hi.verdict and at_lo.verdict != "at":
        where = "above" if at_lo.verdict == "above" else "below"
        return None, (
            f"the win rate is {where} the target at both ends ({at_lo.value} and "
            f"{at_hi.value}): no crossing in this range"
        )
    rising = at_hi.win.rate >= at_lo.win.rate
    under, over = ("below", "above") if rising else ("above", "below")
    lo, hi = at_lo, at_hi  # lo: on the low-value side of the target (or at it)
    while hi.value - lo.value > 1 and lo.verdict != "at" and hi.verdict != "at":
        mid = search.run((lo.value + hi.value) // 2)
        if mid.verdict == "at":
            left = _edge(search, lo, mid, under)
            right = _edge(search, mid, hi, over)
            return _indistinct(search, left, right)
        if mid.verdict == under:
            lo = mid
        else:
            hi = mid
    if lo.verdict == "at" or hi.verdict == "at":
        left, right = lo, hi
        if lo.verdict == "at" and hi.verdict != "at":
            right = _edge(search, lo, hi, over)
        if hi.verdict == "at" and lo.verdict != "at":
            left = _edge(search, lo, hi, under)
        return _indistinct(search, left, right)
    return (lo.value, hi.value), (
        f"the win rate crosses the target between {lo.value} and {hi.value}"
    )


def _edge(search: _Searcher, a: BalancePoint, b: BalancePoint, decided: str) -> BalancePoint:
    """Between ``a`` and ``b``, one of them ``decided`` (below or above the target) and the
    other indistinguishable from it: the decided value nearest the indistinguishable one
    (``a`` or ``b`` itself when nothing lies between, or when neither is decided)."""
    if a.verdict != decided and b.verdict != decided:
        return a if a.value < b.value else b
    while abs(b.value - a.value) > 1:
        mid = search.run((a.value + b.value) // 2)
        if mid.verdict == decided:
            a, b = (mid, b) if a.verdict == decided else (a, mid)
        else:
            a, b = (a, mid) if a.verdict == decided else (mid, b)
    return a if a.verdict == decided else b


def _indistinct(
    search: _Searcher, left: BalancePoint, right: BalancePoint
) -> tuple[tuple[int, int], str]:
    inside = [p for p in search.points.values() if left.value < p.value < right.value]
    how = f"in up to {search.most:,} fights each" if search.most else "(the chain's error)"
    return (left.value, right.value), (
        f"{len(inside)} value(s) tried between {left.value} and {right.value} cannot be told "
        f"from the target {how}"
    )


def _crossing(
    search: _Searcher, bracket: tuple[int, int] | None
) -> tuple[float, float, float] | None:
    """The crossing in ``bracket`` with its interval (module docstring): between two
    neighbours, where the line of the rates meets the target, its interval where the lines
    of the interval bands do; around values that cannot be told from the target, the line
    of the rates of every value tried in the bracket, its interval the bracket itself."""
    if bracket is None:
        return None
    t = search.target
    a, b = search.points[bracket[0]], search.points[bracket[1]]
    tried = sorted(
        (p for p in search.points.values() if a.value <= p.value <= b.value),
        key=lambda p: p.value,
    )
    if len(tried) > 2:
        found = crossing_of([p.value for p in tried], [p.win.rate for p in tried], t)
        estimate = found if found is not None else float(tried[len(tried) // 2].value)
        return estimate, float(a.value), float(b.value)
    estimate = _interpolate(a.value, a.win.rate, b.value, b.win.rate, t)
    one = _interpolate(a.value, a.win.low, b.value, b.win.low, t)
    two = _interpolate(a.value, a.win.high, b.value, b.win.high, t)
    ends = sorted((one, two))
    return estimate, max(float(a.value), ends[0]), min(float(b.value), ends[1])


def _interpolate(x0: int, y0: float, x1: int, y1: float, target: float) -> float:
    """Where the line through (x0, y0) and (x1, y1) meets ``target`` (clamped to the two
    values; the nearer end when the line is flat)."""
    if y1 == y0:
        return float(x0 if abs(target - y0) <= abs(target - y1) else x1)
    x = x0 + (target - y0) * (x1 - x0) / (y1 - y0)
    return float(min(max(x, min(x0, x1)), max(x0, x1)))


def crossing_of(values: Sequence[float], rates: Sequence[float], target: float) -> float | None:
    """Where a sweep's line of rates first crosses ``target`` (linear between points)."""
    for k in range(1, len(values)):
        y0, y1 = rates[k - 1], rates[k]
        if (y0 - target) * (y1 - target) <= 0 and y0 != y1:
            return values[k - 1] + (target - y0) * (values[k] - values[k - 1]) / (y1 - y0)
    return None


__all__ = ["CHUNK", "EXACT", "BalancePoint", "BalanceResult", "balance", "crossing_of"]
