"""The ``fracas`` command line: parses input, calls the API, renders output. No rules here.

Each command's module is imported only when that command runs (``fracas roll`` never imports
pydantic, the rulesets or icepool), so a command starts about as fast as Python itself; see
``bench/startup.py``.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

import click

from fracas import __version__
from fracas.cli.errors import tolerant_output

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


class LazyGroup(click.Group):
    """A group whose commands are imported when they are looked up, not at start."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, _, name = target.partition(":")
        command: Any = getattr(importlib.import_module(module), name)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="fracas")
def main() -> None:
    """fracas: run a tabletop-RPG fight, replay it, analyse a matchup, or roll dice."""
    tolerant_output()
    # pydantic looks for plugins through importlib.metadata (about 10 ms at every start);
    # fracas uses none. Set PYDANTIC_DISABLE_PLUGINS yourself to choose otherwise.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
