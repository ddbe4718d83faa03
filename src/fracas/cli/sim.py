"""``fracas sim``, ``fracas compare`` and ``fracas sweep``: parse flags, call
``fracas.sim``, render the figures. No rules and no statistics here."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from fracas.cli.errors import reported_errors
from fracas.cli.figures_text import (
    choice_lines,
    difference_lines,
    distribution_lines,
    no_choices_note,
    short_label,
)
from fracas.cli.rule_options import rule_option
from fracas.cli.targets import cannot_write_in
from fracas.engine.errors import FracasError
from fracas.sim.backend import FightFailed
from fracas.sim.figures import Rate, SimResult

if TYPE_CHECKING:
    from fracas.sim.runner import Progress

#: exit status when a rule raised inside one of the fights
EXIT_FIGHT_FAILED = 1


def _pct(r: Rate) -> str:
    return f"{100 * r.rate:5.1f}% [{100 * r.low:4.1f}, {100 * r.high:4.1f}]"


def _round_word(ruleset: str) -> str:
    """What the ruleset calls its turn of combat time ("round", "unit": ``round_word``)."""
    from fracas.rulesets import get_ruleset

    return get_ruleset(ruleset).round_word


def render_sim(result: SimResult) -> list[str]:
    """The figures of one run as text lines."""
    out = [
        f"{result.scenario}: {result.n} fights, seed {result.seed} "
        f"({result.ruleset}, scenario sha256 {result.scenario_hash[:12]}, "
        f"{result.wall_time_s:.1f} s)",
        "rates with 95% Wilson intervals, in %",
        "",
    ]
    width = max(len(s.side) for s in result.sides)
    out.append(f"  {'side':<{width}}  {'win':<20}  {'loss':<20}  draw")
    for s in result.sides:
        out.append(f"  {s.side:<{width}}  {_pct(s.win):<20}  {_pct(s.loss):<20}  {_pct(s.draw)}")
    r = result.rounds
    word = _round_word(result.ruleset)
    out += [
        "",
        f"{word}s: mean {r.mean:.2f}, median {r.median}, 5th-95th percentile {r.p5}-{r.p95}, "
        f"shortest {r.min}, longest {r.max}",
    ]
    top = max(b.count for b in r.histogram)
    for b in r.histogram:
        span = f"{b.low}" if b.low == b.high else f"{b.low}-{b.high}"
        bar = "#" * round(30 * b.count / top) if top else ""
        out.append(f"  {span:>7} {bar:<30} {b.count}")
    for c in result.combatants:
        out += [
            "",
            f"{c.name} ({c.side}): damage per fight dealt {c.dealt.mean:.2f} "
            f"[{c.dealt.low:.2f}, {c.dealt.high:.2f}], taken {c.taken.mean:.2f} "
            f"[{c.taken.low:.2f}, {c.taken.high:.2f}]",
        ]
        for o in c.outcomes:
            out.append(f"  {o.outcome:<24} {_pct(o.rate)}")
        out += choice_lines(result, c.id)
    out += no_choices_note(result)
    if result.notable:
        out += ["", "notable events: fights with at least one, and times per fight"]
        for x in result.notable:
            out.append(f"  {x.name:<24} {_pct(x.fights)}  {x.per_fight:.3f} per fight")
    return out


@contextmanager
def _progress_bar(
    enabled: bool, what: str, doing: str
) -> Iterator[Callable[[Progress], None] | None]:
    """While the run lasts: ``doing`` said on stderr if it lasts (``fracas.sim.working``:
    loading, compiling, the first task), with how many ``what`` are done; then, when stdout
    is a terminal, a rich progress bar on stderr in its place once fights are under way."""
    from fracas.sim.working import paused, working

    with working(doing) as step, ExitStack() as stack:
        if not enabled:

            def count(p: Progress) -> None:
                if p.jobs_total > 1:
                    step.update(p.jobs_done, p.jobs_total, what)
                else:
                    step.update(p.fights_done, p.fights_total, "fights")

            yield count
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeElapsedColumn,
        )
        from rich.progress import (
            Progress as Bar,
        )

        bar = Bar(
            TextColumn(f"{what}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]} fights/s, widest interval {task.fields[wide]}"),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        task = bar.add_task(what, total=None, rate="-", wide="-")
        started = False

        def show(p: Progress) -> None:
            nonlocal started
            if not started:  # only now: worker processes are forked before this thread exists
                # (the runner calls this once its first tasks are handed out, before any ends)
                stack.enter_context(paused())  # the bar in the status line's place
                bar.start()
                stack.callback(bar.stop)
                started = True
            elapsed = bar.tasks[0].elapsed or 0.0
            speed = f"{p.fights_done / elapsed:,.0f}" if elapsed > 0 and p.fights_done else "-"
            wide = f"{p.widest:.3f}" if p.fights_done else "-"
            if p.jobs_total > 1:
                bar.update(task, total=p.jobs_total, completed=p.jobs_done, rate=speed, wide=wide)
            else:
                bar.update(
                    task,
                    total=p.fights_total,
                    completed=p.fights_done,
                    rate=speed,
                    wide=wide,
                )

        yield show


class _Seed:
    """The run's seed: a random one is told (so the fights can be run again) once the input
    has been accepted, i.e. after the run, an interrupt or a failed fight, never before an
    input error (which is the only output then)."""

    def __init__(self) -> None:
        self.random: int | None = None

    def pick(self, seed: int | None) -> int:
        if seed is None:
            seed = self.random = int.from_bytes(os.urandom(4), "big")
        return seed

    def tell(self) -> None:
        if self.random is not None:
            seed, self.random = self.random, None
            click.echo(f"seed: {seed}  (pass --seed {seed} to run these fights again)", err=True)


def _jobs(jobs: int | None) -> int:
    return jobs if jobs is not None else (os.cpu_count() or 1)


@contextmanager
def _sim_errors() -> Iterator[_Seed]:
    """Bad input: exit 2 (``reported_errors``); a rule that raised in a fight: exit 1."""
    seed = _Seed()
    try:
        with reported_errors():
            try:
                yield seed
                seed.tell()
            except FightFailed as exc:
                seed.tell()
                click.echo(f"error: {exc}", err=True)
                raise SystemExit(EXIT_FIGHT_FAILED) from None
    except KeyboardInterrupt:
        seed.tell()
        click.echo("interrupted", err=True)
        raise SystemExit(130) from None


ENGINES = ("event", "batch", "auto")
ENGINE_HELP = (
    "What runs the fights: the event engine (the reference), the batch kernels "
    "(one-on-one duels and brawls), or the fastest that can."
)


def run_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """The flags sim, compare and sweep share."""
    return run_options_for()(f)


def run_options_for(
    engines: Sequence[str] = ENGINES, engine_help: str = ENGINE_HELP
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``run_options`` with what ``--engine`` offers (``balance`` has one engine more)."""
    return lambda f: _with_run_options(f, engines, engine_help)


