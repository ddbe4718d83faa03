"""The field-medic example: a medic resuscitates an ally mid-fight (and ``fracas replay``
checks it), then ``fracas rest`` heals the squad back to full, every step in the account."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from click.testing import CliRunner

from fracas.cli import main
from fracas.dice import ScriptedRoller, SeededRoller
from fracas.engine import LogDecoder, Session, encode_log
from fracas.engine.events import Acted, EncounterEnded
from fracas.engine.replay import verify_log
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight import events as ev
from fracas.rulesets.starflight.actions import PlaceInStasis, Resuscitate, Revive
from fracas.rulesets.starflight.state import Fight
from fracas.scenario import load_scenario

EXAMPLE = Path(__file__).parents[3] / "examples" / "starflight" / "field-medic.yaml"
SEEDS = range(1, 400)


def fought(seed: int) -> Session:
    loaded = load_scenario(str(EXAMPLE), ())
    session = Session.start(RULESET, loaded.scenario, SeededRoller(seed))
    session.run()
    return session


def mid_fight_resuscitation(session: Session) -> bool:
    """A medic brought someone back before the fight ended, the medic is standing at the end
    and the one brought back is alive."""
    log = session.log
    end = next(i for i, e in enumerate(log) if isinstance(e, EncounterEnded))
    back = [e for e in log[:end] if isinstance(e, ev.Resuscitated)]
    state = session.state
    assert isinstance(state, Fight)
    if not back or state.fighter("doc").nhp <= 0 or state.fighter("doc").dead_since is not None:
        return False
    return all(state.fighter(e.who).dead_since is None for e in back)


@cache
def medic_seed() -> int:
    """The first seed (of the example's fights) in which the medic resuscitates an ally."""
    return next(s for s in SEEDS if mid_fight_resuscitation(fought(s)))


def test_the_medic_resuscitates_an_ally_mid_fight_and_replay_checks_it(tmp_path: Path) -> None:
    seed = medic_seed()
    log = tmp_path / "medic.jsonl"
    run = CliRunner().invoke(main, ["fight", str(EXAMPLE), "--seed", str(seed), "--log", str(log)])
    assert run.exit_code == 0, run.output
    assert "is brought back from clinical death by Doc Amara" in run.output
    replayed = CliRunner().invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output
    assert "resuscitation on Trooper Kade" in replayed.output


def test_fracas_rest_heals_the_squad_back_to_full_every_step_in_the_account(
    tmp_path: Path,
) -> None:
    log = tmp_path / "medic.jsonl"
    CliRunner().invoke(
        main, ["fight", str(EXAMPLE), "--seed", str(medic_seed()), "--log", str(log)]
    )
    before = log.read_text(encoding="utf-8").count("\n")
    run = CliRunner().invoke(
        main, ["rest", str(log), "--hours", "240", "--medic", "Doc Amara", "--seed", "1"]
    )
    assert run.exit_code == 0, run.output
    events = LogDecoder(RULESET.event_types()).decode(log.read_text(encoding="utf-8"))
    new = events[before:]
    assert isinstance(new[0], Acted) and new[0].action["action"] == "Rest"
    verify_log(RULESET, events)
    session = Session.from_log(RULESET, events, ScriptedRoller([]))
    state = session.state
    assert isinstance(state, Fight)
    for cid in ("doc", "kade"):
        c = state.fighter(cid)
        assert (c.nhp, c.hp, c.total_wounds()) == (c.nhp_max, c.hp_max, 0), cid
    checks = [e for e in new if isinstance(e, ev.Checked)]
    assert checks and run.output.count(" vs DC ") == len(checks)
    heals = [e for e in new if isinstance(e, ev.NonlethalChanged | ev.LethalChanged)]
    narrated = sum(run.output.count(f" {verb} ") for verb in ("heals", "takes", "loses"))
    assert narrated >= len(heals) > 0
    assert "Trooper Kade (Interstel): NHP 60/60, HP 40/40" in run.output
    replayed = CliRunner().invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0 and "Rest: 240 h, Doc Amara caring" in replayed.output


def test_a_rest_undoes_like_any_action() -> None:
    session = fought(medic_seed())
    state = session.state
    assert isinstance(state, Fight)
    hp, length = state.fighter("kade").hp, len(session.log)
    events = session.rest(24, medic="doc")
    assert events and state.rest_minutes == 24 * 60
    session.undo()
    after = session.state
    assert isinstance(after, Fight)
    assert len(session.log) == length and after.rest_minutes == 0
    assert after.fighter("kade").hp == hp


def test_rest_in_an_sqlite_store_appends_to_the_encounter(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    seed = str(medic_seed())
    CliRunner().invoke(main, ["fight", str(EXAMPLE), "--seed", seed, "--db", str(db)])
    run = CliRunner().invoke(main, ["rest", str(db), "--hours", "2", "--medic", "doc"])
    assert run.exit_code == 0, run.output
    replayed = CliRunner().invoke(main, ["replay", str(db)])
    assert replayed.exit_code == 0 and "Rest: 2 h" in replayed.output


def test_undoing_a_rest_suggests_replay_not_resume_as_the_fight_is_over(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    seed = str(medic_seed())
    CliRunner().invoke(main, ["fight", str(EXAMPLE), "--seed", seed, "--db", str(db)])
    CliRunner().invoke(main, ["rest", str(db), "--hours", "2", "--medic", "doc", "--seed", "1"])
    undone = CliRunner().invoke(main, ["undo", str(db)])
    assert undone.exit_code == 0, undone.output
    assert "undid Rest hours=2 medic=doc" in undone.stdout
    assert "fracas replay" in undone.stderr and "resume" not in undone.stderr


def test_bad_rest_requests_name_the_problem_and_change_nothing(tmp_path: Path) -> None:
    log = tmp_path / "medic.jsonl"
    CliRunner().invoke(
        main, ["fight", str(EXAMPLE), "--seed", str(medic_seed()), "--log", str(log)]
    )
    text = log.read_text(encoding="utf-8")
    for args, message in (
        (["--hours", "0"], "--hours"),
        (["--hours", "2", "--medic", "Nobody"], "--medic: no combatant 'Nobody'"),
    ):
        run = CliRunner().invoke(main, ["rest", str(log), *args, "--seed", "1"])
        assert run.exit_code == 2, run.output
        assert message in run.output and "Traceback" not in run.output
        assert log.read_text(encoding="utf-8") == text
    bad = CliRunner().invoke(main, ["rest", str(log), "--hours", "2", "--vehicle", "boat"])
    assert bad.exit_code == 2 and log.read_text(encoding="utf-8") == text


def test_rest_refuses_a_fight_that_is_not_over(tmp_path: Path) -> None:
    session = fought(medic_seed())
    cut = [i for i, e in enumerate(session.log) if isinstance(e, Acted)][3]

    log = tmp_path / "cut.jsonl"
    log.write_bytes(encode_log(session.log[:cut]))
    text = log.read_text(encoding="utf-8")
    run = CliRunner().invoke(main, ["rest", str(log), "--hours", "2", "--seed", "1"])
    assert run.exit_code == 2 and "not over" in run.output
    assert log.read_text(encoding="utf-8") == text


def test_the_medics_aid_is_among_the_legal_actions_when_the_tactics_choose_it() -> None:
    loaded = load_scenario(str(EXAMPLE), ())
    session = Session.start(RULESET, loaded.scenario, SeededRoller(medic_seed()))
    aided = 0
    while (pending := session.pending()) is not None:
        chosen = RULESET.choose(session.state, pending)
        if isinstance(chosen, Resuscitate | Revive | PlaceInStasis):
            listed = [c.action for c in RULESET.legal_actions(session.state, pending)]
            assert chosen in listed
            aided += 1
        session.act(chosen)
    assert aided


def test_rest_on_a_ruleset_without_one_is_refused(tmp_path: Path) -> None:
    example = EXAMPLE.parents[1] / "percentile" / "joanne-vs-ondkille.yaml"
    log = tmp_path / "p.jsonl"
    CliRunner().invoke(main, ["fight", str(example), "--seed", "1", "--log", str(log)])
    text = log.read_text(encoding="utf-8")
    run = CliRunner().invoke(main, ["rest", str(log), "--hours", "2", "--seed", "1"])
    assert run.exit_code == 2 and "no rest after the fight" in run.output
    assert log.read_text(encoding="utf-8") == text


def test_a_rest_with_a_medic_names_the_side_she_cares_for(tmp_path: Path) -> None:
    """The medic cares for the others of her side ("in a group with a medic"), not for the
    foes lying beside them: the account's first line says so (it said "caring for the
    others", and then told the foes still Dazed that a medic's care heals them)."""
    log = tmp_path / "medic.jsonl"
    CliRunner().invoke(main, ["fight", str(EXAMPLE), "--seed", "93", "--log", str(log)])
    run = CliRunner().invoke(
        main, ["rest", str(log), "--hours", "96", "--medic", "Doc Amara", "--seed", "1"]
    )
    assert run.exit_code == 0, run.output
    assert "Rest: 96 h, Doc Amara caring for the others of side Interstel." in run.output
