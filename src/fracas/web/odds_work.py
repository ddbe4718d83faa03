"""The live odds' computation, run in a worker process (never on the server's event loop, and
outside its GIL): each side's chance to win from the fight as it stands, and the best-scoring
of the pending actor's legal actions.

Exact (``fracas.sim.odds.odds``, the chain of ``fracas odds``) while nothing has been decided
yet and the scenario is within the chain's scope; otherwise a seeded Monte Carlo from the
current state: the log is folded again and played out to the end by every combatant's tactics
(``Session.run``), fight ``i`` with the seed ``seed + i``, each side's wins counted with a
Wilson 95% interval (``fracas.sim.intervals.wilson``). The recommended move is a rollout:
each of (at most ``MAX_CANDIDATES``) legal actions is taken, then the fight is played out
``ROLLOUT_FIGHTS`` times; the one whose side wins most is recommended, with its interval.
Nothing here knows a game: everything goes through the ``Ruleset`` interface and the public
``fracas.sim`` API.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from typing import Any

#: Monte Carlo fights from the current state (fewer if the time budget runs out first)
FIGHTS = 200
#: CPU seconds the whole estimate may take (the side chances get half, the rollouts half)
BUDGET_SECONDS = 6.0
#: legal actions tried by the rollout, and fights played out after each
MAX_CANDIDATES = 8
ROLLOUT_FIGHTS = 24
#: actions a played-out fight may take before it is counted as unfinished
MAX_ACTIONS = 5_000


@dataclass(frozen=True, slots=True)
class Chance:
    """One side's chance to win (or the draw's, ``side`` ''), with its interval."""

    side: str
    p: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Advice:
    """The recommended action (its label), how often its side won after it, and the tactics'
    own choice's figure for comparison."""

    label: str
    side: str
    wins: int
    fights: int
    low: float
    high: float
    tactics_label: str
    tactics_wins: int
    tactics_fights: int


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the odds panel shows for one log: ``method`` "exact" or "monte-carlo"."""

    key: str
    method: str
    fights: int
    chances: tuple[Chance, ...]
    advice: Advice | None
    seconds: float
    note: str = ""


def follow_parent(parent: int) -> None:
    """In the worker: exit as soon as the server that started it is gone (killed, even with
    SIGKILL), so no worker outlives its server."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


def estimate(
    ruleset_name: str, text: str, key: str, seed: int, without: tuple[str, ...] = ()
) -> Estimate:
    """The odds of the fight whose log (JSON lines) is ``text``. Runs in a worker process.

    ``without``: the combatants hidden from the players, for the odds the players are shown:
    the fight as they see it, each hidden one taken out of it (``GmRemoveCombatant``) before
    it is played out, so the figures tell nothing about them; no advice is worked out."""
    from fracas.dice import SeededRoller
    from fracas.engine import Acted, LogDecoder, Session
    from fracas.engine.overrides import GmRemoveCombatant
    from fracas.rulesets import get_ruleset

    started = time.process_time()
    ruleset = get_ruleset(ruleset_name)
    events = LogDecoder(ruleset.event_types()).decode(text)
    session = Session.from_log(ruleset, events, SeededRoller(seed))
    if without:
        for cid in without:
            # a fight over (or ended by taking out the one before) is left as it is: the
            # rules refuse to take anyone out of it, and its outcome is on every board
            if cid in session.state.combatants and not session.state.over:
                session.act(GmRemoveCombatant(target=cid))
        events = list(session.log)
    # the sides of those left in (the hidden stay in the state as gone: a side seen only
    # in them is not one the players know of, so it is not named)
    sides = list(
        dict.fromkeys(c.side for cid, c in session.state.combatants.items() if cid not in without)
    )
    decided = any(isinstance(e, Acted) for e in events)
    exact = None if decided else _exact(ruleset, session.scenario, sides)
    if exact is not None:
        chances, method, fights, note = exact, "exact", 0, "from the start of the fight"
    else:
        wins, fights = _play_out(ruleset, events, None, seed, FIGHTS, BUDGET_SECONDS / 2)
        chances = _chances(sides, wins, fights)
        method, note = "monte-carlo", ""
    advice = None if without else _advise(ruleset, session, events, seed, started + BUDGET_SECONDS)
    return Estimate(key, method, fights, chances, advice, time.process_time() - started, note)