def _with_run_options(
    f: Callable[..., Any], engines: Sequence[str], engine_help: str
) -> Callable[..., Any]:
    options = [
        click.option(
            "-n",
            "n",
            type=click.IntRange(min=1),
            default=None,
            help="Fights to run (per variant or grid point).",
        ),
        click.option(
            "--seed",
            type=click.IntRange(min=0),
            default=None,
            help="Seed of every fight's dice (default: a random one, printed).",
        ),
        click.option(
            "--jobs",
            "-j",
            type=click.IntRange(min=1),
            default=None,
            help="Local worker processes (default: the number of cores).",
        ),
        rule_option,
        click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON."),
        click.option(
            "--engine",
            type=click.Choice(list(engines)),
            default="auto",
            show_default=True,
            help=engine_help,
        ),
        click.option(
            "--scheduler",
            metavar="ADDRESS",
            default=None,
            help="Run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786).",
        ),
    ]
    for option in reversed(options):
        f = option(f)
    return f


_precision = click.option(
    "--precision",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    default=None,
    metavar="W",
    help="Stop once every rate's 95% interval is narrower than W (e.g. 0.02).",
)


@click.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@run_options
@_precision
@click.option(
    "--distributions",
    is_flag=True,
    help="Also print the distributions (length, damage, health left, combatants out) as "
    '"at least X" tables.',
)
@click.option(
    "--plot",
    metavar="FILE.png|FILE.svg",
    default=None,
    help="Draw the distributions of length, damage and health left.",
)
def sim(
    scenario: str,
    n: int | None,
    seed: int | None,
    jobs: int | None,
    overrides: tuple[str, ...],
    as_json: bool,
    engine: str,
    scheduler: str | None,
    precision: float | None,
    distributions: bool,
    plot: str | None,
) -> None:
    """Run many fights of SCENARIO and report win rates, fight length, damage, how each
    combatant ended and notable events, each with its 95% interval."""
    with _sim_errors() as chosen:
        _check_plot(plot)
        seed = chosen.pick(seed)
        bar = sys.stdout.isatty() and not as_json
        with _progress_bar(bar, "fights", f"running the fights of {scenario}") as progress:
            from fracas.sim import simulate

            result = simulate(
                scenario,
                n=n or 10_000,
                seed=seed,
                jobs=_jobs(jobs),
                precision=precision,
                overrides=overrides,
                engine=engine,
                scheduler=scheduler,
                progress=progress,
            )
        draw_plot("distribution_plot", result, plot)
        if as_json:
            click.echo(result.to_json().decode())
            return
        click.echo(f"engine: {result.engine}")
        for line in render_sim(result):
            click.echo(line)
        if distributions:
            for line in distribution_lines(result):
                click.echo(line)
        if plot is not None:
            click.echo(f"plot saved to {plot}", err=True)


