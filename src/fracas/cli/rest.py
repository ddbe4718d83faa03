"""``fracas rest``: let hours pass after a fight (healing, care, the brain-death clock), as a
logged action appended to the saved fight (a JSONL log or an encounter in an SQLite file)."""

from __future__ import annotations

import sqlite3

import click

from fracas.cli.errors import reported_errors
from fracas.cli.live import DurableRoller, check_kept_rolls, make_roller
from fracas.cli.log_file import replace_if_unchanged
from fracas.cli.render import LiveAccount, print_summary
from fracas.cli.saved import checked_events
from fracas.dice import DiceError, Roller, ScriptedRoller
from fracas.dice.errors import ScriptExhausted
from fracas.engine import Session, encode_log
from fracas.engine.errors import FracasError
from fracas.engine.events import EncounterStarted
from fracas.engine.session import scenario_of
from fracas.scenario.files import read_bytes, text_of
from fracas.store import PendingRoll, Recorder, SqliteStore

SQLITE_MAGIC = b"SQLite format 3\x00"


def _is_sqlite(path: str) -> bool:
    with open(path, "rb") as fh:
        return fh.read(16) == SQLITE_MAGIC


@click.command()
@click.argument("log", type=click.Path(exists=True, dir_okay=False))
@click.option("--hours", type=int, required=True, help="Hours of rest (at least 1).")
@click.option("--medic", default=None, help="Combatant (id or name) caring for the others.")
@click.option(
    "--vehicle",
    type=click.Choice(["none", "parked", "moving"]),
    default="none",
    show_default=True,
    help="Resting inside a vehicle (parked or moving) makes medical Checks harder.",
)
@click.option("--encounter", type=int, default=None, help="Encounter id in an SQLite file.")
@click.option("--seed", type=int, default=None, help="Seed for the engine's dice.")
@click.option("--rolls", type=click.Path(exists=True, dir_okay=False), help="File of rolls.")
@click.option("--ask", is_flag=True, help="Ask for every roll (dice from the table).")
def rest(
    log: str,
    hours: int,
    medic: str | None,
    vehicle: str,
    encounter: int | None,
    seed: int | None,
    rolls: str | None,
    ask: bool,
) -> None:
    """After the fight in LOG (a JSONL log or an SQLite file), let HOURS of rest pass and
    append what happens (every healing check) to the saved fight."""
    with reported_errors():
        if hours < 1:
            raise FracasError(f"--hours: {hours} is not a positive number of hours")
        sqlite = _is_sqlite(log)
        if encounter is not None and not sqlite:
            raise FracasError(f"{log}: --encounter needs an SQLite file, this is a JSONL log")
        if sqlite:
            _rest_in_store(log, encounter, hours, medic, vehicle, (seed, rolls, ask))
        else:
            _rest_in_file(log, hours, medic, vehicle, (seed, rolls, ask))


DiceChoice = tuple[int | None, str | None, bool]


def _named(path: str, exc: FracasError) -> FracasError:
    """``exc`` with ``path`` in front, unless it names it already."""
    message = str(exc)
    return FracasError(message if message.startswith(path) else f"{path}: {message}")


def _run_rest(
    path: str,
    text: str,
    hours: int,
    medic: str | None,
    vehicle: str,
    dice: DiceChoice,
    recorder: Recorder | None = None,
    kept: list[PendingRoll] | None = None,
) -> tuple[Session, int]:
    """Fold the saved log, refuse a fight not over, rest; the session and the old length.
    A problem with the saved fight or the rest asked for names ``path``. With a
    ``recorder`` (a store), each roll is kept as it is made (``kept``: those of a rest that
    was stopped, used first) and the rest is appended by the recorder when it is done."""
    try:
        ruleset, events = checked_events(text)
        head = events[0]
        assert isinstance(head, EncounterStarted)
        folded = Session.from_log(ruleset, events, ScriptedRoller([])).state
        if not folded.over:
            raise FracasError("the fight is not over: finish it (fracas resume) before resting")
        action = ruleset.rest_action(folded, hours, medic, vehicle)
    except FracasError as exc:
        raise _named(path, exc) from None
    live = LiveAccount(ruleset, scenario_of(ruleset, head), as_json=False)
    roller: Roller = make_roller(*dice, live)
    if recorder is not None:
        roller = DurableRoller(roller, recorder, kept or [])
    session = Session.from_log(ruleset, events, roller)
    if recorder is not None:
        session.subscribe(recorder)
    live.follow(session.log, shown=len(events))
    try:
        session.act(action)
    except ScriptExhausted as exc:
        raise DiceError(f"{dice[1]}: {exc}" if dice[1] else str(exc)) from None
    live.flush()
    return session, len(events)


def _rest_in_store(
    path: str,
    encounter: int | None,
    hours: int,
    medic: str | None,
    vehicle: str,
    dice: DiceChoice,
) -> None:
    try:
        with SqliteStore(path) as store:
            record = store.get(encounter) if encounter is not None else store.latest()
            snap = store.snapshot(record.id)  # the log and the rolls of a stopped rest
            try:
                check_kept_rolls(snap.rolls)
            except FracasError as exc:
                raise _named(path, exc) from None
            if snap.rolls:
                click.echo(
                    f"({len(snap.rolls)} roll(s) typed before the stop are used first)", err=True
                )
            text = "\n".join(snap.lines) + "\n"
            recorder = Recorder(store, record.name, record.ruleset, record.id, len(snap.lines))
            session, _ = _run_rest(
                path, text, hours, medic, vehicle, dice, recorder, snap.rolls
            )  # each roll kept as typed; the rest appended when done, against that length
    except sqlite3.Error as exc:
        raise FracasError(f"{path}: cannot save the rest in this SQLite file: {exc}") from None
    click.echo(f"rest saved in encounter {record.id} of {path}", err=True)
    print_summary(session.ruleset, session.state)


def _rest_in_file(path: str, hours: int, medic: str | None, vehicle: str, dice: DiceChoice) -> None:
    what = "fracas log (JSON lines)"
    seen = read_bytes(path, what)
    session, _ = _run_rest(path, text_of(seen, path, what), hours, medic, vehicle, dice)
    try:  # only over the log this rest was made after: another rest meanwhile is refused
        replace_if_unchanged(path, seen, encode_log(session.log))
    except OSError as exc:
        raise FracasError(f"{path}: cannot write: {exc.strerror}") from None
    click.echo(f"rest appended to {path}", err=True)
    print_summary(session.ruleset, session.state)
