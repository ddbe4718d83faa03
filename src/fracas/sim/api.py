"""The analysis API: ``simulate``, ``compare``, ``sweep`` and ``exact`` (the exact chain's odds
and distributions). The CLI only calls these."""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from fracas.engine.errors import FracasError
from fracas.scenario import load_scenario, parse_scenario
from fracas.scenario.loader import LoadedScenario, with_options
from fracas.sim.backend import choose_backend, get_backend
from fracas.sim.figures import SimResult, figures
from fracas.sim.intervals import (
    holm,
    mcnemar_p,
    newcombe_paired,
    newcombe_unpaired,
    paired_mean_difference,
    two_proportion_p,
    welch_difference,
)
from fracas.sim.pairing import FigureKey, PairSums
from fracas.sim.runner import Executor, Job, JobResult, ProgressFn, local_executor, run_jobs
from fracas.sim.tally import Tally
from fracas.sim.variant import Variant
from fracas.sim.working import working
from fracas.version import __version__

if TYPE_CHECKING:
    from fracas.sim.odds import ExactDistributions

#: what the analysis functions take as a scenario: a file's path, a loaded scenario, a
#: variant (``variants_of``), or the scenario's data as a dict (validated as a file would be)
ScenarioLike = str | Path | LoadedScenario | Variant | Mapping[str, Any]


PAIRED_METHOD = "Newcombe (1998) paired hybrid score interval, method 10"
UNPAIRED_METHOD = (
    "Newcombe (1998) square-and-add Wilson interval for independent proportions, method 10"
)


class Difference(msgspec.Struct, frozen=True):
    """Variant ``a``'s win rate for its first side minus variant ``b``'s, with a 95%
    interval; ``significant`` when the interval leaves out 0.

    ``paired``: on the same fights (same ruleset, same seeds: common random numbers), with
    Newcombe's paired interval and the 2x2 table ``both``, ``only_a``, ``only_b``,
    ``neither``. Variants of different rulesets share seeds but not dice, so their fights
    are independent: no paired difference is given (``unpaired_because`` says why, the
    table is ``None``) and the interval is the one for independent rates."""

    a: str
    b: str
    side_a: str
    side_b: str
    difference: float
    low: float
    high: float
    significant: bool
    both: int | None
    only_a: int | None
    only_b: int | None
    neither: int | None
    method: str = PAIRED_METHOD
    paired: bool = True
    unpaired_because: str | None = None


class FigureDifference(msgspec.Struct, frozen=True):
    """One figure of variant ``a`` minus the same figure of variant ``b``, with its 95%
    interval and a test: ``kind`` is ``rate`` (a side's win, the draw, how a combatant
    ended; a fraction) or ``mean`` (fight length, damage per fight). ``p`` is the test's
    p-value, ``p_adjusted`` Holm's over the pairs of variants that have this figure (the
    same as ``p`` for two variants), and ``significant`` is ``p_adjusted < 0.05``.
    ``paired``: on the same fights (one ruleset), else independent samples;
    ``same_in_every_fight``: paired, and the figure was the same in each pair of fights."""

    figure: str
    key: tuple[str, ...]
    kind: str
    a: str
    b: str
    value_a: float
    value_b: float
    difference: float
    low: float
    high: float
    p: float
    p_adjusted: float
    significant: bool
    paired: bool
    method: str
    same_in_every_fight: bool = False


class CompareResult(msgspec.Struct, frozen=True):
    """``fracas compare``: each variant's figures and every pair's difference: in the first
    side's win rate (``differences``), and in every figure (``figure_differences``, with
    Holm's correction over the pairs said in ``correction``)."""

    variants: tuple[SimResult, ...]
    differences: tuple[Difference, ...]
    figure_differences: tuple[FigureDifference, ...] = ()
    correction: str = ""

    def to_pandas(self) -> Any:
        """A tidy table: one row per variant and figure (``variant``, ``figure``,
        ``value``, ``low``, ``high``, ``n``), then one row per pair and figure difference
        (``variant`` is ``A - B``, with ``p``, ``p_adjusted`` and ``significant``)."""
        import pandas as pd

        rows = [{"variant": sim.scenario, **r} for sim in self.variants for r in sim.rows()]
        for d in self.figure_differences:
            rows.append(
                {
                    "variant": f"{d.a} - {d.b}",
                    "figure": f"difference: {d.figure}",
                    "value": d.difference,
                    "low": d.low,
                    "high": d.high,
                    "n": self.variants[0].n,
                    "p": d.p,
                    "p_adjusted": d.p_adjusted,
                    "significant": d.significant,
                }
            )
        return pd.DataFrame(rows)

    def to_json(self) -> bytes:
        return msgspec.json.encode(self)

    @classmethod
    def from_json(cls, data: bytes | str) -> CompareResult:
        return msgspec.json.decode(data, type=cls)


