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

A scenario is a ruleset's own pydantic model (``Ruleset.scenario_model``): the protocols are
generic in it (``S``), so a ruleset's paths say which model they read and mypy holds them to
it; the registry, which knows no game, holds them as taking any model, and hands a ruleset's
paths only that ruleset's scenarios. A ruleset declares its paths with the helpers below,
which check that at run time (:class:`Owner`) and import the modules doing the work only
when first asked (:func:`imported`): :class:`DeclaredKernel`, :class:`DeclaredOdds`,
:class:`DeclaredAdvisor`, and :func:`run_kernel`, the part of running a batch kernel common
to every game (the arrays of results, the seeds, the wrapping into a :class:`BatchResult`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast, runtime_checkable

from pydantic import BaseModel

from fracas.engine.ruleset import Ruleset

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from fracas.engine.events import Event
    from fracas.sim.batch.results import BatchResult

AnyRuleset = Ruleset[Any, Any, Any]


class Combatant(Protocol):
    """A combatant of any ruleset's scenario, as ``sim/`` reads it."""

    @property
    def name(self) -> str: ...

    @property
    def side(self) -> str: ...

    @property
    def tactics(self) -> object: ...


@runtime_checkable
class Scenario(Protocol):
    """A scenario as ``sim/`` sees it, whatever its ruleset: each ruleset's own pydantic
    model (``Ruleset.scenario_model``), with a name and its combatants."""

    @property
    def name(self) -> str: ...

    @property
    def combatants(self) -> Sequence[Combatant]: ...


#: what ``sim/``'s entry points take: a validated scenario (``LoadedScenario.scenario`` is
#: typed as the pydantic model it is; ``scenario_of`` reads it as a :class:`Scenario`)
AnyScenario = Scenario | BaseModel


def scenario_of(model: AnyScenario) -> Scenario:
    """``model`` as a :class:`Scenario` (a TypeError if it is not one)."""
    if not isinstance(model, Scenario):
        raise TypeError(f"{type(model).__name__} is not a scenario (no name or combatants)")
    return model


#: the scenario model a fast path reads (its ruleset's); in a protocol, what it accepts
S = TypeVar("S", bound=Scenario)
S_contra = TypeVar("S_contra", bound=Scenario, contravariant=True)
#: the ruleset a fast path belongs to
R = TypeVar("R", bound=AnyRuleset)


class Compiled(Protocol):
    """A scenario compiled for a kernel: at least who fights on which side."""

    @property
    def names(self) -> tuple[str, str]: ...

    @property
    def sides(self) -> tuple[str, str]: ...


C = TypeVar("C", bound=Compiled)


class BatchKernel(Protocol[C, S_contra]):
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

    def scope(self, ruleset: AnyRuleset, scenario: S_contra) -> str | None:
        """Why the kernel does not cover ``scenario`` (said after ``engine: event``), or None."""
        ...

    def compile(self, ruleset: AnyRuleset, scenario: S_contra) -> C:
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


class ExactOdds(Protocol[S_contra]):
    """The exact outcome distribution of a fight (a Markov chain over its state)."""

    def scope(self, ruleset: AnyRuleset, scenario: S_contra) -> str | None:
        """Why the chain does not cover ``scenario``, or None."""
        ...

    def load(self) -> None:
        """Load (or compile) what the chain runs, before its time is taken."""
        ...

    def solve(self, ruleset: AnyRuleset, scenario: S_contra, policy: object | None) -> Solution:
        """The odds of a scenario inside the scope; ``policy``: what a combatant with
        ``tactics: optimal`` follows (None: the one the advisor solves)."""
        ...

    def distributions(
        self, ruleset: AnyRuleset, scenario: S_contra, policy: object | None
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


class Advisor(Protocol[S_contra]):
    """The best choice for one side in each state, by value iteration over the chain."""

    @property
    def covers(self) -> str:
        """What it covers, for the message to a scenario no advisor covers ("... duels")."""
        ...

    def scope(self, ruleset: AnyRuleset, scenario: S_contra) -> str | None:
        """Why the advisor does not cover ``scenario``, or None."""
        ...

    def advise(self, ruleset: AnyRuleset, scenario: S_contra, side: str | None) -> Advice:
        """The advice for ``side`` (default: the first combatant's); ``OutOfScope`` outside
        the scope or for a side that is not there."""
        ...

    def policy(self, ruleset: AnyRuleset, scenario: S_contra) -> object | None:
        """For a scenario with ``tactics: optimal``: solve the policy, install it for the event
        engine and return what the batch kernel reads (None: nobody follows one, or the
        kernel does not read it)."""
        ...


@dataclass(frozen=True)
class FastPaths:
    """A ruleset's fast paths (None: it has no such path)."""

    batch: BatchKernel[Any, Any] | None = None
    odds: ExactOdds[Any] | None = None
    advisor: Advisor[Any] | None = None


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


# -- declaring a ruleset's fast paths ----------------------------------------------------------
def imported(path: str) -> Any:
    """``"package.module:name"``: that name, its module imported now (a fast path's modules
    load numba: imported when first asked for, never by a fight)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class Owner(Generic[R, S]):
    """The ruleset and the scenario model a ruleset's fast paths take. The registry hands
    them only these; ``check`` makes sure (a TypeError otherwise) and gives them typed."""

    ruleset: type[R]
    scenario: type[S]

    def check(self, ruleset: AnyRuleset, scenario: AnyScenario) -> tuple[R, S]:
        if not isinstance(ruleset, self.ruleset):
            raise TypeError(f"{ruleset.name} is not the ruleset of these fast paths")
        if not isinstance(scenario, self.scenario):
            raise TypeError(f"not a scenario of {ruleset.name}: {type(scenario).__name__}")
        return ruleset, scenario


@dataclass(frozen=True)
class DeclaredKernel(Generic[R, S, C]):
    """A :class:`BatchKernel` declared by its parts: ``scope_of`` and ``compile_of`` on the
    ruleset's own types, and, named ``"module:name"`` (imported when first used), the runner
    (``runner(compiled, n, seed, label, per_fight) -> BatchResult``, most simply by
    :func:`run_kernel`), its counters' and endings' names and the reading of an event-engine
    fight in its terms (``read_log``, the agreement tests' reference)."""

    owner: Owner[R, S]
    label: str
    scope_of: Callable[[R, S], str | None]
    compile_of: Callable[[R, S], C]
    runner: str
    counters: str
    ends: str
    reference: str
    notable: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    outcomes: Mapping[str, str] = field(default_factory=dict)

    @property
    def counter_names(self) -> tuple[str, ...]:
        return tuple(imported(self.counters))

    @property
    def end_names(self) -> tuple[str, ...]:
        return tuple(imported(self.ends))

    def scope(self, ruleset: AnyRuleset, scenario: S) -> str | None:
        return self.scope_of(*self.owner.check(ruleset, scenario))

    def compile(self, ruleset: AnyRuleset, scenario: S) -> C:
        return self.compile_of(*self.owner.check(ruleset, scenario))

    def run(self, compiled: C, n: int, seed: int, per_fight: Sequence[int] | None) -> BatchResult:
        return cast("BatchResult", imported(self.runner)(compiled, n, seed, self.label, per_fight))

    def read_log(
        self,
        log: Sequence[Event[Any]],
        state: Any,
        index: Mapping[str, int],
        end: npt.NDArray[np.int8],
        counts: npt.NDArray[np.int32],
    ) -> None:
        imported(self.reference)(log, state, index, end, counts)


@dataclass(frozen=True)
class DeclaredOdds(Generic[R, S]):
    """An :class:`ExactOdds` declared by its parts: ``scope_of`` and ``solve_of`` on the
    ruleset's own types, and ``loader`` (``"module:name"``, None: nothing compiled) loading
    what the chain runs."""

    owner: Owner[R, S]
    scope_of: Callable[[R, S], str | None]
    solve_of: Callable[[R, S, object | None], Solution]
    distributions_of: Callable[[R, S, object | None], Distributions]
    loader: str | None = None

    def scope(self, ruleset: AnyRuleset, scenario: S) -> str | None:
        return self.scope_of(*self.owner.check(ruleset, scenario))

    def load(self) -> None:
        if self.loader is not None:
            from fracas.sim.working import working

            with working("loading the compiled kernels"):
                imported(self.loader)()

    def solve(self, ruleset: AnyRuleset, scenario: S, policy: object | None) -> Solution:
        return self.solve_of(*self.owner.check(ruleset, scenario), policy)

    def distributions(
        self, ruleset: AnyRuleset, scenario: S, policy: object | None
    ) -> Distributions:
        return self.distributions_of(*self.owner.check(ruleset, scenario), policy)


@dataclass(frozen=True)
class DeclaredAdvisor(Generic[R, S]):
    """An :class:`Advisor` declared by its parts, on the ruleset's own types: it covers what
    the exact chain covers (``odds``)."""

    owner: Owner[R, S]
    covers: str
    odds: DeclaredOdds[R, S]
    advise_of: Callable[[R, S, str | None], Advice]
    policy_of: Callable[[R, S], object | None]

    def scope(self, ruleset: AnyRuleset, scenario: S) -> str | None:
        return self.odds.scope(ruleset, scenario)

    def advise(self, ruleset: AnyRuleset, scenario: S, side: str | None) -> Advice:
        return self.advise_of(*self.owner.check(ruleset, scenario), side)

    def policy(self, ruleset: AnyRuleset, scenario: S) -> object | None:
        return self.policy_of(*self.owner.check(ruleset, scenario))


class Fights(Compiled, Protocol):
    """A compiled scenario :func:`run_kernel` can run: who fights, and the kernel's arrays."""

    def arrays(self) -> tuple[Any, ...]: ...


def run_kernel(
    kernel: Callable[..., None],
    compiled: Fights,
    n: int,
    seed: int,
    engine: str,
    per_fight: Sequence[int] | None,
    counter_names: tuple[str, ...],
    end_names: tuple[str, ...],
    scratch: tuple[Any, ...] = (),
) -> BatchResult:
    """``n`` fights of a compiled scenario from one ``seed``, or one per seed of
    ``per_fight`` (fight i from ``per_fight[i]`` alone, whatever the chunk: ``n`` is then its
    length), by a batch kernel taking ``compiled.arrays()``, then the results it writes in
    place (winner, rounds, end, counts), the draws, the per-fight seeds and ``scratch``."""
    import numpy as np

    from fracas.sim.batch.results import BatchResult, zeros
    from fracas.sim.batch.rng import fight_seeds, new_draws

    seeds = fight_seeds(per_fight) if per_fight is not None else np.zeros(0, np.uint64)
    n = len(seeds) if per_fight is not None else n
    winner = zeros((n,), np.int8)
    rounds = zeros((n,), np.int32)
    end = zeros((n, 2), np.int8)
    counts = zeros((n, 2, len(counter_names)), np.int32)
    draws = new_draws(seed)
    kernel(*compiled.arrays(), winner, rounds, end, counts, draws, seeds, *scratch)
    return BatchResult(
        engine=engine,
        names=compiled.names,
        sides=compiled.sides,
        winner=winner,
        rounds=rounds,
        end=end,
        end_names=end_names,
        counts=counts,
        counter_names=counter_names,
        draws=int(draws[0]),
    )
