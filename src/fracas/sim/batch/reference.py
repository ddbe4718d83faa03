"""The event engine's figures in a kernel's terms: ``Session.run`` over seeds, each log read
into the same per-fight arrays a kernel returns (by the kernel's own ``read_log``). The
agreement tests and the bench compare the two; this is the reference."""

from __future__ import annotations

import numpy as np

from fracas.dice import SeededRoller
from fracas.engine import EncounterEnded, Session
from fracas.engine.events import RoundStarted
from fracas.sim.batch import kernel
from fracas.sim.batch.results import BatchResult
from fracas.sim.fast import AnyRuleset, AnyScenario, scenario_of


def event_batch(ruleset: AnyRuleset, scenario: AnyScenario, seeds: range) -> BatchResult:
    """The event engine's fights for ``seeds`` (``SeededRoller(seed)`` each), as arrays."""
    found = kernel(ruleset)
    if found is None:
        raise ValueError(f"no batch kernel for the {ruleset.name} ruleset")
    combatants = scenario_of(scenario).combatants
    names = tuple(c.name for c in combatants)
    sides = tuple(c.side for c in combatants)
    index = {name: i for i, name in enumerate(names)}
    n = len(seeds)
    counter_names = found.counter_names
    end_names = found.end_names
    winner = np.zeros(n, np.int8)
    rounds = np.zeros(n, np.int32)
    end = np.zeros((n, len(names)), np.int8)
    counts = np.zeros((n, len(names), len(counter_names)), np.int32)
    n_dealt = counter_names.index("damage_dealt")
    for i, seed in enumerate(seeds):
        session = Session.start(ruleset, scenario, SeededRoller(seed))
        state = session.run()
        last = session.log[-1]
        assert isinstance(last, EncounterEnded)
        winner[i] = -1 if last.winner is None else sides.index(last.winner)
        rounds[i] = max(e.round for e in session.log if isinstance(e, RoundStarted))
        # damage dealt as the analysis layer counts it (the ruleset's ``analyse`` hook)
        dealt = counts[i, :, n_dealt]
        for dealer, target, amount in ruleset.analyse(session.log, state)[1]:
            if dealer is not None and dealer != target:
                dealt[index[dealer]] += amount
        found.read_log(session.log, state, index, end[i], counts[i])
    return BatchResult(
        engine="event",
        names=(names[0], names[1]),
        sides=(sides[0], sides[1]),
        winner=winner,
        rounds=rounds,
        end=end,
        end_names=end_names,
        counts=counts,
        counter_names=counter_names,
        draws=0,
    )
