"""compare pairs the variants' fights (common random numbers); sweep validates its grid
before it runs and writes its table and plots."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pandas as pd
import pytest

from fracas.engine.errors import FracasError
from fracas.sim import CompareResult, compare, simulate, sweep
from fracas.sim.api import UNPAIRED_METHOD
from fracas.sim.grid import VaryError, parse_values, parse_vary
from fracas.sim.intervals import newcombe_unpaired
from fracas.sim.plots import write_sweep
from tests.sim.conftest import DUEL, PLATE, ROOT

BRAWL = ROOT / "examples" / "exp" / "bar-brawl.yaml"


def test_the_pair_table_adds_up_to_each_variants_own_win_count() -> None:
    result = compare([DUEL, PLATE], n=600, seed=3)
    a, b = result.variants
    d = result.differences[0]
    assert d.both + d.only_a == a.sides[0].win.count
    assert d.both + d.only_b == b.sides[0].win.count
    assert d.both + d.only_a + d.only_b + d.neither == 600
    assert d.difference == pytest.approx(a.sides[0].win.rate - b.sides[0].win.rate)


def test_each_variant_of_a_compare_is_the_sim_of_that_scenario_on_the_same_seeds() -> None:
    result = compare([DUEL, PLATE], n=300, seed=4)
    alone = simulate(PLATE, n=300, seed=4)
    assert result.variants[1].figures() == alone.figures()


def test_a_variant_compared_with_itself_shows_no_difference_at_all(tmp_path: Path) -> None:
    copy = tmp_path / "copy.yaml"
    copy.write_text(DUEL.read_text())
    d = compare([DUEL, copy], n=300, seed=1).differences[0]
    assert d.only_a == d.only_b == 0 and d.difference == 0 and not d.significant


def test_a_compare_across_rulesets_gives_no_paired_difference_but_a_labelled_unpaired_one() -> None:
    """A seed rolls different dice in two rulesets: pairing their fights means nothing, so
    the difference is the independent samples' one, said so, with no 2x2 table."""
    result = compare([DUEL, BRAWL, PLATE], n=200, seed=1)
    duel, brawl, _ = result.variants
    across = [d for d in result.differences if not d.paired]
    assert [(Path(d.a).stem, Path(d.b).stem) for d in across] == [
        ("joanne-vs-ondkille", "bar-brawl"),
        ("bar-brawl", "joanne-in-plate"),
    ]
    d = across[0]
    assert d.both is d.only_a is d.only_b is d.neither is None
    assert d.method == UNPAIRED_METHOD and "different rulesets" in (d.unpaired_because or "")
    a, b = duel.sides[0].win, brawl.sides[0].win
    assert (d.side_a, d.side_b) == (duel.sides[0].side, brawl.sides[0].side)
    assert (d.difference, d.low, d.high) == newcombe_unpaired(a.count, 200, b.count, 200)
    same = next(d for d in result.differences if d.paired)
    assert Path(same.b).stem == "joanne-in-plate" and same.both is not None
    assert same.unpaired_because is None
    assert CompareResult.from_json(result.to_json()) == result


def test_the_compare_result_round_trips_through_json() -> None:
    result = compare([DUEL, PLATE], n=40, seed=1)
    assert CompareResult.from_json(result.to_json()) == result


def test_compare_needs_two_scenarios() -> None:
    with pytest.raises(FracasError, match="at least two"):
        compare([DUEL], n=10)


def test_vary_values_read_ranges_lists_and_single_values() -> None:
    assert parse_values("30..90:20", "x") == (30, 50, 70, 90)
    assert parse_values("1..3", "x") == (1, 2, 3)
    assert parse_values("[boiled leather, chain mail, 3, true]", "x") == (
        "boiled leather",
        "chain mail",
        3,
        True,
    )
    assert parse_values("maximum", "x") == ("maximum",)
    assert parse_vary("combatants[0].skills.epee=1..2").segments == (
        "combatants",
        0,
        "skills",
        "epee",
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("combatants[5].skills.epee=1..3", "there is no combatant 5"),
        ("combatants[0]skills=1", "expected '.' before 'skills'"),
        ("combatants[0].=1", "not a field path"),
        ("combatants[0].skills.epee=9..3", "runs from 9 down to 3"),
        ("combatants[0].skills.epee=1..3:0", "step must be at least 1"),
        ("combatants[0].skills.epee=1.5..3", "whole numbers"),
        ("combatants[0].skills.epee=[1,,2]", "an empty value"),
        ("combatants[0].skills.epee", "expected PATH=VALUES"),
        ("combatants[0].name.first=1", "combatants[0].name is not a mapping"),
    ],
)
def test_a_bad_vary_is_named_with_its_problem(spec: str, message: str) -> None:
    with pytest.raises(VaryError, match=f"--vary .*{re.escape(message)}"):
        sweep(DUEL, [spec], n=10)


