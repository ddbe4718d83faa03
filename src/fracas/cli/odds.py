"""``fracas odds`` and ``fracas advise``: exact odds and the best stance, from the chain."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from fracas.cli.rule_options import rule_option

if TYPE_CHECKING:  # (imported when a command runs: --help loads neither NumPy nor pydantic)
    from fracas.sim.odds import ExactDistributions, ExactFigure, Odds


def _bar(p: float, width: int = 40) -> str:
    return "#" * max(0, round(p * width))


def render_odds(o: Odds) -> list[str]:
    """The odds as lines for a terminal."""
    lines = [f"{o.scenario}: exact odds (Markov chain over the fight's state)"]
    figures = [(f"{o.names[f]} ({o.sides[f]}) wins:", o.win[f]) for f in (0, 1)]
    figures.append(("draw:", o.draw))
    width = max(len(label) for label, _ in figures)  # the figures in one column
    lines.extend(f"  {label:<{width}} {p:8.4%}" for label, p in figures)
    lines.append(
        f"  length in {o.unit}: mean {o.mean_length:.2f}, median {o.quantile(0.5)}, "
        f"5%-95% {o.quantile(0.05)}-{o.quantile(0.95)}"
    )
    shown = [(r + 1, p) for r, p in enumerate(o.length) if p >= 0.005]
    for r, p in shown[:25]:
        lines.append(f"  {r:4d} {p:7.2%} {_bar(p / max(o.length))}")
    lines.append(
        f"  truncation error <= {o.error:.1e} (what was pruned and fights still going); "
        f"{o.classes} state classes; computed in {o.seconds * 1000:.0f} ms CPU"
    )
    return lines


def _rows(fig: ExactFigure, most: int = 12) -> list[tuple[str, float]]:
    """The "at least X" rows of one exact figure (at most ``most``, evenly spread), the
    lumps said as such."""
    s = fig.spread
    assert s is not None
    rows = [(f"at least {x}", p) for x, p in s.at_least()]
    if s.floor:  # the lowest value stands for itself or below: no "at least" row for it
        rows = rows[1:]
    if not s.ceiling:  # the far tail, below what four decimals show, is left out
        rows = [r for r in rows if r[1] >= 5e-6] or rows[:1]
    if len(rows) > most:
        step = (len(rows) - 1) / (most - 1)
        rows = [rows[round(k * step)] for k in range(most)]
    return rows


def distribution_lines(d: ExactDistributions) -> list[str]:
    """The exact distributions as "at least X" tables (``fracas odds --distributions``)."""
    out = ["", "distributions: the exact probability of at least X"]
    for fig in d.figures:
        s = fig.spread
        if s is None:
            out.append(f"  {fig.title}: not exact here: {fig.why}")
            continue
        mean = s.mean
        head = f"  {fig.title}" + (f" (mean {mean:.2f})" if mean is not None else "")
        out.append(head)
        for label, p in _rows(fig):
            out.append(f"    {label:<14} {p:8.3%}")
        if s.floor:
            out.append(
                f"    ({s.values[0]} stands for {s.values[0]} or below: the chain stops there)"
            )
        if s.ceiling:
            out.append(
                f"    ({s.values[-1]} stands for {s.values[-1]} or more: the chain stops there)"
            )
    return out


@click.command()
@click.argument("scenario")
@rule_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--distributions",
    is_flag=True,
    help="Also the exact distributions (length, damage, health left, combatants out) as "
    '"at least X" tables, from the chain\'s end states.',
)
@click.option(
    "--plot",
    metavar="FILE.png|FILE.svg",
    default=None,
    help="Draw the exact distributions (implies --distributions).",
)
def odds(
    scenario: str,
    overrides: tuple[str, ...],
    as_json: bool,
    distributions: bool,
    plot: str | None,
) -> None:
    """Exact outcome probabilities of a fight in SCENARIO (where its ruleset has an exact
    chain: docs/batch-and-odds.md says which fights it covers): each side's win, the draw, and
    the fight-length distribution; with --distributions, the exact distributions of damage,
    health left and who is out too."""
    from fracas.cli.errors import fail, reported_errors
    from fracas.sim.working import working

    dists: ExactDistributions | None = None
    outside: str | None = None
    with reported_errors():  # the chain too: an error or Ctrl-C there is no traceback
        if plot is not None:
            from fracas.cli.sim import _check_plot

            _check_plot(plot)
        # said on stderr if it lasts (NumPy and numba's import alone take a second or more
        # on a busy machine), cleared before the first line of output
        with working(f"working out the exact odds of {scenario}"):
            from fracas.scenario import load_scenario
            from fracas.sim import odds as exact

            loaded = load_scenario(scenario, overrides)
            try:
                if distributions or plot is not None:
                    dists = exact.distributions(loaded.ruleset, loaded.scenario)
                    result = dists.odds
                else:
                    result = exact.odds(loaded.ruleset, loaded.scenario)
            except exact.OutOfScope as exc:
                outside = str(exc)
        if outside is not None:
            fail(f"{scenario}: outside the exact chain: {outside}")
        if plot is not None:
            from fracas.cli.sim import draw_plot

            with working(f"drawing {plot}"):
                draw_plot("exact_distribution_plot", dists, plot)
    if as_json:
        click.echo(json.dumps(result.to_json() if dists is None else dists.to_json()))
    else:
        click.echo("\n".join(render_odds(result)))
        if dists is not None:
            click.echo("\n".join(distribution_lines(dists)))
    if plot is not None:
        click.echo(f"plot saved to {plot}", err=True)


@click.command()
@click.argument("scenario")
@click.option("--side", default=None, help="The side to advise (default: the first combatant's).")
@rule_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def advise(scenario: str, side: str | None, overrides: tuple[str, ...], as_json: bool) -> None:
    """The choice that maximises SIDE's chance to win in each state (value iteration over
    the exact chain, where the scenario's ruleset has an advisor: docs/batch-and-odds.md says
    which fights it covers), its win probability and the gain over the scenario's own
    tactics."""
    from fracas.cli.errors import fail, reported_errors
    from fracas.sim.working import working

    outside: str | None = None
    with reported_errors():  # value iteration too: an error or Ctrl-C there is no traceback
        with working(f"working out the best choice in each state of {scenario}"):
            from fracas.scenario import load_scenario
            from fracas.sim import odds as exact

            loaded = load_scenario(scenario, overrides)
            try:
                a = exact.advise(loaded.ruleset, loaded.scenario, side)
            except exact.OutOfScope as exc:
                outside = str(exc)
        if outside is not None:
            fail(f"{scenario}: {outside}")
    if as_json:
        click.echo(json.dumps(a.to_json()))
        return
    click.echo("\n".join(a.lines()))
