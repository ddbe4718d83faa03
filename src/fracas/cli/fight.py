"""``fracas fight``, ``fracas replay`` and ``fracas demo``."""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from fracas.cli.errors import reported_errors
from fracas.cli.render import LiveAccount, Narrator, print_summary
from fracas.dice import AskRoller, DiceError, Roller, ScriptedRoller, SeededRoller, read_rolls
from fracas.dice.errors import ScriptExhausted
from fracas.engine import Event, LogDecoder, Session, encode_log
from fracas.engine.codec import peek_ruleset
from fracas.engine.errors import FracasError, InconsistentLog
from fracas.engine.events import EncounterEnded, EncounterStarted
from fracas.engine.replay import verify_log
from fracas.engine.ruleset import Ruleset
from fracas.engine.session import scenario_of
from fracas.rulesets import RULESETS, get_ruleset
from fracas.scenario import load_scenario
from fracas.scenario.loader import LoadedScenario, parse_scenario
from fracas.store import Recorder, SqliteStore

DEFAULT_DB = "fracas.db"


def _read_text(path: str, what: str) -> str:
    """A text file's content; a clear error for a missing, unreadable or binary file."""
    try:
        if path == "-":
            return sys.stdin.read()
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise FracasError(f"{path}: not a {what} (byte {exc.start} is not UTF-8 text)") from None
    except OSError as exc:
        raise FracasError(f"{path}: cannot read the {what}: {exc.strerror}") from None


def _roller(seed: int | None, rolls: str | None, ask: bool, live: LiveAccount) -> Roller:
    if sum(x is not None and x is not False for x in (seed, rolls, ask)) > 1:
        raise click.UsageError("use only one of --seed, --rolls and --ask")
    if rolls is not None:
        return ScriptedRoller(read_rolls(_read_text(rolls, "rolls file"), source=rolls))
    if ask:

        def ask_on_stderr(question: str) -> str:
            """Show the account so far, then ask on stderr (stdout stays the account)."""
            live.flush()
            click.echo(question, err=True, nl=False)
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")

        return AskRoller(prompt=ask_on_stderr)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
        click.echo(f"seed: {seed}  (pass --seed {seed} to fight this again)", err=True)
    return SeededRoller(seed)


def _install_optimal_tactics(loaded: LoadedScenario) -> None:
    """``tactics: optimal``: compute the policy ``fracas advise`` would and install it, so
    the fight can be watched under it (percentile duels only; a clear error otherwise)."""
    combatants = getattr(loaded.scenario, "combatants", [])
    if not any(getattr(c, "tactics", None) == "optimal" for c in combatants):
        return
    from fracas.sim.odds import OutOfScope
    from fracas.sim.odds.advise import install_policy

    try:
        install_policy(loaded.ruleset, loaded.scenario)
    except OutOfScope as exc:
        raise FracasError(f"{loaded.source}: {exc}") from None


def _fight(
    loaded: LoadedScenario,
    make_roller: Callable[[LiveAccount], Roller],
    as_json: bool,
    source: str | None = None,
    recorder: Recorder | None = None,
) -> Session:
    """Run the fight, printing the account (or the JSON log) as it happens.

    A ``recorder`` commits each action before it is shown (live play with ``--ask``)."""
    live = LiveAccount(loaded.ruleset, loaded.scenario, as_json)
    session = Session(loaded.ruleset, loaded.scenario, make_roller(live))
    live.follow(session.log)
    if recorder is not None:
        session.subscribe(recorder)
    session.subscribe(lambda _events: live.flush())
    try:
        session.begin()
        _play_on(session, source)
    finally:
        _tell_where_saved(recorder)
    if not as_json:
        print_summary(loaded.ruleset, session.state)
    roller = session.roller
    if isinstance(roller, ScriptedRoller) and roller.remaining:
        click.echo(f"note: {roller.remaining} scripted rolls were not used", err=True)
    return session


def _play_on(session: Session, source: str | None) -> None:
    try:
        session.run()
    except ScriptExhausted as exc:
        raise DiceError(f"{source}: {exc}" if source else str(exc)) from None