def draw_plot(kind: str, result: Any, plot: str | None) -> None:
    """Draw ``result`` with ``fracas.sim.plots.<kind>`` into ``--plot``'s file (if given); a
    file that cannot be written is named, with why."""
    if plot is None:
        return
    from fracas.sim import plots

    try:
        getattr(plots, kind)(result, plot)
    except OSError as exc:
        raise FracasError(f"--plot {plot}: cannot write: {exc.strerror}") from None


def _check_plot(plot: str | None) -> None:
    if plot is None:
        return
    path = Path(plot)
    if path.suffix.lower() not in (".png", ".svg"):
        raise FracasError(f"--plot {plot}: the file name must end in .png or .svg")
    if path.exists() and not path.is_file():
        raise FracasError(f"--plot {plot}: not a regular file")
    if not path.resolve().parent.is_dir():
        raise FracasError(f"--plot {plot}: there is no folder {path.parent}")
    why = cannot_write_in(path.resolve().parent)
    if why is not None:
        raise FracasError(f"--plot {plot}: cannot write here ({why})")


@click.command()
@click.argument("scenarios", nargs=-1, required=True, type=click.Path(dir_okay=False))
@run_options
@_precision
@click.option(
    "--plot",
    metavar="FILE.png|FILE.svg",
    default=None,
    help="Draw the win rates and every difference with their intervals.",
)
@click.option(
    "--variant",
    "variant_specs",
    multiple=True,
    metavar="'LABEL: PATH=VALUE[; PATH=VALUE...]'",
    help="A variant of the first scenario without a file of its own: "
    "'plate: combatants[0].armour=plate mail'. Repeatable.",
)
def compare(
    scenarios: tuple[str, ...],
    n: int | None,
    seed: int | None,
    jobs: int | None,
    overrides: tuple[str, ...],
    as_json: bool,
    engine: str,
    scheduler: str | None,
    precision: float | None,
    plot: str | None,
    variant_specs: tuple[str, ...],
) -> None:
    """Run two or more variants of a matchup (SCENARIOS, and --variant edits of the first)
    on the same fights and show their figures side by side, with each pair's difference in
    every figure, its interval and test."""
    from fracas.sim.working import working

    with _sim_errors() as chosen:
        with working("reading the variants"):
            from fracas.sim.variants import variants_of

            everything = variants_of(list(scenarios), list(variant_specs), overrides)
        if len(everything) < 2:
            raise FracasError(
                "compare needs at least two variants: two scenario files, or one and --variant"
            )
        _check_plot(plot)
        seed = chosen.pick(seed)
        bar = sys.stdout.isatty() and not as_json
        with _progress_bar(
            bar, "fights", f"running the fights of {len(everything)} variants"
        ) as progress:
            from fracas.sim import compare as run_compare

            result = run_compare(
                everything,
                n=n or 10_000,
                seed=seed,
                jobs=_jobs(jobs),
                precision=precision,
                overrides=overrides,
                engine=engine,
                scheduler=scheduler,
                progress=progress,
            )
        draw_plot("compare_plot", result, plot)
        if as_json:
            click.echo(result.to_json().decode())
            return
        click.echo(f"engine: {result.variants[0].engine}")
        for line in render_compare(result):
            click.echo(line)
        if plot is not None:
            click.echo(f"plot saved to {plot}", err=True)