def as_variant(scenario: ScenarioLike, overrides: Sequence[str] = ()) -> Variant:
    """A scenario file (with ``-o`` overrides), a loaded scenario, a variant, or a scenario's
    data (a dict, validated as a file would be: ``ScenarioError`` names the field)."""
    check_strings("overrides", overrides, "NAME=VALUE strings")
    if isinstance(scenario, Variant):
        return scenario
    if isinstance(scenario, LoadedScenario):
        return Variant.of(scenario, overrides=tuple(overrides))
    if isinstance(scenario, Mapping):
        data = with_options(dict(scenario), overrides, "<scenario>")
        return Variant.of(parse_scenario(data, "<scenario>"), overrides=tuple(overrides))
    if not isinstance(scenario, str | Path):
        raise TypeError(
            "scenario: expected a file path, a loaded scenario, a variant or a dict, "
            f"not {type(scenario).__name__}"
        )
    return Variant.of(load_scenario(scenario, overrides), overrides=tuple(overrides))


def check_strings(name: str, values: object, form: str) -> None:
    """Refuse a lone string (or anything else) where a sequence of strings is expected."""
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise TypeError(f"{name}: expected a list of {form}, not {values!r}")


def check_file(name: str, path: object) -> None:
    """Refuse anything but a file path (``sweep`` and ``balance`` edit the file's data)."""
    if not isinstance(path, str | Path):
        raise TypeError(f"{name}: expected a scenario file's path, not {type(path).__name__}")


def _whole(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name}: expected a whole number, not {value!r}")


def check_run(n: int, seed: int, jobs: int, precision: float | None) -> None:
    """Refuse settings no run can use, naming the flag (``-n`` is the API's ``n``)."""
    _whole("n", n)
    _whole("seed", seed)
    _whole("jobs", jobs)
    if precision is not None and (
        isinstance(precision, bool) or not isinstance(precision, int | float)
    ):
        raise TypeError(f"precision: expected a number or None, not {precision!r}")
    if n < 1:
        raise FracasError(f"-n {n}: the number of fights must be at least 1")
    if seed < 0:
        raise FracasError(f"--seed {seed}: must be 0 or more")
    if jobs < 1:
        raise FracasError(f"--jobs {jobs}: must be at least 1")
    if precision is not None and not 0 < precision < 1:
        raise FracasError(
            f"--precision {precision:g}: must be between 0 and 1 (the width of a 95% interval "
            "on a rate, e.g. 0.02)"
        )


@contextmanager
def executor_for(jobs: int, scheduler: str | None) -> Iterator[Executor]:
    """Local processes, or the Dask cluster at ``scheduler``."""
    if scheduler is not None:
        from fracas.sim.cluster import DaskExecutor

        executor: Executor = DaskExecutor(scheduler)
    else:
        executor = local_executor(jobs)
    try:
        yield executor
    finally:
        executor.close()


def citation(
    variant: Variant, engine: str, tally: Tally, seed: int, precision: float | None, wall: float
) -> dict[str, Any]:
    """What a result needs so that it can be cited and run again. ``task_size``: the fights
    per task of the engine that ran them (``Backend.task_size``; ``engine`` begins with its
    name), after each of which ``--precision`` is checked."""
    return {
        "fracas_version": __version__,
        "engine": engine,
        "ruleset": variant.ruleset,
        "scenario": variant.label,
        "scenario_hash": variant.digest,
        "options": variant.options(),
        "n": tally.n,
        "seed": seed,
        "task_size": get_backend(engine.split(" ", 1)[0]).task_size,
        "precision": precision,
        "wall_time_s": round(wall, 3),
    }


