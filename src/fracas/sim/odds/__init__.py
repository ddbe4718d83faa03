"""Exact odds of a fight by a Markov chain (``fracas odds``), and the best choice in each
state by value iteration over it (``fracas advise``), where the scenario's ruleset has them
(``fracas.sim.fast``: its ``ExactOdds`` and ``Advisor``).

``odds(ruleset, scenario)`` returns an :class:`Odds`; ``distributions(ruleset, scenario)``
the exact distributions of length, health left, damage and who is out (an
:class:`ExactDistributions`); ``scope(ruleset, scenario)`` says why a
scenario is outside the chain (None: inside); ``advise(ruleset, scenario, side)`` returns the
advisor's ``Advice``; ``install_policy`` solves and installs what ``tactics: optimal``
follows. A game's chain reads its batch kernel's compiled arrays, so the chain and the
kernel follow the same data and tactics.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from fracas.sim import batch
from fracas.sim.fast import (
    Advice,
    Advisor,
    AnyRuleset,
    AnyScenario,
    ExactOdds,
    Solution,
    every_ruleset,
    fast_paths,
    scenario_of,
)
from fracas.sim.odds.distributions import ExactDistributions, ExactFigure, figures_of
from fracas.sim.working import working

__all__ = [
    "Advice",
    "ExactDistributions",
    "ExactFigure",
    "Odds",
    "OutOfScope",
    "advise",
    "advisor",
    "distributions",
    "install_policy",
    "odds",
    "scope",
    "timed",
]


class OutOfScope(ValueError):
    """The scenario is outside the chain (the message says why)."""


@dataclass(frozen=True)
class Odds:
    """Exact outcome probabilities of a duel: each side's win, the draw, P(length = r) for
    r = 1..len(length) (rounds, or the ruleset's own ``unit`` of combat time), and ``error``,
    an upper bound on the probability the chain left out (pruned classes and fights still
    going when it stopped)."""

    scenario: str
    names: tuple[str, str]
    sides: tuple[str, str]
    win: tuple[float, float]
    draw: float
    length: tuple[float, ...]
    error: float
    unit: str
    classes: int
    seconds: float

    @property
    def mean_length(self) -> float:
        total = sum(self.length)
        return sum((r + 1) * p for r, p in enumerate(self.length)) / total if total else 0.0

    def quantile(self, q: float) -> int:
        """The smallest length r with P(length <= r) >= q."""
        acc = 0.0
        total = sum(self.length)
        for r, p in enumerate(self.length):
            acc += p
            if acc >= q * total:
                return r + 1
        return len(self.length)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["mean_length"] = self.mean_length
        out["median_length"] = self.quantile(0.5)
        return out


def exact(ruleset: AnyRuleset) -> ExactOdds[Any] | None:
    """The ruleset's exact chain, or None."""
    return fast_paths(ruleset).odds


def scope(ruleset: AnyRuleset, scenario: AnyScenario) -> str | None:
    """Why ``scenario`` is outside the chain, or None."""
    chain = exact(ruleset)
    if chain is None:
        return batch.scope(ruleset, scenario)
    return chain.scope(ruleset, scenario)


def odds(ruleset: AnyRuleset, scenario: AnyScenario, policy: object | None = None) -> Odds:
    """The exact odds of ``scenario`` (``OutOfScope`` outside the chain); ``policy``: what a
    combatant with ``tactics: optimal`` follows (None: the one the advisor solves)."""
    why = scope(ruleset, scenario)
    chain = exact(ruleset)
    if why is not None or chain is None:
        raise OutOfScope(why)
    chain.load()  # the time reported is the chain's, not numba loading its cache
    return timed(scenario_of(scenario).name, lambda: chain.solve(ruleset, scenario, policy))


def distributions(
    ruleset: AnyRuleset, scenario: Any, policy: object | None = None
) -> ExactDistributions:
    """The exact distributions of ``scenario`` (length, health left, damage, who is out:
    ``fracas odds --distributions``), with the odds of the same chain run
    (``OutOfScope`` outside the chain)."""
    why = scope(ruleset, scenario)
    chain = exact(ruleset)
    if why is not None or chain is None:
        raise OutOfScope(why)
    chain.load()  # the time reported is the chain's, as in ``odds``
    start = time.process_time()
    with working("working out the exact distributions from the chain's end states"):
        found = chain.distributions(ruleset, scenario, policy)
    odds = _odds_of(scenario.name, found.solution, time.process_time() - start)
    options = getattr(scenario, "options", None)
    dump = getattr(options, "model_dump", None)
    plain: dict[str, Any] = dump(mode="json") if dump is not None else {}
    return ExactDistributions(scenario.name, odds, figures_of(found), ruleset.name, plain)


def timed(name: str, solve: Callable[[], Solution]) -> Odds:
    """The odds ``solve`` finds, with the CPU time it took (what the computation took, the
    kernels' loading aside)."""
    start = time.process_time()
    s = solve()
    return _odds_of(name, s, time.process_time() - start)


def _odds_of(name: str, s: Solution, seconds: float) -> Odds:
    return Odds(
        scenario=name,
        names=(s.names[0], s.names[1]),
        sides=(s.sides[0], s.sides[1]),
        win=(float(s.win[0]), float(s.win[1])),
        draw=float(s.draw),
        length=tuple(float(x) for x in s.length),
        error=float(s.error),
        unit=s.unit,
        classes=s.classes,
        seconds=seconds,
    )


def advisor(ruleset: AnyRuleset) -> Advisor[Any] | None:
    """The ruleset's advisor, or None."""
    return fast_paths(ruleset).advisor


def advise(ruleset: AnyRuleset, scenario: AnyScenario, side: str | None = None) -> Advice:
    """The best choice for ``side`` (default: the first combatant's) in each state, and its
    odds (``OutOfScope`` where no advisor covers the scenario)."""
    found = advisor(ruleset)
    if found is None:
        covers = [a.covers for r in every_ruleset() if (a := advisor(r)) is not None]
        listed = " and ".join([", ".join(covers[:-1]), covers[-1]] if len(covers) > 1 else covers)
        raise OutOfScope(f"advise covers {listed}" if covers else "no ruleset has an advisor")
    return found.advise(ruleset, scenario, side)


def install_policy(ruleset: AnyRuleset, scenario: AnyScenario) -> object | None:
    """For a scenario with ``tactics: optimal``: solve the policy (as ``advise`` does),
    install it for the event engine and return what the batch kernel reads (None: nobody
    follows one, or the ruleset has no advisor)."""
    found = advisor(ruleset)
    return None if found is None else found.policy(ruleset, scenario)
