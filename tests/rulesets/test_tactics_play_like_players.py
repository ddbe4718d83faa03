"""Issue 19, 'Tactics a player would play': every example of every ruleset, fought at seeds
1-20, read for what no player would do. Each detector works over the events (with the state
folded along), not over one seed's text:

- ping-pong: a fighter whose moves alternate between the same two points (A, B, A, B), be it
  a charge run back and forth or stunts tumbling between two spots;
- standing by next to an enemy with options: a stand-by chosen while a hostile is within
  Range One (under 10 m, where coming in provokes an opportunity attack) and the fighter
  could still strike or move;
- idle streaks: three turns in a row of nothing but stand-bys while able to move, with a foe
  in the fight, from a tactic meant to close in and fight;
- a cautious fighter (its scenario promises it withdraws once hurt) hurt, able to move, and
  not leaving on its next turn;
- percentile: "dodging" declared by a fighter with no parry to give up (Chapter 5: a dodge is
  the only defence against a shot anyway, and a gun parries nothing);
- EXP: the same item thrown twice by the same thrower; a wait while the menu offers an
  attack, a grapple, a trip or a snatch.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.scenario import load_scenario

EXAMPLES = Path(__file__).parents[2] / "examples"
SEEDS = range(1, 21)


def examples(game: str) -> list[Path]:
    return sorted((EXAMPLES / game).glob("*.yaml"))


def steps(path: Path, seed: int) -> Iterator[tuple[Session, str, Any]]:
    """(session before the action, actor, the action its tactics chose) for every
    combatant's action of the fight."""
    loaded = load_scenario(path)
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    for _ in range(20_000):
        pending = session.pending()
        if pending is None:
            return
        action = session.ruleset.choose(session.state, pending)
        if pending.actor is not None:
            yield session, pending.actor, action
        session.act(action)
    raise AssertionError(f"{path.name} seed {seed} did not end")


# -- Starflight --------------------------------------------------------------------------


