"""What ``fight`` and ``resume`` share: the dice, the questions, saving as the fight goes."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from fracas.cli.control import Control, Table
from fracas.cli.render import LiveAccount, print_summary, state_lines
from fracas.cli.targets import cannot_write_in
from fracas.dice import AskRoller, DiceError, Expr, Roller, ScriptedRoller, SeededRoller, parse
from fracas.dice.errors import ScriptExhausted
from fracas.dice.readings import read_rolls
from fracas.engine.errors import FracasError
from fracas.engine.ruleset import Action
from fracas.engine.session import Session
from fracas.scenario.files import STDIN, read_text

if TYPE_CHECKING:  # the store (sqlite3) is imported only by fights that save as they go
    from fracas.store import PendingRoll, Recorder


def _interactive() -> bool:
    """Is standard input a terminal (which echoes what is typed)?"""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def ask_line(live: LiveAccount) -> Callable[[str], str]:
    """A question on stderr (stdout stays the account), answered by a line of stdin; the
    account so far is shown first, so the table sees every result before the next question."""

    def ask(question: str) -> str:
        live.flush()
        try:  # the prompt inside: a Ctrl-C that lands just after it still ends its line
            click.echo(question, err=True, nl=False)
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            click.echo(err=True)  # end the prompt's line: what is said next has its own
            raise
        if not line:
            click.echo(err=True)
            raise EOFError
        answer = line.rstrip("\n")
        if not _interactive():  # a pipe or a file: show the answer, as a terminal echoes it
            click.echo(answer, err=True)
        return answer

    return ask


def make_roller(seed: int | None, rolls: str | None, ask: bool, live: LiveAccount) -> Roller:
    if sum(x is not None and x is not False for x in (seed, rolls, ask)) > 1:
        raise click.UsageError("use only one of --seed, --rolls and --ask")
    if rolls is not None:
        return ScriptedRoller(read_rolls(read_text(rolls, "rolls file"), source=rolls))
    if ask:
        return AskRoller(prompt=ask_line(live))
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
        click.echo(f"seed: {seed}  (pass --seed {seed} to roll the same dice again)", err=True)
    return SeededRoller(seed)


class DurableRoller:
    """Keeps every roll of the action in progress in the store as it is made, and first
    hands out the rolls an interrupted run kept (``kept``), so none is asked twice."""

    def __init__(self, inner: Roller, recorder: Recorder, kept: list[PendingRoll]) -> None:
        self.inner = inner
        self.recorder = recorder
        self.kept = list(kept)
        self.used = 0  # kept rolls used again (they stay kept if the rest is set aside)
        recorder.took_over(len(kept))

    def roll(self, expr: str | Expr, purpose: str) -> int:
        e = parse(expr) if isinstance(expr, str) else expr
        if self.kept:
            roll = self.kept[0]
            if roll.dice == e.text and roll.purpose == purpose:
                self.kept.pop(0)
                self.used += 1
                click.echo(f"{purpose} — roll {e.text}: {roll.value} (typed before)", err=True)
                return roll.value
            click.echo(
                f"note: {len(self.kept)} roll(s) typed before were for another action "
                "and are set aside",
                err=True,
            )
            self.kept.clear()
            self.recorder.set_aside(self.used)
        value = self.inner.roll(e, purpose)
        self.recorder.rolled(_pending(e.text, purpose, value))
        return value

    @property
    def remaining(self) -> int:
        inner = self.inner
        return inner.remaining if isinstance(inner, ScriptedRoller) else 0


def check_kept_rolls(kept: list[PendingRoll]) -> None:
    """Refuse rolls kept in a store that no die could give (``150`` for a ``D100``): the
    store was changed by hand or damaged, and such a roll would make a log no replay takes."""
    for n, roll in enumerate(kept, start=1):
        try:
            e = parse(roll.dice)
        except DiceError:
            raise FracasError(
                f"typed roll {n} kept for the action in progress ({roll.purpose}) is for "
                f"{roll.dice!r}, which is not dice: the store is damaged; nothing was done"
            ) from None
        if not e.minimum <= roll.value <= e.maximum:
            raise FracasError(
                f"typed roll {n} kept for the action in progress ({roll.purpose}) is "
                f"{roll.value}, but {e.text} rolls {e.minimum} to {e.maximum}: the store "
                "is damaged; nothing was done"
            )


def _pending(dice: str, purpose: str, value: int) -> PendingRoll:
    from fracas.store import PendingRoll

    return PendingRoll(dice, purpose, value)


def check_log_target(log: str | None, db: str | None, inputs: list[str], force: bool) -> None:
    """Refuse, before the first roll, a ``--log`` that would replace something it should
    not (the scenario, the rolls file, a file that is not a fracas log) or cannot write."""
    if log is None:
        return
    if log == STDIN:
        raise FracasError("--log -: to print the log, use --json")
    path = Path(log)
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise FracasError(f"{log}: --log writes a regular file; this is not one")
    if db is not None and _same_file(path, Path(db)):
        raise FracasError(f"{log}: --log and --db cannot be the same file")
    for other in inputs:
        if other != STDIN and _same_file(path, Path(other)):
            raise FracasError(f"{log}: --log would overwrite {other}, an input of this command")
    if path.exists() and path.stat().st_size and not force and not _is_fracas_log(path):
        raise FracasError(f"{log}: exists and is not a fracas log; pass --force to replace it")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise FracasError(f"{log}: cannot write here (no such folder, or not writable)")
    why = cannot_write_in(folder)  # as root, or in /proc, the check above is not enough
    if why is not None:
        raise FracasError(f"{log}: cannot write here ({why})")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def _is_fracas_log(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    first = head.lstrip(b"\xef\xbb\xbf").lstrip().split(b"\n", 1)[0]
    return first.startswith(b'{"type":"EncounterStarted"')


def begin(session: Session, source: str | None) -> None:
    """Begin the fight (initiative and the like); rolls that run out name their file."""
    try:
        session.begin()
    except ScriptExhausted as exc:
        raise DiceError(f"{source}: {exc}" if source else str(exc)) from None


def play(
    session: Session,
    live: LiveAccount,
    control: Control,
    recorder: Recorder | None,
    source: str | None,
    kept: Action | None = None,
) -> None:
    """Play the session to its end (the tactics, or a person through ``control``); ``kept``
    is the action a person chose before a stop, for the first decision."""

    def on_undo(length: int, what: str) -> None:
        if recorder is not None:
            recorder.truncated(length)
        live.follow(session.log, shown=len(session.log))
        text = f"undone: {what}; back to {session.ruleset.round_word} {session.state.round}"
        if not live.as_json:  # the account showed what is undone: it says so
            click.echo(f"\n({text})")
        if live.as_json or not same_terminal():  # and the person at the menu, once
            click.echo(text, err=True)

    def status() -> list[str]:
        return state_lines(session.ruleset, session.state)

    decided = recorder.decided if recorder is not None else None
    table = Table(session, control, _menu_answer(live), _say, on_undo, status, decided, kept)
    try:
        table.play()
    except ScriptExhausted as exc:
        raise DiceError(f"{source}: {exc}" if source else str(exc)) from None


def same_terminal() -> bool:
    """Whether standard output and standard error are one terminal (a line written to
    both would be seen twice)."""
    try:
        return os.isatty(1) and os.isatty(2) and os.ttyname(1) == os.ttyname(2)
    except OSError:
        return False


def _menu_answer(live: LiveAccount) -> Callable[[str], str]:
    ask = ask_line(live)

    def answer(question: str) -> str:
        try:
            return ask(question)
        except EOFError:
            raise FracasError("no more input (a decision was asked for)") from None

    return answer


def _say(text: str) -> None:
    click.echo(text, err=True)


def tell_where_saved(recorder: Recorder | None, session: Session) -> None:
    if recorder is None:
        return
    db, n = recorder.store.path, recorder.encounter_id
    if session.state.over:
        click.echo(f"saved as encounter {n} in {db} (fracas replay {db} --encounter {n})", err=True)
    else:
        click.echo(f"saved as encounter {n} in {db} (fracas resume {db} --encounter {n})", err=True)


def finish(session: Session, as_json: bool) -> None:
    if not as_json:
        print_summary(session.ruleset, session.state)
    roller = session.roller
    remaining = getattr(roller, "remaining", 0)
    if isinstance(remaining, int) and remaining:
        click.echo(f"note: {remaining} scripted rolls were not used", err=True)
