"""``fracas fight``, ``fracas replay`` and ``fracas demo``."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

import click
import yaml

from fracas.cli.errors import reported_errors
from fracas.cli.render import Narrator, print_summary
from fracas.dice import AskRoller, Roller, ScriptedRoller, SeededRoller, read_rolls
from fracas.engine import LogDecoder, Session, encode_log
from fracas.engine.codec import peek_ruleset
from fracas.engine.errors import FracasError
from fracas.rulesets import RULESETS, get_ruleset
from fracas.scenario import ScenarioError
from fracas.scenario.loader import LoadedScenario, parse_scenario
from fracas.store import SqliteStore

DEFAULT_DB = "fracas.db"


def _load(path: str, overrides: Sequence[str]) -> LoadedScenario:
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ScenarioError(path, [f"cannot read file: {exc.strerror}"]) from None
    except yaml.YAMLError as exc:
        raise ScenarioError(path, [f"not valid YAML: {exc}"]) from None
    if overrides and isinstance(data, dict):
        options = dict(data.get("options") or {})
        for item in overrides:
            key, sep, value = item.partition("=")
            if not sep or not key.strip():
                raise ScenarioError(path, [f"--option {item!r}: expected NAME=VALUE"])
            options[key.strip()] = yaml.safe_load(value)
        data["options"] = options
    return parse_scenario(data, path)


def _roller(seed: int | None, rolls: str | None, ask: bool) -> Roller:
    if sum(x is not None and x is not False for x in (seed, rolls, ask)) > 1:
        raise click.UsageError("use only one of --seed, --rolls and --ask")
    if rolls is not None:
        return ScriptedRoller(read_rolls(Path(rolls).read_text(encoding="utf-8"), source=rolls))
    if ask:
        return AskRoller(prompt=_ask_on_stderr)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
        click.echo(f"seed: {seed}  (pass --seed {seed} to fight this again)", err=True)
    return SeededRoller(seed)


def _ask_on_stderr(question: str) -> str:
    """Ask on stderr, so ``--ask --json`` keeps stdout for the log alone."""
    click.echo(question, err=True, nl=False)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n")


def _run(loaded: LoadedScenario, roller: Roller, as_json: bool) -> Session:
    narrator = Narrator(loaded.ruleset, loaded.scenario)

    def show(events: Sequence[object]) -> None:
        if as_json:
            sys.stdout.write(encode_log(events).decode())  # type: ignore[arg-type]
        else:
            for line in narrator.feed(events):  # type: ignore[arg-type]
                click.echo(line)

    session = Session.start(loaded.ruleset, loaded.scenario, roller, listener=show)
    session.run()
    if not as_json:
        print_summary(loaded.ruleset, session.state)
    return session


def _save(session: Session, loaded: LoadedScenario, log: str | None, db: str | None) -> None:
    if log is not None:
        tmp = Path(log + ".tmp")
        tmp.write_bytes(encode_log(session.log))
        tmp.replace(log)
        click.echo(f"log saved to {log}", err=True)
    if db is not None:
        name = getattr(loaded.scenario, "name", None) or Path(loaded.source).stem
        with SqliteStore(db) as store:
            encounter_id = store.create(str(name), loaded.ruleset.name, session.log)
        click.echo(f"saved as encounter {encounter_id} in {db}", err=True)


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
        loaded = _load(scenario, overrides)
        session = _run(loaded, _roller(seed, rolls, ask), as_json)
        _save(session, loaded, log, db)


@click.command()
@click.argument("log", type=click.Path(exists=True, dir_okay=False))
@click.option("--encounter", type=int, default=None, help="Encounter id in an SQLite file.")
@click.option("--json", "as_json", is_flag=True, help="Print the log as JSON lines.")
def replay(log: str, encounter: int | None, as_json: bool) -> None:
    """Re-fold a saved fight (a JSONL log or an SQLite file) and print it again."""
    with reported_errors():
        text = _read_log(log, encounter)
        ruleset = get_ruleset(peek_ruleset(text))
        events = LogDecoder(ruleset.event_types()).decode(text)
        session = Session.from_log(ruleset, events, ScriptedRoller([]))
        if as_json:
            sys.stdout.write(encode_log(session.log).decode())
            return
        narrator = Narrator(ruleset, session.scenario)
        for line in narrator.feed(events):
            click.echo(line)
        print_summary(ruleset, session.state)


def _read_log(path: str, encounter: int | None) -> str:
    with open(path, "rb") as fh:
        is_sqlite = fh.read(16) == b"SQLite format 3\x00"
    if not is_sqlite:
        if encounter is not None:
            raise FracasError(f"{path}: --encounter needs an SQLite file, this is a JSONL log")
        return Path(path).read_text(encoding="utf-8")
    with SqliteStore(path) as store:
        record = store.get(encounter) if encounter is not None else store.latest()
        return "\n".join(store.lines(record.id)) + "\n"


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
        session = _run(loaded, ScriptedRoller(list(example.rolls)), as_json=False)
        _save(session, loaded, None, db)
        click.echo(f"replay it with: fracas replay {db}", err=True)
