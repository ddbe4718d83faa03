"""What a designer reads beyond the rates: every figure's difference in ``compare`` (paired
on the same fights, with its test and Holm's correction), what the tactics chose, the
distributions, variants without a file, where a value stops mattering, and the metadata a
result carries."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
import yaml

from fracas.sim import compare, simulate, sweep
from fracas.sim.api import FigureDifference
from fracas.sim.intervals import holm, mcnemar_p
from fracas.sim.plots import write_sweep
from fracas.sim.variants import parse_variant, variant_of, variants_of
from tests.sim.conftest import DUEL, PLATE, ROOT

FIREFIGHT = ROOT / "examples" / "percentile" / "spaceport-firefight.yaml"


def _by_key(diffs: tuple[FigureDifference, ...]) -> dict[tuple[str, ...], FigureDifference]:
    return {d.key: d for d in diffs}


def test_holm_adjusts_a_worked_family_of_p_values() -> None:
    # sorted 0.01, 0.03, 0.04 -> 3 x 0.01, 2 x 0.03, then max(0.06, 1 x 0.04)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5]) == [0.5]


def test_mcnemars_exact_p_is_the_doubled_binomial_tail_of_the_discordant_pairs() -> None:
    assert mcnemar_p(0, 5) == pytest.approx(2 / 32)
    assert mcnemar_p(3, 3) == 1.0
    assert mcnemar_p(0, 0) == 1.0
    # 1 of 10 discordant: 2 * (1 + 10) / 1024
    assert mcnemar_p(1, 9) == pytest.approx(22 / 1024)


def test_compare_gives_a_difference_for_every_figure_either_variant_reports() -> None:
    result = compare([DUEL, PLATE], n=600, seed=3, engine="event")
    keys = set(_by_key(result.figure_differences))
    a, b = result.variants
    expected = {("draw",), ("rounds",)}
    for sim in (a, b):
        expected |= {("win", s.side) for s in sim.sides}
        for c in sim.combatants:
            expected |= {("dealt", c.id), ("taken", c.id)}
            expected |= {("outcome", c.id, o.outcome) for o in c.outcomes}
            # what it chose: the fights with each kind, and the times per fight (paired)
            expected |= {("chose", c.id, ch.kind) for ch in c.choices}
            expected |= {("chose_per_fight", c.id, ch.kind) for ch in c.choices}
    assert keys == expected
    assert all(d.paired for d in result.figure_differences)
    assert result.correction.startswith("none")


def test_each_paired_rate_table_adds_up_to_each_variants_own_count() -> None:
    """The paired difference of a rate is the difference of the two rates, and the p-value
    is McNemar's on the discordant pairs the table holds."""
    result = compare([DUEL, PLATE], n=700, seed=5, engine="event")
    a, b = result.variants
    count: dict[tuple[str, ...], list[int]] = {}
    for k, sim in enumerate((a, b)):
        for c in sim.combatants:
            for o in c.outcomes:
                count.setdefault(("outcome", c.id, o.outcome), [0, 0])[k] = o.rate.count
    for key, d in _by_key(result.figure_differences).items():
        if key[0] != "outcome":
            continue
        ka, kb = count[key]
        assert d.difference == pytest.approx((ka - kb) / 700)
        assert d.low <= d.difference <= d.high


def test_a_paired_mean_difference_is_the_difference_of_the_two_means() -> None:
    result = compare([DUEL, PLATE], n=500, seed=2, engine="event")
    a, b = result.variants
    diffs = _by_key(result.figure_differences)
    assert diffs[("rounds",)].difference == pytest.approx(a.rounds.mean - b.rounds.mean)
    for ca, cb in zip(a.combatants, b.combatants, strict=True):
        d = diffs[("dealt", ca.id)]
        assert d.difference == pytest.approx(ca.dealt.mean - cb.dealt.mean)
        assert d.value_a == ca.dealt.mean and d.value_b == cb.dealt.mean


def test_a_variant_compared_with_itself_differs_in_no_figure(tmp_path: Path) -> None:
    copy = tmp_path / "copy.yaml"
    copy.write_text(DUEL.read_text())
    result = compare([DUEL, copy], n=300, seed=1, engine="event")
    for d in result.figure_differences:
        assert d.same_in_every_fight and d.difference == 0
        assert d.p == 1.0 and not d.significant


