"""Saved fights: ``fracas resume``, ``replay``, ``undo`` and ``list``."""

from __future__ import annotations

from typing import Any

import click
import msgspec

from fracas.cli.control import action_text, parse_control
from fracas.cli.errors import reported_errors
from fracas.cli.live import (
    DurableRoller,
    begin,
    check_kept_rolls,
    finish,
    make_roller,
    play,
    tell_where_saved,
)
from fracas.cli.render import (
    LiveAccount,
    Narrator,
    account_lines,
    print_summary,
    state_lines,
    write_utf8,
)
from fracas.dice import ScriptedRoller
from fracas.engine import Event, LogDecoder, Session, encode_log
from fracas.engine.codec import peek_ruleset
from fracas.engine.errors import FracasError, InconsistentLog
from fracas.engine.events import Acted, EncounterEnded, EncounterStarted
from fracas.engine.replay import decode_action, verify_log
from fracas.engine.ruleset import Action, Ruleset
from fracas.engine.session import scenario_of
from fracas.rulesets import get_ruleset
from fracas.scenario.files import STDIN, is_regular_file, read_bytes
from fracas.store import EncounterRecord, Recorder, SqliteStore

SQLITE_MAGIC = b"SQLite format 3\x00"
#: Largest log read from a file or a store (bytes).
MAX_LOG_BYTES = 64 * 1024 * 1024


def checked_events(text: str) -> tuple[Ruleset[Any, Any, Any], list[Event[Any]]]:
    """A saved log's ruleset and events, re-run by ``verify_log`` (every event is what the
    rules give): the first event is then surely the ``EncounterStarted`` head."""
    try:
        return _checked_events(text)
    except RecursionError:
        raise FracasError("an event is nested too deeply to be part of a fracas log") from None


def _checked_events(text: str) -> tuple[Ruleset[Any, Any, Any], list[Event[Any]]]:
    ruleset = get_ruleset(peek_ruleset(text))
    events = LogDecoder(ruleset.event_types()).decode(text)
    if len(events) == 1 and isinstance(events[0], EncounterStarted):
        scenario_of(ruleset, events[0])  # stopped during its start: only the head is saved
    else:
        verify_log(ruleset, events)
    return ruleset, events


def _record(store: SqliteStore, encounter: int | None, verb: str) -> EncounterRecord:
    """The encounter asked for, or the latest (saying so when there are several)."""
    if encounter is not None:
        return store.get(encounter)
    records = store.encounters()
    record = store.latest()
    if len(records) > 1:
        click.echo(
            f"{verb} encounter {record.id} ({record.name}), the latest of {len(records)} in "
            f"{store.path}; --encounter N picks another (fracas list {store.path})",
            err=True,
        )
    return record


def _store_text(store: SqliteStore, encounter_id: int) -> str:
    return "\n".join(store.lines(encounter_id)) + "\n"


def _kept_decision(ruleset: Ruleset[Any, Any, Any], data: str | None) -> Action | None:
    """The action a person chose before a stop (kept as JSON in the store), or ``None``."""
    if data is None:
        return None
    try:
        raw = msgspec.json.decode(data)
        return decode_action(ruleset, raw)
    except (msgspec.DecodeError, InconsistentLog) as exc:
        raise FracasError(
            f"the decision kept for the action in progress is not an action ({exc}): the "
            "store is damaged; nothing was done"
        ) from None


def _named(path: str, exc: FracasError) -> InconsistentLog:
    message = str(exc)
    return InconsistentLog(message if message.startswith(str(path)) else f"{path}: {message}")