def _exact(ruleset: Any, scenario: Any, sides: list[str]) -> tuple[Chance, ...] | None:
    from fracas.sim.odds import OutOfScope, odds, scope

    if scope(ruleset, scenario) is not None:
        return None
    try:
        found = odds(ruleset, scenario)
    except OutOfScope:
        return None
    out = [
        Chance(side, p, max(0.0, p - found.error), min(1.0, p + found.error))
        for side, p in zip(found.sides, found.win, strict=True)
    ]
    out.append(Chance("", found.draw, found.draw, min(1.0, found.draw + found.error)))
    return tuple(out)


def _play_out(
    ruleset: Any, events: list[Any], first: Any, seed: int, fights: int, budget: float
) -> tuple[dict[str | None, int], int]:
    """Winners of up to ``fights`` fights played out from ``events`` (after the action
    ``first``, if any) by the tactics, within ``budget`` CPU seconds."""
    from fracas.dice import SeededRoller
    from fracas.engine import FracasError, Session

    wins: dict[str | None, int] = {}
    stop = time.process_time() + budget
    played = 0
    for i in range(fights):
        if played and time.process_time() > stop:
            break
        trial = Session.from_log(ruleset, events, SeededRoller(seed + i))
        try:
            if first is not None:
                trial.act(first)
            trial.run(MAX_ACTIONS)
        except FracasError:
            continue
        played += 1
        winner = trial.state.winner if trial.state.over else None
        wins[winner] = wins.get(winner, 0) + 1
    return wins, played


def _chances(sides: list[str], wins: dict[str | None, int], fights: int) -> tuple[Chance, ...]:
    from fracas.sim.intervals import wilson

    out = []
    for side in [*sides, None]:
        k = wins.get(side, 0)
        if side is None and not k:
            continue
        low, high = wilson(k, fights)
        out.append(Chance(side or "", k / fights if fights else 0.0, low, high))
    return tuple(out)


def _advise(
    ruleset: Any, session: Any, events: list[Any], seed: int, until: float
) -> Advice | None:
    """The legal action whose rollouts win most often for the actor's side."""
    from fracas.sim.intervals import wilson

    pending = session.pending()
    if pending is None or pending.actor is None:
        return None
    state = session.state
    try:
        listed = ruleset.legal_actions(state, pending)
    except NotImplementedError:
        listed = []
    tactics = ruleset.choose(state, pending)
    labels = {repr(c.action): c.label for c in listed}
    candidates = [tactics] + [c.action for c in listed if repr(c.action) != repr(tactics)]
    candidates = candidates[:MAX_CANDIDATES]
    side = state.combatants[pending.actor].side
    scored: list[tuple[int, int, Any]] = []
    for n, action in enumerate(candidates):
        left = until - time.process_time()
        if n and left <= 0:
            break
        budget = max(left / (len(candidates) - n), 0.05)
        wins, fights = _play_out(ruleset, events, action, seed, ROLLOUT_FIGHTS, budget)
        if fights:
            scored.append((wins.get(side, 0), fights, action))
    if not scored:
        return None
    best = max(scored, key=lambda s: (s[0] / s[1], -scored.index(s)))
    low, high = wilson(best[0], best[1])
    own = scored[0]
    return Advice(
        label=labels.get(repr(best[2]), "the tactics' choice"),
        side=side,
        wins=best[0],
        fights=best[1],
        low=low,
        high=high,
        tactics_label=labels.get(repr(own[2]), "the tactics' choice"),
        tactics_wins=own[0],
        tactics_fights=own[1],
    )