@pytest.mark.usefixtures("always_pool")
def test_paired_figures_do_not_depend_on_the_number_of_processes() -> None:
    one = compare([DUEL, PLATE], n=1100, seed=7, jobs=1, engine="event")
    two = compare([DUEL, PLATE], n=1100, seed=7, jobs=2, engine="event")
    assert one.figure_differences == two.figure_differences


def test_with_three_variants_holm_corrects_each_figure_over_the_three_pairs(
    tmp_path: Path,
) -> None:
    copy = tmp_path / "copy.yaml"
    copy.write_text(DUEL.read_text())
    result = compare([DUEL, PLATE, copy], n=300, seed=4, engine="event")
    assert "3 pairs" in result.correction
    family: dict[tuple[str, ...], list[FigureDifference]] = {}
    for d in result.figure_differences:
        family.setdefault(d.key, []).append(d)
    for members in family.values():
        adjusted = holm([d.p for d in members])
        assert [d.p_adjusted for d in members] == pytest.approx(adjusted)
        assert all(d.significant == (d.p_adjusted < 0.05) for d in members)


def test_compare_across_rulesets_gives_independent_differences_for_shared_figures() -> None:
    brawl = ROOT / "examples" / "exp" / "bar-brawl.yaml"
    result = compare([DUEL, brawl], n=200, seed=1)
    assert result.figure_differences
    assert not any(d.paired for d in result.figure_differences)
    assert all(
        "Welch" in d.method or "square-and-add" in d.method for d in result.figure_differences
    )


def test_the_event_engine_records_what_each_combatant_chose() -> None:
    """In plate, Ondkille's dagger cannot hurt Joanne and his tactics surrender at once: the
    choices say so, and they agree with how his fights ended."""
    plate = simulate(PLATE, n=300, seed=1, engine="event")
    assert plate.choices_recorded
    ondkille = next(c for c in plate.combatants if c.name == "Ondkille")
    surrender = next(ch for ch in ondkille.choices if ch.kind == "surrender")
    surrendered = next(o for o in ondkille.outcomes if o.outcome == "surrendered")
    assert surrender.fights.count >= surrendered.rate.count
    assert surrender.fights.count > 0.9 * plate.n


def test_the_batch_engine_says_it_records_no_choices_but_gives_the_distributions() -> None:
    result = simulate(DUEL, n=500, seed=1, engine="batch")
    assert not result.choices_recorded
    assert all(not c.choices for c in result.combatants)
    for c in result.combatants:
        assert c.dealt_distribution is not None and sum(c.dealt_distribution.counts) == 500


@pytest.mark.parametrize("engine", ["event", "batch"])
def test_each_distribution_adds_up_to_the_fights_and_to_its_mean(engine: str) -> None:
    result = simulate(DUEL, n=600, seed=9, engine=engine)
    length = result.rounds.distribution
    assert length is not None and sum(length.counts) == 600
    mean = sum(v * c for v, c in zip(length.values, length.counts, strict=True)) / 600
    assert mean == pytest.approx(result.rounds.mean)
    for c in result.combatants:
        for dist, figure in ((c.dealt_distribution, c.dealt), (c.taken_distribution, c.taken)):
            assert dist is not None and sum(dist.counts) == 600
            total = sum(v * k for v, k in zip(dist.values, dist.counts, strict=True))
            assert total / 600 == pytest.approx(figure.mean)
            table = dist.at_least()
            assert table[0][1].rate == 1.0
            assert [r.rate for _, r in table] == sorted((r.rate for _, r in table), reverse=True)
    for side in result.out_of_fight:
        people = [c for c in result.combatants if c.side == side.side]
        out = sum(o.rate.count for c in people for o in c.outcomes if o.outcome != "standing")
        dist = side.distribution
        assert sum(v * k for v, k in zip(dist.values, dist.counts, strict=True)) == out


def test_health_left_is_each_combatants_first_pool_at_the_end() -> None:
    result = simulate(DUEL, n=200, seed=3, engine="event")
    for c in result.combatants:
        assert c.left is not None and c.left_label
        assert sum(c.left.counts) == 200