def test_an_invalid_grid_point_is_refused_before_anything_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = importlib.import_module("fracas.sim.sweeps")

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("ran fights before the grid was checked")

    monkeypatch.setattr(module, "run_all", never)
    with pytest.raises(FracasError, match=r"grid point combatants\[0\].skills.epee=-10: "):
        sweep(DUEL, ["combatants[0].skills.epee=[30, -10]"], n=10)


def test_a_sweep_gives_a_row_per_grid_point_with_every_rate(tmp_path: Path) -> None:
    table = sweep(
        DUEL,
        ["combatants[1].skills.dagger=[30, 60]", "options.full_damage=[maximum, double]"],
        n=100,
        seed=2,
    )
    assert len(table) == 4
    assert list(table["combatants[1].skills.dagger"]) == [30, 30, 60, 60]
    assert {"win[Joanne]", "win[Joanne].low", "win[Joanne].high", "draw", "n"} <= set(table)
    assert all(table["n"] == 100)
    # every grid point is the sim of its own scenario, on the same seeds
    alone = simulate(DUEL, n=100, seed=2, overrides=["full_damage=double"])
    row = table[
        (table["combatants[1].skills.dagger"] == 60) & (table["options.full_damage"] == "double")
    ]
    assert len(row) == 1
    # dagger 60 differs from the file (40), so compare the point at the file's own value
    point = sweep(DUEL, ["options.full_damage=[double]"], n=100, seed=2)
    assert point["win[Joanne]"].iloc[0] == alone.sides[0].win.rate
    written = write_sweep(table, tmp_path / "out")
    names = sorted(p.name for p in written)
    assert names == [
        "results.csv",
        "results.meta.json",
        "results.parquet",
        "win-rate.png",
        "win-rate.svg",
    ]
    back = pd.read_parquet(tmp_path / "out" / "results.parquet")
    assert list(back.columns) == list(table.columns) and len(back) == 4


def test_sweep_plots_one_field_as_lines_and_three_as_small_multiples(tmp_path: Path) -> None:
    one = sweep(DUEL, ["combatants[0].skills.epee=30..50:20"], n=20, seed=1)
    assert (tmp_path / "a" / "win-rate.svg") in write_sweep(one, tmp_path / "a")
    three = sweep(
        DUEL,
        [
            "combatants[0].skills.epee=[30, 50]",
            "combatants[1].skills.dagger=[30, 50]",
            "options.full_damage=[maximum, double]",
        ],
        n=20,
        seed=1,
    )
    assert len(three) == 8
    assert (tmp_path / "b" / "win-rate.png") in write_sweep(three, tmp_path / "b")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "combatants[1].skills.dager=30..70:20",
            "combatants[1].skills has no 'dager' (it has dagger); did you mean 'dagger'?",
        ),
        ("combatants[0].skills.sword=[30, 50]", "combatants[0].skills has no 'sword'"),
    ],
)
def test_a_vary_that_would_add_a_misspelled_skill_is_refused_before_anything_runs(
    spec: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fighter's skills are a free-form mapping: a new name there would be read as a new
    skill that nothing uses, and the sweep would run with every point the same."""
    module = importlib.import_module("fracas.sim.sweeps")

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("ran fights before the grid was checked")

    monkeypatch.setattr(module, "run_all", never)
    with pytest.raises(VaryError, match=f"^--vary {re.escape(spec.split('=')[0])}: "):
        sweep(DUEL, [spec], n=10)
    with pytest.raises(VaryError, match=re.escape(message)):
        sweep(DUEL, [spec], n=10)


def test_a_variant_that_would_add_a_misspelled_skill_is_refused() -> None:
    from fracas.sim.variants import variant_of

    with pytest.raises(VaryError, match=r"--variant .*skills has no 'dager'.*'dagger'\?"):
        variant_of(DUEL, "typo: combatants[1].skills.dager=60")


def test_a_vary_of_a_field_the_file_leaves_out_is_still_accepted() -> None:
    """Options and a fighter's own fields may be absent from the file: they are fields of
    the scenario's model, which validation checks by name (only free-form mappings, whose
    every name is accepted, are held to the names the file gives)."""
    table = sweep(DUEL, ["options.full_damage=[maximum]", "combatants[1].skills.dagger=[40]"], n=5)
    assert len(table) == 1
