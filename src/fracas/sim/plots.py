"""Plots of compare and sweep results (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib

from fracas.engine.errors import FracasError

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

matplotlib.rcParams["svg.hashsalt"] = "fracas"  # the same SVG for the same figures

if TYPE_CHECKING:
    import pandas as pd

    from fracas.sim.api import CompareResult
    from fracas.sim.balance import BalanceResult
    from fracas.sim.figures import SimResult
    from fracas.sim.odds import ExactDistributions


def _save(fig: Any, path: Path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=110, metadata={"Date": None} if path.suffix == ".svg" else None)
    plt.close(fig)


def caption(fig: Any, text: str) -> tuple[float, float, float, float]:
    """The run's facts (n, seed, engine, options) under a figure, wrapped to its width; the
    rectangle the axes keep (for ``tight_layout``) so nothing overlaps them."""
    import textwrap

    width_in = fig.get_size_inches()[0]
    lines = textwrap.wrap(text, width=max(60, int(width_in * 17)))
    fig.text(0.01, 0.005, "\n".join(lines), fontsize=7, color="#444444", ha="left", va="bottom")
    height_in = fig.get_size_inches()[1]
    bottom = min(0.4, (0.16 * len(lines) + 0.1) / height_in)
    return (0, bottom, 1, 1)


def run_facts(n: int, seed: int, engine: str, options: dict[str, Any] | None = None) -> str:
    opts = ", ".join(f"{k}={v}" for k, v in sorted((options or {}).items())) or "the defaults"
    return f"n = {n:,} fights each, seed {seed}, engine {engine}; options: {opts}"


def compare_plot(result: CompareResult, path: str | Path) -> None:
    """Left: win rates of each variant's sides, bars with their 95% Wilson intervals.
    Right: every difference between the first two variants that is not zero in every fight
    (rates in points), with its 95% interval, the significant ones marked: the answer."""
    sims = result.variants
    sides = list(dict.fromkeys(s.side for sim in sims for s in sim.sides))
    diffs = [
        d
        for d in result.figure_differences
        if (d.a, d.b) == (sims[0].scenario, sims[1].scenario)
        and not d.same_in_every_fight
        and not d.key[0].startswith("chose")  # (what the tactics chose: text and JSON)
    ]
    rates = [d for d in diffs if d.kind == "rate"]
    means = [d for d in diffs if d.kind == "mean"]
    chose = any(
        d.key[0].startswith("chose") and not d.same_in_every_fight
        for d in result.figure_differences
    )
    height = max(4.0, 0.3 * max(len(rates), len(means)) + 2.0)
    fig, (ax, rx, mx) = plt.subplots(
        1, 3, figsize=(14, height), gridspec_kw={"width_ratios": [0.8, 1.2, 1.2]}
    )
    width = 0.8 / len(sides)
    x = np.arange(len(sims))
    for k, side in enumerate(sides):
        values, low, high = [], [], []
        for sim in sims:
            fig_ = next((s.win for s in sim.sides if s.side == side), None)
            r = fig_.rate if fig_ else 0.0
            values.append(r)
            low.append(r - (fig_.low if fig_ else 0.0))
            high.append((fig_.high if fig_ else 0.0) - r)
        ax.bar(
            x + k * width - 0.4 + width / 2,
            values,
            width,
            yerr=[low, high],
            capsize=3,
            label=f"{side} wins",
        )
    ax.set_xticks(x, [_label(sim.scenario) for sim in sims], fontsize="small")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title("win rates", fontsize="medium")
    ax.legend(fontsize="small", loc="center right", framealpha=0.9)
    a, b = _label(sims[0].scenario), _label(sims[1].scenario)
    _difference_panel(rx, rates, f"{a} - {b}, points", "rates", 100.0)
    _difference_panel(mx, means, f"{a} - {b}, in the figure's unit", "means", 1.0)
    first = sims[0]
    fig.suptitle(f"{a} vs {b}: what changed (95% intervals; red: significant)")
    rect = caption(
        fig,
        run_facts(first.n, first.seed, first.engine, changed_options(first))
        + f"; correction: {result.correction}"
        + ("; what the tactics chose differs too: see the text or JSON" if chose else ""),
    )
    fig.tight_layout(rect=rect)
    _save_plain(fig, Path(path))


def _label(scenario: str) -> str:
    return Path(scenario).stem if scenario.endswith((".yaml", ".yml")) else scenario


def _difference_panel(ax: Any, diffs: Sequence[Any], xlabel: str, title: str, scale: float) -> None:
    if not diffs:
        ax.text(0.5, 0.5, f"no {title} differ", ha="center", va="center")
        ax.axis("off")
        return
    ys = np.arange(len(diffs))[::-1]
    for y, d in zip(ys, diffs, strict=True):
        colour = "#c0392b" if d.significant else "#7f8c8d"
        ax.errorbar(
            scale * d.difference,
            y,
            xerr=[[scale * (d.difference - d.low)], [scale * (d.high - d.difference)]],
            fmt="o",
            color=colour,
            capsize=3,
        )
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(ys, [d.figure for d in diffs], fontsize=7)
    ax.set_xlabel(xlabel, fontsize="small")
    ax.set_title(f"differences: {title}", fontsize="medium")


def balance_plot(result: BalanceResult, path: str | Path) -> None:
    """The values ``balance`` tried with their 95% intervals, the target line and the
    crossing with its interval."""
    fig, ax = plt.subplots(figsize=(7, 4.2))
    pts = sorted(result.points, key=lambda p: p.value)
    xs = [p.value for p in pts]
    ys = [p.win.rate for p in pts]
    err = [[p.win.rate - p.win.low for p in pts], [p.win.high - p.win.rate for p in pts]]
    ax.errorbar(xs, ys, yerr=err, fmt="o", capsize=3, label=f"{result.side} wins")
    ax.axhline(result.target, color="#c0392b", linestyle="--", label=f"target {result.target:g}")
    if result.crossing is not None:
        assert result.crossing_low is not None and result.crossing_high is not None
        ax.axvspan(result.crossing_low, result.crossing_high, color="#f5b7b1", alpha=0.5)
        ax.axvline(result.crossing, color="#c0392b", label=f"crossing {result.crossing:.1f}")
    exact = result.fights == 0 and result.most == 0
    ax.set_xlabel(result.path)
    ax.set_ylabel("exact win probability" if exact else "win rate (95% Wilson interval)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize="small")
    ax.set_title(f"{_label(result.scenario)}: where {result.side}'s win rate crosses the target")
    opts = non_default(result.ruleset, dict(result.options)) if result.ruleset else {}
    said = ", ".join(f"{k}={v}" for k, v in sorted(opts.items())) or "the defaults"
    text = (
        f"exact: {len(result.points)} values solved by the Markov chain, no fights and no "
        f"interval; the crossing interpolated between two neighbouring whole values; "
        f"options: {said}"
        if exact
        else f"{result.fights:,} fights in {len(result.points)} steps (at most {result.most:,} "
        f"per value), seed {result.seed}, engine {result.engine}; options: {said}"
    )
    rect = caption(fig, text)
    fig.tight_layout(rect=rect)
    _save_plain(fig, Path(path))


def changed_options(result: SimResult) -> dict[str, Any]:
    """The options of a run that differ from its ruleset's defaults (what a caption
    names)."""
    return non_default(result.ruleset, dict(result.options))


def non_default(ruleset: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` less those at the ruleset's default (its scenario model's ``options``)."""
    from fracas.rulesets import get_ruleset

    try:
        field = get_ruleset(ruleset).scenario_model.model_fields["options"]
        defaults = field.get_default(call_default_factory=True)
        plain = defaults.model_dump(mode="json") if defaults is not None else {}
    except (KeyError, AttributeError, TypeError, ValueError, FracasError):
        return options
    return {k: v for k, v in options.items() if plain.get(k, object()) != v}


