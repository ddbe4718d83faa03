"""``fracas --help`` lists the commands without importing them (their short help is kept in
``SHORT_HELP``), and that short help is how each command's own help begins."""

from __future__ import annotations

import ast
import subprocess
import sys

import click

from fracas.cli import COMMANDS, SHORT_HELP, main


def test_every_short_help_is_how_the_commands_help_begins() -> None:
    ctx = click.Context(main)
    assert list(SHORT_HELP) == list(COMMANDS)
    for name in COMMANDS:
        command = main.get_command(ctx, name)
        assert command is not None
        full = " ".join((command.help or "").split())
        assert full.startswith(SHORT_HELP[name]), name


def test_help_imports_no_command_nor_numpy_nor_the_dice() -> None:
    code = (
        "import sys\n"
        "from fracas.cli import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "unwanted = ('numpy', 'pydantic', 'fracas.cli.', 'fracas.dice')\n"
        "loaded = [m for m in sys.modules if m.startswith(unwanted)]\n"
        "print(sorted(loaded), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "fight" in done.stdout
    assert ast.literal_eval(done.stderr) == []


def test_odds_and_advise_help_import_neither_numpy_nor_pydantic() -> None:
    """A command's own --help is as quick as the list: the chain and the scenario models
    are imported when the command runs."""
    for command in ("odds", "advise"):
        code = (
            "import sys\n"
            "from fracas.cli import main\n"
            "try:\n"
            f"    main(['{command}', '--help'])\n"
            "except SystemExit:\n"
            "    pass\n"
            "loaded = [m for m in sys.modules if m.startswith(('numpy', 'pydantic'))]\n"
            "print(sorted(loaded), file=sys.stderr)\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        assert "SCENARIO" in done.stdout, command
        assert ast.literal_eval(done.stderr) == [], command
