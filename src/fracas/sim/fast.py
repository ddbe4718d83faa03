"""What a fast path is, and where ``sim/`` finds a ruleset's (docs/batch-and-odds.md).

The event engine (``Session.run``) is the reference for every scenario of every ruleset. A
*fast path* answers one question an analysis asks, for the scenarios it covers, much faster,
and is held to the event engine by agreement tests. There are three kinds, each a protocol
here:

- a :class:`BatchKernel` fights many independent fights at once (``fracas sim``'s batch
  engine): ``scope`` says why a scenario is outside it, ``compile`` turns a scenario into the
  kernel's arrays, ``run`` fights them;
- an :class:`ExactOdds` gives the exact outcome distribution (``fracas odds``): ``scope``,
  ``solve``, and ``distributions`` (hit points left, damage, who is out, as :class:`Spread`
  each, from the chain's end states: ``fracas odds --distributions``);
- an :class:`Advisor` finds the best choice in each state and its exact odds
  (``fracas advise``): ``scope``, ``advise``, and ``policy``, which solves and installs the
  policy a combatant with ``tactics: optimal`` follows.

Fast paths belong to their game: a ruleset that has them names the module holding them in
``Ruleset.fast_paths`` (a dotted name, imported only when an analysis asks, so a fight never
loads a compiler), and that module's ``FAST_PATHS`` is a :class:`FastPaths`.
:func:`fast_paths` is the registry ``sim/``, ``cli/`` and ``web/`` ask; they never name a game.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from fracas.engine.ruleset import Ruleset

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from fracas.engine.events import Event
    from fracas.sim.batch.results import BatchResult

AnyRuleset = Ruleset[Any, Any, Any]
#: a ruleset's scenario model (each ruleset's own pydantic model: the fast path knows which)
Scenario = Any


class Compiled(Protocol):
    """A scenario compiled for a kernel: at least who fights on which side."""

    @property
    def names(self) -> tuple[str, str]: ...

    @property
    def sides(self) -> tuple[str, str]: ...


C = TypeVar("C", bound=Compiled)


class BatchKernel(Protocol[C]):
    """Many independent fights at once, as per-fight arrays (:class:`BatchResult`)."""

    @property
    def label(self) -> str:
        """The ``engine:`` line of ``fracas sim`` (``batch (<what it fights>)``)."""
        ...

    @property
    def counter_names(self) -> tuple[str, ...]:
        """The per-fighter counters, in the order of ``BatchResult.counts``' last axis (one
        of them ``damage_dealt``, which ``read_log`` leaves to the ruleset's ``analyse``)."""
        ...

    @property
    def end_names(self) -> tuple[str, ...]:
        """How a fighter ended, by the codes of ``BatchResult.end``."""
        ...

    @property
    def notable(self) -> Mapping[str, tuple[str, ...]]:
        """Notable event (as the ruleset's ``notable`` names it) -> the counters counting it."""
        ...

    @property
    def outcomes(self) -> Mapping[str, str]:
        """An ending as the kernel names it -> as the ruleset's ``outcome`` names it (those
        named alike are left out)."""
        ...

    def scope(self, ruleset: AnyRuleset, scenario: Scenario) -> str | None:
        """Why the kernel does not cover ``scenario`` (said after ``engine: event``), or None."""
        ...

    def compile(self, ruleset: AnyRuleset, scenario: Scenario) -> C:
        """The kernel's arrays for a scenario inside its scope."""
        ...

    def run(self, compiled: C, n: int, seed: int, per_fight: Sequence[int] | None) -> BatchResult:
        """``n`` fights from one ``seed``, or fight i from ``per_fight[i]`` alone."""
        ...

    def read_log(
        self,
        log: Sequence[Event[Any]],
        state: Any,
        index: Mapping[str, int],
        end: npt.NDArray[np.int8],
        counts: npt.NDArray[np.int32],
    ) -> None:
        """One event-engine fight in the kernel's terms (the reference the agreement tests
        compare with): each fighter's ending into ``end[f]``, its counters into ``counts[f]``
        (all but ``damage_dealt``); ``index`` maps a name to its fighter number."""
        ...


@dataclass(frozen=True)
class Solution:
    """What an exact chain found (``fracas.sim.odds.Odds`` adds the time it took): each
    fighter's win, the draw, P(length = r) for r = 1.., an upper bound on what was left out,
    the unit of length and how many state classes it followed."""

    names: tuple[str, str]
    sides: tuple[str, str]
    win: tuple[float, float]
    draw: float
    length: tuple[float, ...]
    error: float
    classes: int
    unit: str


