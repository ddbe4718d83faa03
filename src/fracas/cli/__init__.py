"""The ``fracas`` command line: parses input, calls the API, renders output. No rules here."""

from __future__ import annotations

import click

from fracas import __version__
from fracas.cli.fight import demo, fight, replay, resume
from fracas.cli.odds import advise, odds
from fracas.cli.roll import roll
from fracas.cli.schema import schema


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="fracas")
def main() -> None:
    """fracas: run a tabletop-RPG fight, replay it, or roll dice."""


for command in (fight, resume, replay, demo, roll, schema, odds, advise):
    main.add_command(command)
