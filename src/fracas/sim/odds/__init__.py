"""Exact odds of a one-on-one fight by a Markov chain (``fracas odds``), and the best stance in
each state by value iteration over it (``fracas advise``).

``odds(ruleset, scenario)`` returns an :class:`Odds`; ``scope(ruleset, scenario)`` says why a
scenario is outside the chain (None: inside). Both read the batch kernels' compiled arrays,
so the chain and the kernel follow the same data and tactics.
"""

from __future__ import annotations

import gc
import time
from dataclasses import asdict, dataclass
from typing import Any

from fracas.sim import batch

__all__ = ["Odds", "OutOfScope", "odds", "scope"]


class OutOfScope(ValueError):
    """The scenario is outside the chain (the message says why)."""


@dataclass(frozen=True)
class Odds:
    """Exact outcome probabilities of a duel: each side's win, the draw, P(length = r) for
    r = 1..len(length) (rounds, or EXP combat units), and ``error``, an upper bound on the
    probability the chain left out (pruned classes and fights still going when it stopped)."""

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


def scope(ruleset: Any, scenario: Any) -> str | None:
    """Why ``scenario`` is outside the chain, or None."""
    if ruleset.name == "exp":  # the brawl kernel's scope, and the chain's own
        from fracas.sim.odds.exp_chain import chain_scope

        return chain_scope(scenario, ruleset)
    why = batch.scope(ruleset, scenario)
    if why is None and ruleset.name == "percentile":
        from fracas.sim.batch.percentile_spec import armour_stops

        why = armour_stops(scenario, ruleset)
    return why


def odds(ruleset: Any, scenario: Any, policy: Any = None, model: Any = None) -> Odds:
    """The exact odds of ``scenario`` (``OutOfScope`` outside the chain). ``model``: a
    percentile ``ExchangeModel`` already built for this scenario's combatants (the exchange
    reads no tactic, so ``advise`` shares one between the policies it evaluates)."""
    why = scope(ruleset, scenario)
    if why is not None:
        raise OutOfScope(why)
    if (
        policy is None
        and ruleset.name == "percentile"
        and any(c.tactics == "optimal" for c in scenario.combatants)
    ):
        # ``tactics: optimal`` is advise's policy: solved on this chain, then followed
        from fracas.sim.odds.advise import install_policy

        policy = install_policy(ruleset, scenario)
    if ruleset.name == "percentile":
        from fracas.sim.odds.percentile_chain import load_kernels

        load_kernels()  # the time reported is the chain's, not numba loading its cache
    start = time.process_time()  # CPU time: what the computation took, load aside
    spec: Any
    if ruleset.name == "percentile":
        from fracas.sim.batch.percentile_spec import O_MAX_ROUNDS, compile_duel
        from fracas.sim.odds.percentile_chain import DuelChain, first_player
        from fracas.sim.odds.percentile_exchange import ExchangeModel

        # no collection pass while the chain runs, nor before what it made is dropped: the
        # model's many small objects would be scanned once more, and they free nothing
        paused = gc.isenabled()
        gc.disable()
        try:
            spec = compile_duel(scenario, ruleset, policy)
            if model is None:
                model = ExchangeModel(spec, ruleset.profiles(scenario))
            chain = DuelChain(spec, model)
            r = chain.run(first_player(spec), int(spec.opts[O_MAX_ROUNDS]))
            del chain, model  # (the caller's model lives on)
        finally:
            if paused:
                gc.enable()
        win, draw, length, error, classes, unit = (
            r.win,
            r.draw,
            r.length,
            r.error,
            r.classes,
            "rounds",
        )
    else:
        from fracas.sim.odds.exp_chain import brawl_odds

        e = brawl_odds(scenario, ruleset, policy)
        win, draw, length, error, classes, unit = (
            e.win,
            e.draw,
            e.length,
            e.error,
            e.states,
            "units",
        )
        spec = e.spec
    return Odds(
        scenario=scenario.name,
        names=(spec.names[0], spec.names[1]),
        sides=(spec.sides[0], spec.sides[1]),
        win=(float(win[0]), float(win[1])),
        draw=float(draw),
        length=tuple(float(x) for x in length),
        error=float(error),
        unit=unit,
        classes=classes,
        seconds=time.process_time() - start,
    )