def render_compare(result: Any) -> list[str]:
    """Variants side by side, then each pair's difference."""
    sims: Sequence[SimResult] = result.variants
    names = [short_label(s.scenario) for s in sims]
    rows: list[tuple[str, list[str]]] = []
    sides = list(dict.fromkeys(s.side for sim in sims for s in sim.sides))
    for side in sides:
        cells = [next((_pct(s.win) for s in sim.sides if s.side == side), "-") for sim in sims]
        rows.append((f"{side} wins", cells))
    rows.append(("draw", [_pct(sim.draw) for sim in sims]))
    words = dict.fromkeys(f"{_round_word(sim.ruleset)}s" for sim in sims)  # rulesets' own
    rows.append((f"{'/'.join(words)} (mean)", [f"{sim.rounds.mean:.2f}" for sim in sims]))
    ids = list(dict.fromkeys(c.id for sim in sims for c in sim.combatants))
    for cid in ids:
        people = [next((c for c in sim.combatants if c.id == cid), None) for sim in sims]
        name = next(c.name for c in people if c is not None)
        dealt = [
            f"{c.dealt.mean:.2f} [{c.dealt.low:.2f}, {c.dealt.high:.2f}]" if c else "-"
            for c in people
        ]
        rows.append((f"{name}: damage dealt", dealt))
        taken = [
            f"{c.taken.mean:.2f} [{c.taken.low:.2f}, {c.taken.high:.2f}]" if c else "-"
            for c in people
        ]
        rows.append((f"{name}: damage taken", taken))
        kinds = list(dict.fromkeys(o.outcome for c in people if c for o in c.outcomes))
        for kind in kinds:
            cells = [
                next((_pct(o.rate) for o in c.outcomes if o.outcome == kind), "  0.0%")
                if c
                else "-"
                for c in people
            ]
            rows.append((f"{name}: {kind}", cells))
        chosen = list(dict.fromkeys(ch.kind for c in people if c for ch in c.choices))
        for kind in chosen:
            cells = [
                next((f"{ch.per_fight:.2f}/fight" for ch in c.choices if ch.kind == kind), "0")
                if c and c.choices
                else "-"
                for c in people
            ]
            rows.append((f"{name} chose: {kind}", cells))
    for note in sorted({x.name for sim in sims for x in sim.notable}):
        # a ruleset none of whose variants has this notable event: not 0%, not applicable
        theirs = {sim.ruleset for sim in sims if any(x.name == note for x in sim.notable)}
        cells = [
            next((_pct(x.fights) for x in sim.notable if x.name == note), "  0.0%")
            if sim.ruleset in theirs
            else "-"
            for sim in sims
        ]
        rows.append((f"notable: {note}", cells))
    first = max(len(label) for label, _ in rows)
    widths = [max(len(names[i]), *(len(cells[i]) for _, cells in rows)) for i in range(len(sims))]

    def line(label: str, cells: list[str]) -> str:
        text = "  ".join(f"{c:<{w}}" for c, w in zip(cells, widths, strict=True))
        return f"  {label:<{first}}  {text}".rstrip()

    first_sim = sims[0]
    rulesets = list(dict.fromkeys(sim.ruleset for sim in sims))
    seeds = (
        "on the same seeds"
        if len(rulesets) == 1
        else f"on the same seeds, in {len(rulesets)} rulesets ({', '.join(rulesets)})"
    )
    out = [
        f"{len(sims)} variants, {first_sim.n} fights each {seeds} "
        f"(seed {first_sim.seed}); rates with 95% Wilson intervals, in %",
        "",
        line("", names),
        *(line(label, cells) for label, cells in rows),
    ]
    paired = [d for d in result.differences if d.paired]
    unpaired = [d for d in result.differences if not d.paired]
    if paired:
        out += [
            "",
            "differences in the first side's win rate (paired on the same fights; "
            "Newcombe's 95% interval, in points):",
            *(_difference_line(d, d.side_a) for d in paired),
        ]
    if unpaired:
        out += [
            "",
            "differences in the first side's win rate across rulesets: no paired difference "
            "(a seed does not roll the same dice for the same purpose in two rulesets, so "
            "their fights are independent); unpaired, Newcombe's square-and-add 95% interval "
            "for independent rates, in points:",
            *(_difference_line(d, f"{d.side_a} vs {d.side_b}") for d in unpaired),
        ]
    return out + difference_lines(result)


def _difference_line(d: Any, sides: str) -> str:
    verdict = "significant" if d.significant else "not significant"
    return (
        f"  {short_label(d.a)} - {short_label(d.b)} ({sides}): {100 * d.difference:+.1f} "
        f"[{100 * d.low:+.1f}, {100 * d.high:+.1f}], {verdict}"
    )