def test_a_variant_without_a_file_is_the_first_scenario_with_that_field_set(
    tmp_path: Path,
) -> None:
    data = yaml.safe_load(DUEL.read_text())
    data["combatants"][0]["armour"] = "plate mail"
    edited = tmp_path / "edited.yaml"
    edited.write_text(yaml.safe_dump(data))
    variant = variant_of(DUEL, "plate: combatants[0].armour=plate mail")
    assert variant.label == "plate"
    by_file = simulate(edited, n=300, seed=2, engine="event").figures()
    by_variant = simulate(variant, n=300, seed=2, engine="event").figures()
    for key in ("scenario",):
        by_file.pop(key), by_variant.pop(key)
    assert by_variant == by_file


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("no label here", "LABEL: PATH=VALUE"),
        (": combatants[0].armour=plate mail", "LABEL: PATH=VALUE"),
        ("plate: ", "no PATH=VALUE"),
        ("plate: combatants[0].armour", "not PATH=VALUE"),
        ("plate: combatants[0].armour=x;;", "empty edit"),
    ],
)
def test_a_malformed_variant_is_refused_naming_the_problem(spec: str, problem: str) -> None:
    with pytest.raises(Exception, match=problem):
        parse_variant(spec)


def test_two_variants_with_one_label_are_refused() -> None:
    with pytest.raises(Exception, match="same label"):
        variants_of([DUEL], ["a: combatants[0].armour=plate mail", "a: name=x"])


def test_a_variant_whose_scenario_is_invalid_is_refused_with_the_field() -> None:
    with pytest.raises(Exception, match=r"--variant bad: .*skills"):
        variant_of(DUEL, "bad: combatants[0].skills.epee=-5")


def test_a_value_can_be_a_whole_item_taken_from_another_file(tmp_path: Path) -> None:
    data = yaml.safe_load(FIREFIGHT.read_text())
    thug = data["combatants"][1]
    kit = tmp_path / "kit.yaml"
    kit.write_text(yaml.safe_dump({"people": [thug]}))
    variant = variant_of(DUEL, f"thug: combatants[1]=@{kit}#people[0]")
    assert variant.data["combatants"][1]["name"] == thug["name"]


def test_sweep_names_grid_points_whose_fights_are_the_same_as_an_earlier_ones(
    tmp_path: Path,
) -> None:
    """Joanne fights with her epee: her pistol skill changes nothing in the duel. (--vary
    changes what the file sets, so the skill is written in a copy of the file first.)"""
    data = yaml.safe_load(Path(DUEL).read_text())
    data["combatants"][0]["skills"]["pistols"] = 30
    duel = tmp_path / "duel.yaml"
    duel.write_text(yaml.safe_dump(data, sort_keys=False))
    table = sweep(duel, ["combatants[0].skills.pistols=[10, 50]"], n=200, seed=1)
    assert list(table["same_as"]) == ["", "combatants[0].skills.pistols=10"]


def test_sweep_with_precision_stops_each_point_once_its_intervals_are_narrow() -> None:
    """Checked after each task: the event engine's are 500 fights."""
    table = sweep(
        DUEL,
        ["combatants[1].skills.dagger=[20, 60]"],
        n=5_000,
        seed=1,
        precision=0.2,
        engine="event",
    )
    assert all(n < 5_000 for n in table["n"])


def test_sweep_files_carry_the_runs_metadata(tmp_path: Path) -> None:
    table = sweep(DUEL, ["combatants[1].skills.dagger=[30, 60]"], n=100, seed=5)
    table.attrs["target"] = 0.5
    write_sweep(table, tmp_path)
    meta = json.loads((tmp_path / "results.meta.json").read_text())
    for key in ("fracas_version", "engine", "seed", "n", "options", "scenario_hash", "vary"):
        assert key in meta
    assert meta["seed"] == 5 and meta["n"] == 100
    stored = pq.read_schema(tmp_path / "results.parquet").metadata[b"fracas"]
    assert json.loads(stored)["scenario_hash"] == meta["scenario_hash"]


def test_the_api_runs_on_the_same_engine_as_the_cli_by_default() -> None:
    assert simulate(DUEL, n=100, seed=1).engine.startswith("batch")


def test_results_turn_into_tidy_tables() -> None:
    sim = simulate(DUEL, n=200, seed=1)
    table = sim.to_pandas()
    assert list(table.columns) == ["figure", "value", "low", "high", "n"]
    assert (table["low"] <= table["value"]).all() and (table["value"] <= table["high"]).all()
    assert table.attrs["seed"] == 1
    pair = compare([DUEL, PLATE], n=200, seed=1).to_pandas()
    assert set(pair["variant"]) >= {str(DUEL), str(PLATE)}
    assert pair["figure"].str.startswith("difference: ").any()


def _row(table: Any, figure: str) -> Any:
    return table[table["figure"] == figure].iloc[0]