def ping_pong(points: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The first A, B, A, B run (A != B) in a fighter's sequence of positions, as (A, B)."""
    for i in range(len(points) - 3):
        a, b = points[i], points[i + 1]
        if a != b and points[i + 2] == a and points[i + 3] == b:
            return a
    return None


#: tactics that do nothing by design (nothing at all; one shot, then nothing)
PASSIVE = {"standby", "fire-once"}
#: tactics that wait by design: those, and lying in wait, fighting only what comes in range
WAITING = PASSIVE | {"ambush", "cautious", "sniper"}


def starflight_findings(path: Path, seed: int) -> list[str]:
    from fracas.rulesets.starflight.actions import Move, Standby, StandUp
    from fracas.rulesets.starflight.combat_states import range_one, range_zero
    from fracas.rulesets.starflight.conditions import can_move, can_strike, in_fight
    from fracas.rulesets.starflight.events import Displaced, Moved, Withdrew
    from fracas.rulesets.starflight.range import hostiles
    from fracas.rulesets.starflight.tactics import pinned_down, wants_out

    found: list[str] = []
    idle: dict[str, int] = {}
    first_action: dict[str, tuple[int, int]] = {}
    session: Session | None = None
    for session, actor, action in steps(path, seed):
        fight = session.state
        c = fight.fighter(actor)
        standing_by = isinstance(action, Standby) and c.tactics not in WAITING
        if isinstance(action, Standby) and c.tactics not in PASSIVE:
            free = c.swallowed_by is None and not c.grappling and in_fight(c, fight.options)
            near = [o for o in hostiles(fight, c) if range_one(c, o)]
            melee_to_draw = any(w.type == "melee" and not w.drawn for w in c.weapons)
            reach_now = can_strike(c) and any(range_zero(c, o) for o in near)
            options = can_move(c, fight) or reach_now or melee_to_draw
            covering = c.prone and pinned_down(fight, c)  # no shot worth taking: 'cover_choice'
            if free and near and options and not covering:
                found.append(f"round {fight.round}: {c.name} stands by next to {near[0].name}")
        turn = (fight.round, fight.turn)
        if first_action.get(actor) != turn:
            first_action[actor] = turn
            if c.tactics == "cautious" and wants_out(c) and can_move(c, fight):
                leaving = isinstance(action, StandUp) or (
                    isinstance(action, Move) and action.withdraw
                )
                if not leaving:
                    found.append(f"round {fight.round}: {c.name} is hurt and stays")
        if standing_by and can_move(c, fight) and hostiles(fight, c):
            if not (c.prone and pinned_down(fight, c)):  # taking cover: 'cover_choice'
                idle[actor] = idle.get(actor, 0) + 1
                if idle[actor] == 6:  # two action phases a turn: three turns
                    found.append(f"round {fight.round}: {c.name} stood by three turns")
        elif not isinstance(action, Standby):
            idle[actor] = 0
    assert session is not None
    where: dict[str, list[tuple[int, int]]] = {}
    for event in session.log:
        if isinstance(event, Moved | Displaced):
            where.setdefault(event.who, []).append((event.x, event.y))
        if isinstance(event, Withdrew):
            where.pop(event.who, None)
    for cid, points in where.items():
        a = ping_pong(points)
        if a is not None:
            found.append(f"{cid} goes back and forth through {a}")
    return sorted(set(found))


@pytest.mark.parametrize("path", examples("starflight"), ids=lambda p: p.stem)
def test_starflight_tactics_play_like_players(path: Path) -> None:
    findings = {seed: starflight_findings(path, seed) for seed in SEEDS}
    assert {s: f for s, f in findings.items() if f} == {}


def test_the_ping_pong_detector_finds_a_charge_run_back_and_forth() -> None:
    assert ping_pong([(0, 0), (29, 0), (0, 0), (29, 0), (0, 0)]) == (0, 0)
    assert ping_pong([(0, 0), (29, 0), (0, 0), (15, 0), (28, 0), (14, 0)]) is None


# -- percentile ---------------------------------------------------------------------------


def percentile_findings(path: Path, seed: int) -> list[str]:
    from fracas.rulesets.percentile.events import StanceDeclared

    found = []
    loaded = load_scenario(path)
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    session.run()
    state = loaded.ruleset.build(loaded.scenario)
    for event in session.log:
        event.apply(state)
        if isinstance(event, StanceDeclared) and event.dodge:
            c = state.combatants[event.who]
            held = c.p.arms[c.wielded] if c.wielded >= 0 else None
            if held is None or held.klass != "melee":
                what = "nothing" if held is None else f"a {held.klass} weapon"
                found.append(f"round {state.round}: {c.name} 'dodging' holding {what}")
    return found


@pytest.mark.parametrize("path", examples("percentile"), ids=lambda p: p.stem)
def test_percentile_tactics_declare_dodging_only_with_a_parry_to_give_up(path: Path) -> None:
    findings = {seed: percentile_findings(path, seed) for seed in SEEDS}
    assert {s: f for s, f in findings.items() if f} == {}


# -- EXP ------------------------------------------------------------------------------------


def exp_findings(path: Path, seed: int) -> list[str]:
    from fracas.rulesets.exp.events import WeaponThrown

    loaded = load_scenario(path)
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    session.run()
    thrown: set[tuple[str, str]] = set()
    found = []
    for event in session.log:
        if isinstance(event, WeaponThrown):
            key = (event.thrower, event.weapon)
            if key in thrown:
                found.append(f"{event.thrower} throws the {event.weapon} again")
            thrown.add(key)
    return found


def exp_idle_findings(path: Path, seed: int) -> list[str]:
    """A persona waiting (not declining a failed snatch's free attack) while the menu offers
    it an attack, a grapple, a trip or a snatch on someone."""
    from fracas.rulesets.exp.actions import Wait

    found = []
    for session, actor, action in steps(path, seed):
        state = session.state
        if not isinstance(action, Wait) or getattr(state, "free_attack", None) is not None:
            continue
        pending = session.pending()
        assert pending is not None
        offered = [
            ch.label
            for ch in session.ruleset.legal_actions(state, pending)
            if type(ch.action).__name__ in {"Attack", "Grapple", "Trip", "Snatch"}
        ]
        if offered:
            found.append(f"{actor} waits though it could: {offered[0]}")
    return found


@pytest.mark.parametrize("path", examples("exp"), ids=lambda p: p.stem)
def test_exp_tactics_never_wait_with_an_attack_open(path: Path) -> None:
    findings = {seed: exp_idle_findings(path, seed) for seed in SEEDS}
    assert {s: f for s, f in findings.items() if f} == {}


@pytest.mark.parametrize("path", examples("exp"), ids=lambda p: p.stem)
def test_exp_tactics_never_throw_the_same_item_twice(path: Path) -> None:
    findings = {seed: exp_findings(path, seed) for seed in SEEDS}
    assert {s: f for s, f in findings.items() if f} == {}