def distribution_plot(result: SimResult, path: str | Path) -> None:
    """Bars of the distributions: fight length, and each combatant's damage dealt, damage
    taken and health left (share of fights with each value, with its 95% Wilson interval
    as a whisker)."""
    panels: list[tuple[str, Any]] = [("length", result.rounds.distribution)]
    for c in result.combatants:
        panels.append((f"{c.name}: damage dealt", c.dealt_distribution))
        panels.append((f"{c.name}: damage taken", c.taken_distribution))
        if c.left is not None:
            panels.append((f"{c.name}: {c.left_label or 'health'} left", c.left))
    panels = [(t, d) for t, d in panels if d is not None and d.values][:MAX_PANELS]
    cols = min(3, len(panels))
    rows = -(-len(panels) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 2.9 * rows + 0.6), squeeze=False)
    from fracas.sim.intervals import wilson

    for ax, (title, dist) in zip(axes.flat, panels, strict=False):
        shares = [c / dist.n for c in dist.counts]
        bands = [wilson(c, dist.n) for c in dist.counts]
        err = [[s - lo for s, (lo, _) in zip(shares, bands, strict=True)],
               [hi - s for s, (_, hi) in zip(shares, bands, strict=True)]]  # fmt: skip
        ax.bar(dist.values, shares, width=0.85, color="#2e86c1")
        ax.errorbar(dist.values, shares, yerr=err, fmt="none", ecolor="#1b2631",
                    elinewidth=0.8, capsize=1.5)  # fmt: skip
        ax.set_title(title, fontsize="small")
        ax.set_ylabel("share of fights (95% Wilson)", fontsize="small")
    for ax in list(axes.flat)[len(panels) :]:
        ax.axis("off")
    fig.suptitle(f"{_label(result.scenario)}: distributions")
    rect = caption(fig, run_facts(result.n, result.seed, result.engine, changed_options(result)))
    fig.tight_layout(rect=rect)
    _save_plain(fig, Path(path))


