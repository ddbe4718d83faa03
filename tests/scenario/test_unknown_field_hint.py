"""A misspelled field is refused with pydantic's message and, where a field of that name is
close, the name meant: a new user's ``hp`` in an EXP scenario (``hps``), a misspelled option
given with ``-o``."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.scenario import ScenarioError, load_scenario

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize(
    ("example", "overrides", "edit", "message"),
    [
        (
            "exp/trip.yaml",
            (),
            ("    hps: 38\n", "    hp: 38\n"),
            "combatants[1].hp: Extra inputs are not permitted (did you mean 'hps'?)",
        ),
        (
            "percentile/joanne-vs-ondkille.yaml",
            ("full_damag=double",),
            None,
            "options.full_damag: Extra inputs are not permitted (did you mean 'full_damage'?)",
        ),
        (
            "starflight/melee.yaml",
            (),
            ("    durability: 7\n", "    durabilty: 7\n"),
            "combatants[0].durabilty: Extra inputs are not permitted (did you mean 'durability'?)",
        ),
    ],
)
def test_an_unknown_field_close_to_a_known_one_is_named_with_the_one_meant(
    example: str,
    overrides: tuple[str, ...],
    edit: tuple[str, str] | None,
    message: str,
    tmp_path: Path,
) -> None:
    text = (ROOT / "examples" / example).read_text()
    if edit is not None:
        assert edit[0] in text
        text = text.replace(edit[0], edit[1], 1)
    path = tmp_path / "scenario.yaml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path, overrides)
    assert message in caught.value.problems


def test_an_unknown_field_like_no_known_one_gets_no_guess(tmp_path: Path) -> None:
    text = (ROOT / "examples" / "exp" / "trip.yaml").read_text()
    path = tmp_path / "scenario.yaml"
    path.write_text(text.replace("    hps: 38\n", "    hps: 38\n    colour: red\n", 1))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert "combatants[1].colour: Extra inputs are not permitted" in caught.value.problems
