"""``-o/--option NAME=VALUE``: one declaration for every command that loads a scenario.

The values are handed to :func:`fracas.scenario.load_scenario` as ``overrides``, which
checks them as the scenario's own ``options:`` mapping is checked (the same messages, naming
the option, whatever the command)."""

from __future__ import annotations

import click

#: the option as a click decorator; the command's parameter is ``overrides``
rule_option = click.option(
    "--option",
    "-o",
    "overrides",
    multiple=True,
    metavar="NAME=VALUE",
    help="Set a rule option (house rule) for this run, as a scenario's options: mapping "
    "would. Repeatable.",
)
