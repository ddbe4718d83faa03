"""fracas sim, compare and sweep on the command line: every example runs, bad input is named
with exit 2 and nothing written, a failing fight exits 1 with its seed."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.scenario import load_scenario
from fracas.sim import batch
from tests.sim.conftest import DUEL, EXAMPLES, PLATE


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_runs_through_sim(path: Path) -> None:
    code, out, err = run("sim", str(path), "-n", "200", "--seed", "1", "-j", "1")
    assert code == 0, err
    loaded = load_scenario(path)
    why = batch.scope(loaded.ruleset, loaded.scenario)
    kernel = "percentile duel" if loaded.ruleset.name == "percentile" else "EXP brawl"
    expected = f"engine: batch ({kernel})" if why is None else f"engine: event ({why})"
    assert out.startswith(expected + "\n")  # the batch kernels where they reach, else why not
    word = loaded.ruleset.round_word  # the chapter's word: EXP counts units
    assert "win" in out and f"{word}s: mean" in out


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_runs_through_sim_2000_fights(path: Path) -> None:
    code, out, err = run("sim", str(path), "-n", "2000", "--seed", "1", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["n"] == 2000
    assert sum(s["win"]["count"] for s in result["sides"]) + result["draw"]["count"] == 2000


@pytest.mark.parametrize("ruleset", ["percentile", "exp", "starflight"])
def test_each_rulesets_examples_run_through_compare_and_a_small_sweep(
    ruleset: str, tmp_path: Path
) -> None:
    files = [p for p in EXAMPLES if p.parent.name == ruleset]
    code, out, err = run("compare", *map(str, files), "-n", "60", "--seed", "2", "-j", "1")
    assert code == 0, err
    assert "differences in the first side's win rate" in out
    assert out.count(" - ") >= len(files) * (len(files) - 1) // 2
    word = "units" if ruleset == "exp" else "rounds"  # the ruleset's own word for the length
    assert f"\n  {word} (mean) " in out
    limit = "max_units" if ruleset == "exp" else "max_rounds"
    for path in files:
        code, out, err = run(
            "sweep",
            str(path),
            "--vary",
            f"options.{limit}=[5, 50]",
            "-n",
            "40",
            "--seed",
            "1",
            "-j",
            "1",
            "--out",
            str(tmp_path / path.stem),
        )
        assert code == 0, err
        assert (tmp_path / path.stem / "results.parquet").exists()


def test_compare_across_rulesets_names_the_length_in_each_ones_word() -> None:
    brawl = DUEL.parents[1] / "exp" / "bar-brawl.yaml"
    code, out, err = run("compare", str(DUEL), str(brawl), "-n", "20", "--seed", "1", "-j", "1")
    assert code == 0, err
    assert "\n  rounds/units (mean) " in out


def test_sim_json_has_every_figure_and_what_to_cite_it_by() -> None:
    code, out, _ = run("sim", str(DUEL), "-n", "100", "--seed", "3", "--json", "-j", "1")
    assert code == 0
    result = json.loads(out)
    for key in (
        "fracas_version",
        "scenario_hash",
        "options",
        "n",
        "seed",
        "wall_time_s",
        "sides",
        "draw",
        "rounds",
        "combatants",
        "notable",
        "engine",
    ):
        assert key in result
    assert result["seed"] == 3 and result["engine"] == "batch (percentile duel)"
    assert "\x1b" not in out  # no progress bar when stdout is not a terminal


@pytest.mark.parametrize(("engine", "size"), [("batch", 50_000), ("event", 500)])
def test_sim_json_gives_the_task_size_the_engine_ran(engine: str, size: int) -> None:
    code, out, err = run("sim", str(DUEL), "-n", "50", "--seed", "3", "--json", "--engine", engine)
    assert code == 0, err
    result = json.loads(out)
    assert result["task_size"] == size and "chunk_size" not in result


def test_sim_without_a_seed_prints_the_one_it_drew() -> None:
    code, _, err = run("sim", str(DUEL), "-n", "20", "-j", "1")
    assert code == 0 and "pass --seed" in err


def test_compare_json_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "c.svg"
    code, out, err = run(
        "compare",
        str(DUEL),
        str(PLATE),
        "-n",
        "100",
        "--seed",
        "1",
        "--json",
        "--plot",
        str(plot),
        "-j",
        "1",
    )
    assert code == 0, err
    assert json.loads(out)["differences"][0]["method"].startswith("Newcombe")
    assert plot.read_text().startswith("<?xml")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sim", str(DUEL), "-n", "0"], "'-n'"),
        (["sim", str(DUEL), "--precision", "2"], "'--precision'"),
        (["sim", str(DUEL), "--seed", "-1"], "'--seed'"),
        (["sim", str(DUEL), "--jobs", "0"], "'--jobs'"),
        (["sim", str(DUEL), "--engine", "warp"], "'--engine'"),
        (["sim", str(DUEL), "-o", "max_rounds=true"], "max_rounds"),
        (["sim", "nowhere.yaml"], "nowhere.yaml"),
        (["sim", str(DUEL), "-o", "nonsense"], "--option 'nonsense': expected NAME=VALUE"),
        (["compare", str(DUEL)], "at least two"),
        (["odds", "nowhere.yaml"], "nowhere.yaml: cannot read the scenario"),
        (["odds", str(DUEL), "-o", "nope=1"], "options.nope"),
        (
            ["odds", str(DUEL.parents[1] / "starflight" / "melee.yaml")],
            "outside the exact chain: no batch kernel for the starflight ruleset",
        ),
        (["advise", str(DUEL), "--side", "nobody"], "--side 'nobody': no such side"),
        (
            ["sweep", str(DUEL), "--vary", "combatants[0].skills.epee=90..30:10"],
            "the range runs from 90 down to 30",
        ),
        (["sweep", str(DUEL), "--vary", "=30"], "--vary =30: expected PATH=VALUES"),
        (["compare", str(DUEL), str(PLATE), "--plot", "x.gif"], "--plot x.gif"),
        (
            ["sweep", str(DUEL), "--vary", "combatants[5].skills.epee=30..90:10"],
            "--vary combatants[5].skills.epee: there is no combatant 5",
        ),
        (
            ["sweep", str(DUEL), "--vary", "combatants[0].skills.epee=[30, -10]"],
            "grid point combatants[0].skills.epee=-10",
        ),
        (
            ["sweep", str(DUEL), "--vary", "combatants[1].armour=[chain mail, tin foil]"],
            "unknown armour 'tin foil'",
        ),
        (
            ["sweep", str(DUEL), "--vary", "options.full_damage=[maximum,treble]"],
            "grid point options.full_damage=treble",
        ),
    ],
)
def test_bad_input_is_named_exits_2_and_writes_nothing(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(*args, "--out", "o") if args[0] == "sweep" else run(*args)
    assert code == 2, (out, err)
    assert message in err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_an_unreachable_scheduler_is_named_quickly_with_exit_2(tmp_path: Path) -> None:
    t0 = time.perf_counter()
    out = tmp_path / "o"
    code, _, err = run(
        "sweep",
        str(DUEL),
        "--vary",
        "options.max_rounds=[5]",
        "-n",
        "10",
        "--seed",
        "1",
        "--scheduler",
        "tcp://127.0.0.1:9",
        "--out",
        str(out),
    )
    assert code == 2
    assert "--scheduler tcp://127.0.0.1:9: cannot reach a Dask scheduler" in err
    assert time.perf_counter() - t0 < 30
    assert not out.exists()


def test_a_failing_fight_exits_1_with_the_command_that_reproduces_it(faulty_file: Path) -> None:
    code, _, err = run("sim", str(faulty_file), "-n", "100", "--seed", "4", "-j", "1")
    assert code == 1
    assert "failed: RuntimeError: a bug in the rules" in err
    assert f"fracas fight {faulty_file} --seed " in err


def test_compare_across_rulesets_says_why_it_gives_no_paired_difference_in_text_and_json() -> None:
    brawl = DUEL.parents[1] / "exp" / "bar-brawl.yaml"
    args = ("compare", str(DUEL), str(brawl), "-n", "100", "--seed", "1", "-j", "1")
    code, out, err = run(*args)
    assert code == 0, err
    assert "in 2 rulesets (percentile, exp)" in out
    assert "paired on the same fights" not in out
    assert "across rulesets: no paired difference" in out and "unpaired" in out
    assert "joanne-vs-ondkille - bar-brawl (Joanne vs spacers): " in out
    assert "notable: oops " in out and "notable: fumble " in out
    oops = next(line for line in out.splitlines() if "notable: oops " in line)
    assert oops.split()[2] == "-"  # not 0%: the percentile ruleset has no oops at all
    code, out, err = run(*args, "--json")
    assert code == 0, err
    [d] = json.loads(out)["differences"]
    assert d["paired"] is False and d["both"] is None and "independent" in d["method"]
    assert "different rulesets" in d["unpaired_because"]


def test_a_misspelled_skill_in_vary_exits_2_naming_it_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, stdout, err = run(
        "sweep",
        str(DUEL),
        "--vary",
        "combatants[1].skills.dager=30..70:20",
        "-n",
        "20",
        "--seed",
        "1",
        "--out",
        str(out),
    )
    assert code == 2
    assert stdout == ""
    assert "--vary combatants[1].skills.dager: combatants[1].skills has no 'dager'" in err
    assert "did you mean 'dagger'?" in err
    assert not out.exists()