@click.command()
@click.argument("db")
@click.option("--encounter", type=int, default=None, help="Encounter id (default: the latest).")
@click.option("--seed", type=int, default=None, help="Seed for the engine's dice.")
@click.option("--rolls", metavar="FILE", help="File of rolls (- for standard input).")
@click.option("--ask", is_flag=True, help="Ask for every roll (dice from the table).")
@click.option(
    "--control",
    "controls",
    multiple=True,
    metavar="NAME[,NAME]|side:SIDE|all",
    help="Ask on the terminal what these combatants do (the others follow their tactics).",
)
def resume(
    db: str,
    encounter: int | None,
    seed: int | None,
    rolls: str | None,
    ask: bool,
    controls: tuple[str, ...],
) -> None:
    """Go on with an unfinished fight saved in the SQLite file DB, saving as it goes."""
    with reported_errors():
        if rolls == STDIN and (ask or controls):
            raise click.UsageError("--rolls - reads standard input, which --ask/--control use")
        with open_store(db) as store:
            record = _record(store, encounter, "resuming")
            snap = store.snapshot(record.id)  # the log, its typed rolls and decision, at once
            lines, kept = snap.lines, snap.rolls
            try:
                ruleset, events = checked_events("\n".join(lines) + "\n")
                check_kept_rolls(kept)
                decision = _kept_decision(ruleset, snap.action)
            except FracasError as exc:
                raise _named(db, exc) from None
            head = events[0]
            assert isinstance(head, EncounterStarted)
            scenario = scenario_of(ruleset, head)
            probe = Session.from_log(ruleset, events, ScriptedRoller([]))
            if probe.state.over:
                raise FracasError(
                    f"{db}: encounter {record.id} is over; nothing to resume "
                    f"(fracas replay {db} --encounter {record.id} shows it)"
                )
            control = parse_control(controls, probe.state)
            live = LiveAccount(ruleset, scenario, as_json=False)
            recorder = Recorder.resume(store, record.id, len(lines))
            roller = DurableRoller(make_roller(seed, rolls, ask, live), recorder, kept)
            began = len(events) > 1
            if began:
                session = Session.from_log(ruleset, events, roller)
                click.echo(
                    f"Resuming encounter {record.id} ({record.name}), "
                    f"{ruleset.round_word} {session.state.round}:"
                )
                for line in state_lines(ruleset, session.state):
                    click.echo(line)
            else:  # stopped during the start (initiative): begin again, head already saved
                session = Session(ruleset, scenario, roller)
                click.echo(f"Resuming encounter {record.id} ({record.name}) from its start:")
            if kept:
                click.echo(f"({len(kept)} roll(s) typed before the stop are used first)", err=True)
            live.follow(session.log, shown=len(session.log))
            session.subscribe(recorder)
            session.subscribe(lambda _events: live.flush())
            try:
                if not began:
                    begin(session, rolls)
                play(session, live, control, recorder, rolls, decision)
            finally:
                tell_where_saved(recorder, session)
            finish(session, as_json=False)


@click.command()
@click.argument("log")
@click.option("--encounter", type=int, default=None, help="Encounter id in an SQLite file.")
@click.option("--json", "as_json", is_flag=True, help="Print the log as JSON lines.")
def replay(log: str, encounter: int | None, as_json: bool) -> None:
    """Re-fold and re-run a saved fight (a JSONL log, - for stdin, or an SQLite file),
    check that every event is what the rules give, and print it again."""
    with reported_errors():
        try:
            ruleset, events = checked_events(_read_log(log, encounter))
            session = Session.from_log(ruleset, events, ScriptedRoller([]))
        except FracasError as exc:
            raise _named(log, exc) from None
        if as_json:
            write_utf8(encode_log(session.log))
            return
        for line in account_lines(Narrator(ruleset, session.scenario).feed(events)):
            click.echo(line)
        if not any(isinstance(e, EncounterEnded) for e in events):
            click.echo("\n(The log ends here: the fight is not over.)")
        print_summary(ruleset, session.state)