def run_all(
    jobs_: list[Job],
    seed: int,
    jobs: int,
    engine: str,
    scheduler: str | None,
    progress: ProgressFn | None,
) -> tuple[list[JobResult], str, float]:
    from fracas.sim.batch.backend import describe, prepare

    variants = [v for job in jobs_ for v in job.variants]
    backend = choose_backend(engine, variants)
    prepare(variants)  # a policy for tactics: optimal, before any worker starts
    warm_up = getattr(backend, "warm_up", None)
    if warm_up is not None:  # compiled (or loaded from the cache) here, once, not per worker
        with working("loading the compiled kernels"):
            warm_up(variants)
    size = backend.task_size
    if sum(-(-job.n // size) for job in jobs_) < 2:
        jobs = 1  # one task: a pool of workers would only add its start-up
    t0 = time.perf_counter()
    with executor_for(jobs, scheduler) as executor:
        results = run_jobs(jobs_, seed, backend.name, executor, progress)
    return results, describe(backend.name, engine, variants), time.perf_counter() - t0


def simulate(
    scenario: ScenarioLike,
    n: int = 10_000,
    seed: int = 0,
    jobs: int = 1,
    precision: float | None = None,
    overrides: Sequence[str] = (),
    engine: str = "auto",
    scheduler: str | None = None,
    progress: ProgressFn | None = None,
) -> SimResult:
    """``n`` fights of ``scenario`` (fewer if every rate's 95% interval is narrower than
    ``precision`` first), in ``jobs`` local processes or on the Dask cluster at
    ``scheduler``. The same scenario, ``seed`` and ``n`` give the same figures however they
    are run. ``scenario``: a file's path, a loaded scenario, a variant or the scenario's data
    (a dict). Bad settings raise :class:`~fracas.engine.errors.FracasError` naming the
    setting (``-n 0: ...``), a bad scenario :class:`~fracas.scenario.ScenarioError`, a
    wrong type ``TypeError``. In the example, ``duel`` is the path of a scenario file.

    Example::

        >>> from fracas import simulate
        >>> result = simulate(duel, n=1000, seed=1)
        >>> joanne = result.sides[0]
        >>> win = joanne.win
        >>> print(f"{joanne.side} wins {win.rate:.1%} [{win.low:.1%}, {win.high:.1%}]")
        Joanne wins 99.0% [98.2%, 99.5%]
    """
    check_run(n, seed, jobs, precision)
    variant = as_variant(scenario, overrides)
    results, name, wall = run_all(
        [Job((variant,), n, precision)], seed, jobs, engine, scheduler, progress
    )
    tally = results[0].tallies[0]
    return figures(tally, **citation(variant, name, tally, seed, precision, wall))


def compare(
    scenarios: Sequence[ScenarioLike],
    n: int = 10_000,
    seed: int = 0,
    jobs: int = 1,
    precision: float | None = None,
    overrides: Sequence[str] = (),
    engine: str = "auto",
    scheduler: str | None = None,
    progress: ProgressFn | None = None,
) -> CompareResult:
    """Two or more variants of a matchup on the same fights (common random numbers: fight
    ``i`` of every variant runs from the same seed), each with its figures, and for each
    pair the difference in the first side's win rate with its paired interval (unpaired,
    and labelled so, for two variants of different rulesets: see :func:`difference`), and
    every figure's difference with its test (``figure_differences``). In the example,
    ``duel`` is the path of a scenario file.

    Example::

        >>> from fracas import compare, variants_of
        >>> both = variants_of([duel], ["plate: combatants[0].armour=plate mail"])
        >>> pair = compare(both, n=1000, seed=1)
        >>> d = pair.differences[0]
        >>> print(f"{d.difference:+.3f} [{d.low:+.3f}, {d.high:+.3f}] significant: {d.significant}")
        -0.010 [-0.018, -0.004] significant: True
    """
    check_run(n, seed, jobs, precision)
    if isinstance(scenarios, str | Path | Mapping) or not isinstance(scenarios, Sequence):
        raise TypeError(
            f"scenarios: expected a list of two or more scenarios, not {type(scenarios).__name__}"
        )
    if len(scenarios) < 2:
        raise FracasError("compare needs at least two scenarios")
    variants = tuple(as_variant(s, overrides) for s in scenarios)
    results, name, wall = run_all(
        [Job(variants, n, precision)], seed, jobs, engine, scheduler, progress
    )
    job = results[0]
    sims = tuple(
        figures(t, **citation(v, name, t, seed, precision, wall))
        for v, t in zip(variants, job.tallies, strict=True)
    )
    diffs = [
        difference(variants, job, i, j)
        for i in range(len(variants))
        for j in range(i + 1, len(variants))
    ]
    every, correction = figure_differences(variants, sims, job.pairs)
    return CompareResult(sims, tuple(diffs), every, correction)


HOLM = "Holm's step-down correction over the {m} pairs of variants, per figure"
SIGNIFICANCE = {
    ("rate", True): "Newcombe's paired interval; McNemar's exact test",
    ("rate", False): "Newcombe's square-and-add interval; two-proportion z test",
    ("mean", True): "paired z interval on the per-fight differences; z test",
    ("mean", False): "Welch's interval; z test",
}


def _figures_of(sim: SimResult) -> dict[FigureKey, tuple[str, str, float, Any]]:
    """Every figure of a result by key: (label, kind, value, the figure itself)."""
    out: dict[FigureKey, tuple[str, str, float, Any]] = {}
    for s in sim.sides:
        out[("win", s.side)] = (f"{s.side} wins", "rate", s.win.rate, s.win)
    out[("draw",)] = ("draw", "rate", sim.draw.rate, sim.draw)
    out[("rounds",)] = ("length", "mean", sim.rounds.mean, sim.rounds)
    for c in sim.combatants:
        out[("dealt", c.id)] = (f"{c.name}: damage dealt", "mean", c.dealt.mean, c.dealt)
        out[("taken", c.id)] = (f"{c.name}: damage taken", "mean", c.taken.mean, c.taken)
        for o in c.outcomes:
            label = f"{c.name}: {o.outcome}"
            out[("outcome", c.id, o.outcome)] = (label, "rate", o.rate.rate, o.rate)
        for ch in c.choices:
            label = f"{c.name}: {ch.kind} (fights with it)"
            out[("chose", c.id, ch.kind)] = (label, "rate", ch.fights.rate, ch.fights)
            label = f"{c.name}: {ch.kind} (times per fight)"
            out[("chose_per_fight", c.id, ch.kind)] = (label, "mean", ch.per_fight, None)
    return out


def figure_differences(
    variants: Sequence[Variant],
    sims: Sequence[SimResult],
    pairs: dict[tuple[int, int], PairSums],
) -> tuple[tuple[FigureDifference, ...], str]:
    """Every figure either variant of each pair reports, as a difference with its interval
    and test (paired for one ruleset, from :mod:`fracas.sim.pairing`; independent across
    rulesets), with Holm's correction over the pairs, per figure."""
    figs = [_figures_of(sim) for sim in sims]
    raw: list[dict[str, Any]] = []
    for i in range(len(sims)):
        for j in range(i + 1, len(sims)):
            keys = list(dict.fromkeys([*figs[i], *figs[j]]))
            sums = pairs.get((i, j))
            for key in keys:
                if key[0] == "chose_per_fight" and (sums is None or key not in sums.sums):
                    continue  # (times per fight: paired only, no spread is kept per run)
                raw.append(_one_difference(key, i, j, figs, sims, sums))
    by_key: dict[FigureKey, list[int]] = {}
    for k, d in enumerate(raw):
        by_key.setdefault(d["key"], []).append(k)
    for members in by_key.values():
        adjusted = holm([raw[k]["p"] for k in members])
        for k, p in zip(members, adjusted, strict=True):
            raw[k]["p_adjusted"] = p
            raw[k]["significant"] = p < 0.05
    m = len(sims) * (len(sims) - 1) // 2
    correction = HOLM.format(m=m) if m > 1 else "none (one pair of variants)"
    return tuple(FigureDifference(**d) for d in raw), correction


def _one_difference(
    key: FigureKey,
    i: int,
    j: int,
    figs: list[dict[FigureKey, tuple[str, str, float, Any]]],
    sims: Sequence[SimResult],
    sums: PairSums | None,
) -> dict[str, Any]:
    a, b = figs[i].get(key), figs[j].get(key)
    either = a if a is not None else b
    assert either is not None
    label, kind = either[0], either[1]
    n_a, n_b = sims[i].n, sims[j].n
    if kind == "rate":
        d, low, high, p, paired = _rate_difference(key, a, b, n_a, n_b, sums)
        same = sums is not None and key in sums.tables and sums.tables[key][1:] == [0, 0]
    else:
        d, low, high, p, paired = _mean_difference(key, a, b, n_a, n_b, sums)
        same = sums is not None and key in sums.sums and sums.sums[key][1] == 0
    return {
        "figure": label,
        "key": key,
        "kind": kind,
        "a": sims[i].scenario,
        "b": sims[j].scenario,
        "value_a": a[2] if a else 0.0,
        "value_b": b[2] if b else 0.0,
        "difference": d,
        "low": low,
        "high": high,
        "p": p,
        "p_adjusted": p,
        "significant": p < 0.05,
        "paired": paired,
        "method": SIGNIFICANCE[(kind, paired)],
        "same_in_every_fight": same,
    }


Figure = tuple[str, str, float, Any]


def _rate_difference(
    key: FigureKey, a: Figure | None, b: Figure | None, n_a: int, n_b: int, sums: PairSums | None
) -> tuple[float, float, float, float, bool]:
    """A rate's difference: paired from the 2x2 table, else of independent samples (a rate
    a variant does not report, such as an outcome it never had, is 0 of its fights)."""
    if sums is not None and key in sums.tables:
        both, only_a, only_b = sums.tables[key]
        neither = sums.n - both - only_a - only_b
        d, low, high = newcombe_paired(both, only_a, only_b, neither)
        return d, low, high, mcnemar_p(only_a, only_b), True
    ka = a[3].count if a else 0
    kb = b[3].count if b else 0
    d, low, high = newcombe_unpaired(ka, n_a, kb, n_b)
    return d, low, high, two_proportion_p(ka, n_a, kb, n_b), False


def _mean_difference(
    key: FigureKey, a: Figure | None, b: Figure | None, n_a: int, n_b: int, sums: PairSums | None
) -> tuple[float, float, float, float, bool]:
    """A mean's difference: of the per-fight differences when paired, else Welch's."""
    if sums is not None and key in sums.sums:
        total, squares = sums.sums[key]
        d, low, high, p = paired_mean_difference(total, squares, sums.n)
        return d, low, high, p, True
    d, low, high, p = welch_difference(_mean_sd(a, n_a), _mean_sd(b, n_b))
    return d, low, high, p, False


def _mean_sd(figure: Figure | None, n: int) -> tuple[float, float, int]:
    if figure is None:
        return (0.0, 0.0, n)
    value = figure[3]
    return (float(value.mean), float(value.sd), n)


def difference(variants: Sequence[Variant], job: JobResult, i: int, j: int) -> Difference:
    """Variant ``i``'s first-side win rate minus variant ``j``'s. Paired when both are of
    one ruleset (fight ``k`` of each ran from the same seed and rolls the same dice for the
    same purposes); for two rulesets the same seed drives different dice, the pairing means
    nothing, and the difference is the unpaired one of two independent samples."""
    a, b = variants[i], variants[j]
    table = [0, 0, 0, 0]  # both, only i, only j, neither (first side wins)
    for key, count in job.joint.items():
        wa, wb = key[i] == 0, key[j] == 0
        table[0 if wa and wb else 1 if wa else 2 if wb else 3] += count
    paired = a.ruleset == b.ruleset
    if paired:
        d, low, high = newcombe_paired(*table)
        why = None
    else:
        n = sum(table)
        d, low, high = newcombe_unpaired(table[0] + table[1], n, table[0] + table[2], n)
        why = (
            f"{a.ruleset} and {b.ruleset} are different rulesets: a seed does not roll the "
            "same dice for the same purpose in both, so their fights are independent"
        )
    return Difference(
        a=a.label,
        b=b.label,
        side_a=job.tallies[i].sides[0],
        side_b=job.tallies[j].sides[0],
        difference=d,
        low=low,
        high=high,
        significant=low > 0 or high < 0,
        both=table[0] if paired else None,
        only_a=table[1] if paired else None,
        only_b=table[2] if paired else None,
        neither=table[3] if paired else None,
        method=PAIRED_METHOD if paired else UNPAIRED_METHOD,
        paired=paired,
        unpaired_because=why,
    )


def exact(scenario: ScenarioLike, overrides: Sequence[str] = ()) -> ExactDistributions:
    """The exact odds and distributions of ``scenario`` (``fracas odds --distributions``):
    fight length, each combatant's health left and damage, who is out, each with its "at
    least X" table, where the ruleset's exact chain covers the fight (``OutOfScope`` where
    not: ``simulate`` then). ``.to_pandas()`` gives one row per figure and value. In the
    example, ``brawl`` is the path of a one-on-one scenario file the chain covers.

    Example::

        >>> from fracas import exact
        >>> odds = exact(brawl)
        >>> chain = odds.odds
        >>> print(f"Lin wins {chain.win[0]:.4%}, mean length {chain.mean_length:.2f} {chain.unit}")
        Lin wins 57.6445%, mean length 6.48 units
    """
    from fracas.sim.odds import distributions

    ruleset, model = as_variant(scenario, overrides).load()
    return distributions(ruleset, model)
