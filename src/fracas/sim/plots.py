"""Plots of compare and sweep results (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

matplotlib.rcParams["svg.hashsalt"] = "fracas"  # the same SVG for the same figures

if TYPE_CHECKING:
    import pandas as pd

    from fracas.sim.api import CompareResult


def _save(fig: Any, path: Path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=110, metadata={"Date": None} if path.suffix == ".svg" else None)
    plt.close(fig)


def compare_plot(result: CompareResult, path: str | Path) -> None:
    """Win rates of each variant's sides, bars with their 95% Wilson intervals."""
    sims = result.variants
    sides = list(dict.fromkeys(s.side for sim in sims for s in sim.sides))
    fig, ax = plt.subplots(figsize=(1.6 + 1.4 * len(sims) * max(1, len(sides)) / 2, 3.6))
    width = 0.8 / len(sides)
    x = np.arange(len(sims))
    for k, side in enumerate(sides):
        rates, low, high = [], [], []
        for sim in sims:
            fig_ = next((s.win for s in sim.sides if s.side == side), None)
            r = fig_.rate if fig_ else 0.0
            rates.append(r)
            low.append(r - (fig_.low if fig_ else 0.0))
            high.append((fig_.high if fig_ else 0.0) - r)
        ax.bar(
            x + k * width - 0.4 + width / 2,
            rates,
            width,
            yerr=[low, high],
            capsize=3,
            label=f"{side} wins",
        )
    ax.set_xticks(x, [Path(sim.scenario).stem for sim in sims], rotation=15)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.legend(fontsize="small", loc="center right", framealpha=0.9)
    _save(fig, Path(path))


def _axis(values: Sequence[Any]) -> tuple[list[float], list[str] | None]:
    """Numeric positions for values (their own numbers, or 0, 1, 2... with labels)."""
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return [float(v) for v in values], None
    return list(range(len(values))), [str(v) for v in values]


def _lines(table: pd.DataFrame, field: str, sides: Sequence[str], ax: Any) -> None:
    values = list(table[field])
    xs, labels = _axis(values)
    for side in sides:
        col = f"win[{side}]"
        ax.plot(xs, table[col], marker="o", label=f"{side} wins")
        ax.fill_between(xs, table[f"{col}.low"], table[f"{col}.high"], alpha=0.25)
    if table["draw"].max() > 0:
        ax.plot(xs, table["draw"], marker=".", linestyle="--", label="draw")
    if labels is not None:
        ax.set_xticks(xs, labels, rotation=15)
    ax.set_xlabel(field)
    ax.set_ylabel("rate (95% Wilson band)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize="small")


def _heatmap(table: pd.DataFrame, fx: str, fy: str, side: str, ax: Any, fig: Any) -> None:
    xs = list(dict.fromkeys(table[fx]))
    ys = list(dict.fromkeys(table[fy]))
    grid = np.full((len(ys), len(xs)), np.nan)
    col = f"win[{side}]"
    for _, r in table.iterrows():
        grid[ys.index(r[fy]), xs.index(r[fx])] = r[col]
    image = ax.imshow(grid, origin="lower", vmin=0, vmax=1, cmap="viridis", aspect="auto")
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
                    f"{v:.2f}",
                    ha="center",
                    va="center",
                    fontsize=7,
                    color="white" if v < 0.5 else "black",
                )
    fig.colorbar(image, ax=ax, label=f"{side} win rate")


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
    for fig in figs:
        for suffix in (".png", ".svg"):
            path = Path(out) / f"{name}{suffix}"
            fig.tight_layout()
            fig.savefig(path, dpi=110, metadata={"Date": None} if suffix == ".svg" else None)
            paths.append(path)
        plt.close(fig)
    return paths


def write_sweep(table: pd.DataFrame, out: str | Path) -> list[Path]:
    """``results.csv``, ``results.parquet`` and the plots, in the directory ``out``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    csv, parquet = out / "results.csv", out / "results.parquet"
    table.to_csv(csv, index=False)
    plain = table.copy()
    plain.attrs = {}
    plain.to_parquet(parquet, index=False)
    return [csv, parquet, *sweep_plots(table, out)]