def _tell_where_saved(recorder: Recorder | None) -> None:
    if recorder is not None and recorder.encounter_id is not None:
        db, n = recorder.store.path, recorder.encounter_id
        click.echo(f"saved as encounter {n} in {db} (fracas resume {db} --encounter {n})", err=True)


def _check_targets(log: str | None, db: str | None) -> None:
    """Refuse, before the fight, a ``--log`` that would replace something not a file."""
    if log is None:
        return
    if log == "-":
        raise FracasError("--log -: to print the log, use --json")
    path = Path(log)
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise FracasError(f"{log}: --log writes a regular file; this is not one")
    if db is not None and path.resolve() == Path(db).resolve():
        raise FracasError(f"{log}: --log and --db cannot be the same file")


def _save(session: Session, name: str, log: str | None, db: str | None) -> None:
    """Save the finished fight: all of it or, on any error, nothing."""
    tmp = Path(log + ".tmp") if log is not None else None
    try:
        if tmp is not None:
            tmp.write_bytes(encode_log(session.log))
        if db is not None:
            with SqliteStore(db) as store:
                encounter_id = store.create(name, session.ruleset.name, session.log)
            click.echo(f"saved as encounter {encounter_id} in {db}", err=True)
        if tmp is not None and log is not None:
            tmp.replace(log)
            click.echo(f"log saved to {log}", err=True)
    except OSError as exc:
        raise FracasError(f"{log if tmp else exc.filename}: cannot write: {exc.strerror}") from None
    except sqlite3.Error as exc:
        raise FracasError(f"{db}: cannot save the fight in this SQLite file: {exc}") from None
    finally:
        if tmp is not None and tmp.exists():
            tmp.unlink()


def _name(loaded: LoadedScenario) -> str:
    return str(getattr(loaded.scenario, "name", None) or Path(loaded.source).stem)


@click.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--seed", type=int, default=None, help="Seed for the engine's dice.")
@click.option("--rolls", type=click.Path(exists=True, dir_okay=False), help="File of rolls.")
@click.option("--ask", is_flag=True, help="Ask for every roll (dice from the table).")
@click.option("--log", "log", type=click.Path(dir_okay=False), help="Save the log (JSONL).")
@click.option("--db", type=click.Path(dir_okay=False), help="Save the log in this SQLite file.")
@click.option("--json", "as_json", is_flag=True, help="Print the event log as JSON lines.")
@click.option(
    "--option",
    "-o",
    "overrides",
    multiple=True,
    metavar="NAME=VALUE",
    help="Set a rule option for this fight (house rule). Repeatable.",
)
def fight(
    scenario: str,
    seed: int | None,
    rolls: str | None,
    ask: bool,
    log: str | None,
    db: str | None,
    as_json: bool,
    overrides: tuple[str, ...],
) -> None:
    """Run the fight in SCENARIO under its tactics and print a round-by-round account."""
    with reported_errors():
        loaded = load_scenario(scenario, overrides)
        _check_targets(log, db)
        _install_optimal_tactics(loaded)

        def roller(live: LiveAccount) -> Roller:
            return _roller(seed, rolls, ask, live)

        if ask and db is not None:  # live play: every action is on disk before it is shown
            with SqliteStore(db) as store:
                recorder = Recorder(store, _name(loaded), loaded.ruleset.name)
                session = _fight(loaded, roller, as_json, rolls, recorder)
            _save(session, _name(loaded), log, None)
        else:
            session = _fight(loaded, roller, as_json, rolls)
            _save(session, _name(loaded), log, db)


