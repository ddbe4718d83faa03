"""``fracas fight`` and ``fracas demo``."""

from __future__ import annotations

from contextlib import ExitStack, suppress
from pathlib import Path
from typing import TYPE_CHECKING

import click

from fracas.cli.control import Control, parse_control
from fracas.cli.errors import reported_errors
from fracas.cli.live import (
    DurableRoller,
    begin,
    check_log_target,
    finish,
    make_roller,
    play,
    tell_where_saved,
)
from fracas.cli.log_file import staged
from fracas.cli.render import LiveAccount
from fracas.cli.rule_options import rule_option
from fracas.dice import Roller, ScriptedRoller
from fracas.engine import Session, encode_log
from fracas.engine.errors import FracasError
from fracas.engine.events import EncounterStarted
from fracas.engine.session import scenario_dump
from fracas.rulesets import RULESETS, get_ruleset
from fracas.scenario import load_scenario
from fracas.scenario.files import STDIN
from fracas.scenario.loader import LoadedScenario, parse_scenario
from fracas.sim.working import working

if TYPE_CHECKING:  # the store (sqlite3) is imported only when a fight is saved in one
    from fracas.store import SqliteStore

DEFAULT_DB = "fracas.db"


def _save(session: Session, name: str, log: str | None, store: SqliteStore | None) -> None:
    """Save the finished fight: all of it or, on any error, nothing (the log is written
    first to a temporary file of its own, renamed over ``log`` once the store has it)."""
    try:
        with ExitStack() as stack:
            put = stack.enter_context(staged(log, encode_log(session.log))) if log else None
            if store is not None:
                encounter_id = store.create(name, session.ruleset.name, session.log)
                click.echo(f"saved as encounter {encounter_id} in {store.path}", err=True)
            if put is not None:
                put()
                click.echo(f"log saved to {log}", err=True)
    except OSError as exc:
        raise FracasError(f"{log}: cannot write: {exc.strerror}") from None


def _open_store(db: str) -> SqliteStore:
    from fracas.store import SqliteStore

    return SqliteStore(db)


def _install_optimal_tactics(loaded: LoadedScenario) -> None:
    """``tactics: optimal``: compute the policy ``fracas advise`` would and install it, so
    the fight can be watched under it (where the ruleset has an advisor; a clear error
    otherwise)."""
    combatants = getattr(loaded.scenario, "combatants", [])
    named = (str(getattr(c, "tactics", "")).split(";", 1)[0].strip() for c in combatants)
    if "optimal" not in named:
        return
    from fracas.sim.odds import OutOfScope, install_policy

    try:
        install_policy(loaded.ruleset, loaded.scenario)
    except OutOfScope as exc:
        raise FracasError(f"{loaded.source}: {exc}") from None


def _name(loaded: LoadedScenario) -> str:
    return str(getattr(loaded.scenario, "name", None) or Path(loaded.source).stem)


@click.command()
@click.argument("scenario")
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
@click.option("--log", "log", metavar="FILE", help="Save the log (JSONL) in this file.")
@click.option("--force", is_flag=True, help="Let --log replace a file that is not a fracas log.")
@click.option(
    "--db", metavar="DB", help="Save the log in this SQLite file (as it goes with --ask/--control)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the event log as JSON lines.")
@rule_option
def fight(
    scenario: str,
    seed: int | None,
    rolls: str | None,
    ask: bool,
    controls: tuple[str, ...],
    log: str | None,
    force: bool,
    db: str | None,
    as_json: bool,
    overrides: tuple[str, ...],
) -> None:
    """Run the fight in SCENARIO (a YAML file, - for standard input) and print a
    round-by-round account; --control lets you decide for some combatants."""
    with reported_errors(), ExitStack() as stack:
        interactive = ask or bool(controls)
        if scenario == STDIN and (interactive or rolls == STDIN):
            raise click.UsageError(
                "the scenario comes from standard input, so the dice and decisions cannot: "
                "give the scenario as a file"
            )
        if rolls == STDIN and interactive:
            raise click.UsageError("--rolls - reads standard input, which --ask/--control use")
        with working(f"reading {scenario}"):
            loaded = load_scenario(scenario, overrides)
        check_log_target(log, db, [scenario, *([rolls] if rolls else [])], force)
        with working("working out the optimal tactics"):
            _install_optimal_tactics(loaded)
        control = parse_control(controls, loaded.ruleset.build(loaded.scenario))
        store = stack.enter_context(_open_store(db)) if db is not None else None
        if interactive and store is None:
            click.echo(
                "fracas: without --db, nothing is saved until the fight ends (stopped before, "
                "it is lost); add --db table.db to save every roll and decision as it is made",
                err=True,
            )
        live = LiveAccount(loaded.ruleset, loaded.scenario, as_json)
        roller = make_roller(seed, rolls, ask, live)
        if store is not None and interactive:  # live play: saved as it goes
            session = _live_fight(loaded, roller, live, control, store, rolls)
            _save(session, _name(loaded), log, None)
        else:
            session = _fight(loaded, roller, live, control, rolls)
            _save(session, _name(loaded), log, store)


def _fight(
    loaded: LoadedScenario, roller: Roller, live: LiveAccount, control: Control, source: str | None
) -> Session:
    session = Session(loaded.ruleset, loaded.scenario, roller)
    live.follow(session.log)
    session.subscribe(lambda _events: live.flush())
    begin(session, source)
    play(session, live, control, None, source)
    live.flush()
    finish(session, live.as_json)
    return session


def _live_fight(
    loaded: LoadedScenario,
    roller: Roller,
    live: LiveAccount,
    control: Control,
    store: SqliteStore,
    source: str | None,
) -> Session:
    """The fight, with every action and every roll on disk before the table sees it."""
    from fracas.store import Recorder

    head = EncounterStarted(ruleset=loaded.ruleset.name, scenario=scenario_dump(loaded.scenario))
    recorder = Recorder.begin(store, _name(loaded), head)
    session = Session(loaded.ruleset, loaded.scenario, DurableRoller(roller, recorder, []))
    live.follow(session.log)
    session.subscribe(recorder)
    session.subscribe(lambda _events: live.flush())
    try:
        begin(session, source)
        play(session, live, control, recorder, source)
    finally:
        live_flush_quietly(live)
        tell_where_saved(recorder, session)
    finish(session, live.as_json)
    return session


def live_flush_quietly(live: LiveAccount) -> None:
    """Show what is committed even when the fight stops on an error (nothing more)."""
    with suppress(FracasError):
        live.flush()


@click.command()
@click.argument("ruleset", default=next(iter(RULESETS)), type=click.Choice(sorted(RULESETS)))
@click.option(
    "--db",
    default=DEFAULT_DB,
    show_default=True,
    help="SQLite file the demo fight is saved in.",
)
def demo(ruleset: str, db: str) -> None:
    """Replay a chapter's worked example from its own rolls, and save it."""
    with reported_errors():
        rules = get_ruleset(ruleset)
        example = rules.demo()
        if example is None:
            raise FracasError(f"ruleset {ruleset!r} has no demo yet")
        with _open_store(db) as store:
            click.echo(example.intro)
            click.echo()
            loaded = parse_scenario(example.scenario, f"<{ruleset} demo>")
            live = LiveAccount(loaded.ruleset, loaded.scenario, as_json=False)
            roller = ScriptedRoller(list(example.rolls))
            session = _fight(loaded, roller, live, Control(), None)
            _save(session, _name(loaded), None, store)
        click.echo(f"replay it with: fracas replay {db}", err=True)
