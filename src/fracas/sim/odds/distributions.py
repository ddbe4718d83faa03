"""Exact distributions of a fight (``fracas odds --distributions``): fight length, each
combatant's health left and damage taken and dealt, how many of each side were out of the
fight at the end, each as a :class:`~fracas.sim.fast.Spread` with its "at least X" table,
from the end states of the ruleset's exact chain (``ExactOdds.distributions``). A figure
the chain does not give exactly is listed with the reason, never estimated."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fracas.sim.fast import Distributions, Spread

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class ExactFigure:
    """One distribution: ``figure`` (length, left, taken, dealt, out), ``who`` (a
    combatant's name, a side, or "" for the fight), the ``title`` a reader sees, and the
    ``spread`` (None: not exact, ``why`` says why)."""

    figure: str
    who: str
    title: str
    spread: Spread | None
    why: str = ""

    def at_least(self, x: int) -> float | None:
        """P(value >= x), or None where a lump hides it (x at or below a floor, above a
        ceiling) or the figure is not exact."""
        s = self.spread
        if s is None or not s.values:
            return None
        if s.floor and x <= s.values[0]:
            return None
        if s.ceiling and x > s.values[-1]:
            return None
        return float(sum(p for v, p in zip(s.values, s.probs, strict=True) if v >= x))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"figure": self.figure, "who": self.who, "title": self.title}
        s = self.spread
        if s is None:
            out.update(exact=False, why=self.why)
            return out
        out.update(
            exact=True,
            values=list(s.values),
            probabilities=list(s.probs),
            at_least=[[x, p] for x, p in s.at_least()],
            lowest_or_below=s.floor,
            highest_or_above=s.ceiling,
            mean=s.mean,
        )
        return out


@dataclass(frozen=True)
class ExactDistributions:
    """The exact distributions of one scenario (``odds``: the outcome from the same chain
    run, ``seconds`` its CPU time)."""

    scenario: str
    odds: Any  # fracas.sim.odds.Odds (imported there: no circle)
    figures: tuple[ExactFigure, ...]
    #: the ruleset's name and the scenario's options (for a chart's caption)
    ruleset: str = ""
    options: dict[str, Any] = field(default_factory=dict)

    def figure(self, figure: str, who: str = "") -> ExactFigure:
        return next(f for f in self.figures if f.figure == figure and f.who == who)

    def to_pandas(self) -> pd.DataFrame:
        """One row per figure and value: its probability and the probability of at least
        it (tidy, as ``SimResult.to_pandas``); a figure the chain does not give exactly is
        one row with ``exact`` False and the reason."""
        import pandas as pd

        rows: list[dict[str, Any]] = []
        for f in self.figures:
            base = {"scenario": self.scenario, "figure": f.figure, "who": f.who}
            if f.spread is None:
                rows.append({**base, "exact": False, "why": f.why})
                continue
            s = f.spread
            for k, ((value, at_least), p) in enumerate(zip(s.at_least(), s.probs, strict=True)):
                lump = (
                    "or below"
                    if s.floor and k == 0
                    else "or above"
                    if s.ceiling and k == len(s.values) - 1
                    else ""
                )
                rows.append(
                    {**base, "exact": True, "value": value, "lump": lump,
                     "probability": p, "at_least": at_least}
                )  # fmt: skip
        return pd.DataFrame(rows)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = self.odds.to_json()
        out["distributions"] = [f.to_json() for f in self.figures]
        return out


def figures_of(d: Distributions) -> tuple[ExactFigure, ...]:
    """The figures of a chain's ``Distributions``, in the order ``fracas sim
    --distributions`` prints them: length, each side's out of the fight, each combatant's
    damage dealt and taken and what it had left."""
    s = d.solution
    unit = s.unit
    length = Spread.of({r + 1: p for r, p in enumerate(s.length)})
    figs = [ExactFigure("length", "", f"length ({unit})", length)]
    missing = dict(d.missing)
    for f in (0, 1):
        figs.append(
            ExactFigure(
                "out", s.sides[f], f"{s.sides[f]}: out of the fight at the end (of 1)", d.out[f]
            )
        )
    for f in (0, 1):
        name = s.names[f]
        for key, word, spread in (
            ("dealt", "damage dealt", d.dealt[f]),
            ("taken", "damage taken", d.taken[f]),
        ):
            why = "" if spread is not None else missing.get(word, "not given by the chain")
            figs.append(ExactFigure(key, name, f"{name}: {word}", spread, why))
        figs.append(ExactFigure("left", name, f"{name}: {d.left_label} left", d.left[f]))
    return tuple(figs)
