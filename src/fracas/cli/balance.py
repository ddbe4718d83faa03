"""``fracas balance``: where a side's win rate crosses a target as one field varies. Parses
flags, calls :func:`fracas.sim.balance.balance`, renders the answer. No statistics here."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from fracas.cli.sim import (
    ENGINES,
    _check_plot,
    _jobs,
    _progress_bar,
    _sim_errors,
    draw_plot,
    run_options_for,
)
from fracas.engine.errors import FracasError

if TYPE_CHECKING:
    from fracas.sim.balance import BalanceResult


@click.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option(
    "--vary",
    required=True,
    metavar="PATH=LOW..HIGH",
    help="The field to search, over whole numbers: combatants[0].skills.epee=10..90.",
)
@click.option(
    "--target",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    default=0.5,
    show_default=True,
    help="The win rate to find.",
)
@click.option("--side", default=None, help="Whose win rate (default: the first side).")
@click.option(
    "--most",
    type=click.IntRange(min=1),
    default=20_000,
    show_default=True,
    help="Most fights at one value before it is called indistinguishable from the target.",
)
@run_options_for(
    engines=(*ENGINES, "exact"),
    engine_help="exact: bisect on the exact win probability (fracas odds; refused where the "
    "chain does not cover a value); event, batch: on the Monte Carlo of that engine; auto: "
    "exact where the chain covers every value tried, else the fastest engine that can.",
)
@click.option(
    "--plot",
    metavar="FILE.png|FILE.svg",
    default=None,
    help="Draw the values tried, their intervals, the target and the crossing.",
)
def balance(
    scenario: str,
    vary: str,
    target: float,
    side: str | None,
    most: int,
    n: int | None,
    seed: int | None,
    jobs: int | None,
    overrides: tuple[str, ...],
    as_json: bool,
    engine: str,
    scheduler: str | None,
    plot: str | None,
) -> None:
    """Find the value of one field of SCENARIO at which a side's win rate crosses the
    target, with an interval on it, in far fewer fights than a sweep of every value (on
    the exact odds where the exact chain covers the fight: no fights, no interval)."""
    with _sim_errors() as chosen:
        if n is not None:
            raise FracasError("-n: balance decides how many fights each value needs (see --most)")
        _check_plot(plot)
        seed = chosen.pick(seed)
        bar = sys.stdout.isatty() and not as_json
        doing = f"looking for the balance point of {scenario}"
        with _progress_bar(bar, "fights", doing) as progress:
            from fracas.sim.balance import EXACT
            from fracas.sim.balance import balance as run_balance

            result = run_balance(
                scenario,
                vary,
                target=target,
                side=side,
                most=most,
                seed=seed,
                jobs=_jobs(jobs),
                overrides=overrides,
                engine=engine,
                scheduler=scheduler,
                progress=progress,
            )
        if result.engine == EXACT:  # no fight was run: the seed chose nothing
            chosen.random = None
        draw_plot("balance_plot", result, plot)
        if as_json:
            click.echo(result.to_json().decode())
            return
        for line in render_balance(result):
            click.echo(line)
        if plot is not None:
            click.echo(f"plot saved to {plot}", err=True)


def render_balance(result: object) -> list[str]:
    from fracas.sim.balance import EXACT, BalanceResult

    assert isinstance(result, BalanceResult)
    r = result
    if r.engine == EXACT:
        return render_exact(r)
    out = [
        f"engine: {r.engine}",
        f"{r.scenario}: where {r.side}'s win rate crosses {100 * r.target:.0f}% as {r.path} "
        f"runs over {r.low}..{r.high} (seed {r.seed})",
        "",
        "values tried, in order (95% Wilson intervals):",
    ]
    for p in r.points:
        out.append(
            f"  {p.value:>6}: {100 * p.win.rate:5.1f}% [{100 * p.win.low:4.1f}, "
            f"{100 * p.win.high:4.1f}] in {p.n:,} fights: {p.verdict} the target"
        )
    out.append("")
    if r.crossing is None:
        out.append(f"no crossing: {r.message}")
    else:
        out.append(
            f"crossing: {r.path} = {r.crossing:.1f} [{r.crossing_low:.1f}, "
            f"{r.crossing_high:.1f}]  ({r.message})"
        )
    out.append(
        f"{r.fights:,} fights in {len(r.points)} steps; a sweep of every value at "
        f"{r.most:,} fights would run {r.grid_fights:,}. Each step's test is at 95%; the "
        "interval is read off the two values on either side of the target."
    )
    return out


def render_exact(r: BalanceResult) -> list[str]:
    """A balance found on the exact odds: each value's exact win probability, the crossing
    between two neighbouring whole values, no interval."""
    out = [
        f"engine: {r.engine}",
        f"{r.scenario}: where {r.side}'s win rate crosses {100 * r.target:.0f}% as {r.path} "
        f"runs over {r.low}..{r.high}",
        "",
        "values tried, in order (exact win probability):",
    ]
    for p in r.points:
        out.append(f"  {p.value:>6}: {100 * p.win.rate:8.4f}%: {p.verdict} the target")
    out.append("")
    if r.crossing is None:
        out.append(f"no crossing: {r.message}")
    else:
        out.append(f"crossing: {r.path} = {r.crossing:.2f}  ({r.message})")
    out.append(
        f"exact: {len(r.points)} values solved by the Markov chain, no fights; the crossing "
        "is interpolated between the two neighbouring whole values on either side of the "
        "target (a field of whole numbers has no value between them)."
    )
    return out
