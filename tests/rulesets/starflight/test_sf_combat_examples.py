"""The combat-action examples as a GM reads them: each runs under ``fracas fight``, ``fracas
replay`` gives the same account, and the account shows the actions the example is about."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "starflight"

CASES = [
    (
        "tunnel-wyrm",
        7,
        [
            "ready to grab (Improved Grab)",
            "are grappling",
            "the tunnel wyrm constricts",
            "suffocation (chapter 12.4.2) is not covered",
            "tries to swallow",
            "SWALLOWS",
        ],
    ),
    ("tunnel-wyrm", 4, ["rallies", "Leadership against Willpower"]),
    (
        "charge-and-trip",
        5,
        [
            "Korr charges Sskit",
            "is charging: +10 to attack this round",
            "Sskit tries to trip Korr",
            "trip (Power vs Finesse)",
            "Korr is Prone (tripped by Sskit)",
            "Korr slides on the frictionless surface 50 m",
            "Korr is Dazed until round 2 (tripped)",
        ],
    ),
    (
        "disarm",
        45,  # issue 19: Grell trips Vey or steps back when his pistol is discharged
        [
            "Officer Vey tries to disarm Grell of the slug pistol",
            "lets go of the slug pistol (disarmed by Officer Vey)",
            "Grell picks up the slug pistol",
        ],
    ),
]


@pytest.mark.parametrize(("name", "seed", "lines"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_the_account_shows_the_examples_actions(
    name: str, seed: int, lines: list[str], tmp_path: Path
) -> None:
    runner = CliRunner()
    log = tmp_path / "fight.jsonl"
    path = str(EXAMPLES / f"{name}.yaml")
    fought = runner.invoke(main, ["fight", path, "--seed", str(seed), "--log", str(log)])
    assert fought.exit_code == 0, fought.stderr
    for text in lines:
        assert text in fought.stdout, text
    replayed = runner.invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0 and replayed.stdout == fought.stdout


@pytest.mark.parametrize("name", ["tunnel-wyrm", "charge-and-trip", "disarm"])
def test_no_seed_of_the_examples_stalls_or_ends_without_a_fight(name: str) -> None:
    runner = CliRunner()
    for seed in range(1, 9):
        fought = runner.invoke(main, ["fight", str(EXAMPLES / f"{name}.yaml"), "--seed", str(seed)])
        assert fought.exit_code == 0, fought.output
        assert "The fight is over" in fought.stdout


@pytest.mark.parametrize(
    ("name", "seed", "notes"),
    [
        ("charge-and-trip", 5, {"charge", "tripped"}),
        ("tunnel-wyrm", 7, {"grapple", "swallowed whole"}),
        ("disarm", 45, {"disarmed"}),
    ],
)
def test_fracas_sim_counts_the_combat_actions_as_notable(
    name: str, seed: int, notes: set[str]
) -> None:
    loaded = load_scenario(EXAMPLES / f"{name}.yaml")
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    session.run()
    assert notes <= set(loaded.ruleset.notable(session.log, session.state))


@pytest.mark.parametrize("name", ["tunnel-wyrm", "charge-and-trip", "disarm"])
def test_the_seed_an_example_advertises_is_one_that_shows_its_actions(name: str) -> None:
    header = (EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8").split("\nruleset:")[0]
    advertised = int(header.split("--seed ", 1)[1].split()[0])
    assert advertised in [seed for example, seed, _ in CASES if example == name]
