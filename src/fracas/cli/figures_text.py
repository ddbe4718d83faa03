"""Text for the figures a designer reads beyond the rates: what each combatant chose, the
distributions as "at least X" tables, and every figure's difference in ``compare``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fracas.sim.figures import Distribution, Rate, SimResult


def short_label(label: str) -> str:
    """A variant's name in a column: a file's stem, or a ``--variant``'s label."""
    return Path(label).stem if label.endswith((".yaml", ".yml")) else label


def pct(r: Rate) -> str:
    return f"{100 * r.rate:5.1f}% [{100 * r.low:4.1f}, {100 * r.high:4.1f}]"


def choice_lines(result: SimResult, cid: str) -> list[str]:
    """What one combatant chose: the fights it made each kind of choice in, and how often
    per fight (nothing when the engine that ran the fights does not record choices)."""
    person = next(c for c in result.combatants if c.id == cid)
    if not person.choices:
        return []
    out = ["  chose (fights with at least one, times per fight):"]
    width = max(22, *(len(ch.kind) for ch in person.choices))
    for ch in person.choices:
        out.append(f"    {ch.kind:<{width}} {pct(ch.fights)}  {ch.per_fight:.2f} per fight")
    return out


def no_choices_note(result: SimResult) -> list[str]:
    if result.choices_recorded:
        return []
    return [
        "",
        f"what the tactics chose is not recorded by the {result.engine.split()[0]} engine "
        "(--engine event records it)",
    ]


def at_least_table(title: str, dist: Distribution | None, most: int = 12) -> list[str]:
    """``title`` and the share of fights with a value of at least X, for each X seen (at
    most ``most`` rows, evenly spread when there are more)."""
    if dist is None or not dist.values:
        return []
    rows = dist.at_least()
    if len(rows) > most:
        step = (len(rows) - 1) / (most - 1)
        rows = [rows[round(k * step)] for k in range(most)]
    out = [f"  {title}"]
    for value, r in rows:
        out.append(f"    at least {value:<6} {pct(r)}")
    return out


def distribution_lines(result: SimResult) -> list[str]:
    """Every distribution ``fracas sim --distributions`` prints."""
    word = result.rounds
    out = ["", "distributions: the share of fights with at least X (95% Wilson intervals)"]
    out += at_least_table("length", word.distribution)
    for side in result.out_of_fight:
        out += at_least_table(
            f"{side.side}: out of the fight at the end (of {side.combatants})", side.distribution
        )
    for c in result.combatants:
        out += at_least_table(f"{c.name}: damage dealt", c.dealt_distribution)
        out += at_least_table(f"{c.name}: damage taken", c.taken_distribution)
        if c.left is not None:
            out += at_least_table(f"{c.name}: {c.left_label or 'health'} left", c.left)
    return out


def _p(p: float) -> str:
    return "p<0.001" if p < 0.001 else f"p={p:.3f}"


def _fmt(kind: str, x: float) -> str:
    return f"{100 * x:+.1f}" if kind == "rate" else f"{x:+.2f}"


def difference_lines(result: Any) -> list[str]:
    """Every figure's difference for each pair of variants (``CompareResult``)."""
    diffs: Sequence[Any] = result.figure_differences
    if not diffs:
        return []
    out = [
        "",
        "differences A - B in every figure (rates in points, means in their unit), 95% "
        "intervals; significant: p < 0.05, correction: " + result.correction,
    ]
    pairs = list(dict.fromkeys((d.a, d.b) for d in diffs))
    for a, b in pairs:
        every = [d for d in diffs if (d.a, d.b) == (a, b)]
        how = "paired on the same fights" if all(d.paired for d in every) else "independent"
        out.append(f"  {short_label(a)} - {short_label(b)} ({how}):")
        figures = [d for d in every if d.key[0] not in CHOICE_KEYS]
        chosen = sorted(  # each combatant's kinds together, the fights before the times
            (d for d in every if d.key[0] in CHOICE_KEYS),
            key=lambda d: (d.key[1], d.key[2], CHOICE_KEYS.index(d.key[0])),
        )
        out += _difference_rows(figures, "figures")
        if chosen:
            out.append("    what the tactics chose (fights with it: in points; times per fight):")
            out += _difference_rows(chosen, "choices", indent="      ")
    return out


#: the keys of what the tactics chose (``fracas.sim.pairing``)
CHOICE_KEYS = ("chose", "chose_per_fight")


def _difference_rows(mine: Sequence[Any], what: str, indent: str = "    ") -> list[str]:
    out: list[str] = []
    if not mine:
        return out
    width = max(len(d.figure) for d in mine)
    for d in mine:
        if d.same_in_every_fight:
            continue
        mark = "significant" if d.significant else ""
        out.append(
            f"{indent}{d.figure:<{width}}  {_fmt(d.kind, d.difference):>7} "
            f"[{_fmt(d.kind, d.low)}, {_fmt(d.kind, d.high)}]  "
            f"{_p(d.p_adjusted)}  {mark}".rstrip()
        )
    same = sum(1 for d in mine if d.same_in_every_fight)
    if same:
        out.append(f"{indent}({same} {what} identical in every fight)")
    return out
