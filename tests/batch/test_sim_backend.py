"""The batch kernels behind ``fracas sim``: chosen where they reach (and saying so), the event
engine otherwise (saying why), ``--engine event`` for the reference; the same figures for a
seed however the run is spread; the figures of ``tactics: optimal`` are advise's."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.rulesets.percentile.fast.advise import with_policy
from fracas.scenario import load_scenario
from fracas.sim import simulate
from fracas.sim.odds import advise
from tests.batch.agreement import simultaneous_z

EXAMPLES = Path(__file__).parents[2] / "examples"
DUEL = EXAMPLES / "percentile" / "joanne-vs-ondkille.yaml"


@pytest.mark.parametrize(
    ("path", "args", "line"),
    [
        (DUEL, [], "engine: batch (percentile duel)"),
        (EXAMPLES / "exp" / "grapple.yaml", [], "engine: batch (EXP brawl)"),
        (
            EXAMPLES / "exp" / "robot-brawl.yaml",
            [],
            "engine: event (3 combatants; the batch kernel covers one-on-one brawls)",
        ),
        (DUEL, ["--engine", "event"], "engine: event"),
    ],
)
def test_fracas_sim_says_which_engine_ran_and_why(path: Path, args: list[str], line: str) -> None:
    result = CliRunner().invoke(main, ["sim", str(path), "-n", "500", "--seed", "2", *args])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == line


def test_engine_batch_refuses_what_it_cannot_run() -> None:
    path = EXAMPLES / "exp" / "bar-brawl.yaml"
    result = CliRunner().invoke(main, ["sim", str(path), "-n", "50", "--engine", "batch"])
    assert result.exit_code == 2
    assert "4 combatants" in result.output


def test_a_duel_where_a_weapon_cannot_get_through_runs_on_the_kernel_but_not_the_chain() -> None:
    """The tactics give up a weapon that cannot get through the enemy's armour (they change
    weapon or leave the fight); the duel kernel follows them (the agreement tests check it),
    the exact chain does not, so ``fracas odds`` refuses the duel, naming why."""
    plate = EXAMPLES / "percentile" / "joanne-in-plate.yaml"
    result = CliRunner().invoke(main, ["sim", str(plate), "-n", "50", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "engine: batch (percentile duel)"
    result = CliRunner().invoke(main, ["odds", str(plate)])
    assert result.exit_code == 2
    assert (
        "combatants[1] (Ondkille)'s Dagger cannot get through Joanne's armour (the tactics "
        "then change weapon or leave the fight; the exact chain does not follow them)"
    ) in result.output
    doubled = ["-o", "full_damage=double"]
    result = CliRunner().invoke(main, ["sim", str(plate), "-n", "50", "--seed", "1", *doubled])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "engine: batch (percentile duel)"


def test_the_batch_backend_gives_the_same_figures_whatever_the_jobs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fracas.sim import runner

    monkeypatch.setattr(runner, "POOL_MIN_SECONDS", 0.0)  # the pool, even for 3,000 fights
    one = simulate(DUEL, n=3000, seed=9, jobs=1, engine="auto")
    two = simulate(DUEL, n=3000, seed=9, jobs=2, engine="auto")
    assert one.engine == "batch (percentile duel)"
    assert one.figures() | {"wall_time_s": 0} == two.figures() | {"wall_time_s": 0}


@pytest.mark.slow
def test_batch_and_event_figures_agree_through_sim() -> None:
    fast = simulate(DUEL, n=100_000, seed=4, engine="auto")
    slow = simulate(DUEL, n=3000, seed=4, engine="event")
    z = simultaneous_z(3)
    for f, e in zip(fast.sides, slow.sides, strict=True):
        p = (f.win.count + e.win.count) / (f.win.n + e.win.n)
        se = math.sqrt(p * (1 - p) * (1 / f.win.n + 1 / e.win.n))
        assert abs(f.win.rate - e.win.rate) <= z * se
    assert abs(fast.rounds.mean - slow.rounds.mean) < 0.5  # mean about 7, sd about 4


@pytest.mark.slow
def test_fracas_sim_under_tactics_optimal_agrees_with_advise(tmp_path: Path) -> None:
    loaded = load_scenario(DUEL)
    exact = advise(loaded.ruleset, loaded.scenario, "Joanne").optimal.win[0]
    scenario = with_policy(loaded.scenario, 0)
    path = tmp_path / "optimal.yaml"
    import yaml

    path.write_text(yaml.safe_dump(scenario.model_dump(mode="json")))
    z = simultaneous_z(2)
    for engine, n in (("auto", 50_000), ("event", 2000)):
        result = simulate(path, n=n, seed=5, engine=engine)
        win = result.sides[0].win
        assert abs(win.rate - exact) <= z * math.sqrt(exact * (1 - exact) / win.n), engine