@click.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option(
    "--vary",
    "varies",
    multiple=True,
    required=True,
    metavar="PATH=VALUES",
    help="A field and its values: combatants[0].skills.epee=30..90:10, "
    "combatants[1].armour=[chain mail,plate mail]. Repeatable.",
)
@run_options
@_precision
@click.option(
    "--out",
    "out",
    default="sweep",
    show_default=True,
    metavar="DIR",
    help="Folder for results.csv, results.parquet, results.meta.json and the plots.",
)
@click.option(
    "--target",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    default=None,
    help="A win rate to mark on the plot, with where the first side's line crosses it.",
)
def sweep(
    scenario: str,
    varies: tuple[str, ...],
    n: int | None,
    seed: int | None,
    jobs: int | None,
    overrides: tuple[str, ...],
    as_json: bool,
    engine: str,
    scheduler: str | None,
    precision: float | None,
    out: str,
    target: float | None,
) -> None:
    """Run SCENARIO at every point of a grid of varied fields and write a table of the
    figures (CSV and Parquet) and plots (PNG and SVG) to --out."""
    with _sim_errors() as chosen:
        folder = Path(out)
        if folder.exists() and not folder.is_dir():
            raise FracasError(f"--out {out}: exists and is not a folder")
        made_in = folder.resolve()
        while not made_in.exists():  # the missing folders are made, as write_sweep does
            made_in = made_in.parent
        why = cannot_write_in(made_in) if made_in.is_dir() else f"{made_in} is not a folder"
        if why is not None:
            raise FracasError(f"--out {out}: cannot write here ({why})")
        seed = chosen.pick(seed)
        bar = sys.stdout.isatty() and not as_json
        doing = f"running the fights of {scenario}'s grid"
        with _progress_bar(bar, "grid points", doing) as progress:
            from fracas.sim import sweep as run_sweep

            table = run_sweep(
                scenario,
                list(varies),
                n=n or 1000,
                seed=seed,
                jobs=_jobs(jobs),
                overrides=overrides,
                engine=engine,
                scheduler=scheduler,
                progress=progress,
                precision=precision,
            )
        from fracas.sim.working import working

        if target is not None:
            table.attrs["target"] = target
        try:
            with working(f"writing the table and plots to {out}"):
                from fracas.sim.plots import write_sweep

                written = write_sweep(table, folder)
        except OSError as exc:
            raise FracasError(f"--out {out}: cannot write: {exc.strerror}") from None
        if as_json:
            click.echo(table.to_json(orient="records"))
        else:
            click.echo(f"engine: {table.attrs['engine']}")
            for line in render_sweep(table):
                click.echo(line)
        for path in written:
            click.echo(f"wrote {path}", err=True)


def render_sweep(table: Any) -> list[str]:
    varied: list[str] = table.attrs["varied"]
    side = table.attrs["sides"][0]
    col = f"win[{side}]"
    counts = sorted(set(int(x) for x in table["n"]))
    fights = (
        f"{counts[0]} fights each"
        if len(counts) == 1
        else (f"{counts[0]}-{counts[-1]} fights each (--precision)")
    )
    out = [
        f"{len(table)} grid points, {fights}; {side}'s win rate with its 95% Wilson interval, in %"
    ]
    same = table["same_as"] if "same_as" in table else [""] * len(table)
    for i in range(len(table)):
        values = ", ".join(f"{p}={table[p].iloc[i]}" for p in varied)
        rate, low, high = (table[c].iloc[i] for c in (col, f"{col}.low", f"{col}.high"))
        note = f"  (the same fights as {same[i]})" if same[i] else ""
        out.append(f"  {values}: {100 * rate:5.1f}% [{100 * low:4.1f}, {100 * high:4.1f}]{note}")
    if any(same):
        out.append(
            "  'the same fights': every figure equal on the same seeds, so the varied value "
            "makes no difference there (a cap, a threshold or a rule that ignores it)"
        )
    target = table.attrs.get("target")
    if target is not None and len(varied) == 1:
        from fracas.sim.balance import crossing_of

        values_ = list(table[varied[0]])
        if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values_):
            found = crossing_of(values_, list(table[col]), target)
            out.append(
                f"  {side}'s win rate crosses {100 * target:.0f}% at {varied[0]} = {found:.1f} "
                "(linear between grid points; fracas balance gives an interval)"
                if found is not None
                else f"  {side}'s win rate does not cross {100 * target:.0f}% on this grid"
            )
    return out
