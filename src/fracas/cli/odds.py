"""``fracas odds`` and ``fracas advise``: exact odds and the best stance, from the chain."""

from __future__ import annotations

import json

import click

from fracas.cli.errors import fail, reported_errors
from fracas.cli.rule_options import rule_option
from fracas.scenario import load_scenario
from fracas.sim.odds import Odds, OutOfScope
from fracas.sim.odds import odds as compute_odds


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


@click.command()
@click.argument("scenario")
@rule_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def odds(scenario: str, overrides: tuple[str, ...], as_json: bool) -> None:
    """Exact outcome probabilities of a one-on-one fight in SCENARIO (a percentile melee
    duel or an EXP brawl): each side's win, the draw, and the fight-length distribution."""
    with reported_errors():  # the chain too: an error or Ctrl-C there is no traceback
        loaded = load_scenario(scenario, overrides)
        try:
            result = compute_odds(loaded.ruleset, loaded.scenario)
        except OutOfScope as exc:
            fail(f"{scenario}: outside the exact chain: {exc}")
    if as_json:
        click.echo(json.dumps(result.to_json()))
    else:
        click.echo("\n".join(render_odds(result)))


@click.command()
@click.argument("scenario")
@click.option("--side", default=None, help="The side to advise (default: the first combatant's).")
@rule_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def advise(scenario: str, side: str | None, overrides: tuple[str, ...], as_json: bool) -> None:
    """The stance (a percentile duel) or the move (an EXP one-on-one brawl: strike, grapple,
    trip, snatch) that maximises SIDE's chance to win in each state (value iteration over the
    chain), its win probability and the gain over the scenario's own tactics."""
    from fracas.sim.odds.advise import Advice
    from fracas.sim.odds.advise import advise as compute_advice

    with reported_errors():  # value iteration too: an error or Ctrl-C there is no traceback
        loaded = load_scenario(scenario, overrides)
        try:
            a = compute_advice(loaded.ruleset, loaded.scenario, side)
        except OutOfScope as exc:
            fail(f"{scenario}: {exc}")
    if as_json:
        click.echo(json.dumps(a.to_json()))
        return
    if not isinstance(a, Advice):  # an EXP brawl: the best move, situation by situation
        click.echo("\n".join(a.lines()))
        return
    me, foe = a.names[a.fighter], a.names[1 - a.fighter]
    bands = a.bands()
    short = {
        "all-out-attack": "AOA",
        "normal-attack": "norm",
        "all-out-defence": "AOD",
        "recover-weapon": "rec",
        "all-out-attack+dodge": "AOA+d",
        "normal-attack+dodge": "norm+d",
        "all-out-defence+dodge": "AOD+d",
    }
    lines = [
        f"Best stance for {me} ({a.side}) by hp (rows: {me}'s hp, columns: {foe}'s hp):",
        f"  {'':7}" + "".join(f"{f'{lo}-{hi}':>7}" for (lo, hi), _ in bands[0][1]),
    ]
    for (lo, hi), cols in bands:
        lines.append(f"  {f'{lo}-{hi}':>7}" + "".join(f"{short.get(s, s):>7}" for _, s in cols))
    legend = "AOA all-out attack, norm normal attack, AOD all-out defence"
    if any(s.endswith("+dodge") for _, cols in bands for _, s in cols):
        legend += "; +d dodging instead of parrying"
    lines.append(f"  ({legend})")
    lines.append(
        f"{me} wins {a.own.win[a.fighter]:.2%} with the scenario's tactics, "
        f"{a.optimal.win[a.fighter]:.2%} with this policy ({a.gain * 100:+.2f} points); "
        f"exact, truncation error <= {max(a.own.error, a.optimal.error):.1e}"
    )
    checked = ", ".join(f"{short.get(s, s)} {p:.4%}" for s, p in a.fixed)
    lines.append(
        f"value iteration maximises {me}'s chance in a model without kit changes (fumbles, "
        f"breakage) or fatigue; in the full fight each fixed stance wins {checked}"
    )
    if a.source != "value iteration":
        lines.append(f"the {a.source} stance wins more than that table: it is the advice")
    lines.append("(the best of these; a table by kit or round might do better still)")
    lines.append(f"computed in {a.seconds:.2f} s CPU; put `tactics: optimal` on {me} to fight it")
    click.echo("\n".join(lines))
