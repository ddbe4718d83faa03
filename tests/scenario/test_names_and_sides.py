"""One check of names and sides for every way in: a scenario file, a combatant added
mid-fight, anything that hands data to ``label_problems``; and logs that hold any text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from fracas.cli import main
from fracas.engine.codec import LogDecoder, encode_log, peek_ruleset
from fracas.engine.errors import InvalidField
from fracas.engine.events import ENGINE_EVENTS, Note
from fracas.engine.names import label_problem, label_problems
from fracas.engine.overrides import validated_spec
from fracas.rulesets.percentile.scenario import CombatantSpec

EXAMPLE = Path(__file__).parents[2] / "examples" / "percentile" / "joanne-vs-ondkille.yaml"

BAD = {
    "line separator": "Vera\u2028",
    "paragraph separator": "Ve\u2029ra",
    "next line": "Vera\x85x",
    "NUL": "red\x00",
    "BEL": "A\x07nn",
    "ESC": "\x1b[31mred\x1b[0m",
    "line feed": "thu\ngs",
    "carriage return": "thugs\r",
    "DEL": "thu\x7fgs",
    "C1 control": "thu\x9bgs",
    "bidi override": "\u202ethugs",
    "bidi embedding": "th\u202augs",
    "bidi isolate": "th\u2066ugs\u2069",
    "blank": "   ",
    "empty": "",
    "padded": " thugs",
    "padded at the end": "thugs ",
    "padded with a no-break space": "thugs\u00a0",
}


@pytest.mark.parametrize("what", sorted(BAD))
@pytest.mark.parametrize("field", ["name", "side"])
def test_a_scenario_refuses_a_bad_name_or_side_naming_the_field(
    tmp_path: Path, what: str, field: str
) -> None:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["combatants"][1][field] = BAD[what]
    path = tmp_path / "bad.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML; every escape kept
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"{path}: combatants[1].{field}: " in result.stderr, result.stderr


@pytest.mark.parametrize("value", ["Ondkille", "Epée", "Zoë the Bold", "蛇", "O'Neil (2)"])
def test_ordinary_names_pass(value: str) -> None:
    assert label_problem(value) is None
    assert label_problem(value, "side") is None


@pytest.mark.parametrize("what", sorted(BAD))
def test_a_combatant_added_mid_fight_is_checked_the_same_way(what: str) -> None:
    spec = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["combatants"][1]
    spec = {**spec, "name": "Newcomer", "side": BAD[what]}
    with pytest.raises(InvalidField, match=r"^spec\.side: "):
        validated_spec(CombatantSpec, spec)


def test_label_problems_walk_nested_data_in_reading_order() -> None:
    data = {"name": "ok", "a": [{"side": "x\n"}, {"name": ""}], "b": {"c": {"id": " y"}}}
    assert [p.split(":")[0] for p in label_problems(data)] == ["a[0].side", "a[1].name", "b.c.id"]


def test_a_log_with_unicode_line_breaks_in_its_text_reads_back() -> None:
    head = '{"type":"EncounterStarted","ruleset":"toy","scenario":{"name":"Vera\u2028x\u0085"}}\n'
    text = head + encode_log([Note(text="a\u2028b\u2029c\u0085d\x1ce")]).decode()
    assert peek_ruleset(text) == "toy"
    events = LogDecoder(list(ENGINE_EVENTS)).decode(text)
    assert len(events) == 2
    assert isinstance(events[1], Note) and events[1].text == "a\u2028b\u2029c\u0085d\x1ce"
