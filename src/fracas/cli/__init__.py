"""The ``fracas`` command line: parses input, calls the API, renders output. No rules here.

Each command's module is imported only when that command runs (``fracas roll`` never imports
pydantic, the rulesets or icepool), so a command starts about as fast as Python itself; see
``bench/startup.py``.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import os
from typing import Any

import click

from fracas.version import __version__

#: command name -> "module:function" (imported on first use)
COMMANDS: dict[str, str] = {
    "fight": "fracas.cli.fight:fight",
    "resume": "fracas.cli.saved:resume",
    "replay": "fracas.cli.saved:replay",
    "undo": "fracas.cli.saved:undo",
    "list": "fracas.cli.saved:list_encounters",
    "check": "fracas.cli.check:check",
    "demo": "fracas.cli.fight:demo",
    "roll": "fracas.cli.roll:roll",
    "schema": "fracas.cli.schema:schema",
    "rest": "fracas.cli.rest:rest",
    "odds": "fracas.cli.odds:odds",
    "advise": "fracas.cli.odds:advise",
    "sim": "fracas.cli.sim:sim",
    "compare": "fracas.cli.sim:compare",
    "sweep": "fracas.cli.sim:sweep",
    "balance": "fracas.cli.balance:balance",
    "serve": "fracas.cli.serve:serve",
}


#: command name -> the start of its help, for ``fracas --help`` (which then imports no
#: command: numpy, pydantic and the rulesets stay unloaded); ``tests/cli`` checks each is how
#: the command's own help begins
SHORT_HELP: dict[str, str] = {
    "fight": "Run the fight in SCENARIO (a YAML file, - for standard input) and print a "
    "round-by-round account",
    "resume": "Go on with an unfinished fight saved in the SQLite file DB, saving as it goes.",
    "replay": "Re-fold and re-run a saved fight (a JSONL log, - for stdin, or an SQLite file)",
    "undo": "Drop the last action of a fight saved in the SQLite file DB",
    "list": "Show the encounters in the SQLite file DB: id, name, ruleset, round, whether it "
    "is over",
    "check": "Validate SCENARIO (a YAML file, - for standard input) and print who would fight whom",
    "demo": "Replay a chapter's worked example from its own rolls, and save it.",
    "roll": 'Roll EXPRESSION (for example 2D6-1, d%, d1000, "2 d 6 + 1", -2, -D4), one total '
    "per line",
    "schema": "Print the JSON Schema that RULESET's scenario files follow.",
    "rest": "After the fight in LOG (a JSONL log or an SQLite file), let HOURS of rest pass",
    "odds": "Exact outcome probabilities of a fight in SCENARIO (where its ruleset has an exact "
    "chain",
    "advise": "The choice that maximises SIDE's chance to win in each state (value iteration over",
    "sim": "Run many fights of SCENARIO and report win rates, fight length, damage",
    "compare": "Run two or more variants of a matchup (SCENARIOS, and --variant edits of the "
    "first)",
    "sweep": "Run SCENARIO at every point of a grid of varied fields",
    "balance": "Find the value of one field of SCENARIO at which a side's win rate crosses the "
    "target",
    "serve": "Run the live tracker: the GM's page and the players' pages, in your browser.",
}


class LazyGroup(click.Group):
    """A group whose commands are imported when they are looked up, not at start (nor for
    the list of commands in ``--help``: :data:`SHORT_HELP`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from click import utils

        make_default_short_help: Any = utils.make_default_short_help
        width = formatter.width or 80
        limit = width - 6 - max(len(name) for name in COMMANDS)
        rows = [(name, make_default_short_help(SHORT_HELP[name], limit)) for name in COMMANDS]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, _, name = target.partition(":")
        from fracas.sim.working import working

        # (a second or more on a busy machine: said if it lasts, as every slow step is)
        with working(f"starting fracas {cmd_name} (loading its modules)"):
            command: Any = getattr(importlib.import_module(module), name)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="fracas")
def main() -> None:
    """fracas: run a tabletop-RPG fight, replay it, analyse a matchup, or roll dice."""
    # imported here, not at the top: fracas.cli.errors imports the dice package, which
    # ``fracas --help`` does not need
    from fracas.cli.errors import tolerant_output

    tolerant_output()
    # pydantic looks for plugins through importlib.metadata (about 10 ms at every start);
    # fracas uses none. Set PYDANTIC_DISABLE_PLUGINS yourself to choose otherwise.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    quick_exit()


_quick_exit = False


def quick_exit() -> None:
    """At exit, freeze the objects still alive out of the garbage collector's reach.

    Python's shutdown runs full collections that walk every object still alive: after a warm
    ``fracas odds`` (numba's type registries) that took 0.35-0.45 s of CPU, a third of the
    whole command, and about 50 ms after ``fracas fight`` (pydantic's); frozen, they are
    skipped (``gc.freeze``). Nothing fracas needs at exit hangs on them: files and databases
    are closed where they are used, standard output is flushed as before. Registered once,
    when a command starts."""
    global _quick_exit
    if not _quick_exit:
        atexit.register(gc.freeze)
        _quick_exit = True
