"""``fracas roll EXPR``: roll dice (TEMPORARY: the dice package rewrites this)."""

from __future__ import annotations

import click

from fracas.cli.errors import reported_errors
from fracas.dice import SeededRoller, parse


@click.command()
@click.argument("expression")
@click.option("--times", "-n", default=1, show_default=True, help="How many rolls.")
@click.option("--seed", type=int, default=None, help="Seed for repeatable rolls.")
def roll(expression: str, times: int, seed: int | None) -> None:
    """Roll EXPRESSION (for example 2D6-1, d%, d1000)."""
    with reported_errors():
        expr = parse(expression)
        roller = SeededRoller(seed if seed is not None else 0)
        for _ in range(times):
            click.echo(roller.roll(expr, "roll"))
