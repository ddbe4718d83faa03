"""``compare`` pairs what the tactics chose: per combatant and kind of choice, the fights it
was made in (Newcombe's paired interval, McNemar) and the times per fight (paired z), in the
text and the JSON; nothing where the engine does not record choices."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from fracas.cli import main
from fracas.sim import compare
from fracas.sim.variants import variants_of
from tests.sim.conftest import DUEL

PLATE = "plate: combatants[0].armour=plate mail"


def test_compare_pairs_the_choices_and_shows_ondkille_surrenders_less_against_plate() -> None:
    result = compare(variants_of([str(DUEL)], [PLATE]), n=1000, seed=1, engine="event")
    chose = {d.key: d for d in result.figure_differences if d.key[0].startswith("chose")}
    surrender = chose[("chose", "Ondkille", "surrender")]
    assert surrender.paired and surrender.kind == "rate"
    # in the chapter's duel Ondkille surrenders at once; against plate it fights on
    assert surrender.high < -0.9 and surrender.low <= surrender.difference <= surrender.high
    times = chose[("chose_per_fight", "Ondkille", "surrender")]
    assert times.paired and times.kind == "mean" and times.high < 0
    # a kind made in every fight of both is the same in every fight, not a difference
    assert chose[("chose", "Joanne", "normal attack")].same_in_every_fight


def test_compare_text_and_json_say_what_changed_in_the_choices() -> None:
    args = ["compare", str(DUEL), "--variant", PLATE, "-n", "500", "--seed", "1"]
    text = CliRunner().invoke(main, [*args, "--engine", "event"])
    assert text.exit_code == 0, text.output
    assert "what the tactics chose (fights with it: in points; times per fight):" in text.output
    assert "Ondkille: surrender (fights with it)" in text.output
    data = json.loads(CliRunner().invoke(main, [*args, "--engine", "event", "--json"]).output)
    keys = {tuple(d["key"]) for d in data["figure_differences"]}
    assert ("chose", "Ondkille", "surrender") in keys


def test_the_batch_engine_pairs_no_choices_it_does_not_record() -> None:
    result = compare(variants_of([str(DUEL)], [PLATE]), n=500, seed=1, engine="batch")
    assert not [d for d in result.figure_differences if d.key[0].startswith("chose")]


def test_sim_plot_draws_each_distribution_bars_interval(tmp_path: Path) -> None:
    """Every panel of ``sim --plot`` has its bars' 95% Wilson whiskers (one collection of
    error-bar lines per panel in the SVG)."""
    plot = tmp_path / "d.svg"
    args = ["sim", str(DUEL), "-n", "300", "--seed", "1", "--engine", "event"]
    result = CliRunner().invoke(main, [*args, "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    svg = plot.read_text()
    # the length, and each of the two combatants' damage dealt, taken and hp left
    assert svg.count("LineCollection") == 1 + 2 * 3
