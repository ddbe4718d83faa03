"""The tables in data/ are checked against their row types as they are read: a table that
does not fit is refused with the file, the problem and where it is."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from fracas.rulesets.percentile import tables
from fracas.rulesets.percentile.armour import TABLE_5_3, ArmourTable
from fracas.rulesets.percentile.attack_parry import AttackParryTable
from fracas.rulesets.percentile.difficulty import Ladder
from fracas.rulesets.percentile.fumble import FumbleTable
from fracas.rulesets.percentile.tables import TableError, load_checked, load_table
from fracas.rulesets.percentile.weapons import WeaponTables


def check_mutated(
    monkeypatch: pytest.MonkeyPatch, filename: str, model: type[Any], change: Any
) -> str:
    """The message ``load_checked`` gives for ``filename`` after ``change(data)``."""
    data = copy.deepcopy(load_table(filename))
    change(data)
    monkeypatch.setattr(tables, "load_table", lambda _name: data)
    with pytest.raises(TableError) as err:
        load_checked(filename, model)
    return str(err.value)


def test_every_shipped_table_fits_its_row_types() -> None:
    for filename, model in [
        ("weapons.yaml", WeaponTables),
        ("armour.yaml", ArmourTable),
        ("attack_parry.yaml", AttackParryTable),
        ("difficulty.yaml", Ladder),
        ("fumble.yaml", FumbleTable),
    ]:
        assert isinstance(load_checked(filename, model), model)


def test_an_unknown_field_is_refused_with_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    message = check_mutated(
        monkeypatch, "weapons.yaml", WeaponTables, lambda d: d["melee"][0].update(colour="red")
    )
    assert message.startswith("data/weapons.yaml: ")
    assert "colour" in message and "$.melee[0]" in message


def test_a_negative_break_value_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    message = check_mutated(
        monkeypatch, "weapons.yaml", WeaponTables, lambda d: d["melee"][1].update(bv=-1)
    )
    assert ">= 0" in message and "$.melee[1].bv" in message


def test_bad_dice_and_weights_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    message = check_mutated(
        monkeypatch, "weapons.yaml", WeaponTables, lambda d: d["melee"][0].update(damage="2X6")
    )
    assert "2X6" in message and "$.melee[0]" in message
    message = check_mutated(
        monkeypatch,
        "armour.yaml",
        ArmourTable,
        lambda d: d["armours"][0].update(weight_min="3.0001"),
    )
    assert "whole number of grams" in message and "$.armours[0]" in message


def test_a_close_combat_row_needs_a_close_combat_type(monkeypatch: pytest.MonkeyPatch) -> None:
    message = check_mutated(
        monkeypatch, "weapons.yaml", WeaponTables, lambda d: d["melee"][0].update(type="P")
    )
    assert "close-combat type must be one of" in message


def test_the_ladder_must_have_its_six_levels_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    message = check_mutated(monkeypatch, "difficulty.yaml", Ladder, lambda d: d["levels"].pop())
    assert "the ladder must be" in message


def test_table_5_1_needs_every_cell_once(monkeypatch: pytest.MonkeyPatch) -> None:
    message = check_mutated(
        monkeypatch, "attack_parry.yaml", AttackParryTable, lambda d: d["cells"].pop()
    )
    assert "25 attack/parry cells" in message


def test_a_damage_effect_needs_a_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    def drop_kind(d: Any) -> None:
        effect = next(e for c in d["cells"] for e in c["effects"] if e["effect"] == "damage")
        del effect["kind"]

    message = check_mutated(monkeypatch, "attack_parry.yaml", AttackParryTable, drop_kind)
    assert "a damage effect needs a kind" in message


def test_fumble_rows_must_cover_1_to_100(monkeypatch: pytest.MonkeyPatch) -> None:
    message = check_mutated(monkeypatch, "fumble.yaml", FumbleTable, lambda d: d["rows"].pop())
    assert "must end at 100" in message


def test_an_unknown_built_in_weapon_is_refused_and_a_known_one_kept_by_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    suits = [r for r in TABLE_5_3.armours if r.builtin_weapon is not None]
    assert suits and all(r.builtin_weapon == tables.normalise(r.builtin_weapon) for r in suits)

    def unknown(d: Any) -> None:
        row = next(r for r in d["armours"] if r.get("builtin_weapon"))
        row["builtin_weapon"] = "Death ray"

    message = check_mutated(monkeypatch, "armour.yaml", ArmourTable, unknown)
    assert "unknown weapon 'Death ray'" in message
