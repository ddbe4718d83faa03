"""'Eventually, non-lethal combat will drop the target': under any combination of the options
a user can set, a brawl ends with a winner well within 200 units, because every hit does at
least 1 HPS of actual damage ("Each attack still does some damage")."""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.dice import SeededRoller
from fracas.engine import EncounterEnded, Session
from fracas.rulesets.exp import RULESET
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.tables import DICE
from fracas.scenario import load_scenario

from .helpers import anthro, scenario

EXAMPLES = Path(__file__).parents[3] / "examples" / "exp"
#: the examples where everyone brawls (non-lethal attacks, lethal on robots)
BRAWLS = [load_scenario(EXAMPLES / f"{n}.yaml").scenario for n in ("bar-brawl", "robot-brawl")]
#: one-on-one between two weak hitters: the slowest brawl the options can make
SLOW = scenario(
    anthro("Ann", "red", weapons=["fist"], hps=60),
    anthro("Bob", "blue", weapons=["fist"], hps=60),
    initiative="d20+dex",
)
UNITS = 200


def _strategy(name: str, annotation: Any) -> st.SearchStrategy[Any]:
    """Every value a user can give option ``name`` (bounded numbers within their bounds); a
    new option of another type fails here until it is given a strategy."""
    if name == "max_units":
        return st.just(UNITS)
    if name == "actual_damage_minimum":
        # the premise: "Each attack still does some damage" (the default, 1). At 0, the
        # research notes' reading, a blow of 3-4 HPS does none, and two fists of 1 HPS
        # may brawl until max_units: a draw the option's docs say it allows
        return st.just(1)
    if name == "oops_die":
        return st.sampled_from(sorted(DICE))
    if name == "weapon_damage":
        return st.sampled_from([{}, {"fist": "1"}, {"fist": "1d2"}, {"fist": "1d4", "club": "1d6"}])
    if typing.get_origin(annotation) is typing.Literal:
        return st.sampled_from(typing.get_args(annotation))
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        field = ExpOptions.model_fields[name]
        low = next(m.ge for m in field.metadata if hasattr(m, "ge"))
        high = next(m.le for m in field.metadata if hasattr(m, "le"))
        return st.integers(low, min(high, low + 4))
    raise AssertionError(f"no strategy for option {name}: {annotation}")


HINTS = typing.get_type_hints(ExpOptions)
OPTIONS = st.fixed_dictionaries(
    {name: _strategy(name, HINTS[name]) for name in ExpOptions.model_fields}
)


@settings(max_examples=80, deadline=None)
@given(which=st.integers(0, len(BRAWLS)), seed=st.integers(0, 10**6), opts=OPTIONS)
def test_no_brawl_runs_200_units_without_a_winner_under_any_options(
    which: int, seed: int, opts: dict[str, Any]
) -> None:
    base = SLOW if which == len(BRAWLS) else BRAWLS[which]
    sc = base.model_copy(update={"options": ExpOptions(**opts)})
    s = Session.start(RULESET, sc, SeededRoller(seed))
    s.run()
    end = s.log[-1]
    assert isinstance(end, EncounterEnded)
    assert end.winner is not None, f"unit {s.state.round}: {end.reason}"


def test_the_slowest_options_still_end_a_brawl_because_every_hit_does_some_damage() -> None:
    """Rounding down with 1d2 fists and no Force Bonus gave 0 actual damage per hit, and a
    d20 DSS that such blows never fail: 200 units with no winner. Now each hit costs 1 HPS."""
    opts = ExpOptions(
        initiative="d20+dex",
        actual_damage_rounding="down",
        weapon_damage={"fist": "1d2"},
        force_bonus_on_natural=False,
        dss="save-d20",
    )
    s = Session.start(RULESET, SLOW.model_copy(update={"options": opts}), SeededRoller(1))
    s.run()
    end = s.log[-1]
    assert isinstance(end, EncounterEnded) and end.winner is not None
    assert s.state.round < UNITS
