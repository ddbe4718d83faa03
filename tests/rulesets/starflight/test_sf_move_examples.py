"""The movement examples read as a GM would: the ambush shows readied strikes going off and
interrupting the raiders' moves; the stunt firefight shows stunts (check, HD bonus, attack
penalty), a guard stepping out of the partition's -25 line, and a withdrawal carried to its
end when the cautious guard is hurt. Seeds 1-10 each (the accounts are read, not counted)."""

from __future__ import annotations

from pathlib import Path

from fracas.dice import SeededRoller
from fracas.engine import Acted, Rolled, Session
from fracas.rulesets.starflight.events import AttackRolled, Moved, TurnStarted, Withdrew
from fracas.rulesets.starflight.ready import ReadyDeclared, ReadyFizzled, ReadyTriggered
from fracas.rulesets.starflight.run import Ran
from fracas.rulesets.starflight.stunts import StuntsDone
from fracas.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "starflight"
SEEDS = range(1, 11)


def fought(name: str, seed: int) -> tuple[Session, str]:
    loaded = load_scenario(EXAMPLES / name)
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    session.run()
    lines = [loaded.ruleset.describe(e, session.state) for e in session.log]
    return session, "\\n".join(line for line in lines if line)


def test_the_ambush_readies_strikes_that_interrupt_the_raiders_moves() -> None:
    readied = interrupted = 0
    for seed in SEEDS:
        session, account = fought("ambush.yaml", seed)
        if any(isinstance(e, ReadyDeclared) for e in session.log):
            readied += 1
            assert "readies a strike at" in account
        for n, e in enumerate(session.log):
            if not isinstance(e, ReadyTriggered):
                continue
            interrupted += 1
            assert "readied action goes off, interrupting" in account
            # the raider had just moved (that stretch of its move set it off) ...
            assert isinstance(session.log[n - 1], Moved) and session.log[n - 1].who == e.by
            # ... and the ambusher's strike comes at once, unless the rules stop it (its gun
            # discharged by an opportunity attack since it readied, say: the account says so)
            after = session.log[n + 1]
            if isinstance(after, ReadyFizzled):
                assert after.who == e.who and "cannot" in account
                continue
            assert isinstance(after, AttackRolled | Rolled)
            strike = next(x for x in session.log[n:] if isinstance(x, AttackRolled))
            assert strike.attacker == e.who and strike.target == e.by
    # raiders who come within 25 m before an ambusher's first turn are simply shot at
    assert readied >= 7 and interrupted >= 5


def test_the_ambushers_lose_a_phase_of_the_next_round_for_each_strike() -> None:
    for seed in SEEDS:
        session, _ = fought("ambush.yaml", seed)
        for n, e in enumerate(session.log):
            if isinstance(e, ReadyTriggered):
                turns = [t for t in session.log[n:] if isinstance(t, TurnStarted)]
                nxt = next((t for t in turns if t.actor == e.who), None)
                assert nxt is None or nxt.phases < 2


def test_the_acrobats_stunt_and_pay_for_it_on_their_next_shot() -> None:
    bonus = penalised = 0
    for seed in SEEDS:
        session, account = fought("stunt-firefight.yaml", seed)
        assert "Three-Dimensional Maneuvers (stunts)" in account, seed
        bonus += sum(1 for e in session.log if isinstance(e, StuntsDone) and e.hd_bonus)
        for e in session.log:
            if isinstance(e, AttackRolled) and ("stunts", -10) in e.roll_terms:
                penalised += 1
            if isinstance(e, AttackRolled) and any(n.startswith("stunts +") for n in e.notes):
                assert e.attacker in ("hale", "ruiz")
    assert bonus >= len(SEEDS) and penalised >= 1


def test_a_guard_steps_out_of_the_partitions_line_before_shooting() -> None:
    stepped = 0
    for seed in SEEDS:
        session, _ = fought("stunt-firefight.yaml", seed)
        stepped += sum(
            1 for e in session.log if isinstance(e, Moved) and e.who == "hale" and e.step
        )
    assert stepped >= 1


def test_a_hurt_cautious_guard_withdraws_and_keeps_withdrawing() -> None:
    """Once Ruiz is down to half HP (or Shaken) and can move, every action she takes is a
    run or a move away, until she is out of the fight or the fight ends. She is hurt that
    badly while still able to move in few fights (seed 23 of 1-25 since stunts make the
    wounded-leg Stamina check), so 1-25 are read."""
    leaving_seen = 0
    for seed in range(1, 26):
        session, _ = fought("stunt-firefight.yaml", seed)
        leaving = False
        for e in session.log:
            if isinstance(e, Moved) and e.who == "ruiz" and e.withdrawing:
                leaving = True
            if leaving and isinstance(e, Acted) and e.actor == "ruiz":
                kind = (
                    type(e.action).__name__
                    if not isinstance(e.action, dict)
                    else e.action["action"]
                )
                assert kind in ("Run", "Move", "StandUp", "Standby"), (seed, kind)
        leaving_seen += leaving
        if leaving:
            assert any(isinstance(e, Ran | Withdrew) and e.who == "ruiz" for e in session.log)
    assert leaving_seen >= 1
