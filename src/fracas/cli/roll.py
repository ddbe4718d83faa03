"""``fracas roll EXPR``: roll dice, and with ``--stats`` show their exact distribution."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from fracas.cli.errors import reported_errors
from fracas.dice import Expr, SeededRoller, parse

if TYPE_CHECKING:
    from fractions import Fraction

#: Width of the longest bar in the ``--stats`` table.
BAR_WIDTH = 40


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("expression")
@click.option(
    "--times",
    "-n",
    default=None,
    type=click.IntRange(0, 1_000_000),
    help="How many rolls [default: 1, or none with --stats].",
)
@click.option("--seed", type=int, default=None, help="Seed for repeatable rolls.")
@click.option("--stats", is_flag=True, help="Show the exact distribution, mean and deviation.")
def roll(expression: str, times: int | None, seed: int | None, stats: bool) -> None:
    """Roll EXPRESSION (for example 2D6-1, d%, d1000, "2 d 6 + 1", -2, -D4), one total per
    line; with --stats, show its exact distribution instead (add --times N to roll as well)."""
    if times is None:
        times = 0 if stats else 1
    if times == 0 and not stats:
        raise click.UsageError("--times 0 rolls nothing: add --stats to see the distribution")
    with reported_errors():
        expr = parse(expression)
        table = stats_lines(expr) if stats else []  # may refuse: before any roll is shown
        if times:
            if seed is None:
                seed = int.from_bytes(os.urandom(4), "big")
                click.echo(f"seed: {seed}  (pass --seed {seed} to roll these again)", err=True)
            roller = SeededRoller(seed)
            for _ in range(times):
                click.echo(roller.roll(expr, "fracas roll"))
        for line in table:
            click.echo(line)


def stats_lines(expr: Expr) -> list[str]:
    """The ``--stats`` report: a summary line, then each total with its probability and bar."""
    from fracas.dice import distribution, mean, standard_deviation  # icepool: slow to import

    probabilities = distribution(expr)
    top = max(probabilities.values())
    width = max(len(str(value)) for value in probabilities)
    lines = [
        f"{expr.text}: {expr.minimum}..{expr.maximum}, mean {_decimal(mean(expr))}, "
        f"standard deviation {standard_deviation(expr):.3f}"
    ]
    for value, p in probabilities.items():
        bar = "#" * max(1, round(p / top * BAR_WIDTH))
        lines.append(f"{value:>{width}}  {float(p) * 100:7.3f}%  {bar}")
    return lines


def _decimal(x: Fraction) -> str:
    """An exact number as a short decimal: ``7``, ``1.5``, ``3.333``."""
    if x.denominator == 1:
        return str(x.numerator)
    return f"{float(x):.3f}".rstrip("0").rstrip(".")
