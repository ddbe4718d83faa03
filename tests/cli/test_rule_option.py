"""``-o/--option``: one declaration (``cli/rule_options.py``) shared by every command that
loads a scenario, so the flag, its help and its bad-input messages are the same everywhere."""

from __future__ import annotations

import importlib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from fracas.cli import COMMANDS as COMMAND_PATHS
from fracas.cli import main
from fracas.cli.rule_options import rule_option

DUEL = Path(__file__).parents[2] / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
COMMANDS = ("fight", "check", "sim", "compare", "sweep", "balance", "odds", "advise")


def declared(name: str) -> list[click.Option]:
    target = COMMAND_PATHS[name]
    module, _, attr = target.partition(":")
    command = getattr(importlib.import_module(module), attr)
    assert isinstance(command, click.Command)
    flags = {"-o", "--option"}
    return [p for p in command.params if isinstance(p, click.Option) and flags & set(p.opts)]


def test_every_command_declares_the_rule_option_once_and_the_same_way() -> None:
    @rule_option
    def probe(overrides: tuple[str, ...]) -> None: ...

    shared = click.command()(probe).params[0]
    assert isinstance(shared, click.Option)
    having = {name for name in COMMAND_PATHS if declared(name)}
    assert having == set(COMMANDS)
    for name in COMMANDS:
        [option] = declared(name)
        assert option.opts == shared.opts == ["--option", "-o"], name
        assert (option.name, option.multiple, option.metavar) == ("overrides", True, "NAME=VALUE")
        assert option.help == shared.help, name


@pytest.mark.parametrize("command", ["fight", "check", "sim", "odds", "advise"])
@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("nonsense", "--option 'nonsense': expected NAME=VALUE"),
        ("nope=1", "options.nope"),
    ],
)
def test_a_bad_rule_option_is_refused_alike_by_every_command(
    command: str, value: str, message: str
) -> None:
    extra = ["-n", "10"] if command == "sim" else []
    result = CliRunner().invoke(main, [command, str(DUEL), *extra, "-o", value])
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.output
