"""``fracas check`` notes a weapon named for a part of the body but left without
``natural: true`` (a foe could snatch it), naming the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from fracas.cli import main
from fracas.rulesets.exp.notes import looks_natural

BRAWL = Path(__file__).parents[3] / "examples" / "exp" / "bar-brawl.yaml"


def scenario_with(weapon: Any, tmp_path: Path) -> str:
    data = yaml.safe_load(BRAWL.read_text())
    data["combatants"][3]["weapons"] = [weapon, "fist"]
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data))
    return str(path)


def check_output(path: str) -> str:
    result = CliRunner().invoke(main, ["check", path])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("name", ["claws", "Bite", "venom fangs", "tail"])
def test_an_unmarked_body_weapon_is_noted_by_its_field(name: str, tmp_path: Path) -> None:
    weapon = {"name": name, "attack_type": "strike", "damage": "1d6"}
    out = check_output(scenario_with(weapon, tmp_path))
    assert f"note: combatants[3].weapons[0].natural: {name!r}" in out


@pytest.mark.parametrize("natural", [True, False])
def test_a_weapon_marked_either_way_is_not_noted(natural: bool, tmp_path: Path) -> None:
    weapon = {"name": "claws", "attack_type": "strike", "damage": "1d6", "natural": natural}
    assert "note:" not in check_output(scenario_with(weapon, tmp_path))


def test_a_tool_is_not_noted(tmp_path: Path) -> None:
    weapon = {"name": "cocktail shaker", "attack_type": "strike", "damage": "1d6"}
    assert "note:" not in check_output(scenario_with(weapon, tmp_path))
    assert not looks_natural("cocktail shaker") and looks_natural("Claws of the Deep")
