"""The event engine's figures in a kernel's terms: ``Session.run`` over seeds, each log read
into the same per-fight arrays a kernel returns. The agreement tests and the bench compare
the two; this is the reference."""

from __future__ import annotations

from typing import Any

import numpy as np

from fracas.dice import SeededRoller
from fracas.engine import EncounterEnded, Session
from fracas.engine.events import Event, RoundStarted
from fracas.sim.batch.results import END_NAMES, BatchResult


def _percentile_counts(log: list[Event[Any]], index: dict[str, int], counts: np.ndarray) -> None:
    from fracas.rulesets.percentile import events as ev
    from fracas.rulesets.percentile.fast import kernel as k

    for e in log:
        if isinstance(e, ev.FumbleRolled):
            counts[index[e.who], k.N_FUMBLES] += 1
        elif isinstance(e, ev.WeaponDropped):
            slot = k.N_DISARMED if e.reason == "disarmed" else k.N_DROPPED
            counts[index[e.who], slot] += 1
        elif isinstance(e, ev.WeaponBroken):
            counts[index[e.who], k.N_BROKEN] += 1
        elif isinstance(e, ev.WeaponDamaged):
            counts[index[e.who], k.N_BV_LOST] += 1
        elif isinstance(e, ev.ArmourGlitched):
            counts[index[e.who], k.N_GLITCHES] += 1
        elif isinstance(e, ev.ArmourLoosened):
            counts[index[e.who], k.N_LOOSENED] += 1
        elif isinstance(e, ev.Killed):
            counts[index[e.who], k.N_KILLED] += 1
        elif isinstance(e, ev.WeaponRecovered):
            counts[index[e.who], k.N_RECOVERED] += 1
        elif isinstance(e, ev.Damaged):
            counts[index[e.who], k.N_DAMAGE_TAKEN] += e.amount
        elif isinstance(e, ev.AttackRolled) and e.result == k.PERFECT:
            counts[index[e.who], k.N_PERFECT] += 1


def _percentile_end(state: Any, name: str) -> int:
    c = state.combatants[name]
    if c.dead:
        return 2
    if c.yielded:
        return {"surrenders": 3, "flees": 4}[c.yielded]
    if c.hp < 0:
        return 5
    return 1 if c.hp == 0 else 0


def _exp_counts(log: list[Event[Any]], index: dict[str, int], counts: np.ndarray) -> None:
    from fracas.rulesets.exp import events as ev
    from fracas.rulesets.exp.fast import kernel as k

    free = None  # who has a free attack to take (after a snatch lost at Strength)
    for e in log:
        if isinstance(e, ev.AttackRolled):
            counts[index[e.attacker], k.N_ATTACKS] += 1
            if e.hit:
                counts[index[e.attacker], k.N_HITS] += 1
            if e.attacker == free:
                counts[index[e.attacker], k.N_FREE_ATTACKS] += 1
        elif isinstance(e, ev.WeaponSnatched):
            counts[index[e.grabber], k.N_SNATCHES] += 1
        elif isinstance(e, ev.SnatchBacklash):
            counts[index[e.grabber], k.N_SNATCH_FAILED] += 1
            free = e.target if e.weapon is not None else free
        elif isinstance(e, ev.TurnEnded) and e.free:
            free = None
        elif isinstance(e, ev.OopsChecked) and e.oops:
            counts[index[e.attacker], k.N_OOPS] += 1
        elif isinstance(e, ev.Damaged):
            counts[index[e.target], k.N_HPS_LOST] += e.amount
        elif isinstance(e, ev.Grappled):
            counts[index[e.grappler], k.N_GRAPPLES] += 1
        elif isinstance(e, ev.TripResolved) and e.outcome == "tripped":
            counts[index[e.attacker], k.N_TRIPS] += 1
        elif isinstance(e, ev.GrappleEnded) and e.how == "broke free":
            counts[index[e.target], k.N_BROKE_FREE] += 1
        elif isinstance(e, ev.GrappleReversed):
            counts[index[e.grappler], k.N_REVERSALS] += 1
        elif isinstance(e, ev.DamageRolled):
            counts[index[e.target], k.N_TAKEN] += e.damage
        elif isinstance(e, ev.WeaponThrown):
            counts[index[e.thrower], k.N_THROWN] += 1


def event_batch(ruleset: Any, scenario: Any, seeds: range) -> BatchResult:
    """The event engine's fights for ``seeds`` (``SeededRoller(seed)`` each), as arrays."""
    names = tuple(c.name for c in scenario.combatants)
    sides = tuple(c.side for c in scenario.combatants)
    index = {name: i for i, name in enumerate(names)}
    n = len(seeds)
    if ruleset.name == "percentile":
        from fracas.rulesets.percentile.fast import kernel as pk

        counter_names: tuple[str, ...] = pk.COUNTER_NAMES
        n_counters = pk.COUNTERS
        end_names: tuple[str, ...] = END_NAMES
    else:
        from fracas.rulesets.exp.fast import kernel as ek

        counter_names = ek.COUNTER_NAMES
        n_counters = ek.COUNTERS
        end_names = ek.END_NAMES
    winner = np.zeros(n, np.int8)
    rounds = np.zeros(n, np.int32)
    end = np.zeros((n, len(names)), np.int8)
    counts = np.zeros((n, len(names), n_counters), np.int32)
    from fracas.rulesets.exp.fast.kernel import N_DEALT as ek_dealt
    from fracas.rulesets.percentile.fast.kernel import N_DAMAGE_DEALT as pk_dealt

    for i, seed in enumerate(seeds):
        session = Session.start(ruleset, scenario, SeededRoller(seed))
        state = session.run()
        last = session.log[-1]
        assert isinstance(last, EncounterEnded)
        winner[i] = -1 if last.winner is None else sides.index(last.winner)
        rounds[i] = max(e.round for e in session.log if isinstance(e, RoundStarted))
        # damage dealt as the analysis layer counts it (the ruleset's ``analyse`` hook)
        dealt = counts[i, :, pk_dealt if ruleset.name == "percentile" else ek_dealt]
        for dealer, target, amount in ruleset.analyse(session.log, state)[1]:
            if dealer is not None and dealer != target:
                dealt[index[dealer]] += amount
        if ruleset.name == "percentile":
            _percentile_counts(session.log, index, counts[i])
            for f, name in enumerate(names):
                end[i, f] = _percentile_end(state, name)
        else:
            _exp_counts(session.log, index, counts[i])
            for f, name in enumerate(names):
                end[i, f] = end_names.index(state.combatants[name].condition)
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