@dataclass(frozen=True)
class Spread:
    """The exact distribution of a whole-number figure: ``probs[k]`` = P(value =
    ``values[k]``), ascending values. Where the chain does not follow the figure past a
    point, the lowest value stands for itself *or below* (``floor``) and the highest for
    itself *or above* (``ceiling``): a dead fighter's hit points, say, are "at or below
    death" and the damage that killed it "at least what it took to kill". So every "at
    least X" figure is exact, but the mean only where nothing is lumped."""

    values: tuple[int, ...]
    probs: tuple[float, ...]
    floor: bool = False
    ceiling: bool = False

    @classmethod
    def of(cls, probs: Mapping[int, float], floor: bool = False, ceiling: bool = False) -> Spread:
        """From value -> probability (values of probability 0 left out)."""
        values = tuple(sorted(v for v, p in probs.items() if p > 0.0))
        return cls(values, tuple(float(probs[v]) for v in values), floor, ceiling)

    def shifted(self, start: int) -> Spread:
        """``start - value`` for each value (hit points left -> damage taken): lumps swap."""
        pairs = sorted(zip((start - v for v in self.values), self.probs, strict=True))
        return Spread(
            tuple(v for v, _ in pairs), tuple(p for _, p in pairs), self.ceiling, self.floor
        )

    @property
    def total(self) -> float:
        return float(sum(self.probs))

    @property
    def mean(self) -> float | None:
        """The mean (None where a lump makes it unknown)."""
        if self.floor or self.ceiling or not self.probs:
            return None
        return sum(v * p for v, p in zip(self.values, self.probs, strict=True)) / self.total

    def at_least(self) -> list[tuple[int, float]]:
        """P(value >= x) for each value x (of the mass the chain accounts for)."""
        out = []
        left = self.total
        for value, p in zip(self.values, self.probs, strict=True):
            out.append((value, max(0.0, left)))
            left -= p
        return out


@dataclass(frozen=True)
class Distributions:
    """What an exact chain found beyond the outcome (``ExactOdds.distributions``): its
    ``solution`` (fight length among it) and, per fighter, what it had left at the end
    (``left``, the ruleset's first pool, named ``left_label``) and the damage it took and
    dealt (None: not exact, ``missing`` says why); per side (in ``solution.sides``' order),
    how many of its combatants were out of the fight at the end (``out``)."""

    solution: Solution
    left_label: str
    left: tuple[Spread, Spread]
    taken: tuple[Spread | None, Spread | None]
    dealt: tuple[Spread | None, Spread | None]
    out: tuple[Spread, Spread]
    #: (figure, why the chain does not give it exactly)
    missing: tuple[tuple[str, str], ...] = ()


class ExactOdds(Protocol):
    """The exact outcome distribution of a fight (a Markov chain over its state)."""

    def scope(self, ruleset: AnyRuleset, scenario: Scenario) -> str | None:
        """Why the chain does not cover ``scenario``, or None."""
        ...

    def load(self) -> None:
        """Load (or compile) what the chain runs, before its time is taken."""
        ...

    def solve(self, ruleset: AnyRuleset, scenario: Scenario, policy: object | None) -> Solution:
        """The odds of a scenario inside the scope; ``policy``: what a combatant with
        ``tactics: optimal`` follows (None: the one the advisor solves)."""
        ...

    def distributions(
        self, ruleset: AnyRuleset, scenario: Scenario, policy: object | None
    ) -> Distributions:
        """The odds with the distributions the chain's end states give (``solve``'s
        figures, from the chain run that records them)."""
        ...


class Advice(Protocol):
    """The best choice in each state, and the exact odds with and without it."""

    def lines(self) -> list[str]:
        """The advice as lines for a terminal."""
        ...

    def to_json(self) -> dict[str, Any]: ...


class Advisor(Protocol):
    """The best choice for one side in each state, by value iteration over the chain."""

    @property
    def covers(self) -> str:
        """What it covers, for the message to a scenario no advisor covers ("... duels")."""
        ...

    def scope(self, ruleset: AnyRuleset, scenario: Scenario) -> str | None:
        """Why the advisor does not cover ``scenario``, or None."""
        ...

    def advise(self, ruleset: AnyRuleset, scenario: Scenario, side: str | None) -> Advice:
        """The advice for ``side`` (default: the first combatant's); ``OutOfScope`` outside
        the scope or for a side that is not there."""
        ...

    def policy(self, ruleset: AnyRuleset, scenario: Scenario) -> object | None:
        """For a scenario with ``tactics: optimal``: solve the policy, install it for the event
        engine and return what the batch kernel reads (None: nobody follows one, or the
        kernel does not read it)."""
        ...


@dataclass(frozen=True)
class FastPaths:
    """A ruleset's fast paths (None: it has no such path)."""

    batch: BatchKernel[Any] | None = None
    odds: ExactOdds | None = None
    advisor: Advisor | None = None


NONE = FastPaths()
_LOADED: dict[str, FastPaths] = {}


def fast_paths(ruleset: AnyRuleset) -> FastPaths:
    """The fast paths ``ruleset`` registers (``Ruleset.fast_paths``), or none."""
    module = ruleset.fast_paths
    if module is None:
        return NONE
    hit = _LOADED.get(module)
    if hit is None:
        found = importlib.import_module(module).FAST_PATHS
        if not isinstance(found, FastPaths):
            raise TypeError(f"{module}.FAST_PATHS is not a FastPaths")
        hit = _LOADED[module] = found
    return hit


def every_ruleset() -> list[AnyRuleset]:
    """Every ruleset fracas knows, in the registry's order."""
    from fracas.rulesets import RULESETS, get_ruleset

    return [get_ruleset(name) for name in RULESETS]
