"""The tactics' written-out shortcuts give what the rules they shorten give."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fracas.rulesets.percentile import RULESET
from fracas.rulesets.percentile.armour import absorbs
from fracas.rulesets.percentile.state import Fighter
from fracas.rulesets.percentile.tactics import enemy_abs
from fracas.scenario import load_scenario

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "percentile").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_enemy_abs_is_armour_abs_where_the_armour_absorbs(path: Path) -> None:
    state = RULESET.build(load_scenario(str(path)).scenario)
    fighters: list[Fighter] = list(state.combatants.values())
    for c in fighters:
        for projectile_only in (False, True):
            f = replace(c, p=replace(c.p, projectile_only=projectile_only))
            for abs_loss in (0, 1, c.p.abs, c.p.abs + 3):
                f.abs_loss = abs_loss
                for klass in ("melee", "projectile", "beam"):
                    expected = f.armour_abs if absorbs(projectile_only, klass) else 0
                    assert enemy_abs(f, klass) == expected