def exact_distribution_plot(result: ExactDistributions, path: str | Path) -> None:
    """Bars of the exact distributions (``fracas odds --distributions --plot``): fight
    length, each side's combatants out, each combatant's damage and health left, as the
    probability of each value; a lump the chain does not split (a dead fighter's hp "or
    below") is hatched. Exact: no interval, the caption says so and gives the truncation
    error."""
    figs = [f for f in result.figures if f.spread is not None and f.spread.values]
    figs = figs[:MAX_PANELS]
    cols = min(3, len(figs))
    rows = -(-len(figs) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 2.9 * rows + 0.6), squeeze=False)
    for ax, f in zip(axes.flat, figs, strict=False):
        s = f.spread
        assert s is not None
        keep = [k for k, p in enumerate(s.probs) if p >= 1e-5]  # (the far tail is invisible)
        values = [s.values[k] for k in keep]
        probs = [s.probs[k] for k in keep]
        bars = ax.bar(values, probs, width=0.85, color="#2e86c1")
        for k, bar in zip(keep, bars, strict=True):
            if (s.floor and k == 0) or (s.ceiling and k == len(s.values) - 1):
                bar.set_hatch("//")
                bar.set_facecolor("#aed6f1")
        ax.set_title(f.title, fontsize="small")
        ax.set_ylabel("probability", fontsize="small")
        if f.figure == "out":
            ax.set_xticks([0, 1])
    for ax in list(axes.flat)[len(figs) :]:
        ax.axis("off")
    fig.suptitle(f"{_label(result.scenario)}: exact distributions")
    odds = result.odds
    lumps = any(f.spread is not None and (f.spread.floor or f.spread.ceiling) for f in figs)
    missing = [f.title for f in result.figures if f.spread is None]
    opts = non_default(result.ruleset, dict(result.options)) if result.ruleset else {}
    text = (
        f"exact probabilities from the Markov chain over the fight's state (no sampling, so no "
        f"intervals); truncation error <= {odds.error:.1e}; options: "
        + (", ".join(f"{k}={v}" for k, v in sorted(opts.items())) or "the defaults")
        + ("; hatched: a value and everything beyond it (the chain stops there)" if lumps else "")
        + (f"; not exact, not drawn: {', '.join(missing)}" if missing else "")
    )
    rect = caption(fig, text)
    fig.tight_layout(rect=rect)
    _save_plain(fig, Path(path))


