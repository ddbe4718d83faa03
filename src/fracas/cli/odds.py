"""``fracas odds`` and ``fracas advise``: exact odds and the best stance, from the chain."""

from __future__ import annotations

import json

import click

from fracas.cli.errors import EXIT_BAD_INPUT, reported_errors
from fracas.scenario import load_scenario
from fracas.sim.odds import Odds, OutOfScope
from fracas.sim.odds import odds as compute_odds


def _bar(p: float, width: int = 40) -> str:
    return "#" * max(0, round(p * width))


def render_odds(o: Odds) -> list[str]:
    """The odds as lines for a terminal."""
    lines = [f"{o.scenario}: exact odds (Markov chain over the fight's state)"]
    for f in (0, 1):
        lines.append(f"  {o.names[f]} ({o.sides[f]}) wins: {o.win[f]:8.4%}")
    lines.append(f"  draw:{'':>{len(o.names[0]) + len(o.sides[0]) + 9}}{o.draw:8.4%}")
    lines.append(
        f"  length in {o.unit}: mean {o.mean_length:.2f}, median {o.quantile(0.5)}, "
        f"5%-95% {o.quantile(0.05)}-{o.quantile(0.95)}"
    )
    shown = [(r + 1, p) for r, p in enumerate(o.length) if p >= 0.005]
    for r, p in shown[:25]:
        lines.append(f"  {r:4d} {p:7.2%} {_bar(p / max(o.length))}")
    lines.append(
        f"  truncation error <= {o.error:.1e} (pruned classes and fights still going); "
        f"{o.classes} state classes; computed in {o.seconds * 1000:.0f} ms"
    )
    return lines


@click.command()
@click.argument("scenario")
@click.option("-o", "--option", "options", multiple=True, metavar="NAME=VALUE",
              help="Set a rule option (house rule). Repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def odds(scenario: str, options: tuple[str, ...], as_json: bool) -> None:
    """Exact outcome probabilities of a one-on-one fight in SCENARIO (a percentile melee
    duel or an EXP brawl): each side's win, the draw, and the fight-length distribution."""
    with reported_errors():
        loaded = load_scenario(scenario, options)
    try:
        result = compute_odds(loaded.ruleset, loaded.scenario)
    except OutOfScope as exc:
        click.echo(f"error: {scenario}: outside the exact chain: {exc}", err=True)
        raise SystemExit(EXIT_BAD_INPUT) from None
    if as_json:
        click.echo(json.dumps(result.to_json()))
    else:
        click.echo("\n".join(render_odds(result)))