def _read_log(path: str, encounter: int | None) -> str:
    """A log's text: a JSONL file, standard input, a pipe, or an encounter of a store."""
    if is_regular_file(path):
        try:
            with open(path, "rb") as fh:
                is_sqlite = fh.read(16) == SQLITE_MAGIC
        except OSError as exc:
            raise FracasError(f"{path}: cannot read the log: {exc.strerror}") from None
        if is_sqlite:
            with SqliteStore(path, read_only=True) as store:
                return _store_text(store, _record(store, encounter, "replaying").id)
    if encounter is not None:
        raise FracasError(f"{path}: --encounter needs an SQLite file, this is a JSONL log")
    data = read_bytes(path, "fracas log", MAX_LOG_BYTES)
    if data.startswith(SQLITE_MAGIC):
        raise FracasError(f"{path}: an SQLite file can be replayed only from a file on disk")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FracasError(f"{path}: not a fracas log (byte {exc.start} is not UTF-8)") from None
    if "\x00" in text:
        raise FracasError(f"{path}: not a fracas log (it holds NUL bytes: a binary file?)")
    return text.removeprefix("\ufeff")


def open_store(db: str, read_only: bool = False) -> SqliteStore:
    """An existing store (``resume``, ``undo`` and ``list`` never create one)."""
    if db == STDIN or not is_regular_file(db):
        raise FracasError(f"{db}: no such SQLite file")
    return SqliteStore(db, read_only=read_only)


@click.command()
@click.argument("db")
@click.option("--encounter", type=int, default=None, help="Encounter id (default: the latest).")
def undo(db: str, encounter: int | None) -> None:
    """Drop the last action of a fight saved in the SQLite file DB (its events are deleted:
    the log is cut back to before that action)."""
    with reported_errors(), open_store(db) as store:
        record = _record(store, encounter, "undoing in")
        try:
            ruleset, events = checked_events(_store_text(store, record.id))
        except FracasError as exc:
            raise _named(db, exc) from None
        starts = [i for i, e in enumerate(events) if isinstance(e, Acted)]
        if not starts:
            raise FracasError(f"{db}: encounter {record.id} has no action to undo (only its start)")
        cut = starts[-1]
        acted = events[cut]
        assert isinstance(acted, Acted)
        store.truncate(record.id, cut, expected=len(events))
        state = Session.from_log(ruleset, events[:cut], ScriptedRoller([])).state
        click.echo(
            f"encounter {record.id}: undid {action_text(ruleset, state, acted.action)} "
            f"({len(events) - cut} events); now {ruleset.round_word} {state.round}, {cut} events"
        )
        if state.over:  # a rest undone: the fight itself is still over
            click.echo(
                f"the fight is over; see it with: fracas replay {db} --encounter {record.id}",
                err=True,
            )
        else:
            click.echo(f"go on with: fracas resume {db} --encounter {record.id}", err=True)


@click.command("list")
@click.argument("db")
def list_encounters(db: str) -> None:
    """Show the encounters in the SQLite file DB: id, name, ruleset, round, whether it is
    over, and when it last changed."""
    with reported_errors(), open_store(db, read_only=True) as store:
        rows = [("id", "name", "ruleset", "round", "over", "last change")]
        for record in store.encounters():
            rnd, over = _progress(store.lines(record.id))
            rows.append(
                (
                    str(record.id),
                    record.name,
                    record.ruleset,
                    str(rnd),
                    "yes" if over else "no",
                    record.updated,
                )
            )
        if len(rows) == 1:
            click.echo(f"{db}: no encounters yet")
            return
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        for row in rows:
            cells = (cell.ljust(w) for cell, w in zip(row, widths, strict=True))
            click.echo("  ".join(cells).rstrip())


def _progress(lines: list[str]) -> tuple[int, bool]:
    """The last round begun and whether the fight ended, read from the JSON lines alone."""
    rnd, over = 0, False
    for line in lines:
        if '"RoundStarted"' in line or '"EncounterEnded"' in line:
            try:
                data = msgspec.json.decode(line)
            except msgspec.DecodeError:
                continue
            if isinstance(data, dict) and data.get("type") == "RoundStarted":
                value = data.get("round")
                rnd = value if isinstance(value, int) else rnd
            elif isinstance(data, dict) and data.get("type") == "EncounterEnded":
                over = True
    return rnd, over