def _save_plain(fig: Any, path: Path) -> None:
    fig.savefig(path, dpi=110, metadata={"Date": None} if path.suffix == ".svg" else None)
    plt.close(fig)


def _axis(values: Sequence[Any]) -> tuple[list[float], list[str] | None]:
    """Numeric positions for values (their own numbers, or 0, 1, 2... with labels)."""
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return [float(v) for v in values], None
    return list(range(len(values))), [str(v) for v in values]


def _lines(table: pd.DataFrame, field: str, sides: Sequence[str], ax: Any) -> None:
    """Numbers: lines with interval bands. Categories (an armour, a weapon, a tactic):
    bars with interval whiskers, since nothing lies between two of them."""
    values = list(table[field])
    xs, labels = _axis(values)
    if labels is not None:
        _bars(table, sides, ax, labels)
        return
    for side in sides:
        col = f"win[{side}]"
        ax.plot(xs, table[col], marker="o", label=f"{side} wins")
        ax.fill_between(xs, table[f"{col}.low"], table[f"{col}.high"], alpha=0.25)
    if table["draw"].max() > 0:
        ax.plot(xs, table["draw"], marker=".", linestyle="--", label="draw")
    target = table.attrs.get("target")
    if target is not None:
        from fracas.sim.balance import crossing_of

        ax.axhline(target, color="#c0392b", linestyle=":", label=f"target {target:g}")
        found = crossing_of(xs, list(table[f"win[{sides[0]}]"]), target)
        if found is not None:
            ax.axvline(found, color="#c0392b", linewidth=1)
            ax.annotate(
                f"crosses at {found:.1f}",
                (found, target),
                textcoords="offset points",
                xytext=(5, 8),
                fontsize="small",
                color="#c0392b",
            )
    ax.set_xlabel(field)
    ax.set_ylabel("rate (95% Wilson band)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize="small")


def _bars(table: pd.DataFrame, sides: Sequence[str], ax: Any, labels: list[str]) -> None:
    x = np.arange(len(labels))
    width = 0.8 / len(sides)
    for k, side in enumerate(sides):
        col = f"win[{side}]"
        rates = table[col].to_numpy()
        err = [rates - table[f"{col}.low"].to_numpy(), table[f"{col}.high"].to_numpy() - rates]
        ax.bar(
            x + k * width - 0.4 + width / 2, rates, width, yerr=err, capsize=3, label=f"{side} wins"
        )
    target = table.attrs.get("target")
    if target is not None:
        ax.axhline(target, color="#c0392b", linestyle=":", label=f"target {target:g}")
    ax.set_xticks(x, labels, rotation=15, fontsize="small")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize="small")


def _heatmap(table: pd.DataFrame, fx: str, fy: str, side: str, ax: Any, fig: Any) -> None:
    xs = list(dict.fromkeys(table[fx]))
    ys = list(dict.fromkeys(table[fy]))
    grid = np.full((len(ys), len(xs)), np.nan)
    col = f"win[{side}]"
    half = np.full((len(ys), len(xs)), np.nan)
    for _, r in table.iterrows():
        grid[ys.index(r[fy]), xs.index(r[fx])] = r[col]
        half[ys.index(r[fy]), xs.index(r[fx])] = (r[f"{col}.high"] - r[f"{col}.low"]) / 2
    image = ax.imshow(grid, origin="lower", vmin=0, vmax=1, cmap="cividis", aspect="auto")
    ax.set_xticks(range(len(xs)), [str(x) for x in xs], rotation=30, fontsize="small")
    ax.set_yticks(range(len(ys)), [str(y) for y in ys], fontsize="small")
    ax.set_xlabel(fx)
    ax.set_ylabel(fy)
    if len(xs) * len(ys) <= 150:
        for (i, j), v in np.ndenumerate(grid):
            if not np.isnan(v):
                ax.text(
                    j,
                    i,
                    f"{v:.2f}\n±{half[i, j]:.2f}",
                    ha="center",
                    va="center",
                    fontsize=6.5,
                    color="white" if v < 0.5 else "black",
                )
    fig.colorbar(image, ax=ax, label=f"{side} win rate (cell: rate ± half its 95% interval)")


