"""The engine's promises, checked on a toy ruleset: atomic actions, undo/redo, re-folding."""

from __future__ import annotations

import pytest

from fracas.dice import DiceError, ScriptedRoller, SeededRoller
from fracas.engine import FracasError, IllegalAction, LogDecoder, Rolled, Session, encode_log
from fracas.store import SqliteStore

from .toy import SCENARIO, Hit, ToyCombatant, ToyRuleset


def hp(session: Session, name: str) -> int:
    c = session.state.combatants[name]
    assert isinstance(c, ToyCombatant)
    return c.hp


def test_scripted_fight_reaches_the_scripted_result() -> None:
    session = Session.start(ToyRuleset(), SCENARIO, ScriptedRoller([6, 1, 5]))
    session.run()
    assert hp(session, "Bob") == -1
    assert hp(session, "Ann") == 9
    assert session.state.winner == "red"


def test_every_roll_is_logged_with_its_purpose() -> None:
    session = Session.start(ToyRuleset(), SCENARIO, ScriptedRoller([6, 1, 5]))
    session.run()
    rolls = [e for e in session.log if isinstance(e, Rolled)]
    assert [(r.purpose, r.value) for r in rolls] == [
        ("Ann damage", 6),
        ("Bob damage", 1),
        ("Ann damage", 5),
    ]


def test_an_action_whose_rolls_run_out_changes_nothing() -> None:
    session = Session.start(ToyRuleset(), SCENARIO, ScriptedRoller([6]))
    session.step()
    before = encode_log(session.log)
    with pytest.raises(DiceError, match="ran out"):
        session.step()
    assert encode_log(session.log) == before
    assert hp(session, "Ann") == 10


def test_an_illegal_action_changes_nothing() -> None:
    session = Session.start(ToyRuleset(), SCENARIO, ScriptedRoller([6]))
    before = encode_log(session.log)
    with pytest.raises(IllegalAction, match="Zed"):
        session.act(Hit(actor="Ann", target="Zed"))
    assert encode_log(session.log) == before


def test_undo_drops_the_last_action_and_redo_restores_it() -> None:
    session = Session.start(ToyRuleset(), SCENARIO, ScriptedRoller([6, 2]))
    session.step()
    session.step()
    assert hp(session, "Ann") == 8
    session.undo()
    assert hp(session, "Ann") == 10
    assert hp(session, "Bob") == 4
    session.redo()
    assert hp(session, "Ann") == 8


def test_a_saved_log_refolds_to_the_same_state_and_undoes_per_action() -> None:
    session = Session.start(ToyRuleset(), SCENARIO, SeededRoller(7))
    session.run()
    text = encode_log(session.log)
    events = LogDecoder(ToyRuleset().event_types()).decode(text)
    again = Session.from_log(ToyRuleset(), events, ScriptedRoller([]))
    assert again.state == session.state
    assert encode_log(again.log) == text
    again.undo()
    session.undo()
    assert again.state == session.state


def test_same_seed_same_log_byte_for_byte() -> None:
    logs = set()
    for _ in range(3):
        session = Session.start(ToyRuleset(), SCENARIO, SeededRoller(42))
        session.run()
        logs.add(encode_log(session.log))
    assert len(logs) == 1


def test_sqlite_store_keeps_the_log(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    session = Session.start(ToyRuleset(), SCENARIO, SeededRoller(3))
    session.run()
    db = tmp_path / "fights.db"
    with SqliteStore(db) as store:
        encounter_id = store.create("toy", "toy", session.log)
    with SqliteStore(db) as store:
        lines = store.lines(encounter_id)
    assert "\n".join(lines) + "\n" == encode_log(session.log).decode()


def test_a_failed_action_keeps_what_could_be_redone() -> None:
    session = Session.start(ToyRuleset(), SCENARIO, ScriptedRoller([6, 2]))
    session.step()
    session.undo()
    with pytest.raises(IllegalAction):
        session.act(Hit(actor="Ann", target="Zed"))
    session.redo()
    assert hp(session, "Bob") == 4


def test_a_new_action_ends_what_could_be_redone() -> None:
    session = Session.start(ToyRuleset(), SCENARIO, ScriptedRoller([6, 2]))
    session.step()
    session.undo()
    session.step()
    with pytest.raises(FracasError, match="nothing to redo"):
        session.redo()