@click.command()
@click.argument("db", type=click.Path(exists=True, dir_okay=False))
@click.option("--encounter", type=int, default=None, help="Encounter id (default: the latest).")
@click.option("--seed", type=int, default=None, help="Seed for the engine's dice.")
@click.option("--rolls", type=click.Path(exists=True, dir_okay=False), help="File of rolls.")
@click.option("--ask", is_flag=True, help="Ask for every roll (dice from the table).")
def resume(db: str, encounter: int | None, seed: int | None, rolls: str | None, ask: bool) -> None:
    """Go on with an unfinished fight saved in the SQLite file DB, saving as it goes."""
    with reported_errors(), SqliteStore(db) as store:
        record = store.get(encounter) if encounter is not None else store.latest()
        ruleset, events = _checked_events("\n".join(store.lines(record.id)) + "\n")
        head = events[0]
        assert isinstance(head, EncounterStarted)
        live = LiveAccount(ruleset, scenario_of(ruleset, head), as_json=False)
        session = Session.from_log(ruleset, events, _roller(seed, rolls, ask, live))
        if session.state.over:
            raise FracasError(f"{db}: encounter {record.id} is over; nothing to resume")
        live.follow(session.log, shown=len(session.log))
        recorder = Recorder(store, record.name, ruleset.name, record.id)
        session.subscribe(recorder)
        session.subscribe(lambda _events: live.flush())
        try:
            _play_on(session, rolls)
        finally:
            _tell_where_saved(recorder)
        print_summary(ruleset, session.state)


@click.command()
@click.argument("log", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--encounter", type=int, default=None, help="Encounter id in an SQLite file.")
@click.option("--json", "as_json", is_flag=True, help="Print the log as JSON lines.")
def replay(log: str, encounter: int | None, as_json: bool) -> None:
    """Re-fold and re-run a saved fight (a JSONL log, - for stdin, or an SQLite file),
    check that every event is what the rules give, and print it again."""
    with reported_errors():
        try:
            ruleset, events, session = _load_log(log, encounter)
        except FracasError as exc:
            message = str(exc)
            named = message if message.startswith(log) else f"{log}: {message}"
            raise InconsistentLog(named) from None
        if as_json:
            sys.stdout.write(encode_log(session.log).decode())
            return
        for line in Narrator(ruleset, session.scenario).feed(events):
            click.echo(line)
        if not any(isinstance(e, EncounterEnded) for e in events):
            click.echo("\n(The log ends here: the fight is not over.)")
        print_summary(ruleset, session.state)


def _load_log(
    path: str, encounter: int | None
) -> tuple[Ruleset[Any, Any, Any], list[Event[Any]], Session]:
    ruleset, events = _checked_events(_read_log(path, encounter))
    return ruleset, events, Session.from_log(ruleset, events, ScriptedRoller([]))


def _checked_events(text: str) -> tuple[Ruleset[Any, Any, Any], list[Event[Any]]]:
    """A saved log's ruleset and events, re-run by ``verify_log`` (every event is what the
    rules give): the first event is then surely the ``EncounterStarted`` head."""
    ruleset = get_ruleset(peek_ruleset(text))
    events = LogDecoder(ruleset.event_types()).decode(text)
    verify_log(ruleset, events)
    return ruleset, events


def _read_log(path: str, encounter: int | None) -> str:
    if path != "-":
        with open(path, "rb") as fh:
            is_sqlite = fh.read(16) == b"SQLite format 3\x00"
        if is_sqlite:
            with SqliteStore(path, read_only=True) as store:
                record = store.get(encounter) if encounter is not None else store.latest()
                return "\n".join(store.lines(record.id)) + "\n"
    if encounter is not None:
        raise FracasError(f"{path}: --encounter needs an SQLite file, this is a JSONL log")
    return _read_text(path, "fracas log (JSON lines)")


@click.command()
@click.argument("ruleset", default="percentile", type=click.Choice(sorted(RULESETS)))
@click.option(
    "--db",
    default=DEFAULT_DB,
    show_default=True,
    type=click.Path(dir_okay=False),
    help="SQLite file the demo fight is saved in.",
)
def demo(ruleset: str, db: str) -> None:
    """Replay a chapter's worked example from its own rolls, and save it."""
    with reported_errors():
        rules = get_ruleset(ruleset)
        example = rules.demo()
        if example is None:
            raise FracasError(f"ruleset {ruleset!r} has no demo yet")
        click.echo(example.intro)
        click.echo()
        loaded = parse_scenario(example.scenario, f"<{ruleset} demo>")
        session = _fight(loaded, lambda _: ScriptedRoller(list(example.rolls)), as_json=False)
        _save(session, _name(loaded), None, db)
        click.echo(f"replay it with: fracas replay {db}", err=True)