#: most panels drawn in small multiples
MAX_PANELS = 16


def sweep_plots(table: pd.DataFrame, out: str | Path, name: str = "win-rate") -> list[Path]:
    """Lines with interval bands for one varied field, a heatmap of the first side's win
    rate for two, small multiples of heatmaps (one per value of the other fields) beyond.
    Writes ``NAME.png`` and ``NAME.svg`` in ``out``; returns their paths."""
    varied: list[str] = list(table.attrs["varied"])
    sides: list[str] = list(table.attrs["sides"])
    paths = []
    if len(varied) == 1:
        fig, ax = plt.subplots(figsize=(6, 3.8))
        _lines(table, varied[0], sides, ax)
        figs = [fig]
    elif len(varied) == 2:
        fig, ax = plt.subplots(figsize=(6.4, 4.6))
        _heatmap(table, varied[0], varied[1], sides[0], ax, fig)
        figs = [fig]
    else:
        rest = varied[2:]
        combos = list(dict.fromkeys(itertools.product(*(table[f] for f in rest))))
        combos = combos[:MAX_PANELS]
        cols = min(4, len(combos))
        nrows = -(-len(combos) // cols)
        fig, axes = plt.subplots(nrows, cols, figsize=(4.4 * cols, 3.6 * nrows), squeeze=False)
        for ax, combo in zip(axes.flat, combos, strict=False):
            mask = np.ones(len(table), dtype=bool)
            for f, v in zip(rest, combo, strict=True):
                mask &= (table[f] == v).to_numpy()
            _heatmap(table[mask], varied[0], varied[1], sides[0], ax, fig)
            ax.set_title(
                ", ".join(f"{f}={v}" for f, v in zip(rest, combo, strict=True)), fontsize="small"
            )
        for ax in list(axes.flat)[len(combos) :]:
            ax.axis("off")
        figs = [fig]
    facts = _sweep_facts(table)
    for fig in figs:
        rect = (0.0, 0.0, 1.0, 1.0)
        if facts:
            fig.suptitle(f"{_label(str(table.attrs.get('scenario', '')))}: {sides[0]}'s win rate")
            rect = caption(fig, facts)
        for suffix in (".png", ".svg"):
            path = Path(out) / f"{name}{suffix}"
            fig.tight_layout(rect=rect)
            fig.savefig(path, dpi=110, metadata={"Date": None} if suffix == ".svg" else None)
            paths.append(path)
        plt.close(fig)
    return paths


def _sweep_facts(table: pd.DataFrame) -> str:
    attrs = table.attrs
    if "n" not in attrs:
        return ""
    options = non_default(str(attrs.get("ruleset", "")), dict(attrs.get("options") or {}))
    text = run_facts(int(attrs["n"]), int(attrs["seed"]), str(attrs["engine"]), options)
    if attrs.get("precision"):
        text += f"; --precision {attrs['precision']}"
    return text


def write_sweep(table: pd.DataFrame, out: str | Path) -> list[Path]:
    """``results.csv``, ``results.parquet``, ``results.meta.json`` (the run's metadata:
    fracas version, engine, seed, n, options, the scenario's hash, what was varied; the same
    is in the Parquet file's metadata under ``fracas``) and the plots, in ``out``."""
    import json

    import pyarrow as pa
    import pyarrow.parquet as pq

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    csv, parquet, meta = out / "results.csv", out / "results.parquet", out / "results.meta.json"
    table.to_csv(csv, index=False)
    metadata = json.dumps(dict(table.attrs), sort_keys=True, default=str)
    plain = table.copy()
    plain.attrs = {}
    arrow = pa.Table.from_pandas(plain, preserve_index=False)
    arrow = arrow.replace_schema_metadata({**(arrow.schema.metadata or {}), b"fracas": metadata})
    pq.write_table(arrow, parquet)
    meta.write_text(json.dumps(dict(table.attrs), sort_keys=True, indent=2, default=str) + "\n")
    return [csv, parquet, meta, *sweep_plots(table, out)]
