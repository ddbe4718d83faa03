"""The reference backend: each fight is ``Session.start`` + ``Session.run`` with a
``SeededRoller`` of its own seed, exactly what ``fracas fight SCENARIO --seed S`` runs, and
the finished fight is read through the ruleset's analysis hooks (``outcome``, ``notable``,
``damage``, ``health_left``, ``choices``). Nothing of a fight is kept once it is added to
the tally."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from fracas.dice import SeededRoller
from fracas.engine import Encounter, Event, Ruleset, Session
from fracas.sim.backend import FightFailed
from fracas.sim.batch.backend import prepare
from fracas.sim.tally import Tally
from fracas.sim.variant import CHUNK, Variant


class EventBackend:
    """Fights through the event engine (every ruleset, every scenario)."""

    name: ClassVar[str] = "event"
    task_size: ClassVar[int] = CHUNK  # a fight costs 0.1-5 ms: 500 are 0.05-2.5 s

    def unsupported(self, variant: Variant) -> str | None:
        return None

    def run_chunk(self, variant: Variant, seeds: Sequence[int]) -> Tally:
        ruleset, scenario = variant.load()
        prepare([variant])  # this variant's own tactics: optimal policy (cached once solved)
        tally = empty_tally(ruleset, ruleset.build(scenario))
        index = {cid: i for i, cid in enumerate(tally.combatants)}
        for seed in seeds.tolist() if hasattr(seeds, "tolist") else seeds:  # Python ints
            try:
                session = Session.start(ruleset, scenario, SeededRoller(seed))
                state = session.run()
                add_fight(tally, ruleset, session.log, state, index)
            except Exception as exc:  # a rule that raises: stop with the seed
                error = f"{type(exc).__name__}: {exc}"
                raise FightFailed(variant.source, seed, error, variant.overrides) from None
        return tally


def empty_tally(ruleset: Ruleset[Any, Any, Any], state: Encounter[Any]) -> Tally:
    """An empty tally for the fight that ``state`` (built, not yet started) is the start of."""
    people = list(state.combatants.values())
    return Tally(
        sides=tuple(dict.fromkeys(c.side for c in people)),
        combatants=tuple(c.id for c in people),
        names=tuple(c.name for c in people),
        combatant_sides=tuple(c.side for c in people),
    )


def add_fight(
    tally: Tally,
    ruleset: Ruleset[Any, Any, Any],
    log: Sequence[Event[Any]],
    state: Encounter[Any],
    index: dict[str, int] | None = None,
) -> None:
    """Read one finished fight through the ruleset's hooks and add it to ``tally``
    (``index``: each combatant id's position in ``tally.combatants``, if already known).
    On the hot path: what ``Tally.add`` does, written out."""
    ids = tally.combatants
    if index is None:
        index = {cid: i for i, cid in enumerate(ids)}
    names, hits = ruleset.analyse(log, state)
    taken = [0] * len(ids)
    dealt = [0] * len(ids)
    for dealer, target, amount in hits:
        taken[index[target]] += amount
        if dealer is not None and dealer != target:
            dealt[index[dealer]] += amount
    notable: dict[str, int] = {}
    for name in names:
        notable[name] = notable.get(name, 0) + 1
    winner = None if state.winner is None else tally.sides.index(state.winner)
    outcomes = [ruleset.outcome(state, cid) for cid in ids]
    tally.add(winner, state.round, dealt, taken, outcomes, notable)
    left = [ruleset.health_left(state, cid) for cid in ids]
    if all(x is not None for x in left):
        tally.add_left(left[0][0] if left[0] else "", [x[1] for x in left if x is not None])
    chosen: list[dict[str, int]] = [{} for _ in ids]
    for actor, kind in ruleset.choices(log, state):
        i = index.get(actor)
        if i is not None:
            mine = chosen[i]
            mine[kind] = mine.get(kind, 0) + 1
    tally.add_choices(chosen)
